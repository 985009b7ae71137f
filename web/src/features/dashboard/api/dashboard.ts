import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@contract/participants.contract';
import { api } from '@/lib/api-client';

// Keys start with ['patients', instId] so a participant saved anywhere refreshes the dashboard too.

/** GET patients/count: enabled participants of the institution. */
export function usePatientCount(instId: number) {
  return useQuery({
    queryKey: ['patients', instId, 'count'],
    queryFn: () => api.get<{ count: number }>(`/institutions/${instId}/patients/count`),
  });
}

/** The most recently registered participants (the list is newest first). */
export function useRecentPatients(instId: number, size = 5) {
  return useQuery({
    queryKey: ['patients', instId, 'list', { page: 1, pageSize: size, search: '' }, 'dashboard'],
    queryFn: () => api.getPage<Patient>(`/institutions/${instId}/patients`, { PageNumber: 1, PageSize: size }),
  });
}

/** GET LIMSOrders/count: lab orders of the institution. */
export function useOrderCount(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['limsOrders', instId, 'count'],
    queryFn: () => api.get<{ count: number }>(`/institutions/${instId}/LIMSOrders/count`),
    enabled,
  });
}
