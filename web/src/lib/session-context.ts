import { createContext, useContext } from 'react';
import { permissionsIn, type Me } from '@contract/auth.contract';
import type { Institution } from '@contract/institutions.contract';
import type { Permission } from '@contract/permissions.contract';

/** The signed-in account; provided by the app once GET /Authentication/me has answered. */
export const MeContext = createContext<Me | null>(null);

export interface CurrentInstitution {
  institution: Institution;
  /** Forget the chosen institution and show the picker again (spec 1 §2, institution chip). */
  clear: () => void;
}
/** The institution every call is scoped to; provided once the user has chosen one. */
export const InstitutionContext = createContext<CurrentInstitution | null>(null);

export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe must be used inside a signed-in route');
  return me;
}

/** Whether the roles of the signed-in account's membership in the CURRENT institution allow it (ADR 0007). */
export function useCan(permission: Permission): boolean {
  return usePermissionCheck()(permission);
}

/** useCan for a list decided at render time (navigation entries, route rules), where one hook per entry will not do. */
export function usePermissionCheck(): (permission: Permission) => boolean {
  const me = useMe();
  const current = useContext(InstitutionContext);
  if (!current) return () => me.isSuperAdmin;
  const granted = permissionsIn(me, current.institution.id);
  return (permission) => granted.includes(permission);
}

/** The roles held in the current institution (Super Administrator first when the account is one). */
export function useCurrentRoles(): string[] {
  const me = useMe();
  const { institution } = useCurrentInstitution();
  const roles = me.memberships.find((m) => m.institutionId === institution.id)?.roles ?? [];
  return me.isSuperAdmin ? ['Super Administrator', ...roles] : roles;
}

export function useCurrentInstitution(): CurrentInstitution {
  const current = useContext(InstitutionContext);
  if (!current) throw new Error('useCurrentInstitution must be used after an institution is chosen');
  return current;
}
