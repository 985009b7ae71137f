import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { authErrors } from './auth.errors';
import { loginAttempts } from './auth.table';

export type ThrottleConfig = Pick<
  Config,
  | 'loginMaxFailures'
  | 'loginAccountMaxFailures'
  | 'loginAddressMaxFailures'
  | 'loginSlowdownSeconds'
  | 'loginWindowMinutes'
>;

const failed = eq(loginAttempts.succeeded, false);

/**
 * Whether a valid device cookie (its nonce) still has its own allowance: fewer than loginMaxFailures
 * failures made with it in the window since its last success (issue 26). A device past that is locked out
 * of its allowance until the oldest of those failures leaves the window: its attempts are then throttled
 * like any other, and no other device's allowance is touched.
 */
export async function deviceAllowed(db: Db, config: ThrottleConfig, device: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - config.loginWindowMinutes * 60_000);
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
    .offset(config.loginMaxFailures - 1)
    .limit(1);
  return !nth;
}

/**
 * docs/decisions/0002: a sign-in without a device cookie that still has its allowance (deviceAllowed)
 * is refused before any password work when
 * - this (account, address) pair failed loginMaxFailures times in the window since its last success
 *   (429 until the oldest of those leaves the window: only that pair waits);
 * - or the account, or the address, passed its wide limit: then attempts are spaced by
 *   loginSlowdownSeconds (429 for the rest of that gap), which slows guessing but never locks a user out.
 * Every 429 carries Retry-After (seconds).
 */
export async function assertNotThrottled(db: Db, config: ThrottleConfig, userName: string, address: string, now: Date) {
  const windowMs = config.loginWindowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const lastSuccess = db
    .select({ at: sql`max(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.userName, userName), eq(loginAttempts.address, address), eq(loginAttempts.succeeded, true)),
    );
  // The loginMaxFailures-th most recent failure of the pair: while it is inside the window, the pair is blocked.
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
    .offset(config.loginMaxFailures - 1)
    .limit(1);
  if (pair) throw throttled(pair.at.getTime() + windowMs - now.getTime());

  for (const column of [loginAttempts.userName, loginAttempts.address] as const) {
    const limit = column === loginAttempts.userName ? config.loginAccountMaxFailures : config.loginAddressMaxFailures;
    const [r] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number), last: sql<string | null>`max(${loginAttempts.at})` })
      .from(loginAttempts)
      .where(
        and(eq(column, column === loginAttempts.userName ? userName : address), failed, gt(loginAttempts.at, since)),
      );
    if (r.n >= limit && r.last) {
      const wait = new Date(r.last).getTime() + config.loginSlowdownSeconds * 1000 - now.getTime();
      if (wait > 0) throw throttled(wait);
    }
  }
}

function throttled(waitMs: number) {
  return authErrors.throttled(Math.max(1, Math.ceil(waitMs / 1000)));
}

/** Attempts older than a day count for no limit: a successful sign-in drops the account's old rows (indexed). */
export async function pruneAttempts(db: Db, userName: string, now: Date) {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.userName, userName), lt(loginAttempts.at, new Date(now.getTime() - 86_400_000))));
}
