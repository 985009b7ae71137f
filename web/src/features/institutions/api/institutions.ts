import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { institutionEndpoints } from '@contract/institutions.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Enabled institutions the account belongs to (all of them for a Super Administrator). */
export function useInstitutions(search = '', pageSize = 100) {
  return useQuery({
    queryKey: queryKeys.institutions.list({ search, pageSize }),
    queryFn: () =>
      callPage(institutionEndpoints.list, { query: { isEnabled: true, searchTerm: search, pageNumber: 1, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** The stored institution; a 404 (removed, or not yours) is left to the caller, without a notification. */
export function useInstitution(id: number | null) {
  return useQuery({ ...institutionQuery(id ?? 0), enabled: id !== null });
}

/** The query behind useInstitution, also started before the first render of a cold load (app/route-prefetch.ts). */
export const institutionQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.institutions.one(id),
    queryFn: () => call(institutionEndpoints.get, { params: { instId: id } }, { notify: false }),
  });
