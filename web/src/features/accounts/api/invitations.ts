import { useMutation, useQuery } from '@tanstack/react-query';
import { accountEndpoints as e } from '@contract/accounts.endpoints';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

/** GET /invitations: the signed-in account's pending invitations (docs/accounts.md). */
export function useInvitations() {
  return useQuery({
    queryKey: queryKeys.invitations,
    queryFn: () => call(e.invitations, {}, { notify: false }),
  });
}

/** POST /invitations/{id}/accept|decline; then the account's memberships and institutions are read again. */
export function useAnswerInvitation() {
  return useMutation({
    ...changes('invitations.answer'),
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      call(accept ? e.acceptInvitation : e.declineInvitation, { params: { id } }),
  });
}
