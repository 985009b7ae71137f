import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * Adds (POST) or removes (POST .../disable, the record stays) one child record at once (spec 1 §4).
 * A failure shows the server's title as a notification (a duplicate is 409).
 */
export function useChildMutations(instId: number, patientId: number, kind: ChildKind) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.patients.children(instId, patientId, kind) }),
    // The list shows the main MRN and first phone, and New Order finds participants by MRN or phone.
    queryClient.invalidateQueries({ queryKey: queryKeys.patients.lists(instId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.patients.searches(instId) }),
  ]);
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<PatientChild>(path(instId, patientId, kind), { ...body, patientId }),
    onSuccess: refresh,
  });
  const disable = useMutation({
    mutationFn: (childId: number) => api.post<PatientChild>(`${path(instId, patientId, kind)}/${childId}/disable`),
    onSuccess: refresh,
  });
  return { add, disable };
}
