import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  SESSION_HOURS,
  type AccountLanguage,
  type ChangePassword,
  type LoginRequest,
  type LoginResponse,
  type Me,
} from '../../../contract/auth.contract';
import { permissionsOf, type Role } from '../../../contract/permissions.contract';
import {
  credentialsOf,
  membershipInstitutionIds,
  passwordHashOf,
  setAccountLanguage,
  setPasswordHash,
} from '../accounts';
import * as repo from './auth.repository';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/passwords';
import { strongPasswordProblem } from '../../../contract/password-strength';
import { validationProblem } from '../../platform/errors';
import { MSG } from '../../../contract/messages';
import { authErrors } from './auth.errors';
import { assertNotThrottled, deviceAllowed, type ThrottleConfig } from './login-throttle';
import { deviceCookie, validDevice } from './device-cookies';
import type { Config } from '../../config';
import { auditInEach } from '../../platform/audit';
import type { AuthAccount, Ctx } from '../../platform/context';
import { isLanguage } from '../../../contract/i18n/languages';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface Deps {
  db: Db;
  config: ThrottleConfig & Pick<Config, 'sessionIdleMinutes' | 'deviceCookieSecret'>;
  now: () => Date;
}

/** Where a sign-in comes from: the client address, the request's Cookie header, and whether it came over HTTPS. */
export interface LoginOrigin {
  address: string;
  cookieHeader?: string;
  secure: boolean;
}

/**
 * A sign-in. A valid device cookie for this user name (device-cookies.ts) that still has its allowance
 * skips the per-pair, per-account and per-address throttle: failures made elsewhere never keep that
 * browser out (issue 26). Every success answers a device cookie (Set-Cookie) for next time.
 */
export async function login(
  deps: Deps,
  input: LoginRequest,
  origin: LoginOrigin,
): Promise<LoginResponse & { deviceCookie: string }> {
  const { db, config, now } = deps;
  const { address } = origin;
  const userName = input.userName.trim().toLowerCase();
  const device = await validDevice(db, config, userName, origin.cookieHeader, now());
  if (!device || !(await deviceAllowed(db, config, device, now())))
    await assertNotThrottled(db, config, userName, address, now());
  const account = await credentialsOf(db, userName);
  const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !ok || !account.isEnabled) {
    await repo.recordAttempt(db, { userName, address, succeeded: false, at: now(), device });
    throw authErrors.invalid_credentials();
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(
    now().getTime() + (input.stayLoggedIn ? SESSION_HOURS.long : SESSION_HOURS.short) * 3_600_000,
  );
  await db.transaction(async (tx) => {
    const sessionId = await repo.insertSession(tx, {
      tokenHash: hashToken(token),
      accountId: account.id,
      expiresAt,
      address,
      createdAt: now(),
      lastSeenAt: now(),
    });
    await repo.recordAttempt(tx, { userName, address, succeeded: true, at: now(), device });
    await repo.pruneAttempts(tx, userName, now());
    // In each of the account's institutions, so their administrators see who signed in (issue 11).
    const institutionIds = await membershipInstitutionIds(tx, account.id);
    await auditInEach(
      tx,
      { account: { id: account.id } as AuthAccount, institutionId: null, address },
      institutionIds,
      { entity: 'session', entityId: sessionId, action: 'login' },
    );
  });
  const me = await loadAccount(db, account.id, 0);
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    account: toMe(me!, config.sessionIdleMinutes),
    deviceCookie: await deviceCookie(db, config, userName, device, now(), origin.secure),
  };
}

interface AccountRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  phoneNumber: string | null;
  language: string | null;
  isSuperAdmin: boolean;
  isEnabled: boolean;
  memberships: { institutionId: number; roles: string[]; timeZone: string | null }[] | null;
  /** A Super Administrator's: every institution's time zone by id (null for anyone else). */
  everyTimeZone: Record<string, string> | null;
}

