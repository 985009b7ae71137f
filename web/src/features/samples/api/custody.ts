import { useQuery } from '@tanstack/react-query';
import { orderEndpoints } from '@contract/orders.endpoints';
import { notifications } from '@mantine/notifications';
import { shipmentEndpoints } from '@contract/shipments.endpoints';
import { storageEndpoints } from '@contract/storage.endpoints';
import { ApiError, call, callFile, callPage, errorTitle } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
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

/**
 * GET collectedSamples/{id}/custody.fhir.json with the session (issue 31): the sample's Specimen and one Provenance
 * per custody event, saved under the name the server gives; a failure shows the server's title. True when saved.
 */
export async function downloadCustodyFhir(
  instId: number,
  sample: { id: number; sampleId: string },
  /** The notice's title in the screens' language. */
  failed: string,
): Promise<boolean> {
  try {
    const { blob, filename } = await callFile(
      shipmentEndpoints.custodyFhir,
      { params: { instId, collectedSampleId: sample.id } },
      { notify: false },
    );
    saveBlob(blob, filename ?? `sample-${sample.sampleId}-custody.fhir.json`);
    return true;
  } catch (err) {
    // A 401 already went to the login page.
    if (!(err instanceof ApiError && err.status === 401))
      notifications.show({
        color: 'red',
        title: failed,
        message: errorTitle(err),
        autoClose: 5000,
      });
    return false;
  }
}
