import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { isIP } from 'node:net';
import { loadConfig } from '../../config';
import { auditEvents } from '../../platform/audit.table';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, PASSWORD } from '../../test/factories';
import { loginAttempts } from './auth.table';

// issue 26 item 6: X-Forwarded-For is believed only from the proxies TRUST_PROXY names.

describe('TRUST_PROXY', () => {
  it('takes a list of addresses and CIDRs, and refuses true, hop counts and nonsense at start', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    // Fastify 5.12 trusts nobody for a hop count (it cannot verify the peer): refused rather than silently ignored.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/hop count cannot tell a proxy from a client/);
    // true believed every client: it is refused with the way out in the message.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true .*list the proxies/);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '0', '-1', '1.5', '10.0.0.1,,', 'example.org']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

const t = await testApp({ TRUST_PROXY: '10.0.0.1' });
const inst = await createInstitution(t);

describe('client addresses behind proxies', () => {
  const signIn = (userName: string, password: string, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Authentication/login',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      payload: { userName, password },
    });
  const lastAttempt = async (userName: string) =>
    (
      await t.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.userName, userName))
        .orderBy(desc(loginAttempts.id))
        .limit(1)
    )[0];

  it('a client that is not a trusted proxy cannot choose its address with X-Forwarded-For', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    await signIn(acc.email, 'wrong', '203.0.113.5', '198.51.100.7');
    expect((await lastAttempt(acc.email)).address).toBe('203.0.113.5');
  });

  it('10 spoofed addresses from one client do not get past the per-pair limit', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    for (let i = 0; i < 10; i++) await signIn(acc.email, 'wrong', '203.0.113.6', `198.51.100.${i + 1}`);
    const res = await signIn(acc.email, PASSWORD, '203.0.113.6', '198.51.100.77');
    expect(res.statusCode).toBe(429);
  });

  it("a trusted proxy's X-Forwarded-For gives the client address", async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    await signIn(acc.email, 'wrong', '10.0.0.1', '198.51.100.7');
    expect((await lastAttempt(acc.email)).address).toBe('198.51.100.7');
    // Only the hops it vouches for: what the client put before the proxy's entry is not believed.
    await signIn(acc.email, 'wrong', '10.0.0.1', '192.0.2.1, 198.51.100.8');
    expect((await lastAttempt(acc.email)).address).toBe('198.51.100.8');
  });

  it('junk in X-Forwarded-For is never stored as an address, in attempts or in the audit log', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    for (const junk of ['<script>alert(1)</script>', 'x'.repeat(5000), '198.51.100.7\u0000', '999.1.1.1']) {
      await signIn(acc.email, 'wrong', '10.0.0.1', junk);
      const { address } = await lastAttempt(acc.email);
      expect(isIP(address), address.slice(0, 40)).not.toBe(0);
      expect(address).toBe('10.0.0.1');
    }
    const ok = await signIn(acc.email, PASSWORD, '10.0.0.1', '<script>alert(1)</script>');
    expect(ok.statusCode).toBe(200);
    const rows = await t.db
      .select({ address: auditEvents.address })
      .from(auditEvents)
      .where(eq(auditEvents.entity, 'session'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(rows[0].address).toBe('10.0.0.1');
    // And a signed-in request's audit address (ctx) is cleaned the same way.
    const token = json<{ token: string }>(ok).token;
    await t.app.inject({
      method: 'POST',
      url: '/api/Authentication/logout',
      remoteAddress: '10.0.0.1',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': 'y'.repeat(300) },
    });
    const [logout] = await t.db
      .select({ address: auditEvents.address, action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entity, 'session'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(logout).toEqual({ address: '10.0.0.1', action: 'logout' });
  });
});
