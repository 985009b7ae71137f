import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { createProtocol, protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { collectedSamples } from '../samples/samples.table';
import {
  aroundCommit,
  namesInTransactions,
  sentNamedStatements,
  sentStatementsWithTransactions,
} from '../../test/sent-statements';

const t = await testApp();
const { institution, token } = await signedIn(t);
const inst = institution.id;
const sr = await storageRefs(t, inst, token);
const pr = await protocolRefs(t, inst, token);
const people = await referenceIds(t, inst, token);
const blood = pr.type('Whole Blood'),
  serum = pr.type('Serum');

type Rec = Record<string, unknown> & { id: number };
type Sample = Rec & { sampleId: string; concurrencyStamp: string };
type Location = {
  positionId: number;
  positionCode: string;
  boxId: number;
  path: { id: number; level: string; title: string }[];
  label: string;
};
type Occ = Rec & {
  collectedSampleId: number;
  concurrencyStamp: string;
  isCurrent: boolean;
  vacateReason: string | null;
  collectedSample: { sampleId: string };
  location: Location;
};
type Position = {
  id: number;
  code: string;
  ordinal: number;
  occupied: boolean;
  occupant: {
    occupancyId: number;
    sampleId: string;
    specimenType: { title: string } | null;
    concurrencyStamp: string;
  } | null;
};
type Problem = { title: string; code?: string; status: number; errors?: Record<string, string[]> };

/** A protocol with the institution's site, one event and one enrolled patient; `samples(n)` collects n at once. */
async function donor(tk = token, i = institution, refs = pr, peopleRefs = people) {
  const protocol = await createProtocol(t, i.id, tk);
  const base = `/api/institutions/${i.id}/collectionProtocols/${protocol.id}`;
  await t.call('POST', `${base}/collectionProtocolSites`, { token: tk, body: { InstitutionSiteId: i.site.id } });
  const event = json<Rec>(
    await t.call('POST', `${base}/collectionProtocolEvents`, {
      token: tk,
      body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: refs.eventUnit('Day') },
    }),
  );
  const patient = json<Rec>(
    await t.call('POST', `/api/institutions/${i.id}/patients/register`, { token: tk, body: participant(peopleRefs) }),
  );
  const [enrolment] = json<Rec[]>(
    await t.call('POST', `${base}/collectionProtocolParticipants`, { token: tk, body: { PatientIds: [patient.id] } }),
  );
  const samples = async (n: number, type = refs.type('Whole Blood')) => {
    const res = await t.call('POST', `${base}/collectedSamples/collect`, {
      token: tk,
      body: {
        CollectionProtocolEventId: event.id,
        PatientId: patient.id,
        InstitutionSiteId: i.site.id,
        CollectedDate: '2026-04-01',
        CollectedTime: '08:00',
        Rows: Array.from({ length: n }, (_, k) => ({
          Key: `r${k}`,
          SpecimenTypeId: type,
          Quantity: 1,
          UnitOfMeasurementId: refs.unit('Millilitre'),
        })),
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return json<Sample[]>(res);
  };
  return { protocol, base, event, patient, enrolment, samples };
}

const d = await donor();

/** A fresh box (3 x 3 Letters x Numbers unless told) with its API paths. */
async function box(over: Record<string, unknown> = {}, tk = token, i = inst) {
  const chain = await storageChain(t, i, tk, i === inst ? sr : await storageRefs(t, i, tk), {
    Rows: 3,
    Columns: 3,
    ...over,
  });
  const url = nodePath(i, chain.ids);
  const positions = async () =>
    json<Position[]>(await t.call('GET', `${url}/StorageContainerBoxPositions`, { token: tk }));
  const occupancies = (positionId: number) =>
    `${url}/StorageContainerBoxPositions/${positionId}/StorageContainerBoxPositionOccupancies`;
  const all = await positions();
  const at = (code: string) => all.find((p) => p.code === code)!;
  const allocate = (code: string, sampleId: number, token2 = tk) =>
    t.call('POST', occupancies(at(code).id), { token: token2, body: { CollectedSampleID: sampleId } });
  const vacate = (
    code: string,
    occ: { id: number; concurrencyStamp: string },
    reason: unknown = 'Moved to another freezer',
    token2 = tk,
  ) =>
    t.call('PUT', `${occupancies(at(code).id)}/${occ.id}/vacate`, {
      token: token2,
      body: { ConcurrencyStamp: occ.concurrencyStamp, VacateReason: reason },
    });
  const bulk = (ids: number[], token2 = tk) =>
    t.call('POST', `${url}/allocate`, { token: token2, body: { CollectedSampleIds: ids } });
  return { ...chain, url, positions, occupancies, at, allocate, vacate, bulk };
}

const historyOf = async (s: Sample) =>
  json<{ kind: string; summary: string; reason: string | null }[]>(
    await t.call('GET', `${d.base}/collectedSamples/${s.id}/history`, { token }),
  );
const audits = async (id: number) =>
  await t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'storageOccupancy'), eq(auditEvents.entityId, String(id))))
    .orderBy(auditEvents.id);

