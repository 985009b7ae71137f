import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequestValues } from '@contract/auth.contract';
import { authEndpoints as e } from '@contract/auth.endpoints';
import { call } from '@/lib/api-client';
import { tokenStore } from '@/lib/session-storage';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

/** POST /Authentication/login; errors come back to the login screen, not as a notification. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...changes('auth.login'),
    mutationFn: (body: LoginRequestValues) => call(e.login, { body }, { notify: false, handle401: false }),
    onSuccess: ({ token, account }) => {
      queryClient.clear();
      tokenStore.set(token);
      queryClient.setQueryData(queryKeys.me, account);
    },
  });
}
