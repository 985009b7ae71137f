import { z } from 'zod';
import { MSG } from './messages';

// issue 9: one password rule for account creation, an administrator's overwrite and the user's own change.
export const PASSWORD_MIN_LENGTH = 12;

export const PASSWORD_MSG = {
  short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  common: 'This password is too common',
  email: 'Password must not be your e-mail address',
} as const;

/**
 * The entries of the 10,000 most common passwords (the ranked list of @zxcvbn-ts/language-common) that
 * are at least PASSWORD_MIN_LENGTH long: every shorter one already fails the length rule. 25 entries,
 * so the browser form checks them too; password-policy.test.ts keeps this list in step with the package.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123qweasdzxc', '1qaz2wsx3edc', 'q1w2e3r4t5y6', '1q2w3e4r5t6y', 'mailcreated5240', 'qazwsxedcrfv', '123456qwerty',
  'qwerty123456', 'polniypizdec0211', 'sojdlg123aljg', 'leavemealone', 'motherfucker', '123456654321', 'gfhjkmgfhjkm',
  'qazwsxedc123', 'ghjcnjgfhjkm', 'zxcasdqwe123', 'sonyericsson', 'ghhh47hj7649', '123456789qwe', '1qazxsw23edc',
  'masterbating', 'qwerasdfzxcv', 'qweasdzxc123', 'flvbybcnhfnjh',
]);

/** The e-mail address or its local part, in any case. */
function isEmailLike(password: string, email: string) {
  const p = password.trim().toLowerCase();
  const e = email.trim().toLowerCase();
  return p === e || (e.includes('@') && p === e.slice(0, e.indexOf('@')));
}

/** The message of the first rule a new password breaks, or null. The e-mail rule needs the account's e-mail. */
export function passwordProblem(password: string, email?: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MSG.short;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_MSG.common;
  if (email && isEmailLike(password, email)) return PASSWORD_MSG.email;
  return null;
}

/** A new password field: required, long enough, not common. Where the e-mail is known, add passwordNotEmail. */
export const newPassword = z.string({ error: MSG.required }).min(1, MSG.required).max(200)
  .refine((p) => !p || passwordProblem(p) === null, { error: (iss) => passwordProblem(String(iss.input)) ?? PASSWORD_MSG.short });

/** The e-mail rule for a form or body that holds both the password and the e-mail. */
export const passwordNotEmail = <T extends Record<string, unknown>>(passwordKey: keyof T & string, email: (v: T) => string | null | undefined) =>
  (v: T, ctx: z.core.$RefinementCtx<T>) => {
    const e = email(v);
    if (e && isEmailLike(String(v[passwordKey] ?? ''), e)) ctx.addIssue({ code: 'custom', path: [passwordKey], message: PASSWORD_MSG.email });
  };
