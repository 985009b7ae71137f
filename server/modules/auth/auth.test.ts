import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD } from '../../test/factories';

const t = await testApp();
const inst = await createInstitution(t);

describe('sign in', () => {
  it('returns a token, its expiry and the account with roles and permissions', async () => {
    const acc = await createAccount(t, { roles: ['Technician'], institutionIds: [inst.id] });
    const res = await t.call('POST', '/api/Authentication/login', {
      body: { userName: acc.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(typeof body.token).toBe('string');
    expect(body.account).toMatchObject({
      email: acc.email,
      isSuperAdmin: false,
      institutionIds: [inst.id],
      memberships: [{ institutionId: inst.id, roles: ['Technician'] }],
    });
    const { permissions } = (body.account as { memberships: { permissions: string[] }[] }).memberships[0];
    expect(permissions).toContain('results.enter');
    expect(permissions).not.toContain('results.release');
  });

  it('accepts the spec spelling of keys and path in any case', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const res = await t.call('POST', '/api/authentication/LOGIN', {
      body: { UserName: acc.email, Password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password or unknown user with 401 and the spec message', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    for (const body of [
      { userName: acc.email, password: 'wrong' },
      { userName: 'nobody@lab.test', password: PASSWORD },
      {},
    ]) {
      const res = await t.call('POST', '/api/Authentication/login', { body, address: '10.1.1.1' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(json(res)).toMatchObject({ code: 'auth.invalid_credentials', title: 'Incorrect username or password.' });
    }
  });

  it('refuses a disabled account', async () => {
    const admin = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [inst.id] });
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const token = await login(t, admin.email);
    expect((await t.call('POST', `/api/users/${acc.id}/disable`, { token })).statusCode).toBe(200);
    const res = await t.call('POST', '/api/Authentication/login', {
      body: { userName: acc.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    // The same answer as a wrong password: a sign-in does not tell which accounts exist or are disabled.
    expect(json(res)).toMatchObject({ code: 'auth.invalid_credentials', type: 'about:blank#auth.invalid_credentials' });
  });
});

describe('throttling (docs/decisions/0002)', () => {
  const attempt = (userName: string, password: string, address: string) =>
    t.call('POST', '/api/Authentication/login', { body: { userName, password }, address });

  it('5 wrong passwords from one address block that address for the account, not the right password from another', async () => {
    const acc = await createAccount(t, { roles: ['Super Administrator'], institutionIds: [inst.id] });
    for (let i = 0; i < 5; i++) expect((await attempt(acc.email, 'nope', '10.2.0.1')).statusCode).toBe(401);
    const blocked = await attempt(acc.email, PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toMatchObject({
      code: 'auth.throttled',
      title: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    expect((await attempt(acc.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('the blocked pair may try again once its oldest failure leaves the window', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    for (let i = 0; i < 5; i++) await attempt(acc.email, 'nope', '10.2.1.1');
    t.clock.now = new Date(start.getTime() + 15 * 60_000 + 1000);
    expect((await attempt(acc.email, PASSWORD, '10.2.1.1')).statusCode).toBe(200);
    t.clock.now = new Date();
  });

  it('past the per-account limit, attempts are slowed with Retry-After, and the right password works after the wait', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    for (let i = 0; i < 50; i++)
      expect((await attempt(acc.email, 'nope', `10.4.${Math.floor(i / 4)}.${i % 4}`)).statusCode).toBe(401);
    const slowed = await attempt(acc.email, PASSWORD, '10.4.99.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('30');
    expect(json(slowed).title).toBe('Too many failed sign-in attempts. Try again in 30 seconds.');
    t.clock.now = new Date(start.getTime() + 30_000);
    expect((await attempt(acc.email, PASSWORD, '10.4.99.1')).statusCode).toBe(200);
    t.clock.now = new Date();
  });

  it('20 failures from one address for other accounts do not block a different user behind it', async () => {
    for (let i = 0; i < 20; i++) await attempt(`guess${i}@lab.test`, 'x', '10.3.3.3');
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    expect((await attempt(acc.email, PASSWORD, '10.3.3.3')).statusCode).toBe(200);
  });

  it('an address past its wide limit is slowed, not locked', async () => {
    const tight = await testApp({ LOGIN_ADDRESS_MAX_FAILURES: '3', LOGIN_SLOWDOWN_SECONDS: '5' });
    const acc = await createAccount(tight, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    tight.clock.now = start;
    for (let i = 0; i < 3; i++)
      await tight.call('POST', '/api/Authentication/login', {
        body: { userName: `n${i}@lab.test`, password: 'x' },
        address: '10.5.5.5',
      });
    const slowed = await tight.call('POST', '/api/Authentication/login', {
      body: { userName: acc.email, password: PASSWORD },
      address: '10.5.5.5',
    });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('5');
    tight.clock.now = new Date(start.getTime() + 5000);
    expect(
      (
        await tight.call('POST', '/api/Authentication/login', {
          body: { userName: acc.email, password: PASSWORD },
          address: '10.5.5.5',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('401 without a token, with a bad token, and after logout', async () => {
    expect((await t.call('GET', '/api/Authentication/me')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/Authentication/me', { token: 'not-a-token' })).statusCode).toBe(401);
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const token = await login(t, acc.email);
    expect((await t.call('GET', '/api/Authentication/me', { token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/Authentication/logout', { token })).statusCode).toBe(204);
    const after = await t.call('GET', '/api/Authentication/me', { token });
    expect(after.statusCode).toBe(401);
    expect(json(after).title).toMatch(/session has expired|not signed in/);
  });

  it('a short session expires after 12 hours; "stay logged in" lasts 30 days', async () => {
    // The idle limit is set out of the way here: this test is about the absolute expiry.
    const t = await testApp({ SESSION_IDLE_MINUTES: String(60 * 24 * 60) });
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    // The web warns before the idle limit, so the account answer says what the limit is.
    const me = json(await t.call('GET', '/api/Authentication/me', { token: await login(t, acc.email) }));
    expect(me.sessionIdleMinutes).toBe(60 * 24 * 60);
    const start = new Date();
    t.clock.now = start;
    const short = await login(t, acc.email, PASSWORD, false);
    const long = await login(t, acc.email, PASSWORD, true);
    t.clock.now = new Date(start.getTime() + 13 * 3_600_000);
    expect((await t.call('GET', '/api/Authentication/me', { token: short })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/Authentication/me', { token: long })).statusCode).toBe(200);
    t.clock.now = new Date(start.getTime() + 31 * 24 * 3_600_000);
    const expired = await t.call('GET', '/api/Authentication/me', { token: long });
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toMatchObject({
      code: 'auth.session_expired',
      title: 'Your session has expired. Sign in again.',
    });
  });

  it('a login that does not ask to stay logged in lasts 12 hours', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const res = await t.call('POST', '/api/Authentication/login', {
      body: { userName: acc.email, password: PASSWORD },
    });
    expect(new Date(json<{ expiresAt: string }>(res).expiresAt).getTime() - t.clock.now.getTime()).toBe(12 * 3_600_000);
  });

  it('a session ends after 30 minutes without a request; activity keeps it alive', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    const token = await login(t, acc.email, PASSWORD, true);
    for (const minutes of [20, 40, 60]) {
      t.clock.now = new Date(start.getTime() + minutes * 60_000);
      expect((await t.call('GET', '/api/Authentication/me', { token })).statusCode).toBe(200);
    }
    t.clock.now = new Date(start.getTime() + 91 * 60_000);
    const idle = await t.call('GET', '/api/Authentication/me', { token });
    expect(idle.statusCode).toBe(401);
    expect(json(idle)).toMatchObject({
      code: 'auth.session_idle',
      title: 'Your session ended after 30 minutes without activity. Sign in again.',
    });
    t.clock.now = new Date();
  });

  it('API answers are never cached', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.call('POST', '/api/Authentication/login', { body: {} })).headers['cache-control']).toBe('no-store');
  });
});
