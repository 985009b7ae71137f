import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AmendInput, OrderDetail, ResultHistoryEntry, SaveResults } from '@contract/orders.contract';
import { api } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';
import { queryKeys } from '@/lib/query-keys';

const orderKeys = queryKeys.orders;

export interface TestPath { orderedPanelId: number; orderedTestId: number }
export interface ResultPath extends TestPath { resultId: number }

/**
 * The result commands of one order. Each answers the fresh order detail, which replaces the cached one;
 * a 409 (someone else saved first, or the result was released) shows the server's title and reloads.
 */
export function useResultCommands(instId: number, orderId: number) {
  const queryClient = useQueryClient();
  const base = `/institutions/${instId}/LIMSOrders/${orderId}`;
  const testUrl = (p: TestPath) => `${base}/limsOrderedPanels/${p.orderedPanelId}/limsOrderedTests/${p.orderedTestId}`;
  const resultUrl = (p: ResultPath) => `${testUrl(p)}/limsOrderedTestResults/${p.resultId}`;
  // The order list's status, the sample page's orders and the result histories refresh (a 409 too: query-client.ts);
  // the answer is the fresh detail, shown at once.
  const options = {
    ...changes('orders.results', instId),
    onSuccess: (detail: OrderDetail) => queryClient.setQueryData(orderKeys.detail(instId, orderId), detail),
  };
  return {
    /** PUT results: only the changed results, each with the stamp it was loaded with. */
    save: useMutation({ mutationFn: (body: SaveResults) => api.put<OrderDetail>(`${base}/results`, body), ...options }),
    releaseTest: useMutation({
      mutationFn: (p: ResultPath & { releaseId: number }) =>
        api.post<OrderDetail>(`${resultUrl(p)}/limsOrderedTestResultReleases/${p.releaseId}/release`),
      ...options,
    }),
    releasePanel: useMutation({
      mutationFn: (orderedPanelId: number) => api.post<OrderDetail>(`${base}/limsOrderedPanels/${orderedPanelId}/release`),
      ...options,
    }),
    comment: useMutation({
      mutationFn: (p: TestPath & { comment: string | null; concurrencyStamp: string }) =>
        api.put<OrderDetail>(testUrl(p), { comment: p.comment, concurrencyStamp: p.concurrencyStamp }, { notify: false }),
      ...options,
    }),
    amend: useMutation({
      mutationFn: (p: ResultPath & AmendInput) =>
        api.post<OrderDetail>(`${resultUrl(p)}/amend`, { result: p.result, reason: p.reason, concurrencyStamp: p.concurrencyStamp }, { notify: false }),
      ...options,
    }),
    historyUrl: (p: ResultPath) => `${resultUrl(p)}/history`,
  };
}

/** GET .../limsOrderedTestResults/{id}/history: saves, releases and amendments with reasons. */
export function useResultHistory(instId: number, url: string, resultId: number, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.resultHistory(instId, resultId),
    queryFn: () => api.get<ResultHistoryEntry[]>(url),
    enabled,
    staleTime: 0,
  });
}
