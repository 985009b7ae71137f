import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.table';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD, signedIn, unique } from '../../test/factories';

const t = await testApp();
const inst = await createInstitution(t);

const errorsOf = (res: Awaited<ReturnType<typeof t.call>>) => json<{ errors: Record<string, string[]> }>(res).errors;
const SHORT = 'Short-Pass1';
const COMMON = 'QWERTY123456';

describe('password rules (issue 9)', () => {
  it('account creation refuses a short, a common and an e-mail password with field messages', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const email = `${unique('nurse').replace(' ', '.')}@lab.test`;
    const body = (password: string) => ({
      FirstName: 'Abebe',
      LastName: 'Kebede',
      Email: email,
      Password: password,
      ConfirmPassword: password,
      PhoneNumber: '+251911000000',
      Roles: ['Technician'],
      InstitutionId: institution.id,
    });
    for (const [password, message] of [
      [SHORT, 'Password must be at least 12 characters'],
      [COMMON, 'This password is too common'],
      [email.toUpperCase(), 'Password must not be your e-mail address'],
    ]) {
      const res = await t.call('POST', '/api/users', { token, body: body(password) });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res).password).toEqual([message]);
    }
    expect((await t.call('POST', '/api/users', { token, body: body('Pipette-2026-ok') })).statusCode).toBe(201);
  });

  it("an overwrite refuses a short, a common and the account's e-mail password", async () => {
    const { token } = await signedIn(t, ['Institution Administrator'], inst);
    const user = await createAccount(t, { roles: ['Technician'], institutionIds: [inst.id] });
    for (const [password, message] of [
      [SHORT, 'Password must be at least 12 characters'],
      [COMMON, 'This password is too common'],
      [user.email, 'Password must not be your e-mail address'],
    ]) {
      const res = await t.call('POST', '/api/users/overwritepassword', {
        token,
        body: { User: user.id, NewPassword: password, AdminPassword: PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res).newPassword).toEqual([message]);
    }
  });
});

describe("changing one's own password", () => {
  const change = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/Authentication/changePassword', { token, body });

  it('any account changes its own password with the old one; its other sessions end, this one stays', async () => {
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst.id] });
    const token = await login(t, acc.email);
    const other = await login(t, acc.email);
    const res = await change(token, {
      OldPassword: PASSWORD,
      NewPassword: 'Centrifuge-42-spin',
      ConfirmPassword: 'Centrifuge-42-spin',
    });
    expect(res.statusCode).toBe(204);
    expect((await t.call('GET', '/api/Authentication/me', { token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/Authentication/me', { token: other })).statusCode).toBe(401);
    await login(t, acc.email, 'Centrifuge-42-spin');
    const rows = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'account'), eq(auditEvents.entityId, String(acc.id))));
    expect(rows.map((r) => r.action)).toContain('password_change');
  });

  it('a wrong old password is 400 on the old password field', async () => {
    const acc = await createAccount(t, { roles: ['Technician'], institutionIds: [inst.id] });
    const token = await login(t, acc.email);
    const res = await change(token, {
      OldPassword: 'not-my-password',
      NewPassword: 'Centrifuge-42-spin',
      ConfirmPassword: 'Centrifuge-42-spin',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'auth.old_password_wrong', title: 'The old password is incorrect.' });
    expect(errorsOf(res).oldPassword).toEqual(['The old password is incorrect.']);
    await login(t, acc.email); // unchanged
  });

  it('the new password follows the same rules, and the confirmation must match', async () => {
    const acc = await createAccount(t, { roles: ['Technician'], institutionIds: [inst.id] });
    const token = await login(t, acc.email);
    for (const [password, message] of [
      [SHORT, 'Password must be at least 12 characters'],
      [COMMON, 'This password is too common'],
      [acc.email.split('@')[0], 'Password must not be your e-mail address'],
    ]) {
      const res = await change(token, { OldPassword: PASSWORD, NewPassword: password, ConfirmPassword: password });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res).newPassword).toEqual([message]);
    }
    const mismatch = await change(token, {
      OldPassword: PASSWORD,
      NewPassword: 'Centrifuge-42-spin',
      ConfirmPassword: 'Centrifuge-42-spun',
    });
    expect(errorsOf(mismatch).confirmPassword).toEqual(['Passwords do not match']);
    expect(
      (
        await change('', {
          OldPassword: PASSWORD,
          NewPassword: 'Centrifuge-42-spin',
          ConfirmPassword: 'Centrifuge-42-spin',
        })
      ).statusCode,
    ).toBe(401);
  });
});
