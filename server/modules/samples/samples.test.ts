import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { createProtocol, protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp, type Sample } from '../../test/samples-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { sampleDraws } from './samples.table';
import {
  aroundCommit,
  namesInTransactions,
  sentNamedStatements,
  sentStatementsWithTransactions,
} from '../../test/sent-statements';
import { drawStatement } from './ids.repository';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const pr = await referenceIds(t, institution.id, token);
const r = await protocolRefs(t, institution.id, token);
const ml = r.unit('Millilitre'),
  ul = r.unit('Microlitre');
const blood = r.type('Whole Blood'),
  serum = r.type('Serum');
type Rec = Record<string, unknown> & { id: number };

/** A protocol with the institution's site, one event and one enrolled patient (server/test/samples-fixtures.ts). */
const setUp = (inst = institution, tok = token) =>
  sampleSetUp(t, inst, tok, inst.id === institution.id ? { protocol: r, participant: pr } : undefined);

const p = await setUp();

describe('collect', () => {
  it('collects a sample with remaining = collected, names its references, and lists it with the spec filters', async () => {
    const s = await p.sample({ SampleID: 'BC-0001' });
    expect(s).toMatchObject({
      sampleId: 'BC-0001',
      kind: 'primary',
      collectedAmount: 10,
      remainingAmount: 10,
      isSubsample: false,
      parentSampleId: null,
      patientId: p.patient.id,
      specimenType: { id: blood, title: 'Whole Blood' },
      unitOfMeasurement: { id: ml, unitName: 'Millilitre', unitSymbol: 'mL' },
      collectionProtocolEvent: { id: p.event.id, label: 'Baseline' },
      institutionSite: { id: institution.site.id, title: 'Main Site' },
      collectedDate: '2026-03-14',
      collectedTime: '09:30',
      hasWithdrawnConsent: false,
      creatorAccount: { firstName: 'Test' },
    });
    expect(typeof s.concurrencyStamp).toBe('string');
    const ids = async (q: string) => json<Sample[]>(await t.call('GET', p.api(q), { token })).map((x) => x.sampleId);
    expect(await ids('?SampleID=bc-0001')).toEqual(['BC-0001']);
    expect(await ids(`?PatientId=${p.patient.id}&IsSubsample=false&StartDate=2026-03-14&EndDate=2026-03-14`)).toContain(
      'BC-0001',
    );
    expect(await ids(`?ParticipantId=${p.enrolment.id}&SampleID=BC-0001`)).toEqual(['BC-0001']);
    expect(await ids('?StartDate=2026-03-15&EndDate=2026-03-20&SampleID=BC-0001')).toEqual([]);
    const half = await t.call('GET', p.api('?StartDate=2026-03-14'), { token });
    expect(json(half)).toMatchObject({ status: 400, errors: { endDate: ['Give both the start and the end date'] } });
    const list = await t.call('GET', p.api('?PageSize=1'), { token });
    expect(pagination(list)).toMatchObject({ PageSize: 1 });
    // The institution-wide look-up New Order uses: exact, any case.
    const found = json<Sample[]>(
      await t.call('GET', `/api/institutions/${institution.id}/collectedSamples?SampleID=bC-0001`, { token }),
    );
    expect(found.map((x) => x.id)).toEqual([s.id]);
    expect(
      json<Sample[]>(
        await t.call('GET', `/api/institutions/${institution.id}/collectedSamples?SampleID=BC-000`, { token }),
      ),
    ).toEqual([]);
    expect(json(await t.call('GET', p.api(`/${s.id}`), { token }))).toMatchObject({ id: s.id, sampleId: 'BC-0001' });
  });

  it('keeps sample IDs unique per institution whatever their case, and validates with the spec messages', async () => {
    await p.sample({ SampleID: 'Dup-1' });
    const again = await t.call('POST', p.api(), { token, body: p.body({ SampleID: 'dUP-1' }) });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      code: 'samples.sample_id_taken',
      title: 'Sample ID dUP-1 is already used in this institution.',
      errors: { sampleId: ['This sample ID is already used'] },
    });
    // Another protocol of the institution: still taken.
    const other = await setUp();
    expect(json(await t.call('POST', other.api(), { token, body: other.body({ SampleID: 'DUP-1' }) })).code).toBe(
      'samples.sample_id_taken',
    );
    const empty = await t.call('POST', p.api(), { token, body: { SampleID: 'a b' } });
    expect(json(empty).errors).toMatchObject({
      sampleId: ['Use letters, digits and . _ - / only'],
      specimenTypeId: ['*Required'],
    });
    const partial = await t.call('POST', p.api(), { token, body: { SpecimenTypeId: blood, CollectedAmount: 1 } });
    expect(json(partial).errors).toEqual({
      patientId: ['*Required'],
      institutionSiteId: ['*Required'],
      collectionProtocolEventId: ['*Required'],
      unitOfMeasurementId: ['*Required'],
      collectedDate: ['*required'],
      collectedTime: ['*required'],
    });
    expect(
      json(
        await t.call('POST', p.api(), {
          token,
          body: { IsSubSample: true, SpecimenTypeId: blood, CollectedAmount: 1 },
        }),
      ).errors,
    ).toEqual({ parentSampleId: ['*Required'], subSampleLineageId: ['*Required'] });
  });

  it('generates <CODE>-<yyyymmdd>-<nnn> IDs, never twice under parallel saves, skipping one typed by hand', async () => {
    const code = String(p.protocol.code).toUpperCase();
    await p.sample({ SampleID: `${code}-20260401-002` });
    const made = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', p.api(), { token, body: p.body({ CollectedDate: '2026-04-01' }) }),
      ),
    );
    expect(made.map((m) => m.statusCode)).toEqual(Array(6).fill(201));
    const ids = made.map((m) => json<Sample>(m).sampleId).sort();
    expect(ids).toEqual([1, 3, 4, 5, 6, 7].map((n) => `${code}-20260401-${String(n).padStart(3, '0')}`));
    const parent = json<Sample>(made[0]);
    const child = json<Sample>(await p.sub(parent));
    expect(child.sampleId).toBe(`${parent.sampleId}.1`);
  });

  it('refuses a patient not enrolled, an event or site of another protocol, and unknown lists', async () => {
    const stranger = json<Rec>(
      await t.call('POST', `/api/institutions/${institution.id}/patients/register`, { token, body: participant(pr) }),
    );
    expect(json(await t.call('POST', p.api(), { token, body: p.body({ PatientId: stranger.id }) }))).toMatchObject({
      status: 409,
      code: 'samples.not_enrolled',
    });
    const other = await setUp();
    expect(
      json(await t.call('POST', p.api(), { token, body: p.body({ CollectionProtocolEventId: other.event.id }) })),
    ).toMatchObject({ status: 400, code: 'samples.event_not_in_protocol' });
    const bare = await createProtocol(t, institution.id, token);
    const bareApi = `/api/institutions/${institution.id}/collectionProtocols/${bare.id}`;
    const ev = json<Rec>(
      await t.call('POST', `${bareApi}/collectionProtocolEvents`, {
        token,
        body: { Label: 'E', EventCode: 'E1', CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day') },
      }),
    );
    await t.call('POST', `${bareApi}/collectionProtocolParticipants`, { token, body: { PatientIds: [p.patient.id] } });
    const noSite = await t.call('POST', `${bareApi}/collectedSamples`, {
      token,
      body: p.body({ CollectionProtocolEventId: ev.id }),
    });
    expect(json(noSite)).toMatchObject({ status: 400, code: 'samples.site_not_in_protocol' });
    expect(
      json(await t.call('POST', p.api(), { token, body: p.body({ SpecimenTypeId: 2_000_000_000 }) })),
    ).toMatchObject({ status: 400, errors: { specimenTypeId: ['Choose an enabled specimen type'] } });
    const gone = await setUp();
    await t.call('POST', `${gone.base}/collectionProtocolParticipants/${gone.enrolment.id}/disable`, { token });
    expect(json(await t.call('POST', gone.api(), { token, body: gone.body() }))).toMatchObject({
      status: 409,
      code: 'samples.participant_disabled',
      title: 'Almaz Tesfaye is disabled in this protocol.',
    });
  });
});

