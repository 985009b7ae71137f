// Issue 26 item 11: no account-existence oracle across institutions. An administrator of B who creates an
// account with the e-mail (or user name) of an account B cannot see gets the same answer as for a new
// e-mail; the existing account is invited instead, and only its holder's acceptance makes it a member of B.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD, unique } from '../../test/factories';

const t = await testApp();

type UserBody = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  phoneNumber: string;
  isSuperAdmin: boolean;
  isEnabled: boolean;
  institutions: { id: number; title: string; roles: string[] }[];
  otherInstitutionCount: number;
  concurrencyStamp: string;
  creatorAccount: unknown;
  enablerAccount: unknown;
};
type InvitationBody = {
  id: number;
  firstName: string;
  lastName: string;
  institutions: { id: number; title: string; roles: string[] }[];
  invitedBy: { firstName: string; lastName: string } | null;
};

const typed = (institutionId: number, email: string, over: Record<string, unknown> = {}) => ({
  FirstName: 'Typed',
  LastName: unique('ByB'),
  Email: email,
  Password: 'Pipette-Nile-2026',
  ConfirmPassword: 'Pipette-Nile-2026',
  PhoneNumber: '+251911222333',
  Roles: ['Technician', 'Clinician'],
  InstitutionId: institutionId,
  ...over,
});
const freshEmail = () => `${unique('new').replace(/\W/g, '')}@b.test`.toLowerCase();

/** Institutions A, B and C; Alice belongs to A only (her own name and phone), administrators of B and C. */
async function world() {
  const a = await createInstitution(t);
  const b = await createInstitution(t);
  const c = await createInstitution(t);
  const alice = await createAccount(t, {
    roles: ['Technician'],
    institutionIds: [a.id],
    email: `${unique('alice').replace(/\W/g, '')}@a.test`,
  });
  await t.db.execute(
    sql`update accounts set first_name = 'Alicia', last_name = 'Secretname', phone_number = '+15559876543' where id = ${alice.id}`,
  );
  const adminB = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [b.id] });
  const adminC = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [c.id] });
  return { a, b, c, alice, tokenB: await login(t, adminB.email), tokenC: await login(t, adminC.email) };
}

/** What must be equal between the answer for a new e-mail and one that exists elsewhere (values B typed aside). */
const shapeOf = (u: UserBody, b: { id: number }) => ({
  keys: Object.keys(u).sort(),
  isSuperAdmin: u.isSuperAdmin,
  isEnabled: u.isEnabled,
  otherInstitutionCount: u.otherInstitutionCount,
  institutions: u.institutions.map((i) => ({ ...i, id: i.id === b.id ? 'B' : i.id })),
  userNameIsEmail: u.userName === u.email,
  creator: JSON.stringify(u.creatorAccount),
  enabler: JSON.stringify(u.enablerAccount),
});

