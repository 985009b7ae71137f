import { useQuery } from '@tanstack/react-query';
import { orderEndpoints } from '@contract/orders.endpoints';
import { participantEndpoints } from '@contract/participants.endpoints';
import { protocolEndpoints } from '@contract/protocols.endpoints';
import { sampleEndpoints } from '@contract/samples.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { todayIn } from '@contract/common.contract';

// The keys sit under their resource (['patients', instId], ['orders', instId]), so registering a
// participant or placing an order anywhere refreshes the dashboard too.

/** GET patients/count: enabled participants of the institution. */
export function usePatientCount(instId: number) {
  return useQuery({
    queryKey: queryKeys.patients.count(instId),
    queryFn: () => call(participantEndpoints.count, { params: { instId } }),
  });
}

/** The most recently registered participants (the list is newest first). */
export function useRecentPatients(instId: number, size = 5) {
  return useQuery({
    queryKey: queryKeys.patients.recent(instId, size),
    queryFn: () =>
      callPage(participantEndpoints.list, { params: { instId }, query: { pageNumber: 1, pageSize: size } }),
  });
}

/** GET LIMSOrders/count: lab orders of the institution. */
export function useOrderCount(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.count(instId),
    queryFn: () => call(orderEndpoints.count, { params: { instId } }),
    enabled,
  });
}

/** GET collectionProtocols/count: enabled protocols of the institution. */
export function useProtocolCount(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.protocols.count(instId),
    queryFn: () => call(protocolEndpoints.count, { params: { instId } }),
    enabled,
  });
}

/** GET collectedSamples/count: enabled samples of every protocol of the institution. */
export function useSampleCount(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.samples.count(instId),
    queryFn: () => call(sampleEndpoints.count, { params: { instId } }),
    enabled,
  });
}

/**
 * 'Pending Collection Protocols': the newest protocols still open today (no end date, or ending today or later),
 * today in the institution's time zone, not the browser's (issue 31 item 6).
 */
export function usePendingProtocols(instId: number, timeZone: string, size = 5) {
  const openOn = todayIn(timeZone);
  return useQuery({
    queryKey: queryKeys.protocols.list(instId, { pending: openOn, size }),
    queryFn: () =>
      callPage(protocolEndpoints.list, { params: { instId }, query: { pageNumber: 1, pageSize: size, openOn } }),
  });
}
