import { createContext, useContext } from 'react';
import type { Me } from '@contract/auth.contract';
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

export function useCan(permission: Permission): boolean {
  return useMe().permissions.includes(permission);
}

export function useCurrentInstitution(): CurrentInstitution {
  const current = useContext(InstitutionContext);
  if (!current) throw new Error('useCurrentInstitution must be used after an institution is chosen');
  return current;
}
