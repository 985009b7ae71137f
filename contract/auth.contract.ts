import { z } from 'zod';
import { ROLES, PERMISSIONS, type Permission } from './permissions.contract';

// spec 1 §5: login has no client-side rules; the server decides.
export const LoginRequest = z.object({
  userName: z.string().trim().max(320).default(''),
  password: z.string().max(1000).default(''),
  stayLoggedIn: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const Me = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userName: z.string(),
  phoneNumber: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  institutionIds: z.array(z.number()),
  /** Per institution: the roles held there and the permissions they give (ADR 0007). */
  memberships: z.array(z.object({
    institutionId: z.number(),
    roles: z.array(z.enum(ROLES)),
    permissions: z.array(z.enum(PERMISSIONS)),
  })),
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
