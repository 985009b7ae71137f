import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordValues } from '@contract/auth.contract';
import { authEndpoints as e } from '@contract/auth.endpoints';
import { call } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';

/** POST /Authentication/changePassword: the signed-in account's own password; errors show in the form. */
export function useChangeOwnPassword() {
  return useMutation({
    ...changes('auth.changePassword'),
    mutationFn: (body: ChangePasswordValues) => call(e.changePassword, { body }, { notify: false }),
  });
}