describe('allocate and vacate', () => {
  it('stores a sample in a position: the grid shows it, the position lists it, the sample knows where it is, history and audit record it', async () => {
    const b = await box();
    const [s] = await d.samples(1);
    const res = await b.allocate('B2', s.id);
    expect(res.statusCode, res.body).toBe(201);
    const occ = json<Occ>(res);
    expect(occ).toMatchObject({
      collectedSampleId: s.id,
      isCurrent: true,
      vacatedDate: null,
      vacateReason: null,
      allocatorAccount: { firstName: 'Test' },
      collectedSample: {
        id: s.id,
        sampleId: s.sampleId,
        specimenType: { id: blood, title: 'Whole Blood' },
        collectionProtocolId: d.protocol.id,
      },
      location: {
        positionCode: 'B2',
        rowIndex: 2,
        columnIndex: 2,
        boxId: b.box.id,
        label: `Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > B2`,
      },
    });
    expect(occ.location.path.map((n) => n.level)).toEqual(['container', 'shelf', 'rack', 'drawer', 'box']);
    const grid = await b.positions();
    expect(grid.filter((p) => p.occupied).map((p) => p.code)).toEqual(['B2']);
    expect(grid.find((p) => p.code === 'B2')!.occupant).toEqual({
      occupancyId: occ.id,
      collectedSampleId: s.id,
      sampleId: s.sampleId,
      specimenType: { id: blood, title: 'Whole Blood' },
      concurrencyStamp: occ.concurrencyStamp,
    });
    expect(grid.find((p) => p.code === 'A1')!.occupant).toBeNull();
    const list = await t.call('GET', b.occupancies(b.at('B2').id), { token });
    expect(json<Occ[]>(list).map((o) => o.id)).toEqual([occ.id]);
    expect(pagination(list).TotalCount).toBe(1);
    const where = json<{ occupancy: Occ }>(
      await t.call('GET', `/api/institutions/${inst}/collectedSamples/${s.id}/position`, { token }),
    );
    expect(where.occupancy).toMatchObject({ id: occ.id, location: { positionCode: 'B2' } });
    expect((await historyOf(s)).map((h) => [h.kind, h.summary])).toEqual([
      ['collected', 'Collected 1 mL.'],
      ['allocated', `Stored at ${occ.location.label}.`],
    ]);
    expect((await audits(occ.id)).map((a) => a.action)).toEqual(['allocate']);
    const [unplaced] = await d.samples(1);
    expect(
      json(await t.call('GET', `/api/institutions/${inst}/collectedSamples/${unplaced.id}/position`, { token })),
    ).toEqual({ collectedSampleId: unplaced.id, sampleId: unplaced.sampleId, occupancy: null });
  });

  it('refuses an occupied position, a sample stored elsewhere, a disabled sample or box, unknown samples and positions', async () => {
    const b = await box();
    const [s1, s2, s3] = await d.samples(3);
    expect((await b.allocate('A1', s1.id)).statusCode).toBe(201);
    const taken = await b.allocate('A1', s2.id);
    expect(json<Problem>(taken)).toMatchObject({
      status: 409,
      code: 'storage.position_occupied',
      title: `Position A1 of Box is already occupied by sample ${s1.sampleId}: choose a free position.`,
    });
    const twice = await b.allocate('A2', s1.id);
    expect(json<Problem>(twice)).toMatchObject({
      status: 409,
      code: 'storage.sample_placed',
      title: `Sample ${s1.sampleId} is already stored at Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > A1: vacate it there first.`,
    });
    expect(
      json<Problem>(
        await t.call('POST', b.occupancies(b.at('A2').id), {
          token,
          body: { CollectedSampleId: s2.id, StorageContainerBoxPositionId: b.at('A3').id },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'storage.position_mismatch' });
    expect(json<Problem>(await t.call('POST', b.occupancies(b.at('A2').id), { token, body: {} }))).toMatchObject({
      status: 400,
      errors: { collectedSampleId: ['*Required'] },
    });
    expect(json<Problem>(await b.allocate('A2', 2_000_000_000))).toMatchObject({
      status: 404,
      title: 'Collected sample not found.',
    });
    const other = await box();
    expect(
      json<Problem>(
        await t.call('POST', b.occupancies(other.at('A1').id), { token, body: { CollectedSampleId: s2.id } }),
      ),
    ).toMatchObject({ status: 404, title: 'Box position not found.' });
    await t.db.update(collectedSamples).set({ isEnabled: false }).where(eq(collectedSamples.id, s3.id));
    expect(json<Problem>(await b.allocate('A3', s3.id))).toMatchObject({
      status: 409,
      code: 'storage.sample_disabled',
    });
    expect((await t.call('POST', `${other.url}/disable`, { token })).statusCode).toBe(200);
    expect(json<Problem>(await other.allocate('A1', s2.id))).toMatchObject({
      status: 409,
      code: 'storage.box_disabled',
    });
    expect(json<Problem>(await other.bulk([s2.id]))).toMatchObject({ status: 409, code: 'storage.box_disabled' });
  });

  it('100 parallel allocations of one position: exactly one 201, the rest 409 naming the position', async () => {
    const b = await box();
    const samples = await d.samples(100);
    const results = await Promise.all(samples.map((s) => b.allocate('C3', s.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(json<Problem>(r)).toMatchObject({ code: 'storage.position_occupied' });
      expect(json<Problem>(r).title).toMatch(
        /^Position C3 of Box is already occupied( by sample \S+)?: choose a free position\.$/,
      );
    }
    expect((await b.positions()).filter((p) => p.occupied).map((p) => p.code)).toEqual(['C3']);
    expect(json<Occ[]>(await t.call('GET', b.occupancies(b.at('C3').id), { token }))).toHaveLength(1);
  });

  it('one sample into several positions in parallel: one winner', async () => {
    const b = await box();
    const [s] = await d.samples(1);
    const codes = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'];
    const results = await Promise.all(codes.map((c) => b.allocate(c, s.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(json<Problem>(r)).toMatchObject({ code: 'storage.sample_placed' });
    expect((await b.positions()).filter((p) => p.occupied)).toHaveLength(1);
  });

  it("vacates with the occupancy's stamp and a reason; a stale stamp is 409; the position is free again; history and audit record it", async () => {
    const b = await box();
    const [s, s2] = await d.samples(2);
    const occ = json<Occ>(await b.allocate('A1', s.id));
    expect(json<Problem>(await b.vacate('A1', { id: occ.id, concurrencyStamp: 'stale' }))).toMatchObject({
      status: 409,
      title: 'This record was changed by someone else. Reload it and try again.',
    });
    expect(json<Problem>(await b.vacate('A1', occ, ' '))).toMatchObject({
      status: 400,
      errors: { vacateReason: ['*required'] },
    });
    expect(json<Problem>(await b.vacate('A2', occ))).toMatchObject({ status: 404, title: 'Occupancy not found.' });
    const out = await b.vacate('A1', occ);
    expect(out.statusCode, out.body).toBe(200);
    expect(json(out)).toMatchObject({
      id: occ.id,
      isCurrent: false,
      vacateReason: 'Moved to another freezer',
      vacatorAccount: { firstName: 'Test' },
    });
    expect(json<Occ>(out).concurrencyStamp).not.toBe(occ.concurrencyStamp);
    expect(json<Problem>(await b.vacate('A1', json<Occ>(out)))).toMatchObject({
      status: 409,
      code: 'storage.already_vacated',
      title: `Sample ${s.sampleId} was already taken out of position A1.`,
    });
    expect((await b.positions()).some((p) => p.occupied)).toBe(false);
    // The position takes another sample; its list is newest first; the vacated sample may go elsewhere.
    const next = json<Occ>(await b.allocate('A1', s2.id));
    expect(
      json<Occ[]>(await t.call('GET', b.occupancies(b.at('A1').id), { token })).map((o) => [o.id, o.isCurrent]),
    ).toEqual([
      [next.id, true],
      [occ.id, false],
    ]);
    expect((await b.allocate('B1', s.id)).statusCode).toBe(201);
    const history = await historyOf(s);
    expect(history.map((h) => h.kind)).toEqual(['collected', 'allocated', 'vacated', 'allocated']);
    expect(history[2]).toMatchObject({
      summary: `Taken out of ${occ.location.label}.`,
      reason: 'Moved to another freezer',
    });
    expect((await audits(occ.id)).map((a) => a.action)).toEqual(['allocate', 'vacate']);
  });

  it('a box holding samples cannot be disabled', async () => {
    const b = await box();
    const [s] = await d.samples(1);
    const occ = json<Occ>(await b.allocate('A1', s.id));
    expect(json<Problem>(await t.call('POST', `${b.url}/disable`, { token }))).toMatchObject({
      status: 409,
      code: 'storage.box_occupied',
      title: 'This box still holds 1 sample: vacate it first.',
    });
    await b.vacate('A1', occ);
    expect((await t.call('POST', `${b.url}/disable`, { token })).statusCode).toBe(200);
  });
});

describe('bulk allocate', () => {
  it('fills the next free positions in fill order, in the order given, in one call', async () => {
    const b = await box({ Rows: 2, Columns: 3, FillOrder: 'column' });
    const [first, ...rest] = await d.samples(4);
    await b.allocate('A1', first.id);
    const res = await b.bulk(rest.map((s) => s.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Occ[]>(res).map((o) => [o.collectedSample.sampleId, o.location.positionCode])).toEqual([
      [rest[0].sampleId, 'B1'],
      [rest[1].sampleId, 'A2'],
      [rest[2].sampleId, 'B2'],
    ]);
    expect((await historyOf(rest[1])).at(-1)).toMatchObject({
      kind: 'allocated',
      summary: `Stored at Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > A2.`,
    });
  });

  it('is all or nothing: too little room, a stored, withdrawn or unknown sample stores none', async () => {
    const b = await box({ Rows: 1, Columns: 3 });
    const samples = await d.samples(4);
    const placed = json<Occ>(await b.allocate('A1', samples[0].id));
    expect(placed.location.positionCode).toBe('A1');
    const full = await b.bulk(
      samples
        .slice(1)
        .map((s) => s.id)
        .concat((await d.samples(1))[0].id),
    );
    expect(json<Problem>(full)).toMatchObject({
      status: 409,
      code: 'storage.box_lacks_room',
      title: 'Box has 2 free positions; 4 samples do not fit. Nothing was allocated.',
    });
    expect(json<Problem>(await b.bulk([samples[1].id, samples[0].id]))).toMatchObject({
      status: 409,
      code: 'storage.sample_placed',
    });
    expect(json<Problem>(await b.bulk([samples[1].id, 2_000_000_000]))).toMatchObject({ status: 404 });
    expect(json<Problem>(await b.bulk([samples[1].id, samples[1].id]))).toMatchObject({
      status: 400,
      errors: { collectedSampleIds: ['A sample is listed twice'] },
    });
    expect(json<Problem>(await b.bulk([]))).toMatchObject({ status: 400 });
    expect((await b.positions()).filter((p) => p.occupied).map((p) => p.code)).toEqual(['A1']);
    expect(json<Occ[]>(await b.bulk([samples[1].id, samples[2].id])).map((o) => o.location.positionCode)).toEqual([
      'A2',
      'A3',
    ]);
  });

  it('names the location from the path it locked (issue 30): no path read in its transaction, 9 statements in it at most', async () => {
    const b = await box({ Rows: 1, Columns: 2 });
    const [s] = await d.samples(1);
    let res: Awaited<ReturnType<typeof b.bulk>> | undefined;
    const sent = await sentStatementsWithTransactions(t.db, async () => {
      res = await b.bulk([s.id]);
    });
    expect(res?.statusCode, res?.body).toBe(201);
    const inTx = sent.slice(
      sent.findIndex((q) => /^\s*begin/i.test(q)),
      sent.findIndex((q) => /^\s*commit/i.test(q)) + 1,
    );
    expect(inTx.length).toBeGreaterThan(2);
    expect(
      inTx.filter((q) => q.includes('with recursive up')),
      inTx.join('\n'),
    ).toEqual([]);
    expect(inTx.length - 2, inTx.join('\n')).toBeLessThanOrEqual(9);
    const [occ] = json<Occ[]>(res!);
    const label = 'Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > A1';
    expect(occ.location.label).toBe(label);
    expect((await historyOf(s)).at(-1)).toMatchObject({ kind: 'allocated', summary: `Stored at ${label}.` });
    expect((await audits(occ.id))[0].after).toMatchObject({ location: label });
  });

  it('reads its occupancies and their locations with statements prepared by name (issue 30): the read-back and the check that the sample is not stored', async () => {
    const b = await box({ Rows: 1, Columns: 3 });
    const samples = await d.samples(2);
    const allocate = async (id: number) => {
      let res: Awaited<ReturnType<typeof b.bulk>> | undefined;
      const sent = await sentNamedStatements(t.db, async () => {
        res = await b.bulk([id]);
      });
      expect(res?.statusCode, res?.body).toBe(201);
      return { sent, occ: json<Occ[]>(res!)[0] };
    };
    await allocate(samples[0].id);
    const { sent, occ } = await allocate(samples[1].id);
    const { inTransaction, after } = aroundCommit(sent);
    const reads = after.filter((q) => /storage_occupancies|with recursive up/.test(q.text));
    expect(reads, after.map((q) => q.text).join('\n')).toHaveLength(2);
    for (const q of reads) {
      expect(q.name, q.text).not.toBe('');
      expect(q.text).not.toMatch(/ in \(\$/);
    }
    // In the transaction (PostgreSQL: named there too; PGlite runs a transaction's statements unnamed).
    const check = inTransaction.filter(
      (q) => /^\s*select/i.test(q.text) && q.text.includes('from "storage_occupancies"'),
    );
    expect(check).toHaveLength(1);
    // The box's next free positions (issue 30: planned on every bulk allocation before).
    const free = inTransaction.filter((q) => /from "storage_box_positions".* skip locked/s.test(q.text));
    expect(free, inTransaction.map((q) => q.text).join('\n')).toHaveLength(1);
    if (namesInTransactions(t.db)) for (const q of [...check, ...free]) expect(q.name, q.text).not.toBe('');
    expect(occ.location.label).toBe(`Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > ${occ.location.positionCode}`);
    expect(occ.collectedSample.sampleId).toBe(samples[1].sampleId);
  });

  it('a single allocation prepares every statement of its transaction by name but the audit append (issue 30): the box lock, the position, the occupancy and history inserts', async () => {
    const b = await box({ Rows: 1, Columns: 3 });
    const samples = await d.samples(2);
    const allocate = async (code: string, id: number) => {
      let res: Awaited<ReturnType<typeof b.allocate>> | undefined;
      const sent = await sentNamedStatements(t.db, async () => {
        res = await b.allocate(code, id);
      });
      expect(res?.statusCode, res?.body).toBe(201);
      const { inTransaction } = aroundCommit(sent);
      return inTransaction.filter((q) => !/^\s*(begin|with announce)/i.test(q.text));
    };
    const first = await allocate('A1', samples[0].id);
    const second = await allocate('A2', samples[1].id);
    const texts = second.map((q) => q.text);
    for (const kind of [
      /from "storage_nodes".* for share/s,
      /from "storage_box_positions"/,
      /^insert into "storage_occupancies"/,
      /^insert into "sample_events"/,
    ])
      expect(
        texts.filter((x) => kind.test(x)),
        texts.join('\n'),
      ).toHaveLength(1);
    // The same statements for another position and sample: one text each, whatever the values.
    expect(second).toEqual(first);
    if (namesInTransactions(t.db)) for (const q of second) expect(q.name, q.text).not.toBe('');
  });

  it('12 parallel bulk allocations into one box of 9 (issue 30: no box lock): 9 stored once each, 3 refused for room', async () => {
    const b = await box({ Rows: 3, Columns: 3 });
    const samples = await d.samples(12);
    const results = await Promise.all(samples.map((s) => b.bulk([s.id])));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(json<Problem>(r)).toMatchObject({ status: 409, code: 'storage.box_lacks_room' });
    const codes = ok.map((r) => json<Occ[]>(r)[0].location.positionCode);
    expect(new Set(codes).size).toBe(9);
    const grid = await b.positions();
    expect(grid.filter((p) => p.occupied)).toHaveLength(9);
    // Each sample that got a 201 is in exactly one position, the one its answer named.
    for (const r of ok) {
      const [o] = json<Occ[]>(r);
      expect(json<Occ[]>(await t.call('GET', b.occupancies(b.at(o.location.positionCode).id), { token }))).toEqual([
        expect.objectContaining({ id: o.id, collectedSampleId: o.collectedSampleId, isCurrent: true }),
      ]);
    }
  });
});

describe('withdrawn consent', () => {
  it("blocks allocating that donor's samples (single and bulk); vacating stays possible", async () => {
    const w = await donor();
    const [stored, loose] = await w.samples(2);
    const b = await box();
    const occ = json<Occ>(await b.allocate('A1', stored.id));
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
    expect(
      (
        await t.call('POST', `${w.base}/collectionProtocolParticipantConsents/${signed.id}/withdraw`, {
          token,
          body: { WithdrawnDate: today, Reason: 'Moved away', Effect: 'stop_use' },
        })
      ).statusCode,
    ).toBe(200);
    for (const res of [await b.allocate('A2', loose.id), await b.bulk([loose.id])]) {
      expect(json<Problem>(res)).toMatchObject({
        status: 409,
        code: 'protocols.consent_withdrawn',
        title: `Almaz Tesfaye withdrew consent on ${today}: their samples may not be used further.`,
      });
    }
    expect((await b.vacate('A1', occ, 'Destroyed after withdrawal')).statusCode).toBe(200);
  });
});

describe('in transit', () => {
  it('refuses to store a sample that is in an open shipment, naming the shipment', async () => {
    const w = await donor();
    const [shipped] = await w.samples(1);
    const receiver = await signedIn(t, ['Institution Administrator']);
    const sent = await t.call('POST', `/api/institutions/${inst}/collectedSampleShipments`, {
      token,
      body: {
        Name: 'To the reference lab',
        SendingInstitutionSiteId: institution.site.id,
        ReceivingInstitutionId: receiver.institution.id,
        ReceivingInstitutionSiteId: receiver.institution.site.id,
        CollectedSampleIds: [shipped.id],
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const b = await box();
    expect(json<Problem>(await b.allocate('A1', shipped.id))).toMatchObject({
      status: 409,
      code: 'storage.sample_in_transit',
      title: `Sample ${shipped.sampleId} is in the open shipment To the reference lab: it can be stored once received.`,
    });
  });
});

describe('suggest a position', () => {
  it('prefers a box holding samples of the same protocol and specimen type, else the first free position anywhere', async () => {
    const p = await donor();
    const [a, b2, c] = await p.samples(3);
    const [other] = await p.samples(1, serum);
    const bx = await box({ Rows: 1, Columns: 2 });
    await bx.allocate('A1', a.id);
    const suggest = async (id: number) => {
      const res = await t.call('GET', `/api/institutions/${inst}/storageContainers/suggest?CollectedSampleId=${id}`, {
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ basis: string | null; suggestion: Location | null; current: Location | null }>(res);
    };
    expect(await suggest(b2.id)).toMatchObject({
      basis: 'same_kind',
      current: null,
      suggestion: { boxId: bx.box.id, positionCode: 'A2', label: 'Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > A2' },
    });
    await bx.allocate('A2', b2.id);
    // The box is full: the first free position anywhere.
    const elsewhere = await suggest(c.id);
    expect(elsewhere.basis).toBe('any');
    expect(elsewhere.suggestion!.boxId).not.toBe(bx.box.id);
    expect((await suggest(other.id)).basis).toBe('any');
    expect(await suggest(a.id)).toMatchObject({ current: { boxId: bx.box.id, positionCode: 'A1' } });
    expect(
      json<Problem>(await t.call('GET', `/api/institutions/${inst}/storageContainers/suggest`, { token })),
    ).toMatchObject({ status: 400, errors: { collectedSampleId: ['*Required'] } });
    expect(
      (
        await t.call('GET', `/api/institutions/${inst}/storageContainers/suggest?collectedSampleId=2000000000`, {
          token,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('tenancy and permissions', () => {
  it("another institution's boxes and samples are 404; a Researcher reads, a Technician allocates; no token is 401", async () => {
    const b = await box();
    const [s, s2] = await d.samples(2);
    const foreign = await signedIn(t);
    const fRefs = await protocolRefs(t, foreign.institution.id, foreign.token);
    const fd = await donor(
      foreign.token,
      foreign.institution,
      fRefs,
      await referenceIds(t, foreign.institution.id, foreign.token),
    );
    const [theirs] = await fd.samples(1);
    const fb = await box({}, foreign.token, foreign.institution.id);
    // Their sample into our box, our sample into their box: not found.
    expect(json<Problem>(await b.allocate('A1', theirs.id))).toMatchObject({
      status: 404,
      title: 'Collected sample not found.',
    });
    expect((await fb.allocate('A1', s.id, foreign.token)).statusCode).toBe(404);
    expect((await fb.bulk([s.id], foreign.token)).statusCode).toBe(404);
    // Our box through their token, their institution's path with our ids.
    expect((await b.allocate('A1', theirs.id, foreign.token)).statusCode).toBe(404);
    expect((await t.call('GET', b.occupancies(b.at('A1').id), { token: foreign.token })).statusCode).toBe(404);
    expect(
      (
        await t.call('GET', `/api/institutions/${foreign.institution.id}/collectedSamples/${s.id}/position`, {
          token: foreign.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(
          'GET',
          `/api/institutions/${foreign.institution.id}/storageContainers/suggest?collectedSampleId=${s.id}`,
          { token: foreign.token },
        )
      ).statusCode,
    ).toBe(404);
    const occ = json<Occ>(await b.allocate('A1', s.id));
    expect((await b.vacate('A1', occ, 'x', foreign.token)).statusCode).toBe(404);

    const researcher = await login(
      t,
      (await createAccount(t, { roles: ['Researcher'], institutionIds: [inst] })).email,
    );
    expect((await t.call('GET', b.occupancies(b.at('A1').id), { token: researcher })).statusCode).toBe(200);
    expect(
      (await t.call('GET', `/api/institutions/${inst}/collectedSamples/${s.id}/position`, { token: researcher }))
        .statusCode,
    ).toBe(200);
    expect((await b.allocate('A2', s2.id, researcher)).statusCode).toBe(403);
    expect((await b.bulk([s2.id], researcher)).statusCode).toBe(403);
    expect((await b.vacate('A1', occ, 'x', researcher)).statusCode).toBe(403);
    const technician = await login(
      t,
      (await createAccount(t, { roles: ['Technician'], institutionIds: [inst] })).email,
    );
    expect((await b.allocate('A2', s2.id, technician)).statusCode).toBe(201);
    expect((await b.vacate('A1', occ, 'Checked', technician)).statusCode).toBe(200);
    expect((await t.call('POST', b.occupancies(b.at('A3').id), { body: { CollectedSampleId: s.id } })).statusCode).toBe(
      401,
    );
  });
});
