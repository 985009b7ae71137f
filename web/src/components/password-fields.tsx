import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PasswordOwner, PasswordVerdict } from '@contract/password-strength';
import { PASSWORD_MIN_LENGTH } from '@contract/password-policy';
import { usePasswordVerdict } from '@/lib/password-strength';
import { translateMessage } from '@/lib/field-messages';
import { i18next } from '@/lib/i18n';

/** The password policy in words, in the screens' language (contract/password-strength.ts checks it on both sides). */
export const passwordPolicyHint = (notEmail: boolean) =>
  i18next.t(notEmail ? 'password.hintEmail' : 'password.hint', { ns: 'common', min: PASSWORD_MIN_LENGTH });

interface Props extends Omit<PasswordInputProps, 'description'> {
  /** Says the policy also refuses the account's own e-mail (the server checks it either way). */
  notEmail?: boolean;
  /** What saving does besides (which sessions end), after the policy. */
  consequence?: string;
  /** Whose password it is: names and e-mail lower the score, the current password is refused. */
  owner: PasswordOwner;
}

const COLORS = ['red', 'red', 'orange', 'teal', 'green'];

/** The strength meter and the verdict under a new-password field, as the server would answer. */
function PasswordMeter({ verdict, showText }: { verdict: PasswordVerdict | undefined; showText: boolean }) {
  const { t } = useTranslation('common');
  if (!verdict) return null;
  const found = verdict.warning ?? verdict.suggestions[0];
  const hint = found ? translateMessage(found) : null;
  const problem = verdict.problem ? translateMessage(verdict.problem) : null;
  return (
    <Stack gap={2}>
      <Progress
        value={(verdict.score + 1) * 20}
        color={COLORS[verdict.score]}
        size="sm"
        aria-label={t('password.strength')}
      />
      {showText && (
        <Text size="xs" c={problem ? 'red.8' : 'teal.8'} aria-live="polite" data-testid="password-verdict">
          {problem ? `${problem}.${hint ? ` ${hint}` : ''}` : t('password.strong')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The new-password field of every password form (account creation, an administrator's overwrite, your
 * own change): required, a new-password autocomplete, the policy and its consequence as the description,
 * and the verdict (strength meter and message) while typing (issue 26).
 */
export function NewPasswordInput({ notEmail = false, consequence, owner, ...props }: Props) {
  const verdict = usePasswordVerdict(String(props.value ?? ''), owner);
  const policy = passwordPolicyHint(notEmail);
  return (
    <Stack gap={4}>
      <PasswordInput
        withAsterisk
        autoComplete="new-password"
        description={consequence ? [policy, consequence].join(' ') : policy}
        {...props}
      />
      <PasswordMeter verdict={verdict} showText={!props.error} />
    </Stack>
  );
}
