import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are scrypt at N 16384 by default, and only the right password matches', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', DUMMY_HASH)).toBe(false);
  });

  it('are checked with the cost they were made with, so a later change of N keeps older hashes valid', async () => {
    const cheap = await hashPassword('pw', 1024);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('pw2', cheap)).toBe(false);
  });

  it('refuse parameters this module never writes, without calling scrypt with them', async () => {
    const hash = await hashPassword('pw', 1024);
    const [, , , , salt, key] = hash.split('$');
    for (const [n, r, p] of [
      ['1000', '8', '1'], // not a power of two
      ['512', '8', '1'], // below 2^10
      ['131072', '8', '1'], // above 2^16: 128 MB of memory per attempt
      ['1024', '16', '1'],
      ['1024', '8', '2'],
      ['1024 ', '8', '1'],
      ['0x400', '8', '1'],
      ['', '8', '1'],
    ])
      expect(await verifyPassword('pw', ['scrypt', n, r, p, salt, key].join('$')), `${n} ${r} ${p}`).toBe(false);
    expect(await verifyPassword('pw', hash.replace('scrypt$', 'bcrypt$'))).toBe(false);
    expect(await verifyPassword('pw', 'scrypt$1024$8$1')).toBe(false);
  });
});
