// One parameterised suite runs the CRUD contract for every registry entity (STYLE.md: twenty's generic specs).
import { describe, expect, it } from 'vitest';
import { LOOKUPS, uniqueFields } from '../../../contract/lookups.registry';
import { MSG } from '../../../contract/messages';
import { derivableFields } from '../../../contract/lookups.schemas';
import { testApp, json, pagination } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { anyRecord, createSample, sampleInput } from '../../test/lookup-samples';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const researcher = await signedIn(t, ['Researcher'], institution);
const other = await createInstitution(t);
const base = (key: string, inst = institution.id) => `/api/institutions/${inst}/${key}`;

it('derives exactly the fields another reference determines (spec payloads omit them)', () => {
  expect(
    Object.fromEntries(LOOKUPS.filter((e) => derivableFields(e).size).map((e) => [e.key, [...derivableFields(e)]])),
  ).toEqual({
    panels: ['specimenTypeCategoryId'],
    specimenTypes: ['unitOfMeasurementTypeId'],
    tests: ['unitOfMeasurementTypeId'],
  });
});

describe.each(LOOKUPS.map((e) => [e.key, e] as const))('%s', (_key, e) => {
  const derivable = derivableFields(e);
  it('creates a record with creator and enabler, gets it and finds it by search', async () => {
    const body = await sampleInput(t, institution.id, token, e);
    const res = await t.call('POST', base(e.key), { token, body });
    expect(res.statusCode, res.body).toBe(201);
    const rec = json(res);
    expect(rec).toMatchObject({
      isEnabled: true,
      creatorAccount: { firstName: 'Test' },
      enablerAccount: { firstName: 'Test' },
    });
    for (const f of e.fields) if (body[f.name] !== undefined) expect(rec[f.name], f.name).toEqual(body[f.name]);
    expect(json(await t.call('GET', `${base(e.key)}/${rec.id}`, { token })).id).toBe(rec.id);
    if (e.titleField) {
      const found = await t.call(
        'GET',
        `${base(e.key)}?SearchTerm=${encodeURIComponent(String(body[e.titleField]).toUpperCase())}`,
        { token },
      );
      expect(json<{ id: number }[]>(found).map((r) => r.id)).toEqual([rec.id]);
    }
  });

  it('pages with X-Pagination', async () => {
    await createSample(t, institution.id, token, e);
    await createSample(t, institution.id, token, e);
    const res = await t.call('GET', `${base(e.key)}?PageSize=1&PageNumber=2`, { token });
    expect(json<unknown[]>(res)).toHaveLength(1);
    expect(pagination(res)).toMatchObject({ PageSize: 1, CurrentPage: 2 });
    expect(pagination(res).TotalCount).toBeGreaterThanOrEqual(2);
  });

  it('answers missing required fields with the spec messages', async () => {
    const res = await t.call('POST', base(e.key), { token, body: {} });
    expect(res.statusCode).toBe(400);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    for (const f of e.fields.filter((x) => x.required && !x.requiredWhen && x.default === undefined)) {
      // A field another required reference determines (a panel's category) is derived, not required.
      if (derivable.has(f.name)) expect(errors[f.name], f.name).toBeUndefined();
      else expect(errors[f.name], f.name).toEqual([f.kind === 'reference' ? MSG.requiredSelect : MSG.required]);
    }
  });

  if (derivable.size) {
    it('derives a left-out field from the reference that determines it', async () => {
      const body = await sampleInput(t, institution.id, token, e);
      // A conditional reference (a test's unit) is chosen with its condition ticked, as the spec's payload does.
      for (const f of e.fields.filter((x) => x.dependsOn && derivable.has(x.dependsOn.field) && x.requiredWhen)) {
        body[f.requiredWhen!] = true;
        body[f.name] = (await anyRecord(t, institution.id, token, f.ref!)).id;
      }
      for (const name of derivable) delete body[name];
      const res = await t.call('POST', base(e.key), { token, body });
      expect(res.statusCode, res.body).toBe(201);
      const rec = json(res);
      for (const f of e.fields.filter((x) => x.dependsOn && derivable.has(x.dependsOn.field))) {
        const chosen = json(await t.call('GET', base(f.ref!) + `/${String(body[f.name])}`, { token }));
        expect(rec[f.dependsOn!.field], f.dependsOn!.field).toEqual(chosen[f.dependsOn!.refField]);
        expect(rec[f.dependsOn!.field], f.dependsOn!.field).toEqual(expect.any(Number));
      }
    });
  }

  if (!e.noEdit) {
    it('edits with the concurrency stamp; a stale stamp is 409', async () => {
      const rec = await createSample(t, institution.id, token, e);
      const body: Record<string, unknown> = {
        ...(await sampleInput(t, institution.id, token, e)),
        concurrencyStamp: rec.concurrencyStamp,
      };
      for (const f of e.fields)
        if (f.kind === 'reference' && rec[f.name] !== undefined && f.required) body[f.name] = rec[f.name];
      const res = await t.call('PUT', `${base(e.key)}/${rec.id}`, { token, body });
      expect(res.statusCode, res.body).toBe(200);
      if (e.titleField) expect(json(res)[e.titleField]).toBe(body[e.titleField]);
      const stale = await t.call('PUT', `${base(e.key)}/${rec.id}`, { token, body });
      expect(stale.statusCode).toBe(409);
    });
  } else {
    it('offers no edit', async () => {
      const rec = await createSample(t, institution.id, token, e);
      expect((await t.call('PUT', `${base(e.key)}/${rec.id}`, { token, body: {} })).statusCode).toBe(404);
    });
  }

  it('disables and enables; disabled records leave the IsEnabled=true list', async () => {
    const rec = await createSample(t, institution.id, token, e);
    expect(json(await t.call('POST', `${base(e.key)}/${rec.id}/disable`, { token })).isEnabled).toBe(false);
    const enabled = json<{ id: number }[]>(
      await t.call('GET', `${base(e.key)}?IsEnabled=true&PageSize=1000`, { token }),
    );
    expect(enabled.map((r) => r.id)).not.toContain(rec.id);
    expect(json(await t.call('POST', `${base(e.key)}/${rec.id}/enable`, { token })).isEnabled).toBe(true);
  });

  if (uniqueFields(e).length) {
    it('refuses a duplicate with 409 and a clear title', async () => {
      const body = await sampleInput(t, institution.id, token, e);
      expect((await t.call('POST', base(e.key), { token, body })).statusCode).toBe(201);
      const dup = await t.call('POST', base(e.key), { token, body });
      expect(dup.statusCode).toBe(409);
      expect(json(dup).title).toMatch(/already exists\.$/);
      // 'An ethnicity with ...', never 'A ethnicity' (issue 28 item 7).
      expect(json(dup).title).toMatch(new RegExp(`^An? ${e.label.toLowerCase()} with `));
      expect(json(dup).title).not.toMatch(/^A [aeio]/);
      expect(json(dup).code).toBe('configuration.duplicate');
    });
  }

  it('keeps another institution out (404) and a Researcher read-only (403)', async () => {
    const rec = await createSample(t, institution.id, token, e);
    expect((await t.call('GET', base(e.key, other.id), { token })).statusCode).toBe(404);
    const otherAdmin = await signedIn(t, ['Institution Administrator'], other);
    expect((await t.call('GET', `${base(e.key, other.id)}/${rec.id}`, { token: otherAdmin.token })).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', base(e.key), { token: researcher.token })).statusCode).toBe(200);
    const body = await sampleInput(t, institution.id, token, e);
    expect((await t.call('POST', base(e.key), { token: researcher.token, body })).statusCode).toBe(403);
    expect((await t.call('POST', `${base(e.key)}/${rec.id}/disable`, { token: researcher.token })).statusCode).toBe(
      403,
    );
  });
});