function toAuthAccount(a: AccountRow | undefined, sessionId: number): AuthAccount | null {
  if (!a || !a.isEnabled) return null;
  const memberships = (a.memberships ?? []).map((m) => {
    const roles = m.roles as Role[];
    return { institutionId: Number(m.institutionId), roles, permissions: new Set(permissionsOf(roles)) };
  });
  const timeZones = new Map<number, string>(
    Object.entries(a.everyTimeZone ?? {}).map(([id, zone]) => [Number(id), zone]),
  );
  for (const m of a.memberships ?? []) if (m.timeZone) timeZones.set(Number(m.institutionId), m.timeZone);
  const { isEnabled: _e, memberships: _m, everyTimeZone: _z, ...person } = a;
  return { ...person, memberships, institutionIds: memberships.map((m) => m.institutionId), timeZones, sessionId };
}

/**
 * How stale sessions.last_seen_at may be: it is rewritten only when at least this much has passed since
 * the stored value (one cheap update by primary key), so at most once a minute, and for short idle limits
 * often enough that the logoff stays within 1/60 of the limit (1 s at SESSION_IDLE_MINUTES=1).
 */
export const seenRefreshMs = (idleMinutes: number) => Math.min(60_000, idleMinutes * 1000);

type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.openSessionOf>>>;

/**
 * Open sessions read in the last `ttlMs` (issue 30), per token hash, for one database. A cheap read spent a
 * third of its server CPU on the session statement's round trip; a screen sends several requests at once,
 * and a client under load thousands a second. Every change that can end a session or alter what it may do or
 * read from it (revocation, expiry, disabling, roles, memberships, an institution's time zone) notifies the API
 * processes (migrations 0035 and 0062, `Database.onAuthChange`), and `forget` empties the cache: a change committed by this process holds for its
 * very next request, one from another process within milliseconds, and `ttlMs` bounds the wait should a
 * notification be missed. Idle and expiry are still checked on every request against the cached times, and a
 * session those call idle is read again first (another process may have seen a request since: resolveToken).
 */
export class SessionCache {
  private readonly entries = new Map<string, { at: number; row: SessionRow | undefined }>();
  /** Bumped by `forget`: a read that began before a change is not stored after it. */
  private generation = 0;
  static readonly MAX_ENTRIES = 10_000;

  constructor(readonly ttlMs: number) {}

  forget() {
    this.generation++;
    this.entries.clear();
  }

  /** The session of a token hash: cached unless older than ttlMs, or `fresh` (read again and cached anew). */
  async read(db: Db, tokenHash: string, fresh = false): Promise<SessionRow | undefined> {
    const hit = fresh ? undefined : this.entries.get(tokenHash);
    if (hit && performance.now() - hit.at < this.ttlMs) return hit.row;
    const generation = this.generation;
    const at = performance.now();
    const row = await repo.openSessionOf(db, tokenHash);
    // Only open sessions are kept: an unknown token asks the database each time (a guessed token fills nothing).
    if (row && generation === this.generation && this.ttlMs > 0) {
      if (this.entries.size >= SessionCache.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(tokenHash, { at, row });
    }
    return row;
  }
}

/**
 * The signed-in account of a bearer token, or null when missing, revoked or disabled; 401 naming the
 * reason when the session expired or sat idle (HIPAA 164.312 automatic logoff).
 * One query (session, account and memberships), or none when `cache` (SessionCache) read it within its
 * time limit; a logout or a role change in any process empties every process's cache. Idleness (issue 26):
 * last_seen_at trails the last request by less than R = seenRefreshMs
 * (a request finding it R or more behind rewrites it), so the session ends only when now - last_seen_at
 * >= idle + R. A session with a request in the last idleMinutes is therefore never ended, and one silent
 * for idleMinutes + R always is.
 */
export async function resolveToken(
  db: Db,
  token: string,
  now: Date,
  idleMinutes: number,
  cache?: SessionCache,
): Promise<AuthAccount | null> {
  const tokenHash = hashToken(token);
  let row = cache ? await cache.read(db, tokenHash) : await repo.openSessionOf(db, tokenHash);
  if (!row) return null;
  if (row.sessions.expiresAt <= now) throw authErrors.session_expired();
  const refreshMs = seenRefreshMs(idleMinutes);
  const idleFor = (r: SessionRow) => now.getTime() - r.sessions.lastSeenAt.getTime();
  // A cached row's last_seen_at may be behind the database's: another API process that served the session since
  // rewrote it, and that notifies nobody (issue 34). The stored time decides before a session is ended as idle.
  if (cache && idleFor(row) >= idleMinutes * 60_000 + refreshMs) {
    row = await cache.read(db, tokenHash, true);
    if (!row) return null;
  }
  const { sessions: s, sign_in_accounts: account } = row;
  const idleMs = idleFor(row);
  if (idleMs >= idleMinutes * 60_000 + refreshMs) throw authErrors.session_idle(idleMinutes);
  if (idleMs >= refreshMs) {
    await repo.touchSession(db, s.id, now);
    // The cached row sees the new time too (it is the same object).
    s.lastSeenAt = now;
  }
  return toAuthAccount(account, s.id);
}

export async function loadAccount(db: Db, accountId: number, sessionId: number): Promise<AuthAccount | null> {
  return toAuthAccount(await repo.signInAccount(db, accountId), sessionId);
}

export function toMe(a: AuthAccount, sessionIdleMinutes: number): Me {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    userName: a.userName,
    phoneNumber: a.phoneNumber,
    // A code no longer in the registry (a language removed) reads as no choice.
    language: isLanguage(a.language) ? a.language : null,
    isSuperAdmin: a.isSuperAdmin,
    institutionIds: a.institutionIds,
    memberships: a.memberships.map((m) => ({
      institutionId: m.institutionId,
      roles: m.roles,
      permissions: [...m.permissions],
    })),
    sessionIdleMinutes,
  };
}

