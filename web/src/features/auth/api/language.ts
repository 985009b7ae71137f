import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints as e } from '@contract/auth.endpoints';
import type { LanguageCode } from '@contract/i18n/languages';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';
import { switchLanguage } from '@/lib/i18n';

/** PUT /Authentication/language: the account's own language (issue 33); the screens switch at once. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    ...changes('auth.setLanguage'),
    mutationFn: (language: LanguageCode | null) => call(e.setLanguage, { body: { language } }),
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      switchLanguage(me.language);
    },
  });
}
