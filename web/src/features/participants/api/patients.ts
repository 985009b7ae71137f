import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Patient, PatientEdit, PatientRegister } from '@contract/participants.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const patientKeys = queryKeys.patients;

/** GET patients: one page, searched by any name part prefix, MRN, phone or external subject id. */
export function usePatients(instId: number, q: { page: number; pageSize: number; search: string }) {
  return useQuery({
    queryKey: patientKeys.list(instId, q),
    queryFn: () => api.getPage<Patient>(`/institutions/${instId}/patients`, { SearchTerm: q.search, PageNumber: q.page, PageSize: q.pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** GET patients/{id}: fetched fresh when the edit form opens, so its concurrency stamp is current. */
export function usePatient(instId: number, id: number) {
  return useQuery({
    queryKey: patientKeys.one(instId, id),
    queryFn: () => api.get<Patient>(`/institutions/${instId}/patients/${id}`),
    staleTime: 0,
  });
}

/** POST patients/register: the participant and all its child records in one transaction (ARCHITECTURE §3). */
export function useRegisterPatient(instId: number) {
  return useMutation({
    ...changes('patients.register', instId),
    mutationFn: (body: PatientRegister) => api.post<Patient>(`/institutions/${instId}/patients/register`, body, { notify: false }),
    // Lists, the dashboard count and recent participants all live under ['patients', instId].
  });
}

/** PUT patients/{id}/edit: the fields with the concurrency stamp and the child records, one save (issue 28); a stale stamp answers 409. */
export function useUpdatePatient(instId: number, id: number) {
  return useMutation({
    ...changes('patients.update', instId),
    mutationFn: (body: PatientEdit) => api.put<Patient>(`/institutions/${instId}/patients/${id}/edit`, body, { notify: false }),
  });
}
