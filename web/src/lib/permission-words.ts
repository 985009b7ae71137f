import type { TFunction } from 'i18next';
import { ROLES, type Permission, type Role } from '@contract/permissions.contract';

/** A permission as the words a person reads, in the screens' language (namespace permissions, by its code). */
export const permissionText = (t: TFunction<'permissions'>, permission: Permission) => t(`labels.${permission}`);

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/** A role's name in the screens' language; a name this server does not know stays as it is. */
export const roleText = (t: TFunction<'permissions'>, role: string) => (isRole(role) ? t(`roles.${role}`) : role);
