import { describe, expect, it } from 'vitest';
import { and as allOf, eq } from 'drizzle-orm';
import type { CriteriaGroup, Criterion } from '../../../contract/queries.contract';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp } from '../../test/samples-fixtures';
import { labSetup } from '../../test/orders-fixtures';
import { formsKit } from '../../test/forms-kit';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';
import { auditEvents } from '../../platform/audit.table';
import type { OrderDetail } from '../../../contract/orders.contract';

// Issue 32 item 4 (docs/research.md "Query builder"): each criterion kind, AND/OR nesting, eligibility narrowing
// through THE rule, small-cell suppression, permissions, the tree's bounds, saved queries and the CSV.

const t = await testApp();
t.clock.now = new Date('2026-11-20T09:00:00Z');
const A = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const api = (p: string, i = inst) => `/api/institutions/${i}/${p}`;
type Rec = Record<string, unknown> & { id: number };
type Problem = { code?: string; title: string; status: number; errors?: Record<string, string[]> };
const refs = { protocol: await protocolRefs(t, inst, A.token), participant: await referenceIds(t, inst, A.token) };
const R = refs.participant;
const purposes = json<{ id: number; title: string }[]>(await t.call('GET', api('consentPurposes'), { token: A.token }));
const FR = purposes.find((p) => p.title === 'Future research')!.id;
const GEN = purposes.find((p) => p.title === 'Genetic research')!.id;
const post = async <T = Rec>(url: string, body: unknown, token = A.token) => {
  const res = await t.call('POST', url, { token, body });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return json<T>(res);
};

// The world: one protocol, three donors.
const w = await sampleSetUp(t, A.institution, A.token, refs);
const consent = await post<Rec & { consentVersionId: number }>(`${w.base}/collectionProtocolConsents`, {
  Title: 'Biobank consent',
  Consent: '<p>I agree.</p>',
  purposeIds: [FR, GEN],
});
async function enrol(over: Record<string, unknown>) {
  const patient = await post(api('patients/register'), participant(R, over));
  const [enrolment] = await post<Rec[]>(`${w.base}/collectionProtocolParticipants`, { PatientIds: [patient.id] });
  return { patient, enrolment };
}
const sign = (enrolmentId: number, fr: boolean, gen: boolean) =>
  post<Rec>(`${w.base}/collectionProtocolParticipantConsents`, {
    ParticipantId: enrolmentId,
    ConsentVersionId: consent.consentVersionId,
    Signature: signaturePng().dataUrl,
    purposes: [
      { purposeId: FR, granted: fr },
      { purposeId: GEN, granted: gen },
    ],
  });
const sample = (over: Record<string, unknown>) => post<Rec & { sampleId: string }>(w.api(), w.body(over));

// P1: female, born 1984, alive; whole blood of 2026-03-14 (age 42) and an aliquot of it; consents to both.
const p1 = { patient: w.patient, enrolment: w.enrolment };
const s1 = await sample({ CollectedDate: '2026-03-14' });
const s1a = json<Rec & { sampleId: string }>(
  await w.sub(json(await t.call('GET', w.api(`/${s1.id}`), { token: A.token })), { CollectedAmount: 1 }),
);
const sig1 = await sign(p1.enrolment.id, true, true);
// P2: male, born 2000-06-01, dead; serum of 2026-01-10 (age 25); future research yes, genetic no.
const p2 = await enrol({ GenderId: R.male, VitalStatusId: R.dead, BirthDate: '2000-06-01', DeathDate: '2026-06-01' });
const s2 = await sample({
  PatientId: p2.patient.id,
  SpecimenTypeId: refs.protocol.type('Serum'),
  CollectedAmount: 5,
  RemainingAmount: 5,
  CollectedDate: '2026-01-10',
});
await sign(p2.enrolment.id, true, false);
// P3: female, born 1950, alive; plasma of 2026-02-01 (age 76); never signed.
const p3 = await enrol({ BirthDate: '1950-01-01' });
const s3 = await sample({
  PatientId: p3.patient.id,
  SpecimenTypeId: refs.protocol.type('Plasma'),
  CollectedAmount: 2,
  RemainingAmount: 2,
  CollectedDate: '2026-02-01',
});