describe('collection outside the protocol dates', () => {
  it('asks for confirmation (409 naming the dates), then collects and notes it; inside the dates nothing is asked', async () => {
    // The default protocol starts 2026-01-01: a sample dated before it is outside.
    const early = await t.call('POST', p.api(), { token, body: p.body({ CollectedDate: '2025-12-31' }) });
    expect(early.statusCode).toBe(409);
    expect(json(early)).toMatchObject({
      code: 'samples.outside_dates',
      errors: { collectedDate: ["Outside the protocol's dates"] },
      title: `${p.protocol.title} runs from 2026-01-01 to 2099-12-31; the collection date 2025-12-31 is outside it.`,
    });
    const stepper = await t.call('POST', p.api('/collect'), {
      token,
      body: {
        CollectionProtocolEventId: p.event.id,
        PatientId: p.patient.id,
        InstitutionSiteId: institution.site.id,
        CollectedDate: '2025-12-31',
        CollectedTime: '08:00',
        Rows: [{ Key: 'a', SpecimenTypeId: blood, Quantity: 1, UnitOfMeasurementId: ml }],
      },
    });
    expect(json(stepper).code).toBe('samples.outside_dates');
    const accepted = await p.sample({ CollectedDate: '2025-12-31', AcceptOutsideDates: true });
    expect(accepted).toMatchObject({ collectedDate: '2025-12-31', collectedOutsideDates: true });
    const [logged] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectedSample'), eq(auditEvents.entityId, String(accepted.id))));
    expect(logged.after).toMatchObject({ collectedOutsideDates: true });
    expect(await p.sample()).toMatchObject({ collectedOutsideDates: false });
  });
});

