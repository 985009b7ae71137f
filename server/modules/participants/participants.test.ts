import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { testApp, json, pagination } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { patientEthnicities, patientMrns, patientPhoneNumbers, patientRaces, patients } from './participants.table';
import { auditEvents } from '../../platform/audit.table';
import { institutions } from '../institutions/institutions.table';
import { namesInTransactions, sentNamedStatements, sentStatementsWithTransactions } from '../../test/sent-statements';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Clinician']);
const r = await referenceIds(t, institution.id, token);
const api = (p: string, inst = institution.id) => `/api/institutions/${inst}/${p}`;
const register = (body: Record<string, unknown>, tok = token) =>
  t.call('POST', api('patients/register'), { token: tok, body });
type P = Record<string, unknown> & { id: number };

describe('registering a participant', () => {
  it('saves the participant with MRNs, races, ethnicities and phones in one command', async () => {
    const body = participant(r, {
      races: [r.black, r.asian, r.black],
      ethnicities: [r.notHispanic],
      phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: '+251911223344' }],
      siteMrns: [
        { institutionSiteId: r.site, mrn: 'SITE-77' },
        { institutionSiteId: null, mrn: '' },
      ],
    });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const p = json<P>(res);
    expect(p).toMatchObject({
      firstName: 'Almaz',
      birthDate: '1984-03-12',
      birthTime: '08:30',
      patientMRN: body.PatientMRN,
      phoneNumber: '+251911223344',
      gender: { id: r.female, title: 'Female' },
      vitalStatus: { title: 'Alive' },
      deathDate: null,
    });
    const mrns = json<{ mrn: string; institutionSiteId: number | null }[]>(
      await t.call('GET', api(`patients/${p.id}/patientMRNs?IsEnabled=true`), { token }),
    );
    expect(mrns.map((m) => [m.mrn, m.institutionSiteId])).toEqual([
      [body.PatientMRN, null],
      ['SITE-77', r.site],
    ]);
    const races = json<{ race: { title: string } }[]>(
      await t.call('GET', api(`patients/${p.id}/patientRaces`), { token }),
    );
    expect(races.map((x) => x.race.title).sort()).toEqual(['Asian', 'Black or African American']);
  });

  it('is atomic: a failing child (duplicate site MRN) leaves nothing behind', async () => {
    const first = json<P>(await register(participant(r, { siteMrns: [{ institutionSiteId: r.site, mrn: 'DUP-1' }] })));
    const before = await t.db.select().from(patients).where(eq(patients.institutionId, institution.id));
    const res = await register(
      participant(r, { FirstName: 'Never', siteMrns: [{ institutionSiteId: r.site, mrn: 'dup-1' }] }),
    );
    expect(res.statusCode).toBe(409);
    expect(json(res).title).toBe(
      `MRN dup-1 is already registered at this site to the participant with MRN ${first.patientMRN}.`,
    );
    expect(json(res).title).not.toContain('Almaz');
    const after = await t.db.select().from(patients).where(eq(patients.institutionId, institution.id));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a duplicate main MRN in the institution, but the same MRN in another institution is fine', async () => {
    const body = participant(r);
    expect((await register(body)).statusCode).toBe(201);
    const dup = await register({ ...body, FirstName: 'Other' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).title).toBe(`MRN ${body.PatientMRN} is already registered to another participant.`);
    const other = await signedIn(t, ['Clinician']);
    const r2 = await referenceIds(t, other.institution.id, other.token);
    const res = await t.call('POST', api('patients/register', other.institution.id), {
      token: other.token,
      body: participant(r2, { PatientMRN: body.PatientMRN }),
    });
    expect(res.statusCode).toBe(201);
  });

  it('applies the spec 1 §5 rules with their messages', async () => {
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    const errors = json<{ errors: Record<string, string[]> }>(empty).errors;
    for (const f of ['firstName', 'fatherName', 'grandFatherName', 'birthDate', 'birthTime'])
      expect(errors[f], f).toEqual(['*required']);
    for (const f of ['patientTypeId', 'genderId', 'maritalStatusId', 'vitalStatusId', 'races', 'ethnicities'])
      expect(errors[f], f).toEqual(['*Required']);
    const rows = await register(
      participant(r, {
        siteMrns: [
          { institutionSiteId: r.site, mrn: '' },
          { institutionSiteId: null, mrn: 'X1' },
        ],
      }),
    );
    expect(json(rows).errors).toEqual({
      'siteMrns.0.mrn': ['*Required'],
      'siteMrns.1.institutionSiteId': ['*Required'],
    });
    const future = await register(participant(r, { BirthDate: '2999-01-01' }));
    expect(json(future).title).toBe('Birth date cannot be in the future.');
    const phones = await register(
      participant(r, {
        phoneNumbers: [
          { phoneNumberTypeId: r.mobile, phoneNumber: '0911 22' },
          { phoneNumberTypeId: r.mobile, phoneNumber: 'abc' },
        ],
      }),
    );
    expect(json(phones).errors).toEqual({
      'phoneNumbers.0.phoneNumber': ['No spaces are allowed'],
      'phoneNumbers.1.phoneNumber': ['Digits only, an optional leading +, at most 15 digits'],
    });
    const dupPhone = await register(
      participant(r, {
        phoneNumbers: [
          { phoneNumberTypeId: r.mobile, phoneNumber: '0911000000' },
          { phoneNumberTypeId: r.mobile, phoneNumber: '0911000000' },
        ],
      }),
    );
    expect(json(dupPhone).errors).toEqual({ 'phoneNumbers.1.phoneNumber': ['This phone number is already listed'] });
  });

  it('needs a death date only when the vital status is dead, not before birth', async () => {
    expect(json(await register(participant(r, { VitalStatusId: r.dead }))).errors).toEqual({
      deathDate: ['*required'],
    });
    expect(json(await register(participant(r, { VitalStatusId: r.dead, DeathDate: '1980-01-01' }))).errors).toEqual({
      deathDate: ['Death date cannot be before the birth date'],
    });
    const ok = json<P>(await register(participant(r, { VitalStatusId: r.dead, DeathDate: '2020-05-01' })));
    expect(ok.deathDate).toBe('2020-05-01');
    const alive = json<P>(await register(participant(r, { DeathDate: '2020-05-01' })));
    expect(alive.deathDate).toBeNull();
  });

  it('applies the local phone rule when the institution has it on', async () => {
    const other = await signedIn(t, ['Clinician']);
    const r2 = await referenceIds(t, other.institution.id, other.token);
    await t.db.update(institutions).set({ localPhoneRule: true }).where(eq(institutions.id, other.institution.id));
    const call = (phoneNumber: string) =>
      t.call('POST', api('patients/register', other.institution.id), {
        token: other.token,
        body: participant(r2, { phoneNumbers: [{ phoneNumberTypeId: r2.mobile, phoneNumber }] }),
      });
    expect(json(await call('+251911223344')).errors).toEqual({ 'phoneNumbers.0.phoneNumber': ['Invalid character'] });
    expect(json(await call('0811223344')).errors).toEqual({ 'phoneNumbers.0.phoneNumber': ['Invalid'] });
    expect(json(await call('09112233445')).errors).toEqual({
      'phoneNumbers.0.phoneNumber': ['A maximum of 10 characters is allowed'],
    });
    expect((await call('0911223344')).statusCode).toBe(201);
  });

  it("the spec's plain POST patients creates the participant with its main MRN", async () => {
    const { races: _r, ethnicities: _e, phoneNumbers: _p, siteMrns: _s, ...body } = participant(r);
    const res = await t.call('POST', api('patients'), { token, body });
    expect(res.statusCode).toBe(201);
    expect(json(res).patientMRN).toBe(body.PatientMRN);
  });
});

