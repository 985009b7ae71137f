import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@contract/auth.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in account (roles, permissions, institutions); a 401 sends the user to login. */
export function useMeQuery(enabled: boolean) {
  return useQuery({ ...meQuery, enabled });
}

/** The query behind useMeQuery, also started before the first render of a cold load (app/route-prefetch.ts). */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => api.get<Me>('/Authentication/me', undefined, { notify: false }),
  staleTime: 5 * 60_000,
});