describe('sample labels', () => {
  it('answers the labels (sample ID, collected date DD-MM-YYYY, copies), notes them in the history, and refuses unknown samples and a Researcher', async () => {
    const a = await p.sample({ SampleID: 'LBL-1', CollectedDate: '2026-03-14' });
    const b = await p.sample({ SampleID: 'LBL-2', CollectedDate: '2026-03-15' });
    const res = await t.call('POST', p.api('/labels'), {
      token,
      body: { CollectedSampleIds: [b.id, a.id], Copies: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      labels: [
        { sampleId: 'LBL-2', date: '15-03-2026', copies: 2 },
        { sampleId: 'LBL-1', date: '14-03-2026', copies: 2 },
      ],
    });
    const history = json<{ kind: string; summary: string }[]>(
      await t.call('GET', p.api(`/${a.id}/history`), { token }),
    );
    expect(history.at(-1)).toMatchObject({ kind: 'label_printed', summary: 'Label printed (2 copies).' });
    const other = await setUp();
    const foreign = await t.call('POST', other.api('/labels'), { token, body: { CollectedSampleIds: [a.id] } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call('POST', p.api('/labels'), { token, body: { CollectedSampleIds: [] } })).statusCode).toBe(400);
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [institution.id] });
    const rt = await login(t, researcher.email);
    expect(
      (await t.call('POST', p.api('/labels'), { token: rt, body: { CollectedSampleIds: [a.id] } })).statusCode,
    ).toBe(403);
  });
});

