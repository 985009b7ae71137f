import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dataTypes, vitalStatuses } from '../../platform/lookups/lookup.tables';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, createInstitution, login, signedIn, unique } from '../../test/factories';

const t = await testApp();

describe('institutions', () => {
  it('lists only the institutions the account belongs to', async () => {
    const a = await createInstitution(t);
    const b = await createInstitution(t);
    await createInstitution(t);
    const acc = await createAccount(t, { roles: ['Researcher'], institutionIds: [a.id, b.id] });
    const token = await login(t, acc.email);
    const res = await t.call('GET', '/api/institutions?PageSize=50', { token });
    expect(res.statusCode).toBe(200);
    expect(
      json<{ id: number }[]>(res)
        .map((i) => i.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(pagination(res)).toMatchObject({ TotalCount: 2, PageSize: 50, CurrentPage: 1, TotalPages: 1 });
  });

  it('a Super Administrator sees every institution, pages and searches them', async () => {
    const { token } = await signedIn(t, ['Super Administrator']);
    const target = await createInstitution(t, { title: unique('Searchable Biobank') });
    const page = await t.call('GET', '/api/institutions?PageSize=1&PageNumber=2', { token });
    expect(json<unknown[]>(page)).toHaveLength(1);
    expect(pagination(page).TotalCount).toBeGreaterThanOrEqual(3);
    const found = await t.call(
      'GET',
      `/api/institutions?SearchTerm=${encodeURIComponent(target.title.toUpperCase())}`,
      { token },
    );
    expect(json<{ id: number }[]>(found).map((i) => i.id)).toEqual([target.id]);
  });

  it('another institution answers 404, never its data', async () => {
    const { token } = await signedIn(t, ['Institution Administrator']);
    const other = await createInstitution(t);
    const res = await t.call('GET', `/api/institutions/${other.id}`, { token });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(other.title);
    expect(
      (
        await t.call('PUT', `/api/institutions/${other.id}`, {
          token,
          body: { title: 'x', abbreviation: 'x', address: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/api/institutions/${other.id}/institutionSites`, {
          token,
          body: { title: 'x', address: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call('GET', `/api/institutions/${other.id}/auditEvents`, { token })).statusCode).toBe(404);
  });

  it('only a Super Administrator creates an institution, which starts with reference data', async () => {
    const { token: adminToken } = await signedIn(t, ['Institution Administrator']);
    const body = { Title: unique('New Biobank'), Abbreviation: 'NB', Address: '5 Cell Road' };
    expect((await t.call('POST', '/api/institutions', { token: adminToken, body })).statusCode).toBe(403);
    const { token } = await signedIn(t, ['Super Administrator']);
    const res = await t.call('POST', '/api/institutions', { token, body });
    expect(res.statusCode).toBe(201);
    const inst = json(res);
    expect(inst).toMatchObject({
      title: body.Title,
      abbreviation: 'NB',
      isEnabled: true,
      creatorAccount: { firstName: 'Test', lastName: 'Super Administrator' },
    });
    expect(typeof inst.concurrencyStamp).toBe('string');
    const vital = (await t.db
      .select()
      .from(vitalStatuses)
      .where(eq(vitalStatuses.institutionId, Number(inst.id)))) as Record<string, unknown>[];
    expect(vital.map((v) => [v.title, v.isDefault])).toEqual(
      expect.arrayContaining([
        ['Alive', true],
        ['Dead', false],
      ]),
    );
    const types = (await t.db
      .select()
      .from(dataTypes)
      .where(eq(dataTypes.institutionId, Number(inst.id)))) as Record<string, unknown>[];
    expect(types.map((d) => String(d.abbreviation)).sort()).toEqual([
      'CB',
      'CBL',
      'DP',
      'DTP',
      'RL',
      'SL',
      'TA',
      'TB',
      'TP',
    ]);
    const dup = await t.call('POST', '/api/institutions', {
      token,
      body: { ...body, Title: body.Title.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).title).toBe('An institution with this title already exists.');
  });

  it('validates with the spec messages', async () => {
    const { token } = await signedIn(t, ['Super Administrator']);
    const res = await t.call('POST', '/api/institutions', {
      token,
      body: { title: '', abbreviation: 'TOOLONG', address: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      title: ['*required'],
      abbreviation: ['Abbreviation must be 4 characters or less'],
      address: ['*required'],
    });
    expect(json(res).title).toBe('Title: *required');
  });

  it('edits the own institution with a concurrency stamp; a stale stamp is 409', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const current = json(await t.call('GET', `/api/institutions/${institution.id}`, { token }));
    const ok = await t.call('PUT', '/api/institutions', {
      token,
      body: {
        id: institution.id,
        title: unique('Renamed'),
        abbreviation: 'RN',
        address: 'New address',
        concurrencyStamp: current.concurrencyStamp,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).address).toBe('New address');
    const stale = await t.call('PUT', `/api/institutions/${institution.id}`, {
      token,
      body: { title: 'Again', abbreviation: 'AG', address: 'x', concurrencyStamp: current.concurrencyStamp },
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).title).toMatch(/changed by someone else/);
  });

  it('a Researcher may not edit the institution (403)', async () => {
    const { institution, token } = await signedIn(t, ['Researcher']);
    const res = await t.call('PUT', `/api/institutions/${institution.id}`, {
      token,
      body: { title: 'x', abbreviation: 'x', address: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an administrator of B cannot edit A through the id in the body, even as a member of A', async () => {
    const a = await createInstitution(t);
    const b = await createInstitution(t);
    const acc = await createAccount(t, {
      roles: ['Researcher'],
      institutionIds: [a.id, b.id],
      rolesIn: { [b.id]: ['Institution Administrator'] },
    });
    const token = await login(t, acc.email);
    const current = json(await t.call('GET', `/api/institutions/${a.id}`, { token }));
    const body = {
      id: a.id,
      title: unique('Taken over'),
      abbreviation: 'TO',
      address: 'x',
      concurrencyStamp: current.concurrencyStamp,
    };
    expect((await t.call('PUT', '/api/institutions', { token, body })).statusCode).toBe(403);
    expect(json(await t.call('GET', `/api/institutions/${a.id}`, { token })).title).toBe(a.title);
    const own = json(await t.call('GET', `/api/institutions/${b.id}`, { token }));
    expect(
      (
        await t.call('PUT', '/api/institutions', {
          token,
          body: { ...body, id: b.id, concurrencyStamp: own.concurrencyStamp },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('institution sites', () => {
  it('lists the sites of any institution, including one the account does not belong to', async () => {
    const { token } = await signedIn(t, ['Researcher']);
    const other = await createInstitution(t);
    const res = await t.call('GET', `/api/institutions/${other.id}/institutionSites`, { token });
    expect(res.statusCode).toBe(200);
    expect(json<{ title: string }[]>(res).map((s) => s.title)).toEqual(['Main Site']);
    expect((await t.call('GET', '/api/institutions/999999/institutionSites', { token })).statusCode).toBe(404);
  });

  it('creates, edits, disables and enables a site of the own institution', async () => {
    const { institution, token } = await signedIn(t, ['Site Administrator']);
    const base = `/api/institutions/${institution.id}/institutionSites`;
    const created = await t.call('POST', base, {
      token,
      body: { title: 'Satellite Clinic', abbreviation: 'SAT', address: '2 Side Street', institutionId: institution.id },
    });
    expect(created.statusCode).toBe(201);
    const site = json(created);
    const edited = await t.call('PUT', `${base}/${site.id}`, {
      token,
      body: { title: 'Satellite Clinic East', address: '2 Side Street', concurrencyStamp: site.concurrencyStamp },
    });
    expect(json(edited)).toMatchObject({ title: 'Satellite Clinic East', abbreviation: null });
    const disabled = json(await t.call('POST', `${base}/${site.id}/disable`, { token }));
    expect(disabled).toMatchObject({ isEnabled: false, enablerAccount: { firstName: 'Test' } });
    const enabledOnly = json<{ id: number }[]>(await t.call('GET', `${base}?IsEnabled=true`, { token }));
    expect(enabledOnly.map((s) => s.id)).not.toContain(site.id);
    expect(json(await t.call('POST', `${base}/${site.id}/enable`, { token })).isEnabled).toBe(true);
  });

  it('validates the abbreviation length and refuses duplicate titles', async () => {
    const { institution, token } = await signedIn(t, ['Site Administrator']);
    const base = `/api/institutions/${institution.id}/institutionSites`;
    const bad = await t.call('POST', base, { token, body: { title: 'X', abbreviation: 'ABCDE', address: 'Y' } });
    expect(json(bad).errors).toEqual({ abbreviation: ['Abbreviation must be 4 characters or less'] });
    const dup = await t.call('POST', base, { token, body: { title: 'main site', address: 'Y' } });
    expect(dup.statusCode).toBe(409);
  });

  it('a Technician may read but not create sites (403)', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `/api/institutions/${institution.id}/institutionSites`, {
      token,
      body: { title: 'X', address: 'Y' },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res).title).toBe('You need permission to manage institution sites.');
  });
});
