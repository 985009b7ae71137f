import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { OrderSort, PlaceOrders, ReleaseState, SampleOrderInput } from '@contract/orders.contract';
import { sampleEndpoints } from '@contract/samples.endpoints';
import { orderEndpoints as e } from '@contract/orders.endpoints';
import type { SortDirection } from '@contract/common.contract';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';
import { forwardCursor } from '@/lib/keyset';

const orderKeys = queryKeys.orders;

/** Which Orders tab searched: sample ID (prefix), patient MRN (exact), collected sample ID (exact) or nothing (recent orders). */
export type OrderSearchBy = 'sample' | 'mrn' | 'collected';
const SEARCH_PARAM = { sample: 'searchTerm', mrn: 'mrn', collected: 'collectedSample' } as const satisfies Record<
  OrderSearchBy,
  string
>;
export interface OrderListQuery {
  by: OrderSearchBy;
  search: string;
  page: number;
  pageSize: number;
  sortBy: OrderSort;
  sortDirection: SortDirection;
  releaseState: ReleaseState | null;
}

/** GET LIMSOrders (newest first unless sorted): by sample ID prefix, by MRN, or all; optionally one release state. */
export function useOrders(instId: number, q: OrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(instId, q),
    // Sorted by ordered date (id order), forward from a cached full page: After= its last id (a seek).
    queryFn: ({ client }) =>
      callPage(e.list, {
        params: { instId },
        query: {
          pageNumber: q.page,
          pageSize: q.pageSize,
          [SEARCH_PARAM[q.by]]: q.search,
          sortBy: q.sortBy,
          sortDirection: q.sortDirection,
          ...(q.releaseState ? { releaseState: q.releaseState } : {}),
          ...forwardCursor(
            client,
            q.page > 1 && q.sortBy === 'createdDate' ? orderKeys.list(instId, { ...q, page: q.page - 1 }) : null,
            q.pageSize,
          ),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET LIMSOrders?SampleID= (exact): the order behind a test-result address; null when there is none. */
export function useOrderBySampleId(instId: number, sampleId: string) {
  return useQuery({
    queryKey: orderKeys.bySampleId(instId, sampleId),
    queryFn: async () => (await call(e.list, { params: { instId }, query: { sampleId, pageSize: 1 } }))[0] ?? null,
    enabled: sampleId.trim() !== '',
  });
}

/** GET LIMSOrders/{id}: patient, order and every ordered panel, test, result and release in one call. */
export function useOrderDetail(instId: number, orderId: number | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(instId, orderId ?? 0),
    queryFn: () => call(e.get, { params: { instId, orderId: orderId! } }),
    enabled: !!orderId,
    staleTime: 0,
  });
}

/** POST LIMSOrders/place: one order per participant with all its panels, all saved or nothing (ARCHITECTURE §3). */
export function usePlaceOrders(instId: number) {
  return useMutation({
    ...changes('orders.place', instId),
    mutationFn: (body: PlaceOrders) => call(e.place, { params: { instId }, body }, { notify: false }),
    // Lists, details and the dashboard count all live under ['orders', instId].
  });
}

/** GET collectedSamples/{id} (any sample of the institution, a received one included): the sample Order tests is on. */
export function useSampleToOrder(instId: number, sampleId: number) {
  return useQuery({
    queryKey: queryKeys.samples.record(instId, sampleId),
    queryFn: () => call(sampleEndpoints.getInstitution, { params: { instId, collectedSampleId: sampleId } }),
    retry: false,
  });
}

/** POST collectedSamples/{id}/LIMSOrders: one order on the sample with its panels (a received sample: its donor code). */
export function usePlaceOnSample(instId: number, sampleId: number) {
  return useMutation({
    ...changes('orders.place', instId),
    mutationFn: (body: SampleOrderInput) =>
      call(e.placeOnSample, { params: { instId, collectedSampleId: sampleId }, body }, { notify: false }),
  });
}
