import type { TFunction } from 'i18next';
import { ROLES, type Role } from '@contract/permissions.contract';

/** A role in the screens' language (accounts `roles`); the value sent and stored stays the English name. */
export function roleLabel(t: TFunction<'accounts'>, role: string) {
  const known = ROLES.find((r) => r === role);
  return known ? t(`roles.${known}`) : role;
}

/** Roles as choices: the value is the role, the label its words. */
export const roleOptions = (t: TFunction<'accounts'>, roles: readonly Role[]) =>
  roles.map((r) => ({ value: r, label: roleLabel(t, r) }));
