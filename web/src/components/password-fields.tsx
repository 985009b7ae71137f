import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import type { PasswordOwner, PasswordVerdict } from '@contract/password-strength';
import { PASSWORD_MIN_LENGTH } from '@contract/password-policy';
import { usePasswordVerdict } from '@/lib/password-strength';

/** The password policy in words (contract/password-strength.ts checks it on both sides). */
export const passwordPolicyHint = (notEmail: boolean) =>
  `At least ${PASSWORD_MIN_LENGTH} characters and hard to guess: not a common password, not your name${notEmail ? ' or e-mail' : ''}.`;

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
  if (!verdict) return null;
  const hint = verdict.warning ?? verdict.suggestions[0];
  return (
    <Stack gap={2}>
      <Progress
        value={(verdict.score + 1) * 20}
        color={COLORS[verdict.score]}
        size="sm"
        aria-label="Strength of the new password"
      />
      {showText && (
        <Text size="xs" c={verdict.problem ? 'red.8' : 'teal.8'} aria-live="polite" data-testid="password-verdict">
          {verdict.problem ? `${verdict.problem}.${hint ? ` ${hint}` : ''}` : 'Strong password.'}
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
  return (
    <Stack gap={4}>
      <PasswordInput
        withAsterisk
        autoComplete="new-password"
        description={`${passwordPolicyHint(notEmail)}${consequence ? ` ${consequence}` : ''}`}
        {...props}
      />
      <PasswordMeter verdict={verdict} showText={!props.error} />
    </Stack>
  );
}