export async function logout(db: Db, account: AuthAccount, address: string, now: Date) {
  await db.transaction(async (tx) => {
    await repo.revokeSession(tx, account.sessionId, now);
    await auditInEach(tx, { account, institutionId: null, address }, account.institutionIds, {
      entity: 'session',
      entityId: account.sessionId,
      action: 'logout',
    });
  });
}

/** issue 9: any account changes its own password with the old one; its other sessions end. */
export async function changeOwnPassword(ctx: Ctx, input: ChangePassword) {
  const hash = await passwordHashOf(ctx.db, ctx.account.id);
  if (!hash || !(await verifyPassword(input.oldPassword, hash))) {
    throw authErrors.old_password_wrong({ oldPassword: [MSG.oldPasswordWrong] });
  }
  const { firstName, lastName, email, userName } = ctx.account;
  const problem = strongPasswordProblem(input.newPassword, {
    email,
    userInputs: [firstName, lastName, userName],
    current: input.oldPassword,
  });
  if (problem) throw validationProblem({ newPassword: [problem] });
  const passwordHash = await hashPassword(input.newPassword);
  // A plain transaction, not command(): any signed-in account may change its own password (no permission).
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, ctx.account.id, passwordHash);
    await repo.revokeOtherSessions(tx, ctx.account.id, ctx.account.sessionId, ctx.now());
    // Written in each of the account's institutions: with no institution no administrator's log showed it (issue 11).
    await auditInEach(tx, ctx, ctx.account.institutionIds, {
      entity: 'account',
      entityId: ctx.account.id,
      action: 'password_change',
    });
  });
}

/**
 * Issue 33: the signed-in account chooses its language (null: the browser's again); audited in each of its
 * institutions like a password change. Answers the account as `me` does, with the new language.
 */
export async function setOwnLanguage(ctx: Ctx, input: AccountLanguage, sessionIdleMinutes: number): Promise<Me> {
  const before = ctx.account.language;
  // A plain transaction, not command(): any signed-in account sets its own language (no permission).
  await ctx.db.transaction(async (tx) => {
    await setAccountLanguage(tx, ctx.account.id, input.language);
    await auditInEach(tx, ctx, ctx.account.institutionIds, {
      entity: 'account',
      entityId: ctx.account.id,
      action: 'language_change',
      before: { language: before },
      after: { language: input.language },
    });
  });
  return toMe({ ...ctx.account, language: input.language }, sessionIdleMinutes);
}
