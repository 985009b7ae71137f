import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@contract/participants.contract';
import { participantEndpoints as e } from '@contract/participants.endpoints';
import { call } from './api-client';
import { queryKeys } from './query-keys';

export type PatientSearch = { mrn: string } | { phone: string };

/**
 * Patients by MRN (the patientMRNs lookup) or by phone number, never both: New Order step 1 (spec 1 §2)
 * and the protocol's enrol form (spec 2 §5) search alike.
 */
export function usePatientSearch(instId: number, search: PatientSearch | null) {
  return useQuery({
    queryKey: queryKeys.patients.search(instId, search),
    queryFn: async (): Promise<Patient[]> => {
      if (search && 'mrn' in search) {
        const rows = await call(e.mrnLookup, { query: { institutionId: instId, mrn: search.mrn } });
        return rows.map((r) => r.patient);
      }
      return call(e.list, { params: { instId }, query: { phoneNumber: search?.phone, isEnabled: true, pageSize: 50 } });
    },
    enabled: search !== null,
    staleTime: 0,
  });
}
