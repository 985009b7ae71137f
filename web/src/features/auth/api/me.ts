import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints as e } from '@contract/auth.endpoints';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in account (roles, permissions, institutions); a 401 sends the user to login. */
export function useMeQuery(enabled: boolean) {
  return useQuery({ ...meQuery, enabled });
}

/** The query behind useMeQuery, also started before the first render of a cold load (app/route-prefetch.ts). */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => call(e.me, {}, { notify: false }),
  staleTime: 5 * 60_000,
});
