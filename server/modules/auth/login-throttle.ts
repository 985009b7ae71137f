import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { authErrors } from './auth.errors';
import { failuresSince, nthDeviceFailure, nthPairFailure } from './auth.repository';

export type ThrottleConfig = Pick<
  Config,
  | 'loginMaxFailures'
  | 'loginAccountMaxFailures'
  | 'loginAddressMaxFailures'
  | 'loginSlowdownSeconds'
  | 'loginWindowMinutes'
>;

/**
 * Whether a valid device cookie (its nonce) still has its own allowance: fewer than loginMaxFailures
 * failures made with it in the window since its last success (issue 26). A device past that is locked out
 * of its allowance until the oldest of those failures leaves the window: its attempts are then throttled
 * like any other, and no other device's allowance is touched.
 */
export async function deviceAllowed(db: Db, config: ThrottleConfig, device: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - config.loginWindowMinutes * 60_000);
  return !(await nthDeviceFailure(db, device, since, config.loginMaxFailures));
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
  // The loginMaxFailures-th most recent failure of the pair: while it is inside the window, the pair is blocked.
  const pair = await nthPairFailure(db, userName, address, since, config.loginMaxFailures);
  if (pair) throw throttled(pair.getTime() + windowMs - now.getTime());

  for (const by of ['userName', 'address'] as const) {
    const limit = by === 'userName' ? config.loginAccountMaxFailures : config.loginAddressMaxFailures;
    const r = await failuresSince(db, by, by === 'userName' ? userName : address, since);
    if (r.n >= limit && r.last) {
      const wait = new Date(r.last).getTime() + config.loginSlowdownSeconds * 1000 - now.getTime();
      if (wait > 0) throw throttled(wait);
    }
  }
}

function throttled(waitMs: number) {
  return authErrors.throttled(Math.max(1, Math.ceil(waitMs / 1000)));
}