describe('ledger', () => {
  it('an aliquot takes its amount from the parent; a derivative records the parent amount used apart from its own amount', async () => {
    const parent = await p.sample({ CollectedAmount: 10 });
    const a = await p.sub(parent, { CollectedAmount: 2.5 });
    expect(a.statusCode, a.body).toBe(201);
    expect(json(a)).toMatchObject({
      kind: 'aliquot',
      isSubsample: true,
      parentSampleId: parent.id,
      parentSample: { id: parent.id, sampleId: parent.sampleId },
      collectedAmount: 2.5,
      remainingAmount: 2.5,
      unitOfMeasurement: { id: ml },
      parentAmountUsed: null,
    });
    const d = await p.sub(parent, {
      SubSampleLineageId: r.derived,
      SpecimenTypeId: serum,
      CollectedAmount: 800,
      UnitOfMeasurementId: ul,
      ParentAmountUsed: 3,
    });
    expect(json(d)).toMatchObject({
      kind: 'derivative',
      collectedAmount: 800,
      unitOfMeasurement: { id: ul, unitSymbol: 'µL' },
      parentAmountUsed: 3,
      specimenType: { title: 'Serum' },
    });
    const after = json<Sample>(await t.call('GET', p.api(`/${parent.id}`), { token }));
    expect(after.remainingAmount).toBe(4.5);
    expect(after.concurrencyStamp).not.toBe(parent.concurrencyStamp);
    const draws = await t.db.select().from(sampleDraws).where(eq(sampleDraws.sampleId, parent.id));
    expect(draws.map((x) => [x.kind, x.amount, x.childSampleId])).toEqual([
      ['aliquot', 2.5, json<Rec>(a).id],
      ['derivative', 3, json<Rec>(d).id],
    ]);
    expect(after.collectedAmount - draws.reduce((s, x) => s + x.amount, 0)).toBe(after.remainingAmount);
    // An aliquot keeps the parent's type (units convert: see 'unit conversion').
    expect(json(await p.sub(parent, { SpecimenTypeId: serum }))).toMatchObject({
      status: 400,
      code: 'samples.aliquot_type',
    });
    const over = await p.sub(parent, { CollectedAmount: 5 });
    expect(over.statusCode).toBe(409);
    expect(json(over)).toMatchObject({
      code: 'samples.overdraw',
      title: `Sample ${parent.sampleId} has 4.5 mL remaining; 5 mL cannot be taken from it.`,
    });
  });

  it("an aliquot in another unit of the parent's unit type is drawn converted; it keeps its own amount and unit", async () => {
    const parent = await p.sample({ CollectedAmount: 10 });
    const a = await p.sub(parent, { CollectedAmount: 500, UnitOfMeasurementId: ul });
    expect(a.statusCode, a.body).toBe(201);
    expect(json(a)).toMatchObject({
      collectedAmount: 500,
      remainingAmount: 500,
      unitOfMeasurement: { id: ul, unitSymbol: 'µL' },
    });
    expect(json<Sample>(await t.call('GET', p.api(`/${parent.id}`), { token })).remainingAmount).toBe(9.5);
    const draws = await t.db.select().from(sampleDraws).where(eq(sampleDraws.sampleId, parent.id));
    expect(draws.map((x) => [x.kind, x.amount, x.unitId])).toEqual([['aliquot', 0.5, ml]]);
    const history = json<{ kind: string; summary: string; amount: number }[]>(
      await t.call('GET', p.api(`/${parent.id}/history`), { token }),
    );
    expect(history.find((h) => h.kind === 'aliquoted')).toMatchObject({
      summary: `Aliquot ${json<Sample>(a).sampleId} took 0.5 mL (500 µL).`,
      amount: 0.5,
    });
    // 0.1 µL steps add up exactly (9 decimals), and more than is left is refused in the parent's unit.
    expect((await p.sub(parent, { CollectedAmount: 0.1, UnitOfMeasurementId: ul })).statusCode).toBe(201);
    const over = await p.sub(parent, { CollectedAmount: 9500, UnitOfMeasurementId: ul });
    expect(over.statusCode).toBe(409);
    expect(json(over)).toMatchObject({
      code: 'samples.overdraw',
      title: `Sample ${parent.sampleId} has 9.4999 mL remaining; 9.5 mL cannot be taken from it.`,
    });
    // A derivative's parent amount used stays in the parent's unit.
    const d = await p.sub(parent, {
      SubSampleLineageId: r.derived,
      SpecimenTypeId: serum,
      CollectedAmount: 200,
      UnitOfMeasurementId: ul,
      ParentAmountUsed: 1,
    });
    expect(json(d)).toMatchObject({ parentAmountUsed: 1, collectedAmount: 200 });
    expect(json<Sample>(await t.call('GET', p.api(`/${parent.id}`), { token })).remainingAmount).toBe(8.4999);
  });

  it('refuses an aliquot whose unit does not convert: another unit type, or a unit without a factor', async () => {
    const parent = await p.sample({ CollectedAmount: 10 });
    const gram = r.unit('Gram');
    const mass = await t.call('POST', p.api(), {
      token,
      body: {
        IsSubSample: true,
        ParentSampleId: parent.id,
        SubSampleLineageId: r.aliquot,
        SpecimenTypeId: blood,
        CollectedAmount: 1,
        UnitOfMeasurementId: gram,
      },
    });
    expect(json(mass)).toMatchObject({
      status: 400,
      code: 'samples.aliquot_unit',
      title: 'g and mL cannot be converted: different unit types.',
      errors: { unitOfMeasurementId: ['g and mL cannot be converted: different unit types.'] },
    });
    // A unit of the same type without a conversion factor, made as an administrator would.
    const admin = await login(
      t,
      (await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [institution.id] })).email,
    );
    const units = `/api/institutions/${institution.id}/unitOfMeasurements`;
    const micro = json<Rec>(await t.call('GET', `${units}/${ul}`, { token: admin }));
    const drop = json<Rec>(
      await t.call('POST', units, {
        token: admin,
        body: {
          UnitOfMeasurementTypeId: micro.unitOfMeasurementTypeId,
          UnitName: 'Drop',
          UnitSymbol: 'gtt',
          Description: 'One drop',
        },
      }),
    );
    const none = await p.sub(parent, { UnitOfMeasurementId: drop.id });
    expect(json(none)).toMatchObject({
      status: 400,
      code: 'samples.aliquot_unit',
      title: 'gtt and mL cannot be converted: set a conversion factor on gtt in Configuration > Unit Of Measurement.',
    });
    expect(json<Sample>(await t.call('GET', p.api(`/${parent.id}`), { token })).remainingAmount).toBe(10);
  });

  it('adjusts with a reason and the concurrency stamp: draws, gives back, never below 0 nor above collected; a stale stamp is 409', async () => {
    const s = await p.sample({ CollectedAmount: 5 });
    const adj = (amount: number, stamp: string, reason = 'Spilled while pipetting') =>
      t.call('POST', p.api(`/${s.id}/adjustments`), {
        token,
        body: { Amount: amount, Reason: reason, ConcurrencyStamp: stamp },
      });
    const one = await adj(1.5, s.concurrencyStamp);
    expect(one.statusCode, one.body).toBe(200);
    expect(json(one)).toMatchObject({ remainingAmount: 3.5 });
    expect(json(await adj(1, s.concurrencyStamp))).toMatchObject({
      status: 409,
      title: 'This record was changed by someone else. Reload it and try again.',
    });
    const stamp = json<Sample>(one).concurrencyStamp;
    expect(json(await adj(4, stamp))).toMatchObject({ status: 409, code: 'samples.overdraw' });
    expect(json(await adj(-2, stamp))).toMatchObject({ status: 409, code: 'samples.over_return' });
    const back = await adj(-0.5, stamp, 'Recount');
    expect(json(back)).toMatchObject({ remainingAmount: 4 });
    expect(json(await adj(1, json<Sample>(back).concurrencyStamp, ''))).toMatchObject({
      status: 400,
      errors: { reason: ['*required'] },
    });
    expect(json(await adj(0, json<Sample>(back).concurrencyStamp))).toMatchObject({
      status: 400,
      errors: { amount: ['An adjustment of 0 changes nothing'] },
    });
    const history = json<
      { kind: string; summary: string; reason: string | null; remainingAfter: number; account: { firstName: string } }[]
    >(await t.call('GET', p.api(`/${s.id}/history`), { token }));
    expect(history.map((h) => [h.kind, h.remainingAfter, h.reason])).toEqual([
      ['collected', 5, null],
      ['adjusted', 3.5, 'Spilled while pipetting'],
      ['adjusted', 4, 'Recount'],
    ]);
    expect(history[1]).toMatchObject({ summary: 'Adjusted: 1.5 mL removed.', account: { firstName: 'Test' } });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectedSample'), eq(auditEvents.entityId, String(s.id))));
    expect(audits.map((a) => a.action)).toEqual(['create', 'adjust', 'adjust']);
  });

  it('20 parallel aliquots that would overdraw a parent: exactly the allowed number of 201s, 409 for the rest', async () => {
    const parent = await p.sample({ CollectedAmount: 7 });
    const results = await Promise.all(Array.from({ length: 20 }, () => p.sub(parent, { CollectedAmount: 1 })));
    const codes = results.map((x) => x.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    expect(results.filter((x) => x.statusCode === 409).every((x) => json(x).code === 'samples.overdraw')).toBe(true);
    const tree = json<Sample>(await t.call('GET', p.api(`/${parent.id}/tree`), { token }));
    expect(tree.remainingAmount).toBe(0);
    expect(tree.children).toHaveLength(7);
    expect(new Set(tree.children.map((c) => c.sampleId)).size).toBe(7);
  });
});

