import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD } from '../../test/factories';

const t = await testApp();
const inst = await createInstitution(t);

describe('sign in', () => {
  it('returns a token, its expiry and the account with roles and permissions', async () => {
    const acc = await createAccount(t, { roles: ['Technician'], institutionIds: [inst.id] });
    const res = await t.call('POST', '/api/Authentication/login', { body: { userName: acc.email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(typeof body.token).toBe('string');
    expect(body.account).toMatchObject({ email: acc.email, isSuperAdmin: false, institutionIds: [inst.id], memberships: [{ institutionId: inst.id, roles: ['Technician'] }] });
    const { permissions } = (body.account as { memberships: { permissions: string[] }[] }).memberships[0];
    expect(permissions).toContain('results.enter');
    expect(permissions).not.toContain('results.release');
  });

  it('accepts the spec spelling of keys and path in any case', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const res = await t.call('POST', '/api/authentication/LOGIN', { body: { UserName: acc.email, Password: PASSWORD } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password or unknown user with 401 and the spec message', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    for (const body of [{ userName: acc.email, password: 'wrong' }, { userName: 'nobody@lab.test', password: PASSWORD }, {}]) {
      const res = await t.call('POST', '/api/Authentication/login', { body, address: '10.1.1.1' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(json(res).title).toBe('Incorrect username or password.');
    }
  });

  it('refuses a disabled account', async () => {
    const admin = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [inst.id] });
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const token = await login(t, admin.email);
    expect((await t.call('POST', `/api/users/${acc.id}/disable`, { token })).statusCode).toBe(200);
    const res = await t.call('POST', '/api/Authentication/login', { body: { userName: acc.email, password: PASSWORD } });
    expect(res.statusCode).toBe(401);
  });

  it('throttles repeated failures per account with 429, even for the right password', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/Authentication/login', { body: { userName: acc.email, password: 'nope' }, address: `10.2.0.${i}` });
      expect(r.statusCode).toBe(401);
    }
    const res = await t.call('POST', '/api/Authentication/login', { body: { userName: acc.email, password: PASSWORD }, address: '10.2.0.99' });
    expect(res.statusCode).toBe(429);
    expect(json(res).title).toMatch(/Too many failed sign-in attempts/);
  });

  it('throttles repeated failures per address across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      await t.call('POST', '/api/Authentication/login', { body: { userName: `guess${i}@lab.test`, password: 'x' }, address: '10.3.3.3' });
    }
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const res = await t.call('POST', '/api/Authentication/login', { body: { userName: acc.email, password: PASSWORD }, address: '10.3.3.3' });
    expect(res.statusCode).toBe(429);
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
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    const short = await login(t, acc.email, PASSWORD, false);
    const long = await login(t, acc.email, PASSWORD, true);
    t.clock.now = new Date(start.getTime() + 13 * 3_600_000);
    expect((await t.call('GET', '/api/Authentication/me', { token: short })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/Authentication/me', { token: long })).statusCode).toBe(200);
    t.clock.now = new Date(start.getTime() + 31 * 24 * 3_600_000);
    expect((await t.call('GET', '/api/Authentication/me', { token: long })).statusCode).toBe(401);
    t.clock.now = new Date();
  });
});
