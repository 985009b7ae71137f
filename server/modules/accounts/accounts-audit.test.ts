// Issue 11: every change to an account, and every sign-in, appears in the audit log of each of the
// account's institutions, and no audit row ever holds a password or its hash.
import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { PASSWORD, createAccount, createInstitution, login, signedIn } from '../../test/factories';
import { auditEvents } from '../../platform/audit.table';

const t = await testApp();
const admin = await signedIn(t, ['Institution Administrator']);
const inst = admin.institution.id;
const NEW_PASSWORD = 'Centrifuge-42-spin';

type Event = {
  entity: string;
  entityId: string | null;
  action: string;
  account: { firstName: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
const eventsOf = async (entity: string, entityId: number | string, instId = inst, token = admin.token) => {
  const res = await t.call(
    'GET',
    `/api/institutions/${instId}/auditEvents?entity=${entity}&entityId=${entityId}&PageSize=100`,
    { token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<Event[]>(res);
};
const actionsOf = async (id: number, instId = inst) => (await eventsOf('account', id, instId)).map((e) => e.action);
const member = () => createAccount(t, { roles: ['Technician'], institutionIds: [inst] });
const userOf = async (id: number) =>
  json<{ concurrencyStamp: string }>(await t.call('GET', `/api/users/${id}`, { token: admin.token }));

describe('account changes in the audit log', () => {
  it('an administrator overwriting a password: "password_overwrite", told apart from an own change', async () => {
    const acc = await member();
    const res = await t.call('POST', '/api/users/overwritepassword', {
      token: admin.token,
      body: { user: acc.id, newPassword: NEW_PASSWORD, adminPassword: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await actionsOf(acc.id)).toContain('password_overwrite');
  });

  it("an account changing its own password: shown in its institution's log (it had no institution before)", async () => {
    const acc = await member();
    const token = await login(t, acc.email);
    const res = await t.call('POST', '/api/Authentication/changePassword', {
      token,
      body: { OldPassword: PASSWORD, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await actionsOf(acc.id)).toContain('password_change');
  });

  it('a role change of one membership: the roles before and after', async () => {
    const acc = await member();
    const res = await t.call('PUT', `/api/users/${acc.id}/roles`, {
      token: admin.token,
      body: {
        institutionId: inst,
        roles: ['Clinician', 'Technician'],
        concurrencyStamp: (await userOf(acc.id)).concurrencyStamp,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [change] = (await eventsOf('account', acc.id)).filter((e) => e.action === 'roles_change');
    expect(change.before?.roles).toEqual(['Technician']);
    expect(change.after?.roles).toEqual(['Clinician', 'Technician']);
  });

  it('adding a membership: in the log of the institution joined', async () => {
    const acc = await member();
    const second = await createInstitution(t);
    const adminOfBoth = await createAccount(t, {
      roles: ['Institution Administrator'],
      institutionIds: [inst, second.id],
    });
    const token = await login(t, adminOfBoth.email);
    const res = await t.call('POST', `/api/users/${acc.id}/institutions`, {
      token,
      body: { institutionId: second.id, roles: ['Researcher'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = await eventsOf('account', acc.id, second.id, token);
    expect(events.map((e) => e.action)).toEqual(['add_institution']);
    expect(events[0].after?.roles).toEqual(['Researcher']);
  });

  it('disabling and enabling an account', async () => {
    const acc = await member();
    expect((await t.call('POST', `/api/users/${acc.id}/disable`, { token: admin.token })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/users/${acc.id}/enable`, { token: admin.token })).statusCode).toBe(200);
    expect(await actionsOf(acc.id)).toEqual(expect.arrayContaining(['disable', 'enable']));
  });

  it('granting Super Administrator: in every institution of the account', async () => {
    const sa = await signedIn(t, ['Super Administrator'], admin.institution);
    const acc = await member();
    const res = await t.call('PUT', `/api/users/${acc.id}/superAdmin`, {
      token: sa.token,
      body: { isSuperAdmin: true, concurrencyStamp: (await userOf(acc.id)).concurrencyStamp },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [update] = (await eventsOf('account', acc.id)).filter((e) => e.action === 'update');
    expect(update.before?.isSuperAdmin).toBe(false);
    expect(update.after?.isSuperAdmin).toBe(true);
  });

  it("signing in and out: in the account's institution's log", async () => {
    const acc = await member();
    const token = await login(t, acc.email);
    expect((await t.call('POST', '/api/Authentication/logout', { token })).statusCode).toBeLessThan(300);
    const res = await t.call('GET', `/api/institutions/${inst}/auditEvents?entity=session&accountId=${acc.id}`, {
      token: admin.token,
    });
    expect(json<Event[]>(res).map((e) => e.action)).toEqual(['logout', 'login']);
  });

  it('no audit row anywhere holds a password, a hash or a token', async () => {
    const acc = await member();
    await t.call('POST', '/api/users/overwritepassword', {
      token: admin.token,
      body: { user: acc.id, newPassword: NEW_PASSWORD, adminPassword: PASSWORD },
    });
    const token = await login(t, acc.email, NEW_PASSWORD);
    await t.call('POST', '/api/Authentication/changePassword', {
      token,
      body: { OldPassword: NEW_PASSWORD, NewPassword: `${NEW_PASSWORD}-2`, ConfirmPassword: `${NEW_PASSWORD}-2` },
    });
    await t.call('POST', '/api/users', {
      token: admin.token,
      body: {
        firstName: 'A',
        lastName: 'B',
        email: `audit-${acc.id}@lab.test`,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        phoneNumber: '0911000000',
        roles: ['Clinician'],
        institutionId: inst,
      },
    });
    const rows = await t.db.select().from(auditEvents);
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(5);
    expect(text).not.toContain(NEW_PASSWORD);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/scrypt|\$argon|passwordHash|password_hash|tokenHash|"token"/i);
  });
});
