import { z } from 'zod';
import { MSG } from './messages';
import { ConcurrencyStamp, Id, RecordBase, requiredId, requiredText, text } from './common.contract';
import { ROLES } from './permissions.contract';
import { newPassword as password, passwordNotEmail } from './password-policy';

// spec 2 §5: every text field required, Roles required. We add what a real system needs:
// a valid e-mail, a minimum password length and a matching confirmation.
export const UserCreate = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: requiredText(320).pipe(z.email(MSG.validEmail)),
    password,
    confirmPassword: text(200).min(1, MSG.required),
    phoneNumber: requiredText(20).regex(/^\+?[0-9]{4,15}$/, MSG.phoneDigits),
    roles: z.array(z.enum(ROLES)).min(1, MSG.requiredSelect),
    institutionId: requiredId,
  })
  .refine((u) => u.password === u.confirmPassword, { path: ['confirmPassword'], message: MSG.passwordsDiffer })
  .superRefine(passwordNotEmail('password', (u) => u.email));
export type UserCreate = z.output<typeof UserCreate>;
export type UserCreateValues = z.input<typeof UserCreate>;

// spec 2 §3: User, OldPassword, NewPassword, AdminPassword. An administrator resetting a
// forgotten password cannot know the old one, so OldPassword is optional (docs/decisions).
export const OverwritePassword = z.object({
  user: z.union([Id, requiredText(320)]),
  oldPassword: text(1000).optional(),
  newPassword: password,
  adminPassword: z.string({ error: MSG.required }).min(1, MSG.required).max(1000),
});
export type OverwritePassword = z.output<typeof OverwritePassword>;
export type OverwritePasswordValues = z.input<typeof OverwritePassword>;

/** Roles of one membership: at least one, never Super Administrator (an account flag). */
export const InstitutionRoles = z.array(z.enum(ROLES).exclude(['Super Administrator'])).min(1, MSG.requiredSelect);
export type InstitutionRoles = z.input<typeof InstitutionRoles>;
const institutionId = requiredId;

/** POST /users/{id}/institutions: the account joins an institution with these roles there. */
export const UserMembership = z.object({ institutionId, roles: InstitutionRoles });
export type UserMembership = z.output<typeof UserMembership>;
export type UserMembershipValues = z.input<typeof UserMembership>;

/** PUT /users/{id}/roles: the roles of the account's membership in one institution. */
export const UserRoles = z.object({ institutionId, roles: InstitutionRoles }).extend(ConcurrencyStamp.shape);
export type UserRoles = z.output<typeof UserRoles>;
export type UserRolesValues = z.input<typeof UserRoles>;

/** PUT /users/{id}/superAdmin: only a Super Administrator grants or revokes it. */
export const UserSuperAdmin = z.object({ isSuperAdmin: z.boolean() }).extend(ConcurrencyStamp.shape);
export type UserSuperAdmin = z.output<typeof UserSuperAdmin>;

export const UserQuery = z.object({ institutionId: Id.optional() });
export type UserQuery = z.output<typeof UserQuery>;

export const User = RecordBase.extend({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userName: z.string(),
  phoneNumber: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  concurrencyStamp: z.string(),
  /** Only the memberships of institutions where the caller may read accounts, each with its roles. */
  institutions: z.array(z.object({ id: z.number(), title: z.string(), roles: z.array(z.enum(ROLES)) })),
  /** Memberships in institutions the caller may not see (counted, not named). */
  otherInstitutionCount: z.number(),
});
export type User = z.infer<typeof User>;

/**
 * GET /api/invitations: the signed-in account's pending invitations (issue 26, docs/accounts.md): an
 * administrator created an account with this account's e-mail in an institution it does not belong to.
 * The name is what that administrator typed; the account holder accepts or declines.
 */
export const Invitation = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdDate: z.string(),
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  institutions: z.array(z.object({ id: z.number(), title: z.string(), roles: z.array(z.enum(ROLES)) })),
});
export type Invitation = z.infer<typeof Invitation>;

/** POST /api/invitations/{id}/accept|decline: the institutions joined (none when declined). */
export const InvitationAnswer = z.object({ id: z.number(), institutionIds: z.array(z.number()) });
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;
