import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { testApp, json, type TestApp } from '../../test/harness';
import { createAccount, createInstitution, PASSWORD } from '../../test/factories';

// issue 26 item 7: OWASP device cookies. A browser that signed in before keeps its own allowance.

/** The device cookie a sign-in answer sets, as `name=value` for the next request's Cookie header. */
function deviceCookie(res: LightMyRequestResponse): string {
  const all = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const c = all.find((s) => s.startsWith('lims_device_'));
  if (!c) throw new Error(`no device cookie in ${res.statusCode} ${JSON.stringify(all)}`);
  return c.split(';')[0];
}

const signIn = (t: TestApp, userName: string, password: string, address: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Authentication/login',
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
    payload: { userName, password },
  });

const t = await testApp();
const inst = await createInstitution(t);
const proxied = await testApp({ TRUST_PROXY: '10.0.0.1' });

describe('device cookies', () => {
  it('a successful sign-in sets an HttpOnly, SameSite=Strict cookie for the sign-in path only; a failed one sets none', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const failed = await signIn(t, acc.email, 'wrong', '10.70.0.1');
    expect(failed.headers['set-cookie']).toBeUndefined();
    const res = await signIn(t, acc.email, PASSWORD, '10.70.0.1');
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((s) => s.startsWith('lims_device_'))!;
    expect(header).toMatch(/; Path=\/api\/Authentication\/login/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Max-Age=\d+/);
    expect(header, 'plain HTTP: not Secure').not.toMatch(/; Secure/);
    // The value names neither the account nor its e-mail.
    expect(header).not.toContain(acc.email);
    expect(header).not.toContain(`_${acc.id}=`);
  });

  it('the attack of issue 26: a botnet fails 53 times over 2 minutes; the real user with a device cookie signs in every time, the attacker is still slowed', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    let cookie = deviceCookie(await signIn(t, acc.email, PASSWORD, '10.71.0.1'));
    const at = (ms: number) => {
      t.clock.now = new Date(start.getTime() + ms);
    };
    // 50 failures in the first 5 s from 50 addresses, then one attempt a second from new addresses (the
    // slowdown lets one in every 30 s); the real user tries every 5 s, 24 times.
    let guesses = 0;
    const answers: number[] = [];
    const attackerAnswers: number[] = [];
    for (let ms = 0; ms < 120_000; ms += 100) {
      at(ms);
      if (ms < 5000 ? ms % 100 === 0 : ms % 1000 === 0) {
        attackerAnswers.push(
          (await signIn(t, acc.email, `guess-${guesses}`, `10.72.${guesses % 200}.${Math.floor(guesses / 200)}`))
            .statusCode,
        );
        guesses++;
      }
      if (ms % 5000 === 2500) {
        const res = await signIn(t, acc.email, PASSWORD, '10.71.0.1', cookie);
        answers.push(res.statusCode);
        if (res.statusCode === 200) cookie = deviceCookie(res);
      }
    }
    expect(attackerAnswers.filter((s) => s === 401).length, 'failures recorded').toBe(53);
    expect(answers).toEqual(Array(24).fill(200));
    // Without the cookie, the right password is slowed like the attacker's, from a new address or the user's own.
    const stranger = await signIn(t, acc.email, PASSWORD, '10.73.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(t, acc.email, PASSWORD, '10.71.0.1')).statusCode).toBe(429);
    t.clock.now = new Date();
  });

  it("a forged cookie (bad signature), another account's cookie or a garbled one gives no allowance", async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const other = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    const own = deviceCookie(await signIn(t, acc.email, PASSWORD, '10.74.0.1'));
    const others = deviceCookie(await signIn(t, other.email, PASSWORD, '10.74.0.2'));
    for (let i = 0; i < 50; i++) await signIn(t, acc.email, 'wrong', `10.75.0.${i}`);
    const [name, value] = own.split('=');
    const flipped = value.slice(0, -2) + (value.at(-2) === 'A' ? 'B' : 'A') + value.at(-1);
    const forgeries = [
      `${name}=${flipped}`,
      `${name}=${others.split('=')[1]}`, // another account's valid value under this account's name
      others, // another account's cookie as it is
      `${name}=`,
      `${name}=..`,
      `${name}=${'x'.repeat(5000)}`,
    ];
    for (const forged of forgeries) {
      expect((await signIn(t, acc.email, PASSWORD, '10.74.0.1', forged)).statusCode, forged.slice(0, 60)).toBe(429);
    }
    expect((await signIn(t, acc.email, PASSWORD, '10.74.0.1', own)).statusCode).toBe(200);
    t.clock.now = new Date();
  });

  it('failures with a device cookie lock out only that cookie: another browser of the same user keeps its allowance', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    const stolen = deviceCookie(await signIn(t, acc.email, PASSWORD, '10.76.0.1'));
    const desk = deviceCookie(await signIn(t, acc.email, PASSWORD, '10.76.0.2'));
    // A thief with the first cookie guesses: 5 failures, then the cookie is worth nothing more.
    for (let i = 0; i < 5; i++)
      expect((await signIn(t, acc.email, 'guess', `10.77.0.${i}`, stolen)).statusCode).toBe(401);
    // And the account is under attack from elsewhere too.
    for (let i = 0; i < 50; i++) await signIn(t, acc.email, 'wrong', `10.78.0.${i}`);
    expect((await signIn(t, acc.email, PASSWORD, '10.77.0.9', stolen)).statusCode).toBe(429);
    expect((await signIn(t, acc.email, PASSWORD, '10.76.0.2', desk)).statusCode).toBe(200);
    t.clock.now = new Date();
  });

  it('a device cookie does not help a wrong password, and its answer is the same 401', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const cookie = deviceCookie(await signIn(t, acc.email, PASSWORD, '10.79.0.1'));
    const res = await signIn(t, acc.email, 'wrong', '10.79.0.1', cookie);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ code: 'auth.invalid_credentials' });
  });
});

describe('device cookies behind an HTTPS proxy', () => {
  it('are Secure when the trusted proxy says the request came over HTTPS', async () => {
    const inst = await createInstitution(proxied);
    const acc = await createAccount(proxied, { roles: ['Researcher'], institutionIds: [inst.id] });
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/Authentication/login',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.9', 'x-forwarded-proto': 'https' },
      payload: { userName: acc.email, password: PASSWORD },
    });
    expect(deviceCookie(res)).toBeTruthy();
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).find((s) => s.startsWith('lims_device_'))).toMatch(
      /; Secure/,
    );
  });

  it('DEVICE_COOKIE_SECRET shorter than 32 characters is refused at start', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ DEVICE_COOKIE_SECRET: 'short' })).toThrow(/DEVICE_COOKIE_SECRET/);
    expect(loadConfig({ DEVICE_COOKIE_SECRET: 'k'.repeat(32) }).deviceCookieSecret).toBe('k'.repeat(32));
  });
});
