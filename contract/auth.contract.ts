import { z } from 'zod';
import { ROLES, PERMISSIONS, type Permission } from './permissions.contract';
import { MSG } from './messages';
import { newPassword, PASSWORD_MSG } from './password-policy';
import { text, trimmedText } from './common.contract';
import { isLanguage, LANGUAGE_CODES, type LanguageCode } from './i18n/languages';

// spec 1 §5: login has no client-side rules; the server decides.
export const LoginRequest = z.object({
  userName: trimmedText(320).default(''),
  password: text(1000).default(''),
  // docs/decisions/0002: 12 h unless the user asks to stay logged in (the web form sends it explicitly).
  stayLoggedIn: z.boolean().default(false),
});
export type LoginRequest = z.output<typeof LoginRequest>;
export type LoginRequestValues = z.input<typeof LoginRequest>;

export const Me = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userName: z.string(),
  phoneNumber: z.string().nullable(),
  /** The language chosen for screens and messages (issue 33); null: the browser's (Accept-Language). */
  language: z.enum(LANGUAGE_CODES).nullable(),
  isSuperAdmin: z.boolean(),
  institutionIds: z.array(z.number()),
  /** Per institution: the roles held there and the permissions they give (ADR 0007). */
  memberships: z.array(
    z.object({
      institutionId: z.number(),
      roles: z.array(z.enum(ROLES)),
      permissions: z.array(z.enum(PERMISSIONS)),
    }),
  ),
  /** The server's SESSION_IDLE_MINUTES: the web warns before an idle session ends (issue 11, nothing lost). */
  sessionIdleMinutes: z.number(),
});
export type Me = z.infer<typeof Me>;

/** What the account may do in one institution: its membership there, or everything for a Super Administrator. */
export function permissionsIn(me: Me, institutionId: number): readonly Permission[] {
  if (me.isSuperAdmin) return PERMISSIONS;
  return me.memberships.find((m) => m.institutionId === institutionId)?.permissions ?? [];
}

export const LoginResponse = z.object({ token: z.string(), expiresAt: z.string(), account: Me });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const SESSION_HOURS = { short: 12, long: 24 * 30 } as const;

/** A signed-in account changes its own password (issue 9): the old one is required. */
export const ChangePassword = z
  .object({
    oldPassword: z.string({ error: MSG.required }).min(1, MSG.required).max(1000),
    newPassword,
    confirmPassword: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MSG.passwordsDiffer })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: PASSWORD_MSG.current });
export type ChangePassword = z.output<typeof ChangePassword>;
export type ChangePasswordValues = z.input<typeof ChangePassword>;

/**
 * The signed-in account's language (issue 33): a code of contract/i18n/languages.ts, or null to follow the
 * browser's again. An unknown code is a 400 naming the choices.
 */
export const AccountLanguage = z.object({
  language: z
    .string({ error: MSG.required })
    .nullable()
    .refine((v): v is LanguageCode | null => v === null || isLanguage(v), {
      message: MSG.unknownLanguage,
    }),
});
export type AccountLanguage = z.output<typeof AccountLanguage>;
