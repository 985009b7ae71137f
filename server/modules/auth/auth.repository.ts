import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInAccounts } from '../accounts';
import { authSecrets, loginAttempts, sessions, sessionWrites } from './auth.table';

// All of the auth module's SQL. index.ts exports the part other modules call (revokeSessions), never its tables.

/** Ends every open session of the account (its password was overwritten, or it was disabled). */
export async function revokeSessions(tx: Db, accountId: number, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}

// ---- sessions ----

/**
 * Marks that the session has just written (platform/heavy-reads.ts, on the primary after each write request). The
 * database's clock, read again by sessionWroteWithin: one clock for every API process, whatever their machines say.
 */
export async function markSessionWrite(db: Db, sessionId: number) {
  await db
    .insert(sessionWrites)
    .values({ sessionId, at: sql`now()` })
    .onConflictDoUpdate({ target: sessionWrites.sessionId, set: { at: sql`excluded.at` } });
}

/** Whether the session wrote within the last `ms` milliseconds (read on the primary: a standby cannot read it). */
export async function sessionWroteWithin(db: Db, sessionId: number, ms: number): Promise<boolean> {
  const [row] = await db
    .select({ at: sessionWrites.at })
    .from(sessionWrites)
    .where(
      and(
        eq(sessionWrites.sessionId, sessionId),
        gt(sessionWrites.at, sql`now() - ${ms}::float8 * interval '1 millisecond'`),
      ),
    );
  return row !== undefined;
}

const sessionOfToken = (db: Db) =>
  db
    .select()
    .from(sessions)
    .innerJoin(signInAccounts, eq(signInAccounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('auth_session_of_token');
const preparedOn = new WeakMap<Db, ReturnType<typeof sessionOfToken>>();

/**
 * The open session of a token hash with its account and memberships, or undefined. The statement every
 * request runs, built once per database handle (Drizzle's SQL building was 0.25 ms of CPU per request) and
 * prepared by name on PostgreSQL, so each connection parses and plans it once (a lookup by the unique
 * token hash: one plan fits every token). It reads the session afresh; auth.service.ts's SessionCache keeps
 * the answer for at most SESSION_CACHE_MS, emptied whenever a session or an account changes.
 */
export async function openSessionOf(db: Db, tokenHash: string) {
  let q = preparedOn.get(db);
  if (!q) preparedOn.set(db, (q = sessionOfToken(db)));
  const [row] = await q.execute({ tokenHash });
  return row;
}

/** Records a request on the session (its idle clock starts again). */
export async function touchSession(db: Db, sessionId: number, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** An account as sign-in reads it (person, flags, memberships), or undefined. */
export async function signInAccount(db: Db, accountId: number) {
  const [a] = await db.select().from(signInAccounts).where(eq(signInAccounts.id, accountId)).limit(1);
  return a;
}

/** Opens a session; its id. */
export async function insertSession(tx: Db, values: typeof sessions.$inferInsert) {
  const [s] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return s.id;
}

/** Ends one session (sign-out). */
export async function revokeSession(tx: Db, sessionId: number, now: Date) {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends every open session of the account but one (the one changing its password). */
export async function revokeOtherSessions(tx: Db, accountId: number, keepSessionId: number, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}

// ---- login attempts (login-throttle.ts holds the rules) ----

/** Records one sign-in attempt. */
export async function recordAttempt(db: Db, values: typeof loginAttempts.$inferInsert) {
  await db.insert(loginAttempts).values(values);
}

const failed = eq(loginAttempts.succeeded, false);

/**
 * The time of the n-th most recent failure made with this device cookie (its nonce) after `since` and
 * after the device's last success, or undefined when it has fewer.
 */
export async function nthDeviceFailure(db: Db, device: string, since: Date, n: number) {
  const lastSuccess = db
    .select({ at: sql`max(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.device, device), eq(loginAttempts.succeeded, true)));
  const [nth] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.device, device),
        failed,
        gt(loginAttempts.at, sql`greatest(${since.toISOString()}::timestamptz, (${lastSuccess}))`),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .offset(n - 1)
    .limit(1);
  return nth?.at;
}

/**
 * The time of the n-th most recent failure of this (user name, address) pair after `since` and after the
 * pair's last success, or undefined when it has fewer.
 */
export async function nthPairFailure(db: Db, userName: string, address: string, since: Date, n: number) {
  const lastSuccess = db
    .select({ at: sql`max(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.userName, userName), eq(loginAttempts.address, address), eq(loginAttempts.succeeded, true)),
    );
  const [pair] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.userName, userName),
        eq(loginAttempts.address, address),
        failed,
        gt(loginAttempts.at, sql`greatest(${since.toISOString()}::timestamptz, (${lastSuccess}))`),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .offset(n - 1)
    .limit(1);
  return pair?.at;
}

/** How many failures of one user name, or of one address, came after `since`, and when the last one was. */
export async function failuresSince(db: Db, by: 'userName' | 'address', value: string, since: Date) {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number), last: sql<string | null>`max(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts[by], value), failed, gt(loginAttempts.at, since)));
  return r;
}

/** Attempts older than a day count for no limit: a successful sign-in drops the account's old rows (indexed). */
export async function pruneAttempts(db: Db, userName: string, now: Date) {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.userName, userName), lt(loginAttempts.at, new Date(now.getTime() - 86_400_000))));
}

// ---- server secrets ----

/** Stores a secret under its name unless one is stored already (the first start wins). */
export async function storeSecretOnce(db: Db, name: string, value: string) {
  await db.insert(authSecrets).values({ name, value }).onConflictDoNothing();
}

/** The stored secret of that name. */
export async function secretOf(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ value: authSecrets.value }).from(authSecrets).where(eq(authSecrets.name, name));
  return row.value;
}
