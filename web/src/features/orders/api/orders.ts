import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { OrderDetail, OrderSort, OrderSummary, PlaceOrders, ReleaseState } from '@contract/orders.contract';
import type { SortDirection } from '@contract/common.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const orderKeys = queryKeys.orders;

/** Which Orders tab searched: sample ID (prefix), patient MRN (exact), collected sample ID (exact) or nothing (recent orders). */
export type OrderSearchBy = 'sample' | 'mrn' | 'collected';
const SEARCH_PARAM: Record<OrderSearchBy, string> = { sample: 'SearchTerm', mrn: 'mrn', collected: 'CollectedSample' };
export interface OrderListQuery {
  by: OrderSearchBy; search: string; page: number; pageSize: number;
  sortBy: OrderSort; sortDirection: SortDirection; releaseState: ReleaseState | null;
}

/** GET LIMSOrders (newest first unless sorted): by sample ID prefix, by MRN, or all; optionally one release state. */
export function useOrders(instId: number, q: OrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(instId, q),
    queryFn: () => api.getPage<OrderSummary>(`/institutions/${instId}/LIMSOrders`, {
      PageNumber: q.page, PageSize: q.pageSize,
      [SEARCH_PARAM[q.by]]: q.search,
      SortBy: q.sortBy, SortDirection: q.sortDirection,
      ...(q.releaseState ? { ReleaseState: q.releaseState } : {}),
    }),
    placeholderData: keepPreviousData,
  });
}

/** GET LIMSOrders?SampleID= (exact): the order behind a test-result address; null when there is none. */
export function useOrderBySampleId(instId: number, sampleId: string) {
  return useQuery({
    queryKey: orderKeys.bySampleId(instId, sampleId),
    queryFn: async () => (await api.get<OrderSummary[]>(`/institutions/${instId}/LIMSOrders`, { SampleID: sampleId, PageSize: 1 }))[0] ?? null,
    enabled: sampleId.trim() !== '',
  });
}

/** GET LIMSOrders/{id}: patient, order and every ordered panel, test, result and release in one call. */
export function useOrderDetail(instId: number, orderId: number | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(instId, orderId ?? 0),
    queryFn: () => api.get<OrderDetail>(`/institutions/${instId}/LIMSOrders/${orderId}`),
    enabled: !!orderId,
    staleTime: 0,
  });
}

/** POST LIMSOrders/place: one order per participant with all its panels, all saved or nothing (ARCHITECTURE §3). */
export function usePlaceOrders(instId: number) {
  return useMutation({
    ...changes('orders.place', instId),
    mutationFn: (body: PlaceOrders) => api.post<OrderSummary[]>(`/institutions/${instId}/LIMSOrders/place`, body, { notify: false }),
    // Lists, details and the dashboard count all live under ['orders', instId].
  });
}
