import { describe, expect, it } from 'vitest';
import { testApp, json, pagination } from '../../test/harness';
import { signedIn } from '../../test/factories';

const t = await testApp();

type Event = {
  entity: string;
  entityId: string;
  action: string;
  account: { firstName: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

describe('audit log', () => {
  it('records create, update, disable and enable of a site with before and after, filterable by entity and id', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const base = `/api/institutions/${institution.id}/institutionSites`;
    const site = json(await t.call('POST', base, { token, body: { title: 'Cold Room', address: 'Basement' } }));
    const updated = await t.call('PUT', `${base}/${site.id}`, {
      token,
      body: { title: 'Cold Room B', address: 'Basement', concurrencyStamp: site.concurrencyStamp },
    });
    expect(updated.statusCode).toBe(200);
    await t.call('POST', `${base}/${site.id}/disable`, { token });
    await t.call('POST', `${base}/${site.id}/enable`, { token });
    const res = await t.call(
      'GET',
      `/api/institutions/${institution.id}/auditEvents?entity=institutionSite&entityId=${site.id}`,
      { token },
    );
    expect(res.statusCode).toBe(200);
    const events = json<Event[]>(res);
    expect(events.map((e) => e.action)).toEqual(['enable', 'disable', 'update', 'create']);
    expect(pagination(res).TotalCount).toBe(4);
    const update = events[2];
    expect(update.before?.title).toBe('Cold Room');
    expect(update.after?.title).toBe('Cold Room B');
    expect(update.account?.firstName).toBe('Test');
  });

  it('records account creation without any password material', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    await t.call('POST', '/api/users', {
      token,
      body: {
        firstName: 'A',
        lastName: 'B',
        email: `audit${Date.now()}@lab.test`,
        password: 'Secret-Pass-1',
        confirmPassword: 'Secret-Pass-1',
        phoneNumber: '0911000000',
        roles: ['Clinician'],
        institutionId: institution.id,
      },
    });
    const res = await t.call('GET', `/api/institutions/${institution.id}/auditEvents?entity=account`, { token });
    const events = json<Event[]>(res);
    expect(events[0].action).toBe('create');
    expect(JSON.stringify(events)).not.toMatch(/scrypt|Secret-Pass|passwordHash/);
  });

  it('is readable by administrators only (403 for a Technician)', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    expect((await t.call('GET', `/api/institutions/${institution.id}/auditEvents`, { token })).statusCode).toBe(403);
  });
});
