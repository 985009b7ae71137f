import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PatientEditValues, PatientRegisterValues } from '@contract/participants.contract';
import { participantEndpoints as e } from '@contract/participants.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listStateOf } from '@/components/use-list-state';
import { changes } from '@/lib/mutation-effects';
import { forwardCursor } from '@/lib/keyset';

const patientKeys = queryKeys.patients;

/** GET patients: one page, searched by any name part prefix, MRN, phone or external subject id. */
export function usePatients(instId: number, q: PatientListQuery) {
  return useQuery(patientsQuery(instId, q));
}

export interface PatientListQuery {
  page: number;
  pageSize: number;
  search: string;
}

/** The query behind usePatients; a cold load's prefetch (app/route-prefetch.ts) asks without a notification on failure. */
export const patientsQuery = (instId: number, q: PatientListQuery, notify = true) =>
  queryOptions({
    queryKey: patientKeys.list(instId, q),
    // Forward from a cached full page of the whole list: After= its last id (a seek, not an offset walk).
    queryFn: ({ client }) =>
      callPage(
        e.list,
        {
          params: { instId },
          query: {
            searchTerm: q.search,
            pageNumber: q.page,
            pageSize: q.pageSize,
            ...forwardCursor(
              client,
              q.page > 1 && !q.search ? patientKeys.list(instId, { ...q, page: q.page - 1 }) : null,
              q.pageSize,
            ),
          },
        },
        { notify },
      ),
    placeholderData: keepPreviousData,
  });

/** The page a cold load of this list's address asks for before the first render (app/route-prefetch.ts), without a notification on failure. */
export function coldPatientsQuery(instId: number, params: URLSearchParams) {
  const { page, pageSize, search } = listStateOf(params);
  return patientsQuery(instId, { page, pageSize, search }, false);
}

/** GET patients/{id}: fetched fresh when the edit form opens, so its concurrency stamp is current. */
export function usePatient(instId: number, id: number) {
  return useQuery({
    queryKey: patientKeys.one(instId, id),
    queryFn: () => call(e.get, { params: { instId, patientId: id } }),
    staleTime: 0,
  });
}

/** POST patients/register: the participant and all its child records in one transaction (ARCHITECTURE §3). */
export function useRegisterPatient(instId: number) {
  return useMutation({
    ...changes('patients.register', instId),
    mutationFn: (body: PatientRegisterValues) => call(e.register, { params: { instId }, body }, { notify: false }),
    // Lists, the dashboard count and recent participants all live under ['patients', instId].
  });
}

/** PUT patients/{id}/edit: the fields with the concurrency stamp and the child records, one save (issue 28); a stale stamp answers 409. */
export function useUpdatePatient(instId: number, id: number) {
  return useMutation({
    ...changes('patients.update', instId),
    mutationFn: (body: PatientEditValues) =>
      call(e.edit, { params: { instId, patientId: id }, body }, { notify: false }),
  });
}