// Lab results: glucose 7.2 (High) for P1, 4.0 (normal) for P2, released; 2.0 for P3, not released.
const lab = await labSetup(t, inst, A.token);
async function glucose(patientId: number, value: string, release: boolean) {
  const [order] = await post<Rec[]>(api('LIMSOrders/place'), {
    patientIds: [patientId],
    priorityId: lab.priorityId,
    panelIds: [lab.panel.id],
  });
  const d = json<OrderDetail>(await t.call('GET', api(`LIMSOrders/${order.id}`), { token: A.token }));
  const panel = d.orderedPanels[0];
  const g = panel.orderedTests.find((x) => x.test.title.startsWith('Glucose'))!;
  const saved = await t.call('PUT', api(`LIMSOrders/${order.id}/results`), {
    token: A.token,
    body: { results: [{ resultId: g.testResult.id, result: value, concurrencyStamp: g.testResult.concurrencyStamp }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (release)
    await post(
      api(
        `LIMSOrders/${order.id}/limsOrderedPanels/${panel.id}/limsOrderedTests/${g.id}/limsOrderedTestResults/${g.testResult.id}/limsOrderedTestResultReleases/${g.testResultRelease.id}/release`,
      ),
      undefined,
    );
}
await glucose(p1.patient.id, '7.2', true);
await glucose(p2.patient.id, '4.0', true);
await glucose(p3.patient.id, '2.0', false);

// A questionnaire of the protocol: P1 answered Yes, P2 No.
const k = await formsKit(t, inst, A.token);
const form = await k.form('Smoking', w.protocol.id);
const smoker = await post<Rec>(`${k.base(w.protocol.id)}/${form.id}/collectionProtocolFormFields`, {
  DataTypeId: k.type('RL'),
  Prompt: 'Do you smoke?',
  ResponseTitle: 'Smoker',
  Options: [{ Value: 'Yes' }, { Value: 'No' }],
});
for (const [patientId, value] of [
  [p1.patient.id, 'Yes'],
  [p2.patient.id, 'No'],
] as const)
  await post(api('submittedCollectionProtocolForms'), {
    InstitutionSiteId: A.institution.site.id,
    CollectionProtocolFormId: form.id,
    PatientId: patientId,
    FormFields: [{ CollectionProtocolFormFieldId: smoker.id, Value: value }],
  });

// S2 sits in a box.
const sr = await storageRefs(t, inst, A.token);
const chain = await storageChain(t, inst, A.token, sr, { Rows: 2, Columns: 2 });
const positions = json<{ id: number }[]>(
  await t.call('GET', `${nodePath(inst, chain.ids)}/StorageContainerBoxPositions`, { token: A.token }),
);
await post(
  `${nodePath(inst, chain.ids)}/StorageContainerBoxPositions/${positions[0].id}/StorageContainerBoxPositionOccupancies`,
  { CollectedSampleID: s2.id },
);

const all = [s1.sampleId, s1a.sampleId, s2.sampleId, s3.sampleId].sort();
const and = (...items: (Criterion | CriteriaGroup)[]): CriteriaGroup => ({ op: 'and', items });
const or = (...items: (Criterion | CriteriaGroup)[]): CriteriaGroup => ({ op: 'or', items });

/** The sample IDs the staff list answers for `criteria` (with the protocol's eligibility when given). */
async function ids(criteria: CriteriaGroup, distributionProtocolId?: number, token = A.token) {
  const res = await t.call('POST', api('queries/samples'), {
    token,
    body: { criteria, distributionProtocolId, pageSize: 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ sampleId: string }[]>(res)
    .map((r) => r.sampleId)
    .sort();
}
const count = async (criteria: CriteriaGroup, token = A.token, distributionProtocolId?: number) => {
  const res = await t.call('POST', api('queries/count'), { token, body: { criteria, distributionProtocolId } });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ count: number | string; suppressed: boolean }>(res);
};
const Researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst] });
let researcher = await login(t, Researcher.email);

describe('criteria', () => {
  it('participant: age at collection, gender, vital status', async () => {
    expect(await ids(and({ field: 'age', min: 40, max: 50 }))).toEqual([s1.sampleId, s1a.sampleId].sort());
    expect(await ids(and({ field: 'age', min: 70 }))).toEqual([s3.sampleId]);
    expect(await ids(and({ field: 'age', max: 30 }))).toEqual([s2.sampleId]);
    expect(await ids(and({ field: 'gender', ids: [R.male] }))).toEqual([s2.sampleId]);
    expect(await ids(and({ field: 'vitalStatus', ids: [R.alive] }))).toEqual(
      [s1.sampleId, s1a.sampleId, s3.sampleId].sort(),
    );
  });

  it('consent: every chosen purpose granted (THE eligibility rule)', async () => {
    expect(await ids(and({ field: 'consentPurposes', ids: [FR] }))).toEqual(
      [s1.sampleId, s1a.sampleId, s2.sampleId].sort(),
    );
    expect(await ids(and({ field: 'consentPurposes', ids: [FR, GEN] }))).toEqual([s1.sampleId, s1a.sampleId].sort());
  });

  it('sample: type, remaining quantity, collection dates, lineage, storage', async () => {
    expect(
      await ids(and({ field: 'specimenType', ids: [refs.protocol.type('Serum'), refs.protocol.type('Plasma')] })),
    ).toEqual([s2.sampleId, s3.sampleId].sort());
    // S1 gave 1 mL to its aliquot: 9 left.
    expect(await ids(and({ field: 'remainingQuantity', min: 4, max: 9 }))).toEqual([s1.sampleId, s2.sampleId].sort());
    expect(await ids(and({ field: 'collectedDate', from: '2026-01-15', to: '2026-03-13' }))).toEqual([s3.sampleId]);
    expect(await ids(and({ field: 'lineage', values: ['aliquot'] }))).toEqual([s1a.sampleId]);
    expect(await ids(and({ field: 'lineage', values: ['primary'] }))).toHaveLength(3);
    expect(await ids(and({ field: 'inStorage', value: true }))).toEqual([s2.sampleId]);
    expect(await ids(and({ field: 'inStorage', value: false }))).toHaveLength(3);
  });

  it('lab results: released only, numeric range, flag', async () => {
    const testId = lab.glucose.id;
    expect(await ids(and({ field: 'labResult', testId }))).toEqual([s1.sampleId, s1a.sampleId, s2.sampleId].sort());
    expect(await ids(and({ field: 'labResult', testId, min: 5 }))).toEqual([s1.sampleId, s1a.sampleId].sort());
    expect(await ids(and({ field: 'labResult', testId, max: 5 }))).toEqual([s2.sampleId]);
    expect(await ids(and({ field: 'labResult', testId, flag: 'H' }))).toEqual([s1.sampleId, s1a.sampleId].sort());
    expect(await ids(and({ field: 'labResult', testId, flag: 'normal' }))).toEqual([s2.sampleId]);
    // P3's 2.0 is not released: not a result a query sees.
    expect(await ids(and({ field: 'labResult', testId, flag: 'L' }))).toEqual([]);
  });

  it('questionnaire answers (case-insensitive)', async () => {
    expect(await ids(and({ field: 'answer', formFieldId: smoker.id, value: 'yes' }))).toEqual(
      [s1.sampleId, s1a.sampleId].sort(),
    );
    expect(await ids(and({ field: 'answer', formFieldId: smoker.id, value: 'No' }))).toEqual([s2.sampleId]);
  });

  it('AND/OR groups nest', async () => {
    const male: Criterion = { field: 'gender', ids: [R.male] };
    const old: Criterion = { field: 'age', min: 70 };
    expect(await ids(or(male, old))).toEqual([s2.sampleId, s3.sampleId].sort());
    expect(await ids(and(or(male, old), { field: 'specimenType', ids: [refs.protocol.type('Plasma')] }))).toEqual([
      s3.sampleId,
    ]);
    expect(
      await ids(
        or(and(male, { field: 'inStorage', value: true }), and({ field: 'lineage', values: ['aliquot'] }, or(old))),
      ),
    ).toEqual([s2.sampleId]);
    expect(await ids(and({ field: 'collectedDate', from: '2000-01-01' }))).toEqual(all);
  });
});

describe('distribution protocol eligibility', () => {
  it('only eligible samples count, and a withdrawal removes them at once', async () => {
    const study = await post(api('distributionProtocols'), {
      title: 'Genetics study',
      principalInvestigatorId: A.account.id,
      institutionName: 'University',
      ethicsApprovalNumber: 'IRB-7',
      purposeIds: [FR, GEN],
    });
    const everything = and({ field: 'collectedDate', from: '2000-01-01' });
    expect(await ids(everything, study.id)).toEqual([s1.sampleId, s1a.sampleId].sort());
    expect((await count(everything, A.token, study.id)).count).toBe(2);
    t.clock.now = new Date('2026-11-21T10:00:00Z');
    A.token = await login(t, A.account.email);
    researcher = await login(t, Researcher.email);
    const withdrawn = await t.call('POST', `${w.base}/collectionProtocolParticipantConsents/${sig1.id}/withdraw`, {
      token: A.token,
      body: { WithdrawnDate: '2026-11-21', Reason: 'Changed mind', Effect: 'stop_use' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await ids(everything, study.id)).toEqual([]);
    expect(await ids(and({ field: 'consentPurposes', ids: [FR] }))).toEqual([s2.sampleId]);
    // Another institution's protocol: refused, never counted.
    const other = await signedIn(t, ['Administrator']);
    const theirs = await post(
      api('distributionProtocols', other.institution.id),
      {
        title: 'Theirs',
        principalInvestigatorId: other.account.id,
        institutionName: 'U',
        ethicsApprovalNumber: 'X',
        purposeIds: [],
      },
      other.token,
    );
    const res = await t.call('POST', api('queries/count'), {
      token: A.token,
      body: { criteria: everything, distributionProtocolId: theirs.id },
    });
    expect(json<Problem>(res)).toMatchObject({ status: 400, code: 'queries.no_protocol' });
  });
});

describe('researchers: counts only, suppressed', () => {
  it('a count of 1 to 4 reads "< 5" for a researcher, exact for staff; 0 stays 0', async () => {
    const male = and({ field: 'gender', ids: [R.male] });
    expect(await count(male, researcher)).toEqual({ count: '< 5', suppressed: true, capped: false });
    expect(await count(male)).toEqual({ count: 1, suppressed: false, capped: false });
    expect((await count(and({ field: 'age', min: 140 }), researcher)).count).toBe(0);
  });

  it('the aggregate table groups and suppresses every cell', async () => {
    const res = await t.call('POST', api('queries/aggregate'), {
      token: researcher,
      body: { criteria: and({ field: 'collectedDate', from: '2000-01-01' }), groupBy: 'specimenType' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ total: unknown; rows: { label: string; count: unknown }[]; hiddenGroups: number }>(res);
    expect(body.total).toBe('< 5');
    // In label order, never by size (which would rank the hidden groups).
    expect(body.rows.map((r) => r.label)).toEqual(['Plasma', 'Serum', 'Whole Blood']);
    expect(body.rows.every((r) => r.count === '< 5')).toBe(true);
    expect(body.hiddenGroups).toBe(3);
    for (const groupBy of [
      'gender',
      'vitalStatus',
      'lineage',
      'storage',
      'ageBand',
      'collectionYear',
      'collectionProtocol',
    ]) {
      const r = await t.call('POST', api('queries/aggregate'), {
        token: researcher,
        body: { criteria: and({ field: 'collectedDate', from: '2000-01-01' }), groupBy },
      });
      expect(r.statusCode, `${groupBy} ${r.body}`).toBe(200);
    }
  });

  it('the list and the CSV are staff only (403 for a researcher)', async () => {
    const criteria = and({ field: 'collectedDate', from: '2000-01-01' });
    for (const url of ['queries/samples', 'queries/samples.csv']) {
      const res = await t.call('POST', api(url), { token: researcher, body: { criteria } });
      expect(res.statusCode, url).toBe(403);
    }
    const clinician = await login(t, (await createAccount(t, { roles: ['Clinician'], institutionIds: [inst] })).email);
    const res = await t.call('POST', api('queries/count'), { token: clinician, body: { criteria } });
    expect(res.statusCode).toBe(403);
  });

  it('no researcher answer carries an MRN, a name, a phone or a participant id', async () => {
    const phone = '+251911223344';
    const named = await enrol({
      FirstName: 'Zewditu',
      FatherName: 'Haile',
      phoneNumbers: [{ PhoneNumber: phone, PhoneNumberTypeId: R.mobile }],
    });
    await sample({ PatientId: named.patient.id, CollectedDate: '2026-02-02' });
    const mrns = json<{ mrn: string }[]>(
      await t.call('GET', api(`patients/${named.patient.id}/patientMRNs`), { token: A.token }),
    ).map((m) => m.mrn);
    const forbidden = [...mrns, 'Zewditu', 'Haile', phone, 'Almaz', 'Tesfaye'];
    const criteria = and({ field: 'collectedDate', from: '2000-01-01' });
    const answers: string[] = [
      (await t.call('POST', api('queries/count'), { token: researcher, body: { criteria } })).body,
    ];
    for (const groupBy of [
      'specimenType',
      'gender',
      'vitalStatus',
      'lineage',
      'storage',
      'ageBand',
      'collectionYear',
      'collectionProtocol',
    ])
      answers.push(
        (await t.call('POST', api('queries/aggregate'), { token: researcher, body: { criteria, groupBy } })).body,
      );
    const saved = await t.call('POST', api('savedQueries'), { token: researcher, body: { name: 'Mine', criteria } });
    answers.push(saved.body, (await t.call('GET', api('savedQueries'), { token: researcher })).body);
    for (const body of answers) {
      for (const word of forbidden) expect(body).not.toContain(word);
      // No participant id: the only numbers are counts, years, ids of saved queries and accounts.
      expect(body).not.toMatch(new RegExp(`"(patientId|participantId)"`));
    }
    expect(mrns.length).toBeGreaterThan(0);
  });
});

describe('bounds: hostile trees get a 400 with a clear title', () => {
  const leaf: Criterion = { field: 'gender', ids: [R.male] };
  const nest = (depth: number): CriteriaGroup => (depth === 1 ? and(leaf) : and(nest(depth - 1)));
  it('too deep, too many criteria, too wide a group, unknown fields', async () => {
    const call = (criteria: unknown) => t.call('POST', api('queries/count'), { token: A.token, body: { criteria } });
    expect((await call(nest(4))).statusCode).toBe(200);
    const deep = json<Problem>(await call(nest(5)));
    expect(deep).toMatchObject({ status: 400 });
    expect(deep.title).toMatch(/at most 4 levels deep/);
    const many = and(...Array.from({ length: 4 }, () => and(...Array.from({ length: 10 }, () => leaf))));
    expect(json<Problem>(await call(many)).title).toMatch(/at most 30 criteria/);
    const wide = and(...Array.from({ length: 21 }, () => leaf));
    expect(json<Problem>(await call(wide)).title).toMatch(/at most 20 items/);
    const veryDeep = json<Problem>(await call(nest(60)));
    expect(veryDeep.status).toBe(400);
    expect(json<Problem>(await call(and({ field: 'name', value: 'x' } as unknown as Criterion))).status).toBe(400);
    expect(json<Problem>(await call({ op: 'xor', items: [leaf] })).status).toBe(400);
    expect(json<Problem>(await call(and({ field: 'age', min: 50, max: 40 }))).title).toMatch(/maximum cannot be below/);
    // A value is a parameter, never SQL text.
    const injected = await call(and({ field: 'answer', formFieldId: smoker.id, value: "yes' or '1'='1" }));
    expect(injected.statusCode, injected.body).toBe(200);
    expect(json<{ count: number }>(injected).count).toBe(0);
  });
});

describe('saved queries', () => {
  const criteria = and({ field: 'gender', ids: [R.male] });
  it('create, list, read, update with the stamp (stale: 409), disable; audited; owner only', async () => {
    const created = await t.call('POST', api('savedQueries'), {
      token: researcher,
      body: { name: 'Men', description: 'Male donors', criteria, groupBy: 'specimenType' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const q = json<Rec & { concurrencyStamp: string; owner: { id: number }; criteria: CriteriaGroup }>(created);
    expect(q).toMatchObject({ name: 'Men', groupBy: 'specimenType', owner: { id: Researcher.id }, criteria });
    const list = await t.call('GET', api('savedQueries?SearchTerm=men'), { token: researcher });
    expect(json<Rec[]>(list).map((r) => r.id)).toContain(q.id);
    expect(pagination(list).TotalCount).toBeGreaterThanOrEqual(1);
    const url = api(`savedQueries/${q.id}`);
    // Someone else of the institution reads it, but cannot change it.
    const notOwner = await t.call('PUT', url, {
      token: A.token,
      body: { name: 'Mine now', criteria, concurrencyStamp: q.concurrencyStamp },
    });
    expect(json<Problem>(notOwner)).toMatchObject({ status: 403, code: 'queries.not_owner' });
    const updated = await t.call('PUT', url, {
      token: researcher,
      body: { name: 'Male donors', criteria: or(criteria), concurrencyStamp: q.concurrencyStamp },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const stale = await t.call('PUT', url, {
      token: researcher,
      body: { name: 'Again', criteria, concurrencyStamp: q.concurrencyStamp },
    });
    expect(stale.statusCode).toBe(409);
    const disabled = await t.call('POST', `${url}/disable`, { token: researcher });
    expect(json<Rec>(disabled)).toMatchObject({ isEnabled: false });
    const rows = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(allOf(eq(auditEvents.entity, 'savedQuery'), eq(auditEvents.entityId, String(q.id))));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'disable', 'update']);
    // Invalid criteria are refused on save too.
    const bad = await t.call('POST', api('savedQueries'), {
      token: researcher,
      body: { name: 'Bad', criteria: and() },
    });
    expect(json<Problem>(bad).status).toBe(400);
  });

  it("another institution's saved query is 404", async () => {
    const other = await signedIn(t, ['Administrator']);
    const theirs = await post(api('savedQueries', other.institution.id), { name: 'Theirs', criteria }, other.token);
    for (const [method, url] of [
      ['GET', api(`savedQueries/${theirs.id}`)],
      ['POST', api(`savedQueries/${theirs.id}/disable`)],
    ] as const)
      expect((await t.call(method, url, { token: A.token })).statusCode).toBe(404);
    // And through their own institution's path, A is not a member: 404/403, never the record.
    const cross = await t.call('GET', api(`savedQueries/${theirs.id}`, other.institution.id), { token: A.token });
    expect([403, 404]).toContain(cross.statusCode);
  });
});

describe('CSV export', () => {
  it('the staff list as RFC 4180 CSV through the one writer', async () => {
    const res = await t.call('POST', api('queries/samples.csv'), {
      token: A.token,
      body: { criteria: and({ field: 'collectedDate', from: '2000-01-01' }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"Sample ID","Specimen type","Lineage","Remaining","Unit","Collected","Collection protocol","In storage"',
    );
    expect(lines.filter((l) => l.startsWith(`"${s2.sampleId}"`))[0]).toContain(
      '"Serum","primary","5","Millilitre","2026-01-10"',
    );
    expect(res.body).not.toContain('Almaz');
  });

  it('the list pages with X-Pagination', async () => {
    const res = await t.call('POST', api('queries/samples'), {
      token: A.token,
      body: { criteria: and({ field: 'collectedDate', from: '2000-01-01' }), pageSize: 2, pageNumber: 1 },
    });
    expect(json<unknown[]>(res)).toHaveLength(2);
    expect(pagination(res)).toMatchObject({ TotalCount: expect.any(Number), PageSize: 2, CurrentPage: 1 });
  });
});

describe('the questionnaire-answer picker (researchers: the catalogue’s rule, judged by the server)', () => {
  type Questionnaire = { id: number; name: string; collectionProtocol: string | null; shareable: boolean };
  type WithFields = Questionnaire & { fields: { id: number; label: string; kind: string; options: string[] }[] };
  const list = async (token: string, query = '') => {
    const res = await t.call('GET', api(`queries/questionnaires${query}`), { token });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: json<Questionnaire[]>(res), total: Number(pagination(res)?.TotalCount) };
  };
  const fieldsOf = (token: string, id: number) => t.call('GET', api(`queries/questionnaires/${id}`), { token });
  const refused = async (criteria: CriteriaGroup, url = 'queries/count') => {
    const body = { criteria, ...(url === 'queries/aggregate' ? { groupBy: 'gender' } : {}) };
    const res = await t.call('POST', api(url), {
      token: researcher,
      body: url === 'savedQueries' ? { ...body, name: 'Refused' } : body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(json<Problem>(res)).toMatchObject({ code: 'queries.answer_not_shared' });
    expect(json<Problem>(res).title).toContain('shared with the research catalogue');
  };

  it('staff pick any field of an enabled questionnaire; researchers only the list questions of shared ones', async () => {
    const notes = await post<Rec>(`${k.base(w.protocol.id)}/${form.id}/collectionProtocolFormFields`, {
      DataTypeId: k.type('TB'),
      Prompt: 'Anything else?',
      ResponseTitle: 'Notes',
    });
    // Staff: the questionnaire, its fields by label, a list field's options; found by a field or the protocol.
    const staff = await list(A.token);
    expect(staff.rows.map((f) => f.name)).toContain('Smoking');
    const got = json<WithFields>(await fieldsOf(A.token, form.id));
    expect(got.fields.map((f) => [f.label, f.kind, f.options])).toEqual([
      ['Do you smoke?', 'RL', ['Yes', 'No']],
      ['Anything else?', 'TB', []],
    ]);
    const bySavedField = await list(A.token, `?fieldId=${notes.id}`);
    expect(bySavedField.rows.map((f) => f.id)).toEqual([form.id]);
    expect(bySavedField.total).toBe(1);
    expect((await list(A.token, `?fieldId=999999999`)).rows).toEqual([]);
    const protocolTitle = got.collectionProtocol!;
    expect((await list(A.token, `?searchTerm=${encodeURIComponent(protocolTitle)}`)).rows.map((f) => f.id)).toContain(
      form.id,
    );
    expect(await count(and({ field: 'answer', formFieldId: notes.id, value: 'nothing' }))).toEqual({
      count: 0,
      suppressed: false,
      capped: false,
    });

    // A researcher: not shared yet, so nothing to pick and nothing to ask.
    expect((await list(researcher)).rows.map((f) => f.id)).not.toContain(form.id);
    expect((await fieldsOf(researcher, form.id)).statusCode).toBe(404);
    const smokes = and({ field: 'answer', formFieldId: smoker.id, value: 'Yes' });
    await refused(smokes);
    await refused(smokes, 'queries/aggregate');
    await refused(smokes, 'savedQueries');

    // Shared by an administrator: the list question, never the free text; an answer must be one of its options.
    const current = json<Rec & { concurrencyStamp: string }>(
      await t.call('GET', `${k.base(w.protocol.id)}/${form.id}`, { token: A.token }),
    );
    const shared = await t.call('PUT', `${k.base(w.protocol.id)}/${form.id}/shareable`, {
      token: A.token,
      body: { shareable: true, concurrencyStamp: current.concurrencyStamp },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await list(researcher)).rows.filter((f) => f.id === form.id)).toEqual([
      { id: form.id, name: 'Smoking', collectionProtocol: protocolTitle, shareable: true },
    ]);
    expect(json<WithFields>(await fieldsOf(researcher, form.id)).fields.map((f) => f.label)).toEqual(['Do you smoke?']);
    expect((await list(researcher, `?fieldId=${notes.id}`)).rows).toEqual([]);
    expect(await count(and({ field: 'answer', formFieldId: smoker.id, value: ' yes ' }), researcher)).toEqual({
      count: '< 5',
      suppressed: true,
      capped: false,
    });
    await refused(and({ field: 'answer', formFieldId: notes.id, value: 'nothing' }));
    await refused(and({ field: 'answer', formFieldId: smoker.id, value: 'Sometimes' }));
    await refused(and({ field: 'gender', ids: [R.male] }, or({ field: 'answer', formFieldId: notes.id, value: 'x' })));
    const saved = await t.call('POST', api('savedQueries'), {
      token: researcher,
      body: { name: 'Smokers', criteria: smokes },
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it("another institution's questionnaire is 404, and hostile ids are 400", async () => {
    const other = await signedIn(t, ['Administrator']);
    const ok = await formsKit(t, other.institution.id, other.token);
    const theirs = await ok.form('Theirs');
    await ok.field(theirs.id, 'RL', { Options: [{ Value: 'A' }] });
    expect((await fieldsOf(A.token, theirs.id)).statusCode).toBe(404);
    expect((await list(A.token)).rows.map((f) => f.id)).not.toContain(theirs.id);
    for (const bad of ['abc', '0', '-1', '1.5'])
      expect((await t.call('GET', api(`queries/questionnaires/${bad}`), { token: A.token })).statusCode).toBe(400);
    expect((await t.call('GET', api('queries/questionnaires?fieldId=x'), { token: A.token })).statusCode).toBe(400);
    expect((await t.call('GET', api('queries/questionnaires?other=1'), { token: A.token })).statusCode).toBe(400);
  });
});
