import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AmendInput, OrderDetail, SaveResults } from '@contract/orders.contract';
import { orderEndpoints as e } from '@contract/orders.endpoints';
import { call } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';
import { queryKeys } from '@/lib/query-keys';

const orderKeys = queryKeys.orders;

export interface TestPath {
  orderedPanelId: number;
  orderedTestId: number;
}
export interface ResultPath extends TestPath {
  resultId: number;
}

/** The path parameters of an ordered test and of its result. */
const testParams = (instId: number, orderId: number, p: TestPath) => ({
  instId,
  orderId,
  panelId: p.orderedPanelId,
  testId: p.orderedTestId,
});
const resultParams = (instId: number, orderId: number, p: ResultPath) => ({
  ...testParams(instId, orderId, p),
  resultId: p.resultId,
});

/**
 * The result commands of one order. Each answers the fresh order detail, which replaces the cached one;
 * a 409 (someone else saved first, or the result was released) shows the server's title and reloads.
 */
export function useResultCommands(instId: number, orderId: number) {
  const queryClient = useQueryClient();
  // The order list's status, the sample page's orders and the result histories refresh (a 409 too: query-client.ts);
  // the answer is the fresh detail, shown at once.
  const options = {
    ...changes('orders.results', instId),
    onSuccess: (detail: OrderDetail) => queryClient.setQueryData(orderKeys.detail(instId, orderId), detail),
  };
  return {
    /** PUT results: only the changed results, each with the stamp it was loaded with. */
    save: useMutation({
      mutationFn: (body: SaveResults) => call(e.saveResults, { params: { instId, orderId }, body }),
      ...options,
    }),
    releaseTest: useMutation({
      mutationFn: (p: ResultPath & { releaseId: number }) =>
        call(e.release, { params: { ...resultParams(instId, orderId, p), releaseId: p.releaseId } }),
      ...options,
    }),
    releasePanel: useMutation({
      mutationFn: (orderedPanelId: number) =>
        call(e.releasePanel, { params: { instId, orderId, panelId: orderedPanelId } }),
      ...options,
    }),
    comment: useMutation({
      mutationFn: (p: TestPath & { comment: string | null; concurrencyStamp: string }) =>
        call(
          e.commentOnTest,
          {
            params: testParams(instId, orderId, p),
            body: { comment: p.comment, concurrencyStamp: p.concurrencyStamp },
          },
          { notify: false },
        ),
      ...options,
    }),
    amend: useMutation({
      mutationFn: (p: ResultPath & AmendInput) =>
        call(
          e.amend,
          {
            params: resultParams(instId, orderId, p),
            body: { result: p.result, reason: p.reason, concurrencyStamp: p.concurrencyStamp },
          },
          { notify: false },
        ),
      ...options,
    }),
  };
}

/** GET .../limsOrderedTestResults/{id}/history: saves, releases and amendments with reasons (null path: nothing to load). */
export function useResultHistory(instId: number, orderId: number, path: ResultPath | null, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.resultHistory(instId, path?.resultId ?? 0),
    queryFn: () => call(e.history, { params: resultParams(instId, orderId, path!) }),
    enabled: enabled && path !== null,
    staleTime: 0,
  });
}
