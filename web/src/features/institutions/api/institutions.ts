import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Institution } from '@contract/institutions.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Enabled institutions the account belongs to (all of them for a Super Administrator). */
export function useInstitutions(search = '', pageSize = 100) {
  return useQuery({
    queryKey: queryKeys.institutions.list({ search, pageSize }),
    queryFn: () => api.getPage<Institution>('/institutions', { IsEnabled: true, SearchTerm: search, PageNumber: 1, PageSize: pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** The stored institution; a 404 (removed, or not yours) is left to the caller, without a notification. */
export function useInstitution(id: number | null) {
  return useQuery({ ...institutionQuery(id ?? 0), enabled: id !== null });
}

/** The query behind useInstitution, also started before the first render of a cold load (app/route-prefetch.ts). */
export const institutionQuery = (id: number) => queryOptions({
  queryKey: queryKeys.institutions.one(id),
  queryFn: () => api.get<Institution>(`/institutions/${id}`, undefined, { notify: false }),
});
