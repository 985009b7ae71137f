import { z } from 'zod';
import { ROLES, PERMISSIONS } from './permissions.contract';
import { text, trimmedText } from './common.contract';

// spec 1 §5: login has no client-side rules; the server decides.
export const LoginRequest = z.object({
  userName: trimmedText(320).default(''),
  password: text(1000).default(''),
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
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  institutionIds: z.array(z.number()),
});
export type Me = z.infer<typeof Me>;

export const LoginResponse = z.object({ token: z.string(), expiresAt: z.string(), account: Me });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const SESSION_HOURS = { short: 12, long: 24 * 30 } as const;
