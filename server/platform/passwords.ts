import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt (ARCHITECTURE §5): built into Node, no native addon to install.
const N = 16384,
  R = 8,
  P = 1,
  KEYLEN = 64;

interface Cost {
  n: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, { n, r, p }: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * `n`: scrypt's cost. Every account of the product is hashed at N; only the API tests' account factory passes a
 * lower one (server/test/factories.ts), so that its thousand sign-ins do not spend a minute of CI in scrypt.
 */
export async function hashPassword(password: string, n = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { n, r: R, p: P });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const whole = (s: string | undefined) => (s !== undefined && /^\d{1,7}$/.test(s) ? Number(s) : NaN);
/**
 * The cost a stored hash was made with, so that raising N later keeps every older hash valid; only the values this
 * module writes or could write are accepted (a power of two from 2^10 to 2^16, r 8, p 1): anything else is not a hash
 * of ours and never reaches scrypt.
 */
function costOf(n: string | undefined, r: string | undefined, p: string | undefined): Cost | null {
  const cost = { n: whole(n), r: whole(r), p: whole(p) };
  const powerOfTwo = cost.n >= 1024 && cost.n <= 65536 && (cost.n & (cost.n - 1)) === 0;
  return powerOfTwo && cost.r === R && cost.p === P ? cost : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  const cost = costOf(n, r, p);
  if (scheme !== 'scrypt' || !cost || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await derive(password, Buffer.from(saltB64, 'base64'), cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + Buffer.alloc(64).toString('base64');

export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
