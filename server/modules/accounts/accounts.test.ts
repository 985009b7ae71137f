import { describe, expect, it } from 'vitest';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD, signedIn, unique } from '../../test/factories';

const t = await testApp();

const newUser = (institutionId: number, over: Record<string, unknown> = {}) => ({
  FirstName: 'Abebe',
  LastName: unique('Kebede'),
  Email: `${unique('tech').replace(' ', '.')}@lab.test`,
  Password: 'Pipette-2026',
  ConfirmPassword: 'Pipette-2026',
  PhoneNumber: '+251911000000',
  Roles: ['Technician'],
  InstitutionId: institutionId,
  ...over,
});

describe('accounts', () => {
  it('an administrator creates an account with a role; it signs in and is refused what its role does not allow', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const body = newUser(institution.id);
    const res = await t.call('POST', '/api/users', { token, body });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      firstName: 'Abebe',
      email: body.Email,
      isSuperAdmin: false,
      institutions: [{ id: institution.id, roles: ['Technician'] }],
    });
    expect(res.body).not.toContain('password');
    const techToken = await login(t, body.Email, 'Pipette-2026');
    expect((await t.call('GET', '/api/users', { token: techToken })).statusCode).toBe(403);
    expect(
      (
        await t.call('POST', `/api/institutions/${institution.id}/institutionSites`, {
          token: techToken,
          body: { title: 'X', address: 'Y' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/institutions/${institution.id}/institutionSites`, { token: techToken })).statusCode,
    ).toBe(200);
  });

  it('validates every field with the spec messages and checks the confirmation', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const res = await t.call('POST', '/api/users', { token, body: { InstitutionId: institution.id, Roles: [] } });
    expect(res.statusCode).toBe(400);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    expect(errors.firstName).toEqual(['*required']);
    expect(errors.roles).toEqual(['*Required']);
    const mismatch = await t.call('POST', '/api/users', {
      token,
      body: newUser(institution.id, { ConfirmPassword: 'Other-2026-x' }),
    });
    expect(json<{ errors: Record<string, string[]> }>(mismatch).errors.confirmPassword).toEqual([
      'Passwords do not match',
    ]);
  });

  it('refuses a duplicate e-mail (409) and an institution the administrator does not belong to (404)', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const body = newUser(institution.id);
    expect((await t.call('POST', '/api/users', { token, body })).statusCode).toBe(201);
    const dup = await t.call('POST', '/api/users', { token, body: { ...body, Email: body.Email.toUpperCase() } });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).title).toBe('An account with this e-mail already exists.');
    const other = await createInstitution(t);
    expect((await t.call('POST', '/api/users', { token, body: newUser(other.id) })).statusCode).toBe(404);
  });

  it('only a Super Administrator grants Super Administrator', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const res = await t.call('POST', '/api/users', {
      token,
      body: newUser(institution.id, { Roles: ['Super Administrator'] }),
    });
    expect(res.statusCode).toBe(403);
  });

  it("lists and searches only accounts of the administrator's institutions, paged", async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const mine = await createAccount(t, {
      roles: ['Clinician'],
      institutionIds: [institution.id],
      email: `${unique('findme').replace(' ', '')}@lab.test`,
    });
    const other = await createInstitution(t);
    const stranger = await createAccount(t, { roles: ['Clinician'], institutionIds: [other.id] });
    const all = await t.call('GET', '/api/users?PageSize=100', { token });
    const ids = json<{ id: number }[]>(all).map((u) => u.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(stranger.id);
    expect(pagination(all).TotalCount).toBe(2);
    const found = await t.call('GET', `/api/users?SearchTerm=${mine.email.slice(0, 10)}`, { token });
    expect(json<{ id: number }[]>(found).map((u) => u.id)).toEqual([mine.id]);
    expect((await t.call('GET', `/api/users/${stranger.id}`, { token })).statusCode).toBe(404);
  });

  it("overwrites a password only with the administrator's own password, and signs the account out", async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const user = await createAccount(t, { roles: ['Technician'], institutionIds: [institution.id] });
    const userToken = await login(t, user.email);
    const wrong = await t.call('POST', '/api/users/overwritepassword', {
      token,
      body: { User: user.email, NewPassword: 'Fresh-Pass-1', AdminPassword: 'wrong' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).title).toBe('Your administrator password is incorrect.');
    const badOld = await t.call('POST', '/api/users/overwritepassword', {
      token,
      body: { User: user.id, OldPassword: 'not-it', NewPassword: 'Fresh-Pass-1', AdminPassword: PASSWORD },
    });
    expect(json(badOld).title).toBe('The old password is incorrect.');
    const ok = await t.call('POST', '/api/users/overwritepassword', {
      token,
      body: { User: user.email, NewPassword: 'Fresh-Pass-1', AdminPassword: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', '/api/Authentication/me', { token: userToken })).statusCode).toBe(401);
    await login(t, user.email, 'Fresh-Pass-1');
  });

  it('adds a membership in a second institution, changes roles, disables and enables', async () => {
    const { token: superToken } = await signedIn(t, ['Super Administrator']);
    const a = await createInstitution(t);
    const b = await createInstitution(t);
    const user = await createAccount(t, { roles: ['Technician'], institutionIds: [a.id] });
    const added = await t.call('POST', `/api/users/${user.id}/institutions`, {
      token: superToken,
      body: { institutionId: b.id, roles: ['Technician'] },
    });
    expect(
      json<{ institutions: { id: number }[] }>(added)
        .institutions.map((i) => i.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const unstamped = await t.call('PUT', `/api/users/${user.id}/roles`, {
      token: superToken,
      body: { institutionId: b.id, roles: ['Bench Scientist'] },
    });
    expect(unstamped.statusCode).toBe(400); // the account's concurrency stamp is required
    expect(json<{ errors: Record<string, string[]> }>(unstamped).errors.concurrencyStamp).toBeDefined();
    const stamp = json<{ concurrencyStamp: string }>(added).concurrencyStamp;
    const roles = await t.call('PUT', `/api/users/${user.id}/roles`, {
      token: superToken,
      body: { institutionId: b.id, roles: ['Bench Scientist'], concurrencyStamp: stamp },
    });
    expect(roles.statusCode).toBe(200);
    const stale = await t.call('PUT', `/api/users/${user.id}/roles`, {
      token: superToken,
      body: { institutionId: b.id, roles: ['Technician'], concurrencyStamp: stamp },
    });
    expect(stale.statusCode).toBe(409); // the stamp changed with the edit: someone else's change is never overwritten
    expect(
      json<{ institutions: { id: number; roles: string[] }[] }>(roles).institutions.find((i) => i.id === b.id)?.roles,
    ).toEqual(['Bench Scientist']);
    const userToken = await login(t, user.email);
    const me = json<{ institutionIds: number[]; memberships: { institutionId: number; permissions: string[] }[] }>(
      await t.call('GET', '/api/Authentication/me', { token: userToken }),
    );
    expect(me.institutionIds.sort()).toEqual([a.id, b.id].sort());
    expect(me.memberships.find((m) => m.institutionId === b.id)?.permissions).toContain('results.release');
    expect(me.memberships.find((m) => m.institutionId === a.id)?.permissions).not.toContain('results.release');
    expect(json(await t.call('POST', `/api/users/${user.id}/disable`, { token: superToken })).isEnabled).toBe(false);
    expect((await t.call('GET', '/api/Authentication/me', { token: userToken })).statusCode).toBe(401);
    expect(json(await t.call('POST', `/api/users/${user.id}/enable`, { token: superToken })).isEnabled).toBe(true);
  });

  it('a Researcher reads nothing of accounts and changes nothing (403)', async () => {
    const { institution, token } = await signedIn(t, ['Researcher']);
    expect((await t.call('GET', '/api/users', { token })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/users', { token, body: newUser(institution.id) })).statusCode).toBe(403);
    expect(
      (
        await t.call('POST', '/api/users/overwritepassword', {
          token,
          body: { User: 1, NewPassword: 'Fresh-Pass-12', AdminPassword: PASSWORD },
        })
      ).statusCode,
    ).toBe(403);
  });
});
