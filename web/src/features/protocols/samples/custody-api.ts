import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@contract/orders.contract';
import type { SamplePosition, StorageLocation, Suggestion } from '@contract/storage.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many orders the sample page lists; more is rare, and the page says when there are more. */
export const ORDERS_SHOWN = 50;

/** GET collectedSamples/{id}/position (docs/storage.md): the sample's current occupancy, or null. */
export function useStoredPosition(instId: number, collectedSampleId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.storage.samplePosition(instId, collectedSampleId),
    queryFn: () => api.get<SamplePosition>(`/institutions/${instId}/collectedSamples/${collectedSampleId}/position`, undefined, { notify: false }),
    enabled,
  });
}

/** GET storageContainers/suggest: asked for only when the user presses Suggest a position. */
export function usePositionSuggestion(instId: number, collectedSampleId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.storage.suggestion(instId, collectedSampleId),
    queryFn: () => api.get<Suggestion>(`/institutions/${instId}/storageContainers/suggest`, { collectedSampleId }, { notify: false }),
    enabled,
    staleTime: 0,
  });
}

/** GET LIMSOrders?CollectedSampleId=: the lab orders placed on this sample, newest first. */
export function useOrdersOnSample(instId: number, collectedSampleId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.onCollectedSample(instId, collectedSampleId),
    queryFn: () => api.getPage<OrderSummary>(`/institutions/${instId}/LIMSOrders`, { CollectedSampleId: collectedSampleId, PageSize: ORDERS_SHOWN }, { notify: false }),
    enabled,
  });
}

/** "Freezer A > Shelf 1 > Rack 2 > Drawer 1 > Box 3, position B4" */
export const locationText = (l: StorageLocation) => `${l.path.map((n) => n.title).join(' > ')}, position ${l.positionCode}`;

/** Configuration > Storage Container keeps its selection in `?path=` (the node ids, container first). */
export const boxLink = (l: StorageLocation) => `/configuration/storage-container?path=${l.path.map((n) => n.id).join('.')}`;
