import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD } from '../../test/factories';

// issue 26 item 10: idleness is counted from the last request, not from a last-seen written once a minute.

const t = await testApp({ SESSION_IDLE_MINUTES: '1' });
const inst = await createInstitution(t);
const t30 = await testApp();
const inst30 = await createInstitution(t30);

describe('idle timeout with SESSION_IDLE_MINUTES=1', () => {
  const me = (token: string) => t.call('GET', '/api/Authentication/me', { token });

  it('a client calling every 10 s for 3 minutes stays signed in; 61 s of silence then ends the session', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    const token = await login(t, acc.email, PASSWORD, true);
    for (let s = 10; s <= 180; s += 10) {
      t.clock.now = new Date(start.getTime() + s * 1000);
      expect((await me(token)).statusCode, `request at ${s} s`).toBe(200);
    }
    t.clock.now = new Date(start.getTime() + 241_000);
    const idle = await me(token);
    expect(idle.statusCode).toBe(401);
    // One minute, not '1 minutes'.
    expect(json(idle)).toMatchObject({
      code: 'auth.session_idle',
      title: 'Your session ended after 1 minute without activity. Sign in again.',
    });
  });

  it('uneven requests (every 7, 23, 59 s) never end a session that had a request within the last minute', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    const token = await login(t, acc.email, PASSWORD, true);
    let at = 0;
    for (const gap of [7, 23, 59, 1, 59, 30, 59.9, 5, 59.5]) {
      at += gap * 1000;
      t.clock.now = new Date(start.getTime() + at);
      expect((await me(token)).statusCode, `request at ${at} ms`).toBe(200);
    }
    t.clock.now = new Date(start.getTime() + at + 61_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a silent session ends 61 s after sign-in', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const start = new Date();
    t.clock.now = start;
    const token = await login(t, acc.email, PASSWORD, true);
    t.clock.now = new Date(start.getTime() + 59_000);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.now = new Date(start.getTime() + 59_000 + 61_000);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('idle timeout with the default 30 minutes', () => {
  it('a request every 29 minutes keeps the session; 31 minutes of silence end it (plural wording)', async () => {
    const acc = await createAccount(t30, { roles: ['Researcher'], institutionIds: [inst30.id] });
    const start = new Date();
    t30.clock.now = start;
    const token = await login(t30, acc.email, PASSWORD, true);
    for (const m of [29, 58, 87]) {
      t30.clock.now = new Date(start.getTime() + m * 60_000);
      expect((await t30.call('GET', '/api/Authentication/me', { token })).statusCode).toBe(200);
    }
    t30.clock.now = new Date(start.getTime() + (87 + 31) * 60_000);
    const idle = await t30.call('GET', '/api/Authentication/me', { token });
    expect(json(idle).title).toBe('Your session ended after 30 minutes without activity. Sign in again.');
  });
});
