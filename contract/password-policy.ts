import { z } from 'zod';
import { MSG } from './messages';

// issue 9: one password rule for account creation, an administrator's overwrite and the user's own change.
// issue 26: lengths count characters (code points), and password-strength.ts adds the zxcvbn score, the
// account's own names and the current password; this file holds the rules that need no dictionary.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn's score (0-4) a new password needs: 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_MSG = {
  short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is too common',
  email: 'Password must not be your e-mail address',
  current: 'Password must not be your current password',
  weak: 'This password is too easy to guess',
} as const;

/**
 * Characters as a person counts them (code points), not UTF-16 units: six emoji are 6, not 12. A string
 * of more than twice the maximum in units is too long whatever it holds, so it is not walked.
 */
export function passwordLength(password: string): number {
  return password.length > PASSWORD_MAX_LENGTH * 2 ? password.length : [...password].length;
}

/**
 * The entries of the 10,000 most common passwords (the ranked list of @zxcvbn-ts/language-common) that
 * are at least PASSWORD_MIN_LENGTH long: every shorter one already fails the length rule. 25 entries,
 * so the browser form checks them too; password-policy.test.ts keeps this list in step with the package.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123qweasdzxc',
  '1qaz2wsx3edc',
  'q1w2e3r4t5y6',
  '1q2w3e4r5t6y',
  'mailcreated5240',
  'qazwsxedcrfv',
  '123456qwerty',
  'qwerty123456',
  'polniypizdec0211',
  'sojdlg123aljg',
  'leavemealone',
  'motherfucker',
  '123456654321',
  'gfhjkmgfhjkm',
  'qazwsxedc123',
  'ghjcnjgfhjkm',
  'zxcasdqwe123',
  'sonyericsson',
  'ghhh47hj7649',
  '123456789qwe',
  '1qazxsw23edc',
  'masterbating',
  'qwerasdfzxcv',
  'qweasdzxc123',
  'flvbybcnhfnjh',
]);

/** The e-mail address or its local part, in any case. */
function isEmailLike(password: string, email: string) {
  const p = password.trim().toLowerCase();
  const e = email.trim().toLowerCase();
  return p === e || (e.includes('@') && p === e.slice(0, e.indexOf('@')));
}

/**
 * The message of the first rule a new password breaks that needs no dictionary, or null (the e-mail rule
 * needs the account's e-mail). password-strength.ts's strongPasswordProblem adds the score and the rest.
 */
export function passwordProblem(password: string, email?: string | null): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MSG.short;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MSG.long;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_MSG.common;
  if (email && isEmailLike(password, email)) return PASSWORD_MSG.email;
  return null;
}

/**
 * A new password field: required, 12 to 200 characters, not common. Where the e-mail is known, add
 * passwordNotEmail; the server (and the web once the dictionaries are loaded) also scores it.
 */
export const newPassword = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .refine((p) => !p || passwordProblem(p) === null, {
    error: (iss) => passwordProblem(String(iss.input)) ?? PASSWORD_MSG.short,
  });

/** The e-mail rule for a form or body that holds both the password and the e-mail. */
export const passwordNotEmail =
  <T extends Record<string, unknown>>(passwordKey: keyof T & string, email: (v: T) => string | null | undefined) =>
  (v: T, ctx: z.core.$RefinementCtx<T>) => {
    const e = email(v);
    if (e && isEmailLike(String(v[passwordKey] ?? ''), e))
      ctx.addIssue({ code: 'custom', path: [passwordKey], message: PASSWORD_MSG.email });
  };
