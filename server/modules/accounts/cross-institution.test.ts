import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD } from '../../test/factories';

const t = await testApp();

type UserBody = {
  institutions: { id: number; roles: string[] }[];
  otherInstitutionCount: number;
  concurrencyStamp: string;
};

/** The account's current concurrency stamp, which every roles or Super Administrator edit must carry. */
const stampOf = async (id: number, token: string) =>
  json<UserBody>(await t.call('GET', `/api/users/${id}`, { token })).concurrencyStamp;

/** Institutions A and B, an administrator of B only, and a Technician belonging to both. */
async function sharedAccount() {
  const a = await createInstitution(t);
  const b = await createInstitution(t);
  const adminB = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [b.id] });
  const shared = await createAccount(t, { roles: ['Technician'], institutionIds: [a.id, b.id] });
  return { a, b, adminB, shared, tokenB: await login(t, adminB.email) };
}

describe('no cross-institution control through a shared account', () => {
  it("an administrator of B cannot change the roles of the account's membership in A", async () => {
    const { a, shared, tokenB } = await sharedAccount();
    const res = await t.call('PUT', `/api/users/${shared.id}/roles`, {
      token: tokenB,
      body: { institutionId: a.id, roles: ['Administrator'], concurrencyStamp: shared.concurrencyStamp },
    });
    expect(res.statusCode).toBe(404); // B's administrator does not belong to A: A stays unconfirmed
    const me = json<{ memberships: { institutionId: number; roles: string[] }[] }>(
      await t.call('GET', '/api/Authentication/me', { token: await login(t, shared.email) }),
    );
    expect(me.memberships.find((m) => m.institutionId === a.id)?.roles).toEqual(['Technician']);
  });

  it('a role granted in B gives nothing in A', async () => {
    const { a, b, shared, tokenB } = await sharedAccount();
    const res = await t.call('PUT', `/api/users/${shared.id}/roles`, {
      token: tokenB,
      body: { institutionId: b.id, roles: ['Administrator'], concurrencyStamp: await stampOf(shared.id, tokenB) },
    });
    expect(res.statusCode).toBe(200);
    expect(json<UserBody>(res).institutions).toEqual([{ id: b.id, title: b.title, roles: ['Administrator'] }]);
    const token = await login(t, shared.email);
    const site = { title: 'Annex', address: '1 Road' };
    expect((await t.call('POST', `/api/institutions/${b.id}/institutionSites`, { token, body: site })).statusCode).toBe(
      201,
    );
    expect((await t.call('POST', `/api/institutions/${a.id}/institutionSites`, { token, body: site })).statusCode).toBe(
      403,
    );
    expect((await t.call('GET', `/api/users?institutionId=${a.id}`, { token })).statusCode).toBe(403);
    expect(
      (await t.call('PUT', `/api/institutions/${a.id}`, { token, body: { title: 'Taken over', address: 'x' } }))
        .statusCode,
    ).toBe(403);
  });

  it('an administrator of B may not overwrite the password of, disable or enable an account that also belongs to A', async () => {
    const { shared, tokenB } = await sharedAccount();
    const pw = await t.call('POST', '/api/users/overwritepassword', {
      token: tokenB,
      body: { User: shared.id, NewPassword: 'Taken-Over-1', AdminPassword: PASSWORD },
    });
    expect(pw.statusCode).toBe(403);
    expect(json(pw)).toMatchObject({
      code: 'accounts.other_institution',
      title: expect.stringMatching(/institution you do not administer/),
    });
    expect((await t.call('POST', `/api/users/${shared.id}/disable`, { token: tokenB })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/users/${shared.id}/enable`, { token: tokenB })).statusCode).toBe(403);
    await login(t, shared.email); // the password is unchanged and the account enabled
  });

  it('an administrator of B sees the account but not its membership in A', async () => {
    const { a, b, shared, tokenB } = await sharedAccount();
    const one = json<UserBody>(await t.call('GET', `/api/users/${shared.id}`, { token: tokenB }));
    expect(one.institutions.map((i) => i.id)).toEqual([b.id]);
    expect(one.otherInstitutionCount).toBe(1);
    const list = await t.call('GET', `/api/users?PageSize=100&institutionId=${b.id}`, { token: tokenB });
    const row = json<(UserBody & { id: number })[]>(list).find((u) => u.id === shared.id);
    expect(row?.institutions.map((i) => i.id)).toEqual([b.id]);
    expect(list.body).not.toContain(a.title);
  });

  it('an account administered in every institution it belongs to is fully managed; adding a membership needs administering its institution', async () => {
    const { a, b, shared } = await sharedAccount();
    const both = await createAccount(t, { roles: ['Administrator'], institutionIds: [a.id, b.id] });
    const token = await login(t, both.email);
    expect((await t.call('POST', `/api/users/${shared.id}/disable`, { token })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/users/${shared.id}/enable`, { token })).statusCode).toBe(200);
    const c = await createInstitution(t);
    expect(
      (
        await t.call('POST', `/api/users/${shared.id}/institutions`, {
          token,
          body: { institutionId: c.id, roles: ['Technician'] },
        })
      ).statusCode,
    ).toBe(404);
    const siteAdminA = await createAccount(t, {
      roles: ['Administrator'],
      rolesIn: { [a.id]: ['Site Administrator'] },
      institutionIds: [a.id, b.id],
    });
    const res = await t.call('POST', `/api/users/${shared.id}/institutions`, {
      token: await login(t, siteAdminA.email),
      body: { institutionId: a.id, roles: ['Technician'] },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res).title).toBe('You may manage accounts only in institutions you administer.');
  });

  it('a Super Administrator does all of it, and only a Super Administrator grants Super Administrator', async () => {
    const { a, shared, tokenB } = await sharedAccount();
    const su = await createAccount(t, { roles: ['Super Administrator'], institutionIds: [] });
    const token = await login(t, su.email);
    expect(
      (
        await t.call('PUT', `/api/users/${shared.id}/roles`, {
          token,
          body: { institutionId: a.id, roles: ['Bench Scientist'], concurrencyStamp: shared.concurrencyStamp },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call('POST', '/api/users/overwritepassword', {
          token,
          body: { User: shared.id, NewPassword: 'Reset-By-Super-1', AdminPassword: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call('POST', `/api/users/${shared.id}/disable`, { token })).statusCode).toBe(200);
    const stamp = await stampOf(shared.id, token);
    expect(
      (
        await t.call('PUT', `/api/users/${shared.id}/superAdmin`, {
          token: tokenB,
          body: { isSuperAdmin: true, concurrencyStamp: stamp },
        })
      ).statusCode,
    ).toBe(403);
    const granted = await t.call('PUT', `/api/users/${shared.id}/superAdmin`, {
      token,
      body: { isSuperAdmin: true, concurrencyStamp: stamp },
    });
    expect(granted.statusCode).toBe(200);
    expect(json(granted).isSuperAdmin).toBe(true);
    const memberRoles = await t.call('PUT', `/api/users/${shared.id}/roles`, {
      token,
      body: {
        institutionId: a.id,
        roles: ['Super Administrator'],
        concurrencyStamp: json<UserBody>(granted).concurrencyStamp,
      },
    });
    expect(memberRoles.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(memberRoles).errors)).toEqual(['roles.0']); // refused for the role, not the stamp
  });

  it('every membership change is audited in its institution', async () => {
    const { b, shared, tokenB } = await sharedAccount();
    const res = await t.call('PUT', `/api/users/${shared.id}/roles`, {
      token: tokenB,
      body: { institutionId: b.id, roles: ['Clinician'], concurrencyStamp: shared.concurrencyStamp },
    });
    expect(res.statusCode).toBe(200);
    const events = json<{ entityId: string; action: string; after: { roles: string[] } }[]>(
      await t.call('GET', `/api/institutions/${b.id}/auditEvents?entity=account&entityId=${shared.id}`, {
        token: tokenB,
      }),
    );
    expect(events[0]).toMatchObject({ action: 'roles_change', after: { roles: ['Clinician'] } });
  });
});
