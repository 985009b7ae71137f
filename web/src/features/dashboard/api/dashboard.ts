import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@contract/participants.contract';
import type { Protocol } from '@contract/protocols.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { today } from '@/lib/format';

// The keys sit under their resource (['patients', instId], ['orders', instId]), so registering a
// participant or placing an order anywhere refreshes the dashboard too.

/** GET patients/count: enabled participants of the institution. */
export function usePatientCount(instId: number) {
  return useQuery({
    queryKey: queryKeys.patients.count(instId),
    queryFn: () => api.get<{ count: number; isEstimate?: boolean }>(`/institutions/${instId}/patients/count`),
  });
}

/** The most recently registered participants (the list is newest first). */
export function useRecentPatients(instId: number, size = 5) {
  return useQuery({
    queryKey: queryKeys.patients.recent(instId, size),
    queryFn: () => api.getPage<Patient>(`/institutions/${instId}/patients`, { PageNumber: 1, PageSize: size }),
  });
}

/** GET LIMSOrders/count: lab orders of the institution. */
export function useOrderCount(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.count(instId),
    queryFn: () => api.get<{ count: number; isEstimate?: boolean }>(`/institutions/${instId}/LIMSOrders/count`),
    enabled,
  });
}

/** GET collectionProtocols/count: enabled protocols of the institution. */
export function useProtocolCount(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.protocols.count(instId),
    queryFn: () => api.get<{ count: number; isEstimate?: boolean }>(`/institutions/${instId}/collectionProtocols/count`),
    enabled,
  });
}

/** GET collectedSamples/count: enabled samples of every protocol of the institution. */
export function useSampleCount(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.samples.count(instId),
    queryFn: () => api.get<{ count: number; isEstimate?: boolean }>(`/institutions/${instId}/collectedSamples/count`),
    enabled,
  });
}

/** 'Pending Collection Protocols': the newest protocols still open today (no end date, or ending today or later). */
export function usePendingProtocols(instId: number, size = 5) {
  const openOn = today();
  return useQuery({
    queryKey: queryKeys.protocols.list(instId, { pending: openOn, size }),
    queryFn: () => api.getPage<Protocol>(`/institutions/${instId}/collectionProtocols`, { PageNumber: 1, PageSize: size, OpenOn: openOn }),
  });
}
