import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  OverwritePasswordValues,
  UserCreateValues,
  UserMembershipValues,
  UserRolesValues,
} from '@contract/accounts.contract';
import { accountEndpoints as e } from '@contract/accounts.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const userKeys = queryKeys.users;

/** GET /users, one page, accounts of the current institution. */
export function useUsers(q: { institutionId: number; page: number; pageSize: number; search: string }) {
  return useQuery({
    queryKey: userKeys.list(q),
    queryFn: () =>
      callPage(e.list, {
        query: { institutionId: q.institutionId, pageNumber: q.page, pageSize: q.pageSize, searchTerm: q.search },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /users; the form shows the server's errors itself, so no notification here. */
export function useCreateUser() {
  return useMutation({
    ...changes('users.write'),
    mutationFn: (body: UserCreateValues) => call(e.create, { body }, { notify: false }),
  });
}

/** POST /users/overwritepassword: an administrator sets a new password (their own password confirms it). */
export function useOverwritePassword() {
  return useMutation({
    ...changes('users.password'),
    mutationFn: (body: OverwritePasswordValues) => call(e.overwritePassword, { body }, { notify: false }),
  });
}

/** POST /users/{id}/disable or /enable; a failure shows the server's title as a notification. */
export function useSetUserEnabled() {
  return useMutation({
    ...changes('users.write'),
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      call(enabled ? e.enable : e.disable, { params: { id } }),
  });
}

/** PUT /users/{id}/roles: the roles of the account's membership in one institution the admin administers. */
export function useSetRoles(id: number) {
  return useMutation({
    ...changes('users.write'),
    mutationFn: (body: UserRolesValues) => call(e.setRoles, { params: { id }, body }, { notify: false }),
  });
}

/** POST /users/{id}/institutions: the account joins one more institution, with its roles there. */
export function useAddMembership(id: number) {
  return useMutation({
    ...changes('users.write'),
    mutationFn: (body: UserMembershipValues) => call(e.addMembership, { params: { id }, body }, { notify: false }),
  });
}
