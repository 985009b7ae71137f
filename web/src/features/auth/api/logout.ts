import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authEndpoints as e } from '@contract/auth.endpoints';
import { call } from '@/lib/api-client';
import { institutionStore, tokenStore } from '@/lib/session-storage';
import { changes } from '@/lib/mutation-effects';

/** Revoke the session on the server, then forget token and institution whatever it answers (spec 1 §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    ...changes('auth.logout'),
    mutationFn: () => call(e.logout, {}, { notify: false, handle401: false }),
    onSettled: () => {
      tokenStore.clear();
      institutionStore.clear();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
}