describe('creating an account whose e-mail exists in another institution', () => {
  it('answers exactly as for a new e-mail: status, body shape, a fresh id, only what B typed', async () => {
    const { b, alice, tokenB } = await world();
    const fresh = await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, freshEmail()) });
    const existing = await t.call('POST', '/api/users', {
      token: tokenB,
      body: typed(b.id, alice.email.toUpperCase()),
    });
    expect(fresh.statusCode).toBe(201);
    expect(existing.statusCode).toBe(201);
    expect(existing.headers['content-type']).toBe(fresh.headers['content-type']);
    const [f, e] = [json<UserBody>(fresh), json<UserBody>(existing)];
    expect(shapeOf(e, b)).toEqual(shapeOf(f, b));
    expect(e).toMatchObject({
      firstName: 'Typed',
      email: alice.email,
      userName: alice.email,
      phoneNumber: '+251911222333',
      otherInstitutionCount: 0,
    });
    // A fresh id after the new account's: not the existing account's, whose id would say it existed.
    expect(e.id).toBeGreaterThan(f.id);
    expect(e.id).not.toBe(alice.id);
    expect(existing.body).not.toMatch(/Alicia|Secretname|5559876543/);
  });

  it('takes the same time: the password is hashed either way, and the rest is the same few rows', async () => {
    const { b, tokenB } = await world();
    const others = await Promise.all(
      Array.from({ length: 6 }, async () =>
        createAccount(t, { roles: ['Technician'], institutionIds: [(await createInstitution(t)).id] }),
      ),
    );
    const times: Record<'fresh' | 'existing', number[]> = { fresh: [], existing: [] };
    for (const other of others) {
      // Alternating, so a slower moment of a loaded machine hits both alike.
      for (const [kind, email] of [
        ['fresh', freshEmail()],
        ['existing', other.email],
      ] as const) {
        const started = performance.now();
        const res = await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, email) });
        times[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(201);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const [fresh, existing] = [median(times.fresh), median(times.existing)];
    console.info(`medians: new ${fresh.toFixed(1)} ms, existing ${existing.toFixed(1)} ms`);
    expect(
      Math.abs(existing - fresh),
      `medians: new ${fresh.toFixed(1)} ms, existing ${existing.toFixed(1)} ms`,
    ).toBeLessThan(Math.max(25, fresh * 0.5));
  });

  it('a user name that exists elsewhere (with another e-mail) answers the same too', async () => {
    const { b, tokenB } = await world();
    const name = `${unique('bob').replace(/\W/g, '')}@lab.test`.toLowerCase();
    const bob = await createAccount(t, { roles: ['Technician'], institutionIds: [(await createInstitution(t)).id] });
    await t.db.execute(sql`update accounts set user_name = ${name}, email = ${`other-${name}`} where id = ${bob.id}`);
    const fresh = await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, freshEmail()) });
    const taken = await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, name) });
    expect(taken.statusCode).toBe(201);
    expect(shapeOf(json<UserBody>(taken), b)).toEqual(shapeOf(json<UserBody>(fresh), b));
    expect(taken.body).not.toContain(`other-${name}`);
    // Bob keeps signing in with his own password only.
    await login(t, name);
    expect(
      (await t.call('POST', '/api/Authentication/login', { body: { userName: name, password: 'Pipette-Nile-2026' } }))
        .statusCode,
    ).toBe(401);
  });

  it("B sees only what its administrator typed, never the account's own data or other memberships, and manages it the same way", async () => {
    const { a, b, alice, tokenB } = await world();
    const created = json<UserBody>(
      await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) }),
    );
    const list = await t.call('GET', `/api/users?PageSize=100&institutionId=${b.id}`, { token: tokenB });
    const row = json<UserBody[]>(list).find((u) => u.email === alice.email);
    expect(row).toMatchObject({
      id: created.id,
      firstName: 'Typed',
      phoneNumber: '+251911222333',
      otherInstitutionCount: 0,
    });
    expect(list.body).not.toMatch(/Alicia|Secretname|5559876543/);
    expect(list.body).not.toContain(a.title);
    expect(json<UserBody[]>(await t.call('GET', '/api/users?SearchTerm=Secretname', { token: tokenB }))).toEqual([]);
    const one = await t.call('GET', `/api/users/${created.id}`, { token: tokenB });
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toMatch(/Alicia|Secretname|5559876543/);
    expect((await t.call('GET', `/api/users/${alice.id}`, { token: tokenB })).statusCode).toBe(404);
    // Roles, password overwrite (by e-mail as by id), disable and enable answer as for an account B created.
    const roles = await t.call('PUT', `/api/users/${created.id}/roles`, {
      token: tokenB,
      body: { institutionId: b.id, roles: ['Researcher'], concurrencyStamp: created.concurrencyStamp },
    });
    expect(roles.statusCode).toBe(200);
    const pw = await t.call('POST', '/api/users/overwritepassword', {
      token: tokenB,
      body: { User: alice.email, NewPassword: 'Overwritten-By-B-26', AdminPassword: PASSWORD },
    });
    expect(pw.statusCode).toBe(200);
    expect((await t.call('POST', `/api/users/${created.id}/disable`, { token: tokenB })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/users/${created.id}/enable`, { token: tokenB })).statusCode).toBe(200);
    // B's audit log holds what B did, with nothing of A's.
    const events = await t.call(
      'GET',
      `/api/institutions/${b.id}/auditEvents?entity=account&entityId=${created.id}&PageSize=100`,
      { token: tokenB },
    );
    expect(
      json<{ action: string }[]>(events)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['create', 'disable', 'enable', 'password_overwrite', 'roles_change']);
    expect(events.body).not.toMatch(/Alicia|Secretname|5559876543/);
    expect(events.body).not.toMatch(/invit/i);
    expect(events.body, 'the placeholder reads as the account B created').toContain(`"userName":"${alice.email}"`);
  });

  it('a password B typed is never applied to the existing account', async () => {
    const { b, alice, tokenB } = await world();
    await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) });
    await t.call('POST', '/api/users/overwritepassword', {
      token: tokenB,
      body: { User: alice.email, NewPassword: 'Overwritten-By-B-26', AdminPassword: PASSWORD },
    });
    for (const password of ['Pipette-Nile-2026', 'Overwritten-By-B-26']) {
      expect(
        (await t.call('POST', '/api/Authentication/login', { body: { userName: alice.email, password } })).statusCode,
      ).toBe(401);
    }
    await login(t, alice.email);
  });

  it('a duplicate B can already see is still a clear 409', async () => {
    const { b, alice, tokenB } = await world();
    expect((await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) })).statusCode).toBe(
      201,
    );
    const again = await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) });
    expect(again.statusCode).toBe(409);
    expect(json(again).title).toBe('An account with this e-mail already exists.');
    const member = await createAccount(t, { roles: ['Technician'], institutionIds: [b.id] });
    expect((await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, member.email) })).statusCode).toBe(
      409,
    );
  });
});

describe('the invitation, seen by the account holder', () => {
  it('accepting gives the membership in B with the roles B chose; B then sees the account itself', async () => {
    const { b, alice, tokenB } = await world();
    const created = json<UserBody>(
      await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) }),
    );
    const token = await login(t, alice.email);
    const invitations = json<InvitationBody[]>(await t.call('GET', '/api/invitations', { token }));
    expect(invitations).toEqual([
      expect.objectContaining({
        id: created.id,
        firstName: 'Typed',
        institutions: [{ id: b.id, title: b.title, roles: ['Technician', 'Clinician'] }],
      }),
    ]);
    expect(invitations[0].invitedBy).toEqual({ firstName: 'Test', lastName: 'Institution Administrator' });

    const accepted = await t.call('POST', `/api/invitations/${created.id}/accept`, { token });
    expect(accepted.statusCode).toBe(200);
    const me = json<{ memberships: { institutionId: number; roles: string[] }[] }>(
      await t.call('GET', '/api/Authentication/me', { token }),
    );
    expect(me.memberships.find((m) => m.institutionId === b.id)?.roles.sort()).toEqual(['Clinician', 'Technician']);
    expect(json<InvitationBody[]>(await t.call('GET', '/api/invitations', { token }))).toEqual([]);
    // B now sees Alice's own account (she agreed to join), and the pending entry is gone.
    const mine = json<UserBody>(await t.call('GET', `/api/users/${alice.id}`, { token: tokenB }));
    expect(mine).toMatchObject({ firstName: 'Alicia', otherInstitutionCount: 1 });
    expect((await t.call('GET', `/api/users/${created.id}`, { token: tokenB })).statusCode).toBe(404);
    expect(
      json<UserBody[]>(await t.call('GET', `/api/users?PageSize=100&institutionId=${b.id}`, { token: tokenB }))
        .filter((u) => u.email === alice.email)
        .map((u) => u.id),
    ).toEqual([alice.id]);
    // Super Administrator is never carried over; her password is her own.
    expect(mine.isSuperAdmin).toBe(false);
    await login(t, alice.email);
    // Audited in B: the acceptance names the account and the invitation.
    const events = json<{ action: string; after: Record<string, unknown> }[]>(
      await t.call('GET', `/api/institutions/${b.id}/auditEvents?entity=account&entityId=${alice.id}&PageSize=100`, {
        token: tokenB,
      }),
    );
    expect(events.find((e) => e.action === 'accept_invitation')?.after).toMatchObject({
      institutionId: b.id,
      invitationId: created.id,
      roles: ['Technician', 'Clinician'],
    });
  });

  it('the roles B set after the invitation are the ones given; a disabled invitation cannot be accepted', async () => {
    const { b, c, alice, tokenB, tokenC } = await world();
    const fromB = json<UserBody>(await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) }));
    await t.call('PUT', `/api/users/${fromB.id}/roles`, {
      token: tokenB,
      body: { institutionId: b.id, roles: ['Researcher'], concurrencyStamp: fromB.concurrencyStamp },
    });
    const fromC = json<UserBody>(await t.call('POST', '/api/users', { token: tokenC, body: typed(c.id, alice.email) }));
    await t.call('POST', `/api/users/${fromC.id}/disable`, { token: tokenC });
    const token = await login(t, alice.email);
    expect(json<InvitationBody[]>(await t.call('GET', '/api/invitations', { token })).map((i) => i.id)).toEqual([
      fromB.id,
    ]);
    expect((await t.call('POST', `/api/invitations/${fromC.id}/accept`, { token })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/invitations/${fromB.id}/accept`, { token })).statusCode).toBe(200);
    const me = json<{ memberships: { institutionId: number; roles: string[] }[] }>(
      await t.call('GET', '/api/Authentication/me', { token }),
    );
    expect(me.memberships.map((m) => m.institutionId)).not.toContain(c.id);
    expect(me.memberships.find((m) => m.institutionId === b.id)?.roles).toEqual(['Researcher']);
  });

  it('declining leaves nothing: no membership, no entry in B, and it is audited', async () => {
    const { b, alice, tokenB } = await world();
    const created = json<UserBody>(
      await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) }),
    );
    const token = await login(t, alice.email);
    expect((await t.call('POST', `/api/invitations/${created.id}/decline`, { token })).statusCode).toBe(200);
    expect(json<InvitationBody[]>(await t.call('GET', '/api/invitations', { token }))).toEqual([]);
    const me = json<{ institutionIds: number[] }>(await t.call('GET', '/api/Authentication/me', { token }));
    expect(me.institutionIds).not.toContain(b.id);
    expect((await t.call('GET', `/api/users/${created.id}`, { token: tokenB })).statusCode).toBe(404);
    expect(
      json<UserBody[]>(await t.call('GET', `/api/users?PageSize=100&institutionId=${b.id}`, { token: tokenB })).map(
        (u) => u.email,
      ),
    ).not.toContain(alice.email);
    const [{ n }] = (
      (await t.db.execute(sql`select count(*)::int as n from accounts where id = ${created.id}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(n).toBe(0);
    const events = json<{ action: string }[]>(
      await t.call('GET', `/api/institutions/${b.id}/auditEvents?entity=account&entityId=${created.id}&PageSize=100`, {
        token: tokenB,
      }),
    );
    expect(events.map((e) => e.action).sort()).toEqual(['create', 'decline_invitation']);
    // B may invite again after a decline.
    expect((await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) })).statusCode).toBe(
      201,
    );
  });

  it("tenancy: C's administrator neither sees nor accepts B's invitation; nobody but the invited account accepts or declines it", async () => {
    const { b, alice, tokenB, tokenC } = await world();
    const created = json<UserBody>(
      await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) }),
    );
    expect((await t.call('GET', `/api/users/${created.id}`, { token: tokenC })).statusCode).toBe(404);
    expect(
      json<UserBody[]>(await t.call('GET', '/api/users?PageSize=100', { token: tokenC })).map((u) => u.id),
    ).not.toContain(created.id);
    for (const action of ['accept', 'decline']) {
      expect((await t.call('POST', `/api/invitations/${created.id}/${action}`, { token: tokenC })).statusCode).toBe(
        404,
      );
      expect((await t.call('POST', `/api/invitations/${created.id}/${action}`, { token: tokenB })).statusCode).toBe(
        404,
      );
    }
    const other = await createAccount(t, { roles: ['Technician'], institutionIds: [b.id] });
    const otherToken = await login(t, other.email);
    expect(json<InvitationBody[]>(await t.call('GET', '/api/invitations', { token: otherToken }))).toEqual([]);
    expect((await t.call('POST', `/api/invitations/${created.id}/accept`, { token: otherToken })).statusCode).toBe(404);
    expect(
      (await t.call('POST', `/api/invitations/${alice.id}/accept`, { token: await login(t, alice.email) })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/api/invitations')).statusCode).toBe(401);
    // Still pending after all that.
    expect(
      json<InvitationBody[]>(await t.call('GET', '/api/invitations', { token: await login(t, alice.email) })).map(
        (i) => i.id,
      ),
    ).toEqual([created.id]);
  });

  it('an invited account that cannot be signed in to: the placeholder never signs in, whatever B typed', async () => {
    const { b, alice, tokenB } = await world();
    const created = json<UserBody>(
      await t.call('POST', '/api/users', { token: tokenB, body: typed(b.id, alice.email) }),
    );
    const [row] = (
      (await t.db.execute(sql`select user_name from accounts where id = ${created.id}`)) as unknown as {
        rows: { user_name: string }[];
      }
    ).rows;
    expect(
      (
        await t.call('POST', '/api/Authentication/login', {
          body: { userName: row.user_name, password: 'Pipette-Nile-2026' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
