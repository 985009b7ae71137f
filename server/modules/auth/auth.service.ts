import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SESSION_HOURS, type ChangePassword, type LoginRequest, type LoginResponse, type Me } from '../../../contract/auth.contract';
import { permissionsOf, type Role } from '../../../contract/permissions.contract';
import { MSG } from '../../../contract/messages';
import { accountInstitutions, accounts } from '../accounts/accounts.table';
import { loginAttempts, sessions } from './auth.table';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/passwords';
import { passwordProblem } from '../../../contract/password-policy';
import { updateStamped } from '../../platform/crud/stamp';
import { AppError, badRequest, validationProblem } from '../../platform/errors';
import { assertNotThrottled, pruneAttempts, type ThrottleConfig } from './login-throttle';
import { auditInEach } from '../../platform/audit';
import type { AuthAccount, Ctx } from '../../platform/context';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface Deps { db: Db; config: ThrottleConfig; now: () => Date }

export async function login(deps: Deps, input: Required<LoginRequest>, address: string): Promise<LoginResponse> {
  const { db, config, now } = deps;
  const userName = input.userName.trim().toLowerCase();
  await assertNotThrottled(db, config, userName, address, now());
  const [account] = await db.select().from(accounts).where(eq(sql`lower(${accounts.userName})`, userName)).limit(1);
  const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !ok || !account.isEnabled) {
    await db.insert(loginAttempts).values({ userName, address, succeeded: false, at: now() });
    throw new AppError(401, MSG.badLogin, undefined, 'bad_login');
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now().getTime() + (input.stayLoggedIn ? SESSION_HOURS.long : SESSION_HOURS.short) * 3_600_000);
  await db.transaction(async (tx) => {
    const [s] = await tx.insert(sessions).values({ tokenHash: hashToken(token), accountId: account.id, expiresAt, address, createdAt: now(), lastSeenAt: now() }).returning({ id: sessions.id });
    await tx.insert(loginAttempts).values({ userName, address, succeeded: true, at: now() });
    await pruneAttempts(tx, userName, now());
    // In each of the account's institutions, so their administrators see who signed in (issue 11).
    const memberships = await tx.select({ id: accountInstitutions.institutionId }).from(accountInstitutions).where(eq(accountInstitutions.accountId, account.id));
    await auditInEach(tx, { account: { id: account.id } as AuthAccount, institutionId: null, address }, memberships.map((m) => m.id), { entity: 'session', entityId: s.id, action: 'login' });
  });
  const me = await loadAccount(db, account.id, 0);
  return { token, expiresAt: expiresAt.toISOString(), account: toMe(me!) };
}

const SEEN_REFRESH_MS = 60_000;

/** The account columns and its memberships (one json sub-select), so a request's auth is one query. */
const accountFields = {
  id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email,
  userName: accounts.userName, phoneNumber: accounts.phoneNumber, isSuperAdmin: accounts.isSuperAdmin, isEnabled: accounts.isEnabled,
  // Qualified by hand: the sub-select names its own table.
  memberships: sql<{ institutionId: number; roles: string[] }[] | null>`(select json_agg(json_build_object('institutionId', ai.institution_id, 'roles', ai.roles) order by ai.institution_id)
    from account_institutions ai where ai.account_id = "accounts"."id")`,
};
interface AccountRow {
  id: number; firstName: string; lastName: string; email: string; userName: string; phoneNumber: string | null;
  isSuperAdmin: boolean; isEnabled: boolean; memberships: { institutionId: number; roles: string[] }[] | null;
}

function toAuthAccount(a: AccountRow | undefined, sessionId: number): AuthAccount | null {
  if (!a || !a.isEnabled) return null;
  const memberships = (a.memberships ?? []).map((m) => {
    const roles = m.roles as Role[];
    return { institutionId: Number(m.institutionId), roles, permissions: new Set(permissionsOf(roles)) };
  });
  const { isEnabled: _e, memberships: _m, ...person } = a;
  return { ...person, memberships, institutionIds: memberships.map((m) => m.institutionId), sessionId };
}

/**
 * The signed-in account of a bearer token, or null when missing, revoked or disabled; 401 naming the
 * reason when the session expired or sat idle for idleMinutes (HIPAA 164.312 automatic logoff).
 * One query (session, account and memberships; no cache, so N processes see a logout or a role change
 * at once); last_seen_at is written at most once a minute, not on every request.
 */
export async function resolveToken(db: Db, token: string, now: Date, idleMinutes: number): Promise<AuthAccount | null> {
  const [s] = await db.select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, ...accountFields })
    .from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt))).limit(1);
  if (!s) return null;
  if (s.expiresAt <= now) throw sessionEnded('session_expired', 'Your session has expired. Sign in again.');
  const idleMs = now.getTime() - s.lastSeenAt.getTime();
  if (idleMs >= idleMinutes * 60_000) {
    throw sessionEnded('session_idle', `Your session ended after ${idleMinutes} minutes without activity. Sign in again.`);
  }
  const { sessionId, expiresAt: _x, lastSeenAt: _l, ...account } = s;
  if (idleMs >= SEEN_REFRESH_MS) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  return toAuthAccount(account, sessionId);
}

const sessionEnded = (code: string, title: string) => new AppError(401, title, undefined, code);

export async function loadAccount(db: Db, accountId: number, sessionId: number): Promise<AuthAccount | null> {
  const [a] = await db.select(accountFields).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return toAuthAccount(a, sessionId);
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
    await auditInEach(tx, { account, institutionId: null, address }, account.institutionIds, { entity: 'session', entityId: account.sessionId, action: 'logout' });
  });
}

/** issue 9: any account changes its own password with the old one; its other sessions end. */
export async function changeOwnPassword(ctx: Ctx, input: ChangePassword) {
  const [row] = await ctx.db.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, ctx.account.id));
  if (!row || !(await verifyPassword(input.oldPassword, row.passwordHash))) {
    throw badRequest('The old password is incorrect.', { oldPassword: ['The old password is incorrect.'] });
  }
  const problem = passwordProblem(input.newPassword, ctx.account.email);
  if (problem) throw validationProblem({ newPassword: [problem] });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateStamped(tx, accounts, undefined, ctx.account.id, undefined, { passwordHash }, 'Account');
    await tx.update(sessions).set({ revokedAt: ctx.now() })
      .where(and(eq(sessions.accountId, ctx.account.id), isNull(sessions.revokedAt), ne(sessions.id, ctx.account.sessionId)));
    // Written in each of the account's institutions: with no institution no administrator's log showed it (issue 11).
    await auditInEach(tx, ctx, ctx.account.institutionIds, { entity: 'account', entityId: ctx.account.id, action: 'password_change' });
  });
}