describe('finding participants', () => {
  const uniq = Math.random().toString(36).slice(2, 7);
  it('searches by any name part, MRN, phone and external subject id; pages the result', async () => {
    const p = json<P>(
      await register(
        participant(r, {
          FirstName: `Selam${uniq}`,
          FatherName: `Girma${uniq}`,
          GrandFatherName: `Hailu${uniq}`,
          ExternalSubjectId: `EXT-${uniq}`,
          PatientMRN: `M${uniq}`,
          phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: `0944${uniq.length}12${uniq.charCodeAt(0)}` }],
        }),
      ),
    );
    const phone = String(p.phoneNumber);
    for (const term of [
      `selam${uniq}`,
      `GIRMA${uniq}`,
      `hailu${uniq.slice(0, 3)}`,
      `Selam${uniq} Girma`,
      `M${uniq}`,
      `ext-${uniq}`,
      phone,
    ]) {
      const res = await t.call('GET', api(`patients?SearchTerm=${encodeURIComponent(term)}`), { token });
      expect(
        json<P[]>(res).map((x) => x.id),
        term,
      ).toContain(p.id);
    }
    const none = await t.call('GET', api(`patients?SearchTerm=${encodeURIComponent(`Selam${uniq} Nobody`)}`), {
      token,
    });
    expect(json<P[]>(none)).toEqual([]);
    const byPhone = await t.call('GET', api(`patients?PhoneNumber=${encodeURIComponent(phone)}`), { token });
    expect(json<P[]>(byPhone).map((x) => x.id)).toEqual([p.id]);
    const byMrn = await t.call('GET', `/api/institutions/patientMRNs?institutionId=${institution.id}&mrn=m${uniq}`, {
      token,
    });
    expect(json<{ patient: P }[]>(byMrn).map((x) => x.patient.id)).toEqual([p.id]);
    const paged = await t.call('GET', api('patients?PageSize=2&PageNumber=1'), { token });
    expect(json<P[]>(paged)).toHaveLength(2);
    expect(pagination(paged).TotalCount).toBeGreaterThan(2);
  });

  it('matches any part of an MRN or phone number of 3+ characters; shorter terms only the start (issue 11)', async () => {
    const digits = `5${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const mrn = `QZ${uniq}K7`;
    const phone = `0911${digits}`;
    const p = json<P>(
      await register(
        participant(r, { PatientMRN: mrn, phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: phone }] }),
      ),
    );
    const find = async (term: string, inst = institution.id, tok = token) =>
      json<P[]>(
        await t.call('GET', api(`patients?SearchTerm=${encodeURIComponent(term)}&PageSize=100`, inst), { token: tok }),
      ).map((x) => x.id);
    for (const term of [
      uniq,
      uniq.slice(1, 4).toUpperCase(),
      `${uniq}k7`,
      digits,
      digits.slice(1, 5),
      `11${digits.slice(0, 2)}`,
    ]) {
      expect(await find(term), term).toContain(p.id);
    }
    // Two characters from the middle ('5' never starts its MRN, phone or name): matched from the start only.
    expect(await find(digits.slice(0, 2))).not.toContain(p.id);
    // LIKE wildcards in the term are literal characters, not "anything".
    expect(await find('%_%')).not.toContain(p.id);
    const other = await signedIn(t, ['Clinician'], await createInstitution(t));
    expect(await find(uniq, other.institution.id, other.token)).toEqual([]);
  });

  it("counts the institution's participants", async () => {
    const before = json<{ count: number }>(await t.call('GET', api('patients/count'), { token })).count;
    await register(participant(r));
    expect(json(await t.call('GET', api('patients/count'), { token })).count).toBe(before + 1);
  });

  it("never shows another institution's participants", async () => {
    const other = await createInstitution(t);
    const p = json<P>(await register(participant(r)));
    expect((await t.call('GET', api('patients', other.id), { token })).statusCode).toBe(404);
    const outsider = await signedIn(t, ['Clinician'], other);
    expect((await t.call('GET', api(`patients/${p.id}`, other.id), { token: outsider.token })).statusCode).toBe(404);
    expect(
      (
        await t.call('GET', `/api/institutions/patientMRNs?institutionId=${institution.id}&mrn=${p.patientMRN}`, {
          token: outsider.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a Technician reads participants but cannot register one (403)', async () => {
    const tech = await signedIn(t, ['Technician'], institution);
    expect((await t.call('GET', api('patients'), { token: tech.token })).statusCode).toBe(200);
    expect((await register(participant(r), tech.token)).statusCode).toBe(403);
  });
});

describe('editing a participant', () => {
  it('an edit that puts the death date before the birth date is refused with the reason on the field (400)', async () => {
    const p = json<P>(await register(participant(r, { VitalStatusId: r.dead, DeathDate: '2020-05-01' })));
    const body = {
      ...participant(r),
      VitalStatusId: r.dead,
      BirthDate: '2021-01-01',
      DeathDate: '2020-05-01',
      concurrencyStamp: p.concurrencyStamp,
    };
    const res = await t.call('PUT', api(`patients/${p.id}`), { token, body });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ deathDate: ['Death date cannot be before the birth date'] });
  });

  it('changes fields with the concurrency stamp, keeps the MRN, and audits before and after', async () => {
    const p = json<P>(await register(participant(r)));
    const body = {
      ...participant(r),
      PatientMRN: 'IGNORED',
      FirstName: 'Almaz-Edited',
      VitalStatusId: r.dead,
      DeathDate: '2024-02-02',
      concurrencyStamp: p.concurrencyStamp,
    };
    const res = await t.call('PUT', api(`patients/${p.id}`), { token, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      firstName: 'Almaz-Edited',
      vitalStatus: { title: 'Dead' },
      deathDate: '2024-02-02',
      patientMRN: p.patientMRN,
    });
    const stale = await t.call('PUT', api(`patients/${p.id}`), { token, body });
    expect(stale.statusCode).toBe(409);
    const admin = await signedIn(t, ['Institution Administrator'], institution);
    const audit = json<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }[]>(
      await t.call('GET', api(`auditEvents?entity=patient&entityId=${p.id}`), { token: admin.token }),
    );
    expect(audit.map((a) => a.action)).toEqual(['update', 'create']);
    expect(audit[0].before.firstName).toBe('Almaz');
    expect(audit[0].after.firstName).toBe('Almaz-Edited');
  });

  it('adds and disables races, ethnicities and phones at once; duplicates are refused', async () => {
    const p = json<P>(await register(participant(r)));
    const races = api(`patients/${p.id}/patientRaces`);
    const added = await t.call('POST', races, { token, body: { raceId: r.white, patientId: p.id } });
    expect(added.statusCode).toBe(201);
    expect((await t.call('POST', races, { token, body: { raceId: r.white } })).statusCode).toBe(409);
    const disabled = await t.call('POST', `${races}/${json<P>(added).id}/disable`, { token, body: json(added) });
    expect(json(disabled).isEnabled).toBe(false);
    expect(json<P[]>(await t.call('GET', `${races}?IsEnabled=true`, { token })).map((x) => x.raceId)).toEqual([
      r.black,
    ]);
    expect((await t.call('POST', races, { token, body: { raceId: r.white } })).statusCode).toBe(201);
    const eth = await t.call('POST', api(`patients/${p.id}/patientEthnicities`), {
      token,
      body: { ethnicityId: r.hispanic },
    });
    expect(json(eth)).toMatchObject({ ethnicity: { title: 'Hispanic or Latino' } });
    const phones = api(`patients/${p.id}/patientPhoneNumbers`);
    const phone = await t.call('POST', phones, {
      token,
      body: { phoneNumberTypeId: r.mobile, phoneNumber: '+15550123' },
    });
    expect(json(phone)).toMatchObject({ phoneNumber: '+15550123', phoneNumberType: { title: 'Mobile' } });
    expect(
      (await t.call('POST', phones, { token, body: { phoneNumberTypeId: r.mobile, phoneNumber: '+15550123' } }))
        .statusCode,
    ).toBe(409);
    const mrn = await t.call('POST', api(`patients/${p.id}/patientMRNs`), {
      token,
      body: { mrn: `S-${p.id}`, institutionSiteID: r.site },
    });
    expect(json(mrn)).toMatchObject({ mrn: `S-${p.id}`, institutionSite: { id: r.site } });
  });
});

describe('editing a participant as one save (issue 28)', () => {
  const edit = (id: number, body: Record<string, unknown>) =>
    t.call('PUT', api(`patients/${id}/edit`), { token, body });
  const enabled = async (id: number, kind: string) =>
    json<Record<string, unknown>[]>(await t.call('GET', api(`patients/${id}/${kind}?IsEnabled=true`), { token }));

  it('saves the fields and makes the child records the listed sets, in one transaction, audited per record', async () => {
    const admin = await signedIn(t, ['Institution Administrator'], institution);
    const p = json<P>(
      await register(
        participant(r, {
          races: [r.black, r.asian],
          phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: '+251900000001' }],
          siteMrns: [{ institutionSiteId: r.site, mrn: `OLD-${Date.now()}` }],
        }),
      ),
    );
    const newMrn = `NEW-${Date.now()}`;
    const res = await edit(
      p.id,
      participant(r, {
        FirstName: 'Edited',
        concurrencyStamp: p.concurrencyStamp,
        races: [r.black, r.white],
        ethnicities: [r.hispanic],
        phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: '+251900000002' }],
        siteMrns: [{ institutionSiteId: r.site, mrn: newMrn }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ firstName: 'Edited', patientMRN: p.patientMRN, phoneNumber: '+251900000002' });
    expect((await enabled(p.id, 'patientRaces')).map((x) => x.raceId).sort()).toEqual([r.black, r.white].sort());
    expect((await enabled(p.id, 'patientEthnicities')).map((x) => x.ethnicityId)).toEqual([r.hispanic]);
    expect((await enabled(p.id, 'patientPhoneNumbers')).map((x) => x.phoneNumber)).toEqual(['+251900000002']);
    // The main MRN (read-only on edit) stays; the site MRN is replaced.
    expect((await enabled(p.id, 'patientMRNs')).map((x) => x.mrn)).toEqual([p.patientMRN, newMrn]);
    // Removed records are disabled, not deleted.
    const allRaces = json<{ raceId: number; isEnabled: boolean }[]>(
      await t.call('GET', api(`patients/${p.id}/patientRaces`), { token }),
    );
    expect(allRaces.find((x) => x.raceId === r.asian)?.isEnabled).toBe(false);
    const audit = json<{ entity: string; action: string }[]>(
      await t.call('GET', api('auditEvents?PageSize=100'), { token: admin.token }),
    );
    const mine = audit
      .slice(0, 9)
      .map((a) => `${a.entity}:${a.action}`)
      .sort();
    expect(mine).toEqual(
      [
        'patient:update',
        'patientEthnicity:create',
        'patientEthnicity:disable',
        'patientMrn:create',
        'patientMrn:disable',
        'patientPhoneNumber:create',
        'patientPhoneNumber:disable',
        'patientRace:create',
        'patientRace:disable',
      ].sort(),
    );
  });

  it('unchanged sets change nothing; a stale stamp or a failing child saves nothing at all', async () => {
    const p = json<P>(await register(participant(r, { races: [r.black] })));
    const same = await edit(p.id, participant(r, { concurrencyStamp: p.concurrencyStamp }));
    expect(same.statusCode, same.body).toBe(200);
    const racesBefore = await enabled(p.id, 'patientRaces');
    expect(racesBefore.map((x) => x.raceId)).toEqual([r.black]);

    const stale = await edit(
      p.id,
      participant(r, { FirstName: 'Stale', concurrencyStamp: p.concurrencyStamp, races: [r.white] }),
    );
    expect(stale.statusCode).toBe(409);
    const taken = json<P>(
      await register(participant(r, { siteMrns: [{ institutionSiteId: r.site, mrn: `TAKEN-${p.id}` }] })),
    );
    expect(taken.id).toBeGreaterThan(0);
    const current = json<P>(await t.call('GET', api(`patients/${p.id}`), { token }));
    const clash = await edit(
      p.id,
      participant(r, {
        FirstName: 'Clash',
        concurrencyStamp: current.concurrencyStamp,
        races: [r.white],
        siteMrns: [{ institutionSiteId: r.site, mrn: `TAKEN-${p.id}` }],
      }),
    );
    expect(clash.statusCode).toBe(409);
    const after = json<P>(await t.call('GET', api(`patients/${p.id}`), { token }));
    expect(after.firstName).toBe('Almaz');
    expect((await enabled(p.id, 'patientRaces')).map((x) => x.id)).toEqual(racesBefore.map((x) => x.id));
  });

  it('keeps the register rules: at least one race and ethnicity, both or neither in a site row, no phone twice', async () => {
    const p = json<P>(await register(participant(r)));
    const res = await edit(
      p.id,
      participant(r, {
        concurrencyStamp: p.concurrencyStamp,
        races: [],
        ethnicities: [],
        siteMrns: [{ institutionSiteId: r.site, mrn: '' }],
        phoneNumbers: [
          { phoneNumberTypeId: r.mobile, phoneNumber: '0911000000' },
          { phoneNumberTypeId: r.mobile, phoneNumber: '0911000000' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      races: ['*Required'],
      ethnicities: ['*Required'],
      'siteMrns.0.mrn': ['*Required'],
      'phoneNumbers.1.phoneNumber': ['This phone number is already listed'],
    });
    const other = await signedIn(t, ['Clinician']);
    const foreign = await t.call('PUT', api(`patients/${p.id}/edit`, other.institution.id), {
      token: other.token,
      body: participant(r, { concurrencyStamp: p.concurrencyStamp }),
    });
    expect([403, 404]).toContain(foreign.statusCode);
  });
});

describe('register is cheap (issue 30)', () => {
  it('reads its six lists in one statement, inserts in one, reads no MRN holder when the MRN is free: 7 statements at most (session and read-back included)', async () => {
    await register(participant(r));
    let status = 0;
    const sent = await sentStatementsWithTransactions(t.db, async () => {
      status = (await register(participant(r))).statusCode;
    });
    expect(status).toBe(201);
    const lists = sent.filter((q) =>
      /from "(patient_types|genders|marital_statuses|vital_statuses|races|ethnicities)" t/.test(q),
    );
    expect(lists).toHaveLength(1);
    for (const table of ['patient_types', 'genders', 'marital_statuses', 'vital_statuses', 'races', 'ethnicities'])
      expect(lists[0]).toContain(`"${table}"`);
    // A free MRN is inserted at once (a taken one is skipped by the unique index, then its holder read).
    expect(sent.filter((q) => q.includes('select "patient_id" from "patient_mrns"'))).toEqual([]);
    // The participant and its MRN, races and ethnicities: one insert statement.
    expect(sent.filter((q) => /^\s*(with p as \()?insert/i.test(q) && !q.includes('audit_events'))).toHaveLength(1);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(7);
  });

  it('builds its insert statement once per shape (issue 30): a second registration of the same shape builds no insert, each row gets a fresh concurrency stamp, and the answer is the participant as it reads', async () => {
    const shaped = (mrn: string) =>
      participant(r, {
        PatientMRN: mrn,
        races: [r.black, r.asian],
        ethnicities: [r.notHispanic],
        phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: `+2519${mrn.replace(/\D/g, '').padStart(8, '0')}` }],
        siteMrns: [{ institutionSiteId: r.site, mrn: `${mrn}-S` }],
      });
    const first = json<P>(await register(shaped('SHAPE-1')));
    const build = vi.spyOn(PgDialect.prototype, 'buildInsertQuery');
    let res: Awaited<ReturnType<typeof register>> | undefined;
    try {
      res = await register(shaped('SHAPE-2'));
      expect(build).not.toHaveBeenCalled();
    } finally {
      build.mockRestore();
    }
    expect(res.statusCode, res.body).toBe(201);
    const second = json<P>(res);
    expect(second).toEqual(json(await t.call('GET', api(`patients/${second.id}`), { token })));
    expect(second).toMatchObject({ patientMRN: 'SHAPE-2', phoneNumber: '+251900000002' });
    const stamps = async (id: number) =>
      [
        ...(await t.db.select().from(patients).where(eq(patients.id, id))),
        ...(await t.db.select().from(patientMrns).where(eq(patientMrns.patientId, id))),
        ...(await t.db.select().from(patientRaces).where(eq(patientRaces.patientId, id))),
        ...(await t.db.select().from(patientEthnicities).where(eq(patientEthnicities.patientId, id))),
        ...(await t.db.select().from(patientPhoneNumbers).where(eq(patientPhoneNumbers.patientId, id))),
      ].map((row) => row.concurrencyStamp);
    const all = [...(await stamps(first.id)), ...(await stamps(second.id))];
    // The participant, two MRNs, two races, an ethnicity and a phone each: 7 rows, 14 stamps, none shared.
    expect(all).toHaveLength(14);
    expect(new Set(all).size).toBe(14);
    // Another shape (no children) is built for itself and answers right.
    const bare = await register(participant(r, { PatientMRN: 'SHAPE-3' }));
    expect(bare.statusCode, bare.body).toBe(201);
    expect(json<P>(bare)).toMatchObject({ patientMRN: 'SHAPE-3', phoneNumber: null });
  });

  it("register's insert is prepared by name on PostgreSQL (issue 30): one text per shape, planned once per connection", async () => {
    const insertOf = async (mrn: string) => {
      const sent = await sentNamedStatements(t.db, async () => {
        expect((await register(participant(r, { PatientMRN: mrn }))).statusCode).toBe(201);
      });
      const found = sent.filter((q) => q.text.startsWith('with p as (insert into "patients"'));
      expect(found, sent.map((q) => q.text).join('\n')).toHaveLength(1);
      return found[0];
    };
    const a = await insertOf('NAMED-1');
    const b = await insertOf('NAMED-2');
    expect(b).toEqual(a);
    // PGlite runs a transaction's statements unnamed (sent-statements.ts).
    if (namesInTransactions(t.db)) expect(a.name, a.text).not.toBe('');
  });

  it('the audit row holds the participant and its child records as stored (one insert statement answers them)', async () => {
    const body = participant(r, {
      races: [r.black, r.asian],
      ethnicities: [r.notHispanic],
      phoneNumbers: [{ phoneNumberTypeId: r.mobile, phoneNumber: '+251911220011' }],
      siteMrns: [{ institutionSiteId: r.site, mrn: 'AUD-SITE-1' }],
    });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const id = json<P>(res).id;
    const [row] = await t.db.select().from(patients).where(eq(patients.id, id));
    const stored = {
      ...row,
      mrns: await t.db.select().from(patientMrns).where(eq(patientMrns.patientId, id)).orderBy(patientMrns.id),
      races: await t.db.select().from(patientRaces).where(eq(patientRaces.patientId, id)).orderBy(patientRaces.id),
      ethnicities: await t.db
        .select()
        .from(patientEthnicities)
        .where(eq(patientEthnicities.patientId, id))
        .orderBy(patientEthnicities.id),
      phones: await t.db
        .select()
        .from(patientPhoneNumbers)
        .where(eq(patientPhoneNumbers.patientId, id))
        .orderBy(patientPhoneNumbers.id),
    };
    expect(stored.mrns.map((m) => m.mrn)).toEqual([body.PatientMRN, 'AUD-SITE-1']);
    expect(stored.races).toHaveLength(2);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'patient'), eq(auditEvents.entityId, String(id)), eq(auditEvents.action, 'create')),
      );
    expect(audit.after).toEqual(JSON.parse(JSON.stringify(stored)));
  });

  it('two registrations racing for one MRN: one is saved, the other refused naming the MRN, nothing of it left', async () => {
    const body = participant(r);
    const before = await t.db.select().from(patients).where(eq(patients.institutionId, institution.id));
    const both = await Promise.all([register(body), register({ ...body, FirstName: 'Other' })]);
    expect(both.map((x) => x.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((x) => x.statusCode === 409)!;
    expect(json(refused).title).toBe(`MRN ${body.PatientMRN} is already registered to another participant.`);
    const after = await t.db.select().from(patients).where(eq(patients.institutionId, institution.id));
    expect(after).toHaveLength(before.length + 1);
  });
});
