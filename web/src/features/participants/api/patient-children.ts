import { useQuery } from '@tanstack/react-query';
import type { ChildRecord } from '@contract/participants.contract';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ChildKind = 'patientMRNs' | 'patientRaces' | 'patientEthnicities' | 'patientPhoneNumbers';
type Ref = { id: number; title: string | null } | null;
/** A child record as the list answers it, with its referenced titles. */
export type PatientChild = ChildRecord & {
  mrn?: string; phoneNumber?: string;
  race?: Ref; ethnicity?: Ref; phoneNumberType?: Ref; institutionSite?: Ref;
};

const path = (instId: number, patientId: number, kind: ChildKind) => `/institutions/${instId}/patients/${patientId}/${kind}`;

/** spec 1 §2: the edit form loads only enabled child records. */
export function usePatientChildren(instId: number, patientId: number, kind: ChildKind) {
  return useQuery({
    queryKey: queryKeys.patients.children(instId, patientId, kind),
    queryFn: () => api.get<PatientChild[]>(path(instId, patientId, kind), { IsEnabled: true, PageNumber: 1, PageSize: MAX_PAGE_SIZE }),
    staleTime: 0,
  });
}