describe('stepper command', () => {
  const rows = (over: Record<string, unknown>[] = []) => [
    { Key: 'wb', SpecimenTypeId: blood, Quantity: 6, UnitOfMeasurementId: ml, SampleId: null },
    { Key: 'a1', ParentKey: 'wb', SubSampleLineageId: r.aliquot, SpecimenTypeId: blood, Quantity: 2 },
    { Key: 'a1x', ParentKey: 'a1', SubSampleLineageId: r.aliquot, SpecimenTypeId: blood, Quantity: 0.5 },
    {
      Key: 'ser',
      ParentKey: 'wb',
      SubSampleLineageId: r.derived,
      SpecimenTypeId: serum,
      Quantity: 1.5,
      ParentAmountUsed: 3,
    },
    ...over,
  ];
  const run = (body: Record<string, unknown>, pp = p) =>
    t.call('POST', pp.api('/collect'), {
      token,
      body: {
        CollectionProtocolEventId: pp.event.id,
        PatientId: pp.patient.id,
        InstitutionSiteId: institution.site.id,
        CollectedDate: '2026-05-02',
        CollectedTime: '10:15',
        ...body,
      },
    });

  it('creates every row and sub-row in one transaction, with trees and remaining amounts', async () => {
    const res = await run({ Rows: rows() });
    expect(res.statusCode, res.body).toBe(201);
    const made = json<Sample[]>(res);
    expect(made.map((s) => [s.kind, s.collectedAmount, s.remainingAmount])).toEqual([
      ['primary', 6, 1],
      ['aliquot', 2, 1.5],
      ['aliquot', 0.5, 0.5],
      ['derivative', 1.5, 1.5],
    ]);
    const tree = json<Sample>(await t.call('GET', p.api(`/${made[0].id}/tree`), { token }));
    expect(tree.children.map((c) => [c.sampleId, c.children.map((g) => g.sampleId)])).toEqual([
      [made[1].sampleId, [made[2].sampleId]],
      [made[3].sampleId, []],
    ]);
    // The session, the root, and the descendants in one statement whose text is the same for any tree (so it is
    // prepared once and planned once): a tree of three descendants and one of one send the same SQL.
    const big = await sentStatementsWithTransactions(t.db, () =>
      t.call('GET', p.api(`/${made[0].id}/tree`), { token }),
    );
    const small = await sentStatementsWithTransactions(t.db, () =>
      t.call('GET', p.api(`/${made[1].id}/tree`), { token }),
    );
    expect(big).toHaveLength(3);
    expect(small).toEqual(big);
    const history = json<{ kind: string }[]>(await t.call('GET', p.api(`/${made[0].id}/history`), { token }));
    expect(history.map((h) => h.kind)).toEqual(['collected', 'aliquoted', 'derived']);
    const child = json<{ kind: string; summary: string; otherSample: { sampleId: string } }[]>(
      await t.call('GET', p.api(`/${made[1].id}/history`), { token }),
    );
    expect(child.map((h) => [h.kind, h.otherSample?.sampleId])).toEqual([
      ['collected', made[0].sampleId],
      ['aliquoted', made[2].sampleId],
    ]);
    expect(child[0].summary).toBe(`Aliquoted from ${made[0].sampleId}: 2 mL.`);
    const [logged] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectedSample'), eq(auditEvents.action, 'collect')));
    expect(logged.after).toMatchObject({
      eventId: p.event.id,
      patientId: p.patient.id,
      sampleIds: made.map((m) => m.id),
    });
    const everywhere = json<Sample[]>(
      await t.call(
        'GET',
        `/api/institutions/${institution.id}/collectedSamples?PatientId=${p.patient.id}&StartDate=2026-05-02&EndDate=2026-05-02`,
        { token },
      ),
    );
    expect(everywhere.map((x) => x.id).sort()).toEqual(made.map((m) => m.id).sort());
  });

  it('rolls back everything on one bad row and names the row', async () => {
    const before = pagination(await t.call('GET', p.api(), { token })).TotalCount;
    const over = await run({
      Rows: rows([{ Key: 'big', ParentKey: 'wb', SubSampleLineageId: r.aliquot, SpecimenTypeId: blood, Quantity: 5 }]),
    });
    expect(over.statusCode).toBe(409);
    expect(json(over).title).toMatch(/^Row 5 \(big\): Sample .+ has 1 mL remaining; 5 mL cannot be taken from it\.$/);
    await p.sample({ SampleID: 'TAKEN-9' });
    const dup = await run({
      Rows: rows([
        {
          Key: 'x',
          ParentKey: 'wb',
          SubSampleLineageId: r.derived,
          SpecimenTypeId: serum,
          Quantity: 1,
          SampleId: 'taken-9',
        },
      ]),
    });
    expect(json(dup)).toMatchObject({
      status: 409,
      code: 'samples.sample_id_taken',
      errors: { 'rows.4.sampleId': ['This sample ID is already used'] },
    });
    const unknown = await run({
      Rows: rows([
        { Key: 'x', ParentKey: 'wb', SubSampleLineageId: r.derived, SpecimenTypeId: 2_000_000_000, Quantity: 1 },
      ]),
    });
    expect(json(unknown)).toMatchObject({
      status: 400,
      errors: { 'rows.4.specimenTypeId': ['Choose an enabled specimen type'] },
    });
    expect(json(unknown).title).toMatch(/^Row 5 \(x\): /);
    const twice = await run({
      Rows: [
        { Key: 'a', SpecimenTypeId: blood, Quantity: 1, UnitOfMeasurementId: ml, SampleId: 'Q-1' },
        { Key: 'b', SpecimenTypeId: blood, Quantity: 1, UnitOfMeasurementId: ml, SampleId: 'q-1' },
      ],
    });
    expect(json(twice)).toMatchObject({ status: 400, code: 'samples.sample_id_twice' });
    expect(
      json(
        await run({
          Rows: [{ Key: 'a', ParentKey: 'zz', SpecimenTypeId: blood, Quantity: 1, SubSampleLineageId: r.aliquot }],
        }),
      ).code,
    ).toBe('samples.row_parent');
    expect(pagination(await t.call('GET', p.api(), { token })).TotalCount).toBe(before + 1);
  });

  it('10 parallel collections under one prefix (issue 30: IDs drawn before the transaction): distinct IDs, a typed one skipped, audited', async () => {
    const code = String(p.protocol.code).toUpperCase();
    await p.sample({ SampleID: `${code}-20260503-002`, CollectedDate: '2026-05-03' });
    const one = [{ Key: 'wb', SpecimenTypeId: blood, Quantity: 1, UnitOfMeasurementId: ml }];
    const made = await Promise.all(Array.from({ length: 10 }, () => run({ Rows: one, CollectedDate: '2026-05-03' })));
    expect(made.map((m) => m.statusCode)).toEqual(Array(10).fill(201));
    const ids = made.map((m) => json<Sample[]>(m)[0].sampleId).sort();
    expect(ids).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => `${code}-20260503-${String(n).padStart(3, '0')}`));
    const sampleIds = made.map((m) => json<Sample[]>(m)[0].id);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectedSample'), eq(auditEvents.action, 'collect')));
    const logged = audits.flatMap((a) => (a.after as { sampleIds: number[] }).sampleIds);
    expect(sampleIds.every((id) => logged.includes(id))).toBe(true);
    // A collection refused after its ID was drawn leaves that number unused (a gap), never given twice.
    const refused = await run({ Rows: one, CollectedDate: '2026-05-03', PatientId: 2_000_000_000 });
    expect(refused.statusCode).toBe(409);
    expect(json<Sample[]>(await run({ Rows: one, CollectedDate: '2026-05-03' }))[0].sampleId).toBe(
      `${code}-20260503-013`,
    );
  });

  it('one primary sample is cheap (issue 30): the ID counter outside the transaction, enrolment, event and site in one read, one audit statement, 12 statements at most (session and read-back included)', async () => {
    const one = [{ Key: 'wb', SpecimenTypeId: blood, Quantity: 1, UnitOfMeasurementId: ml }];
    await run({ Rows: one, CollectedDate: '2026-05-04' });
    let res: Awaited<ReturnType<typeof run>> | undefined;
    const sent = await sentStatementsWithTransactions(t.db, async () => {
      res = await run({ Rows: one, CollectedDate: '2026-05-04' });
    });
    expect(res?.statusCode, res?.body).toBe(201);
    const counter = sent.filter((q) => q.includes('collected_sample_id_counters'));
    expect(counter).toHaveLength(1);
    expect(counter[0]).toContain('synchronous_commit');
    // PostgreSQL: before the transaction (PGlite runs its transactions without a begin statement).
    const begin = sent.findIndex((q) => /^\s*begin/i.test(q));
    if (begin >= 0) expect(sent.indexOf(counter[0])).toBeLessThan(begin);
    expect(sent.filter((q) => q.includes('insert into audit_events'))).toHaveLength(1);
    // In the transaction (the read-back after it names the event too).
    const inTx = sent.slice(
      Math.max(begin, 0),
      sent.findIndex((q) => /^\s*commit/i.test(q)),
    );
    const origin = inTx.filter((q) =>
      /collection_protocol_participants|collection_protocol_events|collection_protocol_sites/.test(q),
    );
    expect(origin).toHaveLength(1);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(12);
  });

  /** One primary sample collected on `date`: the answer and the statements it sent, split at the commit. */
  const collectOne = async (date: string) => {
    const rows = [{ Key: 'wb', SpecimenTypeId: blood, Quantity: 1, UnitOfMeasurementId: ml }];
    let res: Awaited<ReturnType<typeof run>> | undefined;
    const sent = await sentNamedStatements(t.db, async () => {
      res = await run({ Rows: rows, CollectedDate: date });
    });
    expect(res?.statusCode, res?.body).toBe(201);
    return { res: res!, ...aroundCommit(sent) };
  };

  it('reads the collected samples back with a statement prepared by name (issue 30): no list of ids in its text, so PostgreSQL plans it once, not per collection', async () => {
    const readBack = async () => {
      const { res, after } = await collectOne('2026-05-05');
      const reads = after.filter((q) => q.text.includes('from "collected_samples"'));
      expect(reads, after.map((q) => q.text).join('\n')).toHaveLength(1);
      return { read: reads[0], sample: json<Sample[]>(res)[0] };
    };
    const a = await readBack();
    const b = await readBack();
    expect(a.read.name).not.toBe('');
    expect(b.read).toEqual(a.read);
    expect(a.read.text).not.toMatch(/"collected_samples"\."id" in \(/);
    // The answer is the sample as every read shows it.
    expect(b.sample).toEqual(json(await t.call('GET', p.api(`/${b.sample.id}`), { token })));
  });

  it("checks the collection's origin and the donor's consents with statements prepared by name (issue 30): planned once per connection, not per collection", async () => {
    const checks = async () => {
      const { inTransaction: inTx } = await collectOne('2026-05-06');
      const origin = inTx.filter((q) => q.text.includes('collection_protocol_participants'));
      const consents = inTx.filter((q) => q.text.includes('from "collection_protocol_participant_consents"'));
      expect(origin, inTx.map((q) => q.text).join('\n')).toHaveLength(1);
      expect(consents, inTx.map((q) => q.text).join('\n')).toHaveLength(1);
      return [origin[0], consents[0]];
    };
    const a = await checks();
    const b = await checks();
    expect(b).toEqual(a);
    // PostgreSQL: by name. PGlite runs a transaction's statements unnamed (sent-statements.ts).
    if (namesInTransactions(t.db)) for (const q of a) expect(q.name, q.text).not.toBe('');
  });

  it('inserts the sample and its history row with statements prepared by name (issue 30): built once per connection, not per collection', async () => {
    const inserts = async (date: string) => {
      const { inTransaction: inTx } = await collectOne(date);
      const found = inTx.filter((q) => /^insert into "(collected_samples|sample_events)"/.test(q.text));
      expect(found, inTx.map((q) => q.text).join('\n')).toHaveLength(2);
      return found.map(({ name, text }) => ({ name, text }));
    };
    const a = await inserts('2026-05-07');
    const b = await inserts('2026-05-08');
    expect(b).toEqual(a);
    if (namesInTransactions(t.db)) for (const q of a) expect(q.name, q.text).not.toBe('');
  });

  it('draws the generated ID and writes the audit rows with statements prepared by name (issue 30): one text each, whatever the values', async () => {
    const raw = async (date: string) => {
      const { inTransaction: inTx } = await collectOne(date);
      const draw = inTx.filter((q) => q.text.startsWith('with async'));
      const audits = inTx.filter((q) => /insert into audit_events/.test(q.text));
      expect(draw, inTx.map((q) => q.text).join('\n')).toHaveLength(1);
      expect(audits, inTx.map((q) => q.text).join('\n')).toHaveLength(1);
      return [draw[0], audits[0]].map(({ name, text }) => ({ name, text }));
    };
    const [drawA, auditA] = await raw('2026-05-09');
    const [drawB, auditB] = await raw('2026-05-10');
    expect([drawB, auditB]).toEqual([drawA, auditA]);
    // The draw runs before the transaction, so PGlite names it too; the audit insert by name on PostgreSQL.
    expect(drawA.name, drawA.text).not.toBe('');
    if (namesInTransactions(t.db)) expect(auditA.name, auditA.text).not.toBe('');
  });

  it('the ID draw looks each drawn number up on the sample-ID index, never joining all the samples of the institution (issue 30)', async () => {
    type PlanNode = { 'Node Type': string; Plans?: PlanNode[] };
    const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    const res = await t.db.execute(sql`explain (format json) ${drawStatement(institution.id, 'BC-20260504-', 3, 2)}`);
    const plan = Object.values((res as unknown as { rows: Record<string, unknown>[] }).rows[0])[0];
    const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    const types = nodes(root[0].Plan).map((n) => n['Node Type']);
    // The planner guesses 1,000 rows for the drawn numbers: an `exists` became a join with every sample (a hash of all their IDs).
    expect(
      types.filter((x) => /Join|Nested Loop|Hash/.test(x)),
      types.join(', '),
    ).toEqual([]);
    expect(types).toContain('Function Scan');
  });
});

