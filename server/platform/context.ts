import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Permission, Role } from '../../contract/permissions.contract';
import { permissionRefused, unauthorized } from './errors';
import { clientAddress } from './client-address';
import { todayIn } from './today';
import { requestLanguage } from './i18n';
import type { LanguageCode } from '../../contract/i18n/languages';

export interface Membership {
  institutionId: number;
  roles: Role[];
  permissions: ReadonlySet<Permission>;
}

export interface AuthAccount {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  phoneNumber: string | null;
  /** The language the account chose (contract/i18n/languages.ts), or null: the browser's then (issue 33). */
  language: string | null;
  /** Global: every permission in every institution (ADR 0007). */
  isSuperAdmin: boolean;
  /** Per institution the account belongs to: the roles held there and what they allow. */
  memberships: Membership[];
  institutionIds: number[];
  /**
   * The IANA time zone of each institution the account may enter (its memberships'; every institution's for a
   * Super Administrator), read with the session in its one statement (issue 30). A change of an institution's zone
   * notifies lims_auth (migration 0062) like a change of roles, so a cached session never serves an old zone.
   * Read it through `timeZoneOf(ctx)`.
   */
  timeZones: ReadonlyMap<number, string>;
  sessionId: number;
}

/** What a service needs: the database (or transaction), who acts, where, and the clock. */
export interface Ctx {
  db: Db;
  account: AuthAccount;
  institutionId: number | null;
  address: string;
  now: () => Date;
  /** The caller's language (server/platform/i18n.ts): lookup titles are shown in it (issue 33 item 4); English when absent. */
  language?: LanguageCode;
}

/** The context of a route under `/institutions/:instId`: its institution is known (the router builds it). */
export interface InstCtx extends Ctx {
  institutionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthAccount | null;
  }
  interface FastifyContextConfig {
    /** The permission a route needs; 'signedIn' for any account; 'public' for none. */
    permission?: Permission | 'signedIn' | 'public';
  }
}

export function ctxOf(req: FastifyRequest, db: Db, now: () => Date): Ctx {
  if (!req.auth) throw unauthorized();
  const instId = (req.params as { instId?: number | string } | undefined)?.instId;
  return {
    db,
    account: req.auth,
    institutionId: instId ? Number(instId) : null,
    address: clientAddress(req),
    now,
    language: requestLanguage(req),
  };
}

/**
 * The IANA time zone of the context's institution (issue 31 item 6: its days, its 'today', the times its reports
 * print), from the session: no statement. Taken from the institution id each time, so a context re-aimed at another
 * institution (`{ ...ctx, institutionId }`) reads that one's zone. A Super Administrator's session holds every
 * institution's, so one it lacks does not exist (UTC, as its zone was read before); an account of no such privilege
 * holds its memberships' zones, and reading another institution's is a programming error, never a silent UTC.
 */
export function timeZoneOf(ctx: Pick<InstCtx, 'account' | 'institutionId'>): string {
  const zone = ctx.account.timeZones.get(ctx.institutionId);
  if (zone) return zone;
  if (!ctx.account.isSuperAdmin) throw new Error(`the session holds no time zone for institution ${ctx.institutionId}`);
  return 'UTC';
}

/** Today (YYYY-MM-DD) on the context's institution's calendar: the latest day a record may be dated (issue 28 item 2). */
export const todayOf = (ctx: Pick<InstCtx, 'account' | 'institutionId' | 'now'>) => todayIn(timeZoneOf(ctx), ctx.now());

/**
 * The one shape of a write verb (issue 29): the permission in the context's institution, then one
 * transaction whose context the work receives (`tx.db` is the transaction), so a verb names its permission
 * once and cannot write outside its transaction. Audit rows are written inside with `audit(tx.db, tx, entry)`.
 */
export async function command<C extends Ctx, T>(
  ctx: C,
  permission: Permission,
  work: (tx: C) => Promise<T>,
): Promise<T> {
  requirePermission(ctx, permission);
  return ctx.db.transaction((db) => work({ ...ctx, db }));
}

/**
 * Whether the account holds a permission in an institution: through the roles of its membership
 * there (a role in B gives nothing in A). With no institution (routes without {instId}) it must
 * hold it in at least one membership; the service then scopes to the institutions where it does.
 */
export function can(account: AuthAccount, permission: Permission, institutionId: number | null): boolean {
  if (account.isSuperAdmin) return true;
  if (institutionId === null) return account.memberships.some((m) => m.permissions.has(permission));
  return account.memberships.some((m) => m.institutionId === institutionId && m.permissions.has(permission));
}

/** The one permission check: in the ctx's institution unless another is named. */
export function requirePermission(
  scope: Pick<Ctx, 'account' | 'institutionId'>,
  permission: Permission,
  institutionId = scope.institutionId,
) {
  // The refusal names what is missing in words ("You need permission to release results."), never the permission's name.
  if (!can(scope.account, permission, institutionId)) throw permissionRefused(permission);
}

/** Institutions where the account holds a permission; null means all (Super Administrator). */
export function institutionsWhere(account: AuthAccount, permission: Permission): number[] | null {
  if (account.isSuperAdmin) return null;
  return account.memberships.filter((m) => m.permissions.has(permission)).map((m) => m.institutionId);
}

/** Holds accounts.manage in that institution's membership (or is a Super Administrator). */
export const administers = (account: AuthAccount, institutionId: number) =>
  can(account, 'accounts.manage', institutionId);

export function belongsTo(account: AuthAccount, institutionId: number) {
  return account.isSuperAdmin || account.institutionIds.includes(institutionId);
}
