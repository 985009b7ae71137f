import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@contract/participants.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ParticipantSearch = { mrn: string } | { phone: string };

/** spec 1 §2 New Order step 1: participants by MRN (patientMRNs lookup) or by phone number, never both. */
export function useParticipantSearch(instId: number, search: ParticipantSearch | null) {
  return useQuery({
    queryKey: queryKeys.patients.search(instId, search),
    queryFn: async (): Promise<Patient[]> => {
      if (search && 'mrn' in search) {
        const rows = await api.get<{ id: number; patient: Patient }[]>('/institutions/patientMRNs', { institutionId: instId, mrn: search.mrn });
        return rows.map((r) => r.patient);
      }
      return api.get<Patient[]>(`/institutions/${instId}/patients`, { PhoneNumber: search?.phone, IsEnabled: true, PageSize: 50 });
    },
    enabled: search !== null,
    staleTime: 0,
  });
}
