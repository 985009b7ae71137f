import { useQuery } from '@tanstack/react-query';
import { orderEndpoints } from '@contract/orders.endpoints';
import { storageEndpoints } from '@contract/storage.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSuggestion } from '@/lib/storage-positions';

/** How many orders the sample page lists; more is rare, and the page says when there are more. */
export const ORDERS_SHOWN = 50;

/** GET collectedSamples/{id}/position (docs/storage.md): the sample's current occupancy, or null. */
export function useStoredPosition(instId: number, collectedSampleId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.storage.samplePosition(instId, collectedSampleId),
    queryFn: () => call(storageEndpoints.samplePosition, { params: { instId, collectedSampleId } }, { notify: false }),
    enabled,
  });
}

/** GET storageContainers/suggest: asked for only when the user presses Suggest a position. */
export const usePositionSuggestion = (instId: number, collectedSampleId: number, enabled: boolean) =>
  useSuggestion(instId, collectedSampleId, enabled);

/** GET LIMSOrders?CollectedSampleId=: the lab orders placed on this sample, newest first. */
export function useOrdersOnSample(instId: number, collectedSampleId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.onCollectedSample(instId, collectedSampleId),
    queryFn: () =>
      callPage(
        orderEndpoints.list,
        { params: { instId }, query: { collectedSampleId, pageSize: ORDERS_SHOWN } },
        { notify: false },
      ),
    enabled,
  });
}

export { boxLink, locationText } from '@/lib/storage-positions';
