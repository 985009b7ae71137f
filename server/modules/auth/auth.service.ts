import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { SESSION_HOURS, type LoginRequest, type LoginResponse, type Me } from '../../../contract/auth.contract';
import { permissionsOf, type Role } from '../../../contract/permissions.contract';
import { MSG } from '../../../contract/messages';
import { accounts, accountInstitutions } from '../accounts/accounts.table';
import { loginAttempts, sessions } from './auth.table';
import { DUMMY_HASH, verifyPassword } from '../../platform/passwords';
import { AppError, tooManyRequests } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { AuthAccount } from '../../platform/context';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface Deps { db: Db; config: Pick<Config, 'loginMaxFailures' | 'loginWindowMinutes'>; now: () => Date }

async function recentFailures(db: Db, column: typeof loginAttempts.userName | typeof loginAttempts.address, value: string, since: Date) {
  const [r] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(loginAttempts)
    .where(and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  return r.n;
}

export async function login(deps: Deps, input: Required<LoginRequest>, address: string): Promise<LoginResponse> {
  const { db, config, now } = deps;
  const userName = input.userName.trim().toLowerCase();
  const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
  // Throttle per account and (more loosely) per address, before any password work.
  if (
    (await recentFailures(db, loginAttempts.userName, userName, since)) >= config.loginMaxFailures ||
    (await recentFailures(db, loginAttempts.address, address, since)) >= config.loginMaxFailures * 4
  ) {
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${config.loginWindowMinutes} minutes.`);
  }
  const [account] = await db.select().from(accounts).where(eq(sql`lower(${accounts.userName})`, userName)).limit(1);
  const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !ok || !account.isEnabled) {
    await db.insert(loginAttempts).values({ userName, address, succeeded: false, at: now() });
    throw new AppError(401, MSG.badLogin, undefined, 'bad_login');
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now().getTime() + (input.stayLoggedIn ? SESSION_HOURS.long : SESSION_HOURS.short) * 3_600_000);
  await db.transaction(async (tx) => {
    const [s] = await tx.insert(sessions).values({ tokenHash: hashToken(token), accountId: account.id, expiresAt, address, createdAt: now() }).returning({ id: sessions.id });
    await tx.insert(loginAttempts).values({ userName, address, succeeded: true, at: now() });
    await audit(tx, { account: { id: account.id } as AuthAccount, institutionId: null, address }, { entity: 'session', entityId: s.id, action: 'login' });
  });
  const me = await loadAccount(db, account.id, 0);
  return { token, expiresAt: expiresAt.toISOString(), account: toMe(me!) };
}

/** The signed-in account of a bearer token, or null when missing, expired, revoked or disabled. */
export async function resolveToken(db: Db, token: string, now: Date): Promise<AuthAccount | null> {
  const [s] = await db.select({ id: sessions.id, accountId: sessions.accountId }).from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))).limit(1);
  if (!s) return null;
  return loadAccount(db, s.accountId, s.id);
}

export async function loadAccount(db: Db, accountId: number, sessionId: number): Promise<AuthAccount | null> {
  const [a] = await db.select({
    id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email,
    userName: accounts.userName, phoneNumber: accounts.phoneNumber, isSuperAdmin: accounts.isSuperAdmin, isEnabled: accounts.isEnabled,
  }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!a || !a.isEnabled) return null;
  const rows = await db.select({ institutionId: accountInstitutions.institutionId, roles: accountInstitutions.roles })
    .from(accountInstitutions).where(eq(accountInstitutions.accountId, accountId)).orderBy(accountInstitutions.institutionId);
  const memberships = rows.map((m) => {
    const roles = m.roles as Role[];
    return { institutionId: m.institutionId, roles, permissions: new Set(permissionsOf(roles)) };
  });
  const { isEnabled: _e, ...person } = a;
  return { ...person, memberships, institutionIds: memberships.map((m) => m.institutionId), sessionId };
}

export function toMe(a: AuthAccount): Me {
  return {
    id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email, userName: a.userName,
    phoneNumber: a.phoneNumber, isSuperAdmin: a.isSuperAdmin, institutionIds: a.institutionIds,
    memberships: a.memberships.map((m) => ({ institutionId: m.institutionId, roles: m.roles, permissions: [...m.permissions] })),
  };
}

export async function logout(db: Db, account: AuthAccount, address: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, account.sessionId));
    await audit(tx, { account, institutionId: null, address }, { entity: 'session', entityId: account.sessionId, action: 'logout' });
  });
}
