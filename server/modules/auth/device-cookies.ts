import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { secretOf, storeSecretOnce } from './auth.repository';

/**
 * OWASP "Slow down online guessing attacks with device cookies" (issue 26, docs/decisions/0002).
 * A successful sign-in gets a cookie that proves "this browser signed in as this user before":
 * `lims_device_<tag>=<nonce>.<expiry>.<HMAC-SHA256(key, user name, nonce, expiry)>`. The tag is an HMAC of
 * the user name, so one browser keeps a cookie per account (a shared ward PC) and the cookie's name tells
 * nobody which account it is for. Only the sign-in path receives it (Path), scripts cannot read it
 * (HttpOnly), other sites cannot send it (SameSite=Strict), and over HTTPS it is Secure.
 */
export const DEVICE_COOKIE_PATH = '/api/Authentication/login';
export const DEVICE_COOKIE_DAYS = 180;
const PREFIX = 'lims_device_';
const SECRET_NAME = 'device_cookie_key';

type KeyConfig = Pick<Config, 'deviceCookieSecret'>;
const keys = new WeakMap<Db, Promise<Buffer>>();

/**
 * The HMAC key: DEVICE_COOKIE_SECRET, or 32 random bytes the first start stores in auth_secrets (every
 * process of a scale-out reads the same row). Constant for the life of the database, so kept per handle.
 */
function deviceKey(db: Db, config: KeyConfig): Promise<Buffer> {
  if (config.deviceCookieSecret) return Promise.resolve(Buffer.from(config.deviceCookieSecret, 'utf8'));
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await storeSecretOnce(db, SECRET_NAME, randomBytes(32).toString('base64url'));
      return Buffer.from(await secretOf(db, SECRET_NAME), 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest();
const nameOf = (key: Buffer, userName: string) =>
  PREFIX + mac(key, 'name', userName).subarray(0, 12).toString('base64url');

/** The values the Cookie header gives a name (a browser may send one name twice, for two paths). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header || header.length > 16_384) return [];
  const out: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/** The nonce of a valid, unexpired device cookie for this user name in the Cookie header, or null. */
export async function validDevice(
  db: Db,
  config: KeyConfig,
  userName: string,
  cookieHeader: string | undefined,
  now: Date,
): Promise<string | null> {
  if (!cookieHeader) return null;
  const key = await deviceKey(db, config);
  for (const value of cookieValues(cookieHeader, nameOf(key, userName))) {
    const [nonce, expiry, signature, ...rest] = value.split('.');
    if (rest.length || !/^[\w-]{22}$/.test(nonce ?? '') || !/^\d{1,12}$/.test(expiry ?? '') || !signature) continue;
    if (Number(expiry) * 1000 <= now.getTime()) continue;
    const expected = mac(key, 'device', userName, nonce, expiry);
    const given = Buffer.from(signature, 'base64url');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return null;
}

/**
 * The Set-Cookie value after a successful sign-in: the same device (nonce) when the browser presented a
 * valid cookie, so its failure count carries on, otherwise a new one; the expiry starts again.
 */
export async function deviceCookie(
  db: Db,
  config: KeyConfig,
  userName: string,
  nonce: string | null,
  now: Date,
  secure: boolean,
): Promise<string> {
  const key = await deviceKey(db, config);
  const id = nonce ?? randomBytes(16).toString('base64url');
  const expiry = String(Math.floor(now.getTime() / 1000) + DEVICE_COOKIE_DAYS * 86_400);
  const value = `${id}.${expiry}.${mac(key, 'device', userName, id, expiry).toString('base64url')}`;
  return `${nameOf(key, userName)}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
