import { z } from 'zod';
import { MSG } from './messages';
import { Id, RecordBase, requiredId, requiredText, text } from './common.contract';
import { ROLES } from './permissions.contract';

const password = z.string({ error: MSG.required }).min(1, MSG.required)
  .min(8, 'Password must be at least 8 characters').max(200);

// spec 2 §5: every text field required, Roles required. We add what a real system needs:
// a valid e-mail, a minimum password length and a matching confirmation.
export const UserCreate = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: requiredText(320).pipe(z.email('Enter a valid e-mail address')),
  password,
  confirmPassword: text(200).min(1, MSG.required),
  phoneNumber: requiredText(20).regex(/^\+?[0-9]{4,15}$/, 'Digits only, optional leading +, at most 15'),
  roles: z.array(z.enum(ROLES)).min(1, MSG.requiredSelect),
  institutionId: requiredId,
}).refine((u) => u.password === u.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type UserCreate = z.input<typeof UserCreate>;

// spec 2 §3: User, OldPassword, NewPassword, AdminPassword. An administrator resetting a
// forgotten password cannot know the old one, so OldPassword is optional (docs/decisions).
export const OverwritePassword = z.object({
  user: z.union([Id, requiredText(320)]),
  oldPassword: text(1000).optional(),
  newPassword: password,
  adminPassword: z.string({ error: MSG.required }).min(1, MSG.required).max(1000),
});
export type OverwritePassword = z.input<typeof OverwritePassword>;

export const UserMembership = z.object({ institutionId: requiredId });

export const UserQuery = z.object({ institutionId: Id.optional() });

export const User = RecordBase.extend({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userName: z.string(),
  phoneNumber: z.string().nullable(),
  roles: z.array(z.string()),
  institutions: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type User = z.infer<typeof User>;
