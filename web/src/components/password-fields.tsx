import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@contract/password-policy';

/** The password policy in words (contract/password-policy.ts checks it on both sides). */
export const passwordPolicyHint = (notEmail: boolean) =>
  `At least ${PASSWORD_MIN_LENGTH} characters, not a common password${notEmail ? ', not your e-mail' : ''}.`;

interface Props extends Omit<PasswordInputProps, 'description'> {
  /** Says the policy also refuses the account's own e-mail (the server checks it either way). */
  notEmail?: boolean;
  /** What saving does besides (which sessions end), after the policy. */
  consequence: string;
}

/**
 * The new-password field of every password form (your own, an administrator's overwrite): required,
 * a new-password autocomplete, and the policy and its consequence as the description.
 */
export function NewPasswordInput({ notEmail = false, consequence, ...props }: Props) {
  return <PasswordInput withAsterisk autoComplete="new-password" description={`${passwordPolicyHint(notEmail)} ${consequence}`} {...props} />;
}