describe('withdrawn consent', () => {
  it('blocks collect, the stepper and sub-samples for that donor; the history shows the withdrawal; adjustments stay possible', async () => {
    const w = await setUp();
    const s = await w.sample();
    const c = json<Rec & { consentVersionId: number }>(
      await t.call('POST', `${w.base}/collectionProtocolConsents`, {
        token,
        body: { Title: 'Main', Consent: '<p>I agree</p>' },
      }),
    );
    const signed = json<Rec>(
      await t.call('POST', `${w.base}/collectionProtocolParticipantConsents`, {
        token,
        body: {
          ParticipantId: w.enrolment.id,
          ConsentVersionId: c.consentVersionId,
          Signature: signaturePng().dataUrl,
        },
      }),
    );
    const today = new Date().toISOString().slice(0, 10);
    const off = await t.call('POST', `${w.base}/collectionProtocolParticipantConsents/${signed.id}/withdraw`, {
      token,
      body: { WithdrawnDate: today, Reason: 'Moved away', Effect: 'stop_use' },
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const res of [
      await t.call('POST', w.api(), { token, body: w.body() }),
      await w.sub(s),
      await t.call('POST', w.api('/collect'), {
        token,
        body: {
          CollectionProtocolEventId: w.event.id,
          PatientId: w.patient.id,
          CollectedDate: today,
          CollectedTime: '10:00',
          Rows: [{ Key: 'a', SpecimenTypeId: blood, Quantity: 1, UnitOfMeasurementId: ml }],
        },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toMatchObject({
        code: 'protocols.consent_withdrawn',
        title: `Almaz Tesfaye withdrew consent on ${today}: their samples may not be used further.`,
      });
    }
    const label = await t.call('POST', w.api('/labels'), { token, body: { CollectedSampleIds: [s.id] } });
    expect(json(label)).toMatchObject({ status: 409, code: 'protocols.consent_withdrawn' });
    const got = json<Sample & { hasWithdrawnConsent: boolean }>(await t.call('GET', w.api(`/${s.id}`), { token }));
    expect(got.hasWithdrawnConsent).toBe(true);
    const history = json<{ kind: string; reason: string | null }[]>(
      await t.call('GET', w.api(`/${s.id}/history`), { token }),
    );
    expect(history.map((h) => h.kind)).toEqual(['collected', 'consent_withdrawn']);
    expect(history[1].reason).toBe('Moved away');
    expect(
      (
        await t.call('POST', w.api(`/${s.id}/adjustments`), {
          token,
          body: { Amount: 10, Reason: 'Destroyed', ConcurrencyStamp: got.concurrencyStamp },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('tenancy and permissions', () => {
  it("another institution's protocol or sample is 404; a Researcher reads but cannot collect; no token is 401", async () => {
    const s = await p.sample();
    const foreign = await signedIn(t, ['Coordinator']);
    const fp = await setUp(foreign.institution, foreign.token);
    const fs = await fp.sample();
    // Our sample through their protocol path, their protocol through our institution, their sample id in our protocol.
    expect((await t.call('GET', fp.api(`/${s.id}`), { token: foreign.token })).statusCode).toBe(404);
    expect(
      (
        await t.call(
          'GET',
          `/api/institutions/${institution.id}/collectionProtocols/${fp.protocol.id}/collectedSamples`,
          { token },
        )
      ).statusCode,
    ).toBe(404);
    expect((await t.call('GET', p.api(`/${fs.id}`), { token })).statusCode).toBe(404);
    expect((await t.call('GET', p.api(`/${fs.id}/tree`), { token })).statusCode).toBe(404);
    expect((await p.sub(fs as Sample)).statusCode).toBe(404);
    expect(
      (
        await t.call('POST', p.api(`/${fs.id}/adjustments`), {
          token,
          body: { Amount: 1, Reason: 'x', ConcurrencyStamp: fs.concurrencyStamp },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/institutions/${foreign.institution.id}/collectedSamples`, { token })).statusCode,
    ).toBe(404);
    expect(
      json<Rec[]>(
        await t.call('GET', `/api/institutions/${institution.id}/collectedSamples?SampleID=${fs.sampleId}`, { token }),
      ),
    ).toEqual([]);
    // Their patient in our protocol is not enrolled here.
    expect((await t.call('POST', p.api(), { token, body: p.body({ PatientId: fp.patient.id }) })).statusCode).toBe(409);

    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [institution.id] });
    const rt = await login(t, researcher.email);
    expect((await t.call('GET', p.api(), { token: rt })).statusCode).toBe(200);
    expect((await t.call('GET', p.api(`/${s.id}/history`), { token: rt })).statusCode).toBe(200);
    expect((await t.call('POST', p.api(), { token: rt, body: p.body() })).statusCode).toBe(403);
    expect((await t.call('POST', p.api('/collect'), { token: rt, body: {} })).statusCode).toBe(403);
    expect(
      (
        await t.call('POST', p.api(`/${s.id}/adjustments`), {
          token: rt,
          body: { Amount: 1, Reason: 'x', ConcurrencyStamp: s.concurrencyStamp },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call('GET', p.api())).statusCode).toBe(401);
  });
});
