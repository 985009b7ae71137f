import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { createProtocol, protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { collectedSamples } from '../samples/samples.table';

const t = await testApp();
// Three institutions: A sends, B receives, C is a stranger to both.
const A = await signedIn(t, ['Coordinator']);
const B = await signedIn(t, ['Coordinator']);
const C = await signedIn(t, ['Coordinator']);
type Rec = Record<string, unknown> & { id: number };
type Sample = Rec & { sampleId: string; concurrencyStamp: string };
type Item = Rec & {
  status: string;
  concurrencyStamp: string;
  storedAt: string | null;
  receivedSample: { id: number; sampleId: string } | null;
  collectedSample: Rec & { sampleId: string; donor: Rec | null };
};
type Ship = Rec & { status: string; direction: string; itemCounts: Record<string, number> };

/** A protocol of A with its site, an event, and one enrolled patient; `sample()` collects one. */
async function setUp(who = A) {
  const { institution: inst, token: tok } = who;
  const r = await protocolRefs(t, inst.id, tok);
  const protocol = await createProtocol(t, inst.id, tok);
  const base = `/api/institutions/${inst.id}/collectionProtocols/${protocol.id}`;
  await t.call('POST', `${base}/collectionProtocolSites`, { token: tok, body: { InstitutionSiteId: inst.site.id } });
  const event = json<Rec>(
    await t.call('POST', `${base}/collectionProtocolEvents`, {
      token: tok,
      body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day') },
    }),
  );
  const person = participant(await referenceIds(t, inst.id, tok));
  const patient = json<Rec>(
    await t.call('POST', `/api/institutions/${inst.id}/patients/register`, { token: tok, body: person }),
  );
  const [enrolment] = json<Rec[]>(
    await t.call('POST', `${base}/collectionProtocolParticipants`, { token: tok, body: { PatientIds: [patient.id] } }),
  );
  const samples = `${base}/collectedSamples`;
  const sample = async (over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', samples, {
      token: tok,
      body: {
        PatientId: patient.id,
        InstitutionSiteId: inst.site.id,
        CollectionProtocolEventId: event.id,
        SpecimenTypeId: r.type('Whole Blood'),
        CollectedAmount: 10,
        UnitOfMeasurementId: r.unit('Millilitre'),
        CollectedDate: '2026-03-14',
        CollectedTime: '09:30',
        ...over,
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return json<Sample>(res);
  };
  const aliquot = (parent: Sample) =>
    t.call('POST', samples, {
      token: tok,
      body: {
        IsSubSample: true,
        ParentSampleId: parent.id,
        SubSampleLineageId: r.aliquot,
        SpecimenTypeId: r.type('Whole Blood'),
        CollectedAmount: 1,
      },
    });
  const history = async (s: Sample) =>
    json<{ kind: string; summary: string; reason: string | null }[]>(
      await t.call('GET', `${samples}/${s.id}/history`, { token: tok }),
    );
  return { protocol, base, patient, mrn: person.PatientMRN, enrolment, sample, aliquot, history };
}

const p = await setUp();
const api = (inst: { id: number }, path = '') => `/api/institutions/${inst.id}/collectedSampleShipments${path}`;
const body = (over: Record<string, unknown> = {}) => ({
  Name: 'To the reference lab',
  TrackingNumber: 'TRK-1',
  TrackingURL: 'https://track.example/TRK-1',
  SendingInstitutionSiteId: A.institution.site.id,
  ReceivingInstitutionId: B.institution.id,
  ReceivingInstitutionSiteId: B.institution.site.id,
  CollectionProtocolId: p.protocol.id,
  ...over,
});
const ship = async (ids: number[], over: Record<string, unknown> = {}) => {
  const res = await t.call('POST', api(A.institution), {
    token: A.token,
    body: body({ CollectedSampleIds: ids, ...over }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json<Ship>(res);
};
const itemsOf = async (who: typeof A, s: Ship) =>
  json<Item[]>(
    await t.call('GET', api(who.institution, `/${s.id}/collectedSampleShipmentItems`), { token: who.token }),
  );
const act = (who: typeof A, s: Ship, item: Item, action: 'receive' | 'reject', b: Record<string, unknown> = {}) =>
  t.call('POST', api(who.institution, `/${s.id}/collectedSampleShipmentItems/${item.id}/${action}`), {
    token: who.token,
    body: b,
  });
const ids = (rows: Rec[]) => rows.map((r) => r.id);

describe('create and visibility across three institutions', () => {
  it('ships in one call; the sender sees it SENT, the receiver RECEIVED with only the shipped items, a third institution sees nothing', async () => {
    const [s1, s2] = [await p.sample(), await p.sample()];
    const unshipped = await p.sample();
    const s = await ship([s1.id, s2.id]);
    expect(s).toMatchObject({
      status: 'shipped',
      direction: 'sent',
      name: 'To the reference lab',
      trackingURL: 'https://track.example/TRK-1',
      includeDonorIdentity: false,
      sendingInstitution: { id: A.institution.id, title: A.institution.title },
      sendingInstitutionSite: { id: A.institution.site.id, title: 'Main Site' },
      receivingInstitution: { id: B.institution.id, title: B.institution.title },
      receivingInstitutionSite: { id: B.institution.site.id },
      collectionProtocol: { id: p.protocol.id },
      itemCounts: { total: 2, pending: 2, received: 0, rejected: 0 },
      receivedDate: null,
    });
    expect(s.shippedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.shippedTime).toMatch(/^\d{2}:\d{2}$/);

    const sent = await t.call('GET', api(A.institution, `?SendingInstitutionID=${A.institution.id}`), {
      token: A.token,
    });
    expect(ids(json<Rec[]>(sent))).toContain(s.id);
    expect(pagination(sent).TotalCount).toBeGreaterThan(0);
    expect(
      ids(
        json<Rec[]>(
          await t.call('GET', api(A.institution, `?ReceivingInstitutionID=${A.institution.id}`), { token: A.token }),
        ),
      ),
    ).not.toContain(s.id);
    const received = json<Ship[]>(
      await t.call('GET', api(B.institution, `?ReceivingInstitutionID=${B.institution.id}&Status=shipped`), {
        token: B.token,
      }),
    );
    expect(
      ids(
        json<Rec[]>(
          await t.call('GET', api(B.institution, `?ReceivingInstitutionID=${B.institution.id}&Status=received`), {
            token: B.token,
          }),
        ),
      ),
    ).not.toContain(s.id);
    expect(
      ids(
        json<Rec[]>(
          await t.call(
            'GET',
            api(
              A.institution,
              `?SendingInstitutionID=${A.institution.id}&ReceivingInstitutionID=${B.institution.id}&SearchTerm=trk-1`,
            ),
            { token: A.token },
          ),
        ),
      ),
    ).toContain(s.id);
    expect(
      ids(
        json<Rec[]>(
          await t.call(
            'GET',
            api(A.institution, `?SendingInstitutionID=${A.institution.id}&ReceivingInstitutionID=${C.institution.id}`),
            { token: A.token },
          ),
        ),
      ),
    ).not.toContain(s.id);
    expect(json(await t.call('GET', api(A.institution, '?Status=lost'), { token: A.token }))).toMatchObject({
      status: 400,
    });
    expect(received.find((x) => x.id === s.id)).toMatchObject({ direction: 'received', collectionProtocol: null });
    // The receiver's view of the items: sample ID, type, amount and unit only.
    const items = await itemsOf(B, s);
    expect(items.map((i) => i.collectedSample.sampleId)).toEqual([s1.sampleId, s2.sampleId]);
    expect(Object.keys(items[0].collectedSample).sort()).toEqual([
      'amount',
      'donor',
      'id',
      'sampleId',
      'specimenType',
      'unitOfMeasurement',
    ]);
    expect(items[0]).toMatchObject({
      status: 'pending',
      received: false,
      rejected: false,
      collectedSample: {
        amount: 10,
        specimenType: { title: 'Whole Blood' },
        unitOfMeasurement: { unitSymbol: 'mL' },
        donor: null,
      },
    });
    expect(JSON.stringify(items)).not.toContain(unshipped.sampleId);
    expect(JSON.stringify(items)).not.toContain('Almaz');
    // The sender's own sample is not reachable through the receiver's samples API.
    expect(
      (
        await t.call('GET', `/api/institutions/${B.institution.id}/collectedSamples?SampleID=${s1.sampleId}`, {
          token: B.token,
        })
      ).json(),
    ).toEqual([]);

    // The third institution: nothing in its lists, 404 on the shipment, its items, its manifest and receive.
    expect(ids(json<Rec[]>(await t.call('GET', api(C.institution), { token: C.token })))).not.toContain(s.id);
    for (const path of [
      `/${s.id}`,
      `/${s.id}/collectedSampleShipmentItems`,
      `/${s.id}/manifest.csv`,
      `/${s.id}/manifest.pdf`,
    ]) {
      expect((await t.call('GET', api(C.institution, path), { token: C.token })).statusCode, path).toBe(404);
    }
    expect((await act(C, s, items[0], 'receive')).statusCode).toBe(404);
    expect((await t.call('POST', api(C.institution, `/${s.id}/cancel`), { token: C.token })).statusCode).toBe(404);
    // Asking for another institution's lists, or through another institution's path, is 404.
    expect(
      (await t.call('GET', api(C.institution, `?SendingInstitutionID=${A.institution.id}`), { token: C.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.call('GET', api(A.institution), { token: C.token })).statusCode).toBe(404);

    const history = await p.history(s1);
    expect(history.map((h) => h.kind)).toEqual(['collected', 'shipped']);
    expect(history[1].summary).toBe(
      `Sent by ${A.institution.title} to ${B.institution.title} in the shipment "To the reference lab".`,
    );
    const [logged] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'shipment'), eq(auditEvents.entityId, String(s.id))));
    expect(logged).toMatchObject({ action: 'create', institutionId: A.institution.id });
  });

  it('shows the donor to the receiver only when the sender included it', async () => {
    const s1 = await p.sample();
    const s = await ship([s1.id], { IncludeDonorIdentity: true });
    const [item] = await itemsOf(B, s);
    expect(item.collectedSample.donor).toEqual({
      firstName: 'Almaz',
      fatherName: 'Tesfaye',
      grandFatherName: 'Bekele',
      mrn: p.mrn,
    });
  });

  it('validates the payload: names, sites of the right institutions, other institution, http(s) tracking URL', async () => {
    const s1 = await p.sample();
    const post = (over: Record<string, unknown>) =>
      t.call('POST', api(A.institution), { token: A.token, body: body({ CollectedSampleIds: [s1.id], ...over }) });
    expect(json(await post({ Name: '' })).errors).toMatchObject({ name: ['*required'] });
    expect(json(await post({ TrackingURL: 'javascript:alert(1)' })).errors).toMatchObject({
      trackingURL: ['Enter a web address starting with http:// or https://'],
    });
    expect(
      json(await post({ ReceivingInstitutionId: A.institution.id, ReceivingInstitutionSiteId: A.institution.site.id })),
    ).toMatchObject({ status: 400, code: 'shipments.same_institution' });
    expect(json(await post({ ReceivingInstitutionId: 2_000_000_000 }))).toMatchObject({
      status: 400,
      code: 'shipments.receiving_institution',
    });
    expect(json(await post({ ReceivingInstitutionSiteId: C.institution.site.id }))).toMatchObject({
      status: 400,
      code: 'shipments.receiving_site',
    });
    expect(json(await post({ SendingInstitutionSiteId: B.institution.site.id }))).toMatchObject({
      status: 400,
      errors: { sendingInstitutionSiteId: ['Choose an enabled site of this institution'] },
    });
    expect(json(await post({ SendingInstitutionId: C.institution.id }))).toMatchObject({
      status: 400,
      code: 'shipments.sending_institution',
    });
    expect(json(await post({ CollectedSampleIds: [s1.id, s1.id] })).errors).toMatchObject({
      collectedSampleIds: ['A sample is listed twice'],
    });
    expect(json(await post({ ShippedTime: '25:00' })).errors).toMatchObject({
      shippedTime: ['Use the time format HH:MM'],
    });
    // Nothing of the refused attempts was kept: the sample can still be shipped.
    expect((await post({})).statusCode).toBe(201);
  });
});

describe('items and status', () => {
  it('receive and reject item by item (receiver only, once), rolling the shipment status up, with history and audit', async () => {
    const [s1, s2, s3] = [await p.sample(), await p.sample(), await p.sample()];
    const s = await ship([s1.id, s2.id, s3.id]);
    const [i1, i2, i3] = await itemsOf(B, s);
    expect(json(await act(A, s, i1, 'receive'))).toMatchObject({ status: 403, code: 'shipments.receiver_only' });
    expect(json(await act(B, s, i1, 'receive', { ConcurrencyStamp: 'stale' }))).toMatchObject({ status: 409 });
    const got = await act(B, s, i1, 'receive', {
      ConcurrencyStamp: i1.concurrencyStamp,
      ReceivedDate: '2020-01-01T00:00:00Z',
    });
    expect(got.statusCode, got.body).toBe(200);
    expect(json(got)).toMatchObject({
      status: 'received',
      received: true,
      rejected: false,
      processedAccount: { firstName: 'Test' },
    });
    expect(json<Item>(got).receivedDate).not.toMatch(/^2020/);
    expect(json(await act(B, s, i1, 'receive'))).toMatchObject({
      status: 409,
      code: 'shipments.item_processed',
      title: `Sample ${s1.sampleId} is already received.`,
    });
    expect(json(await act(B, s, i1, 'reject', { Reason: 'late' })).code).toBe('shipments.item_processed');
    expect(json<Ship>(await t.call('GET', api(A.institution, `/${s.id}`), { token: A.token }))).toMatchObject({
      status: 'partially_received',
      itemCounts: { pending: 2, received: 1 },
    });
    expect(json(await act(B, s, i2, 'reject', { Reason: 'Tube cracked' }))).toMatchObject({
      status: 'rejected',
      rejected: true,
      reason: 'Tube cracked',
    });
    // The sender cannot cancel once items were processed.
    expect(json(await t.call('POST', api(A.institution, `/${s.id}/cancel`), { token: A.token }))).toMatchObject({
      status: 409,
      code: 'shipments.processed_items',
    });
    await act(B, s, i3, 'receive');
    const done = json<Ship>(await t.call('GET', api(B.institution, `/${s.id}`), { token: B.token }));
    expect(done).toMatchObject({ status: 'received', itemCounts: { pending: 0, received: 2, rejected: 1 } });
    expect(done.receivedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The sender sees the outcome item by item.
    expect((await itemsOf(A, s)).map((i) => i.status)).toEqual(['received', 'rejected', 'received']);
    const h1 = await p.history(s1);
    expect(h1.map((h) => h.kind)).toEqual(['collected', 'shipped', 'received']);
    expect(h1[2].summary).toBe(
      `Received by ${B.institution.title} from ${A.institution.title} (shipment "To the reference lab").`,
    );
    const h2 = await p.history(s2);
    expect(h2[2]).toMatchObject({ kind: 'rejected', reason: 'Tube cracked' });
    expect(h2[2].summary).toContain(B.institution.title);
    expect(h2[2].summary).toContain(A.institution.title);
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.entity, 'shipmentItem'));
    expect(
      audits
        .filter((a) => [i1.id, i2.id, i3.id].map(String).includes(a.entityId!))
        .map((a) => [a.action, a.institutionId]),
    ).toEqual([
      ['receive', B.institution.id],
      ['reject', B.institution.id],
      ['receive', B.institution.id],
    ]);
    // A received sample is no longer at the sender's: it cannot be shipped again.
    expect(
      json(await t.call('POST', api(A.institution), { token: A.token, body: body({ CollectedSampleIds: [s1.id] }) })),
    ).toMatchObject({ status: 409, code: 'shipments.received_elsewhere' });
    // A rejected one can.
    expect((await ship([s2.id])).status).toBe('shipped');
  });

  it('10 parallel receipts of one item (and a rejection): exactly one succeeds, the rest 409', async () => {
    const s = await ship([(await p.sample()).id]);
    const [item] = await itemsOf(B, s);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => act(B, s, item, 'receive')),
      act(B, s, item, 'reject', { Reason: 'x' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(10).fill(409)]);
    const [after] = await itemsOf(B, s);
    expect(['received', 'rejected']).toContain(after.status);
  });

  it("a draft: created without samples, items added one by one, invisible to the receiver until sent; sending and adding are the sender's", async () => {
    const [s1, s2] = [await p.sample(), await p.sample()];
    const d = json<Ship>(
      await t.call('POST', api(A.institution), { token: A.token, body: body({ Name: 'Draft box' }) }),
    );
    expect(d).toMatchObject({ status: 'draft', itemCounts: { total: 0 } });
    expect((await t.call('GET', api(B.institution, `/${d.id}`), { token: B.token })).statusCode).toBe(404);
    const add = (who: typeof A, sampleId: number) =>
      t.call('POST', api(who.institution, `/${d.id}/collectedSampleShipmentItems`), {
        token: who.token,
        body: { CollectedSampleShipmentID: d.id, CollectedSampleID: sampleId, Received: false, Rejected: false },
      });
    const added = await add(A, s1.id);
    expect(added.statusCode, added.body).toBe(201);
    expect(json(added)).toMatchObject({ status: 'pending', collectedSample: { sampleId: s1.sampleId } });
    expect(json(await add(A, s1.id))).toMatchObject({
      status: 409,
      code: 'shipments.in_open_shipment',
      title: `Sample ${s1.sampleId} is already in the open shipment "Draft box".`,
    });
    expect(json(await p.aliquot(s1))).toMatchObject({ status: 409, code: 'samples.in_transit' });
    await add(A, s2.id);
    const sent = await t.call('POST', api(A.institution, `/${d.id}/send`), { token: A.token });
    expect(json(sent)).toMatchObject({ status: 'shipped', itemCounts: { total: 2, pending: 2 } });
    expect(json(await t.call('GET', api(B.institution, `/${d.id}`), { token: B.token }))).toMatchObject({
      status: 'shipped',
      direction: 'received',
    });
    expect(json(await add(A, (await p.sample()).id))).toMatchObject({ status: 409, code: 'shipments.not_draft' });
    expect(json(await t.call('POST', api(A.institution, `/${d.id}/send`), { token: A.token })).code).toBe(
      'shipments.not_draft',
    );
    expect((await t.call('POST', api(B.institution, `/${d.id}/cancel`), { token: B.token })).statusCode).toBe(403);
    expect((await p.history(s2)).map((h) => h.kind)).toEqual(['collected', 'shipped']);
    const empty = json<Ship>(await t.call('POST', api(A.institution), { token: A.token, body: body({ Draft: true }) }));
    expect(json(await t.call('POST', api(A.institution, `/${empty.id}/send`), { token: A.token })).code).toBe(
      'shipments.no_items',
    );
  });
});

describe("the spec's calls verbatim (spec 2 §7): create with a shipped date, items one call each", () => {
  const specCreate = (over: Record<string, unknown> = {}) =>
    t.call('POST', api(A.institution), {
      token: A.token,
      body: {
        Name: 'Spec client box',
        TrackingNumber: 'TRK-SPEC',
        TrackingURL: 'https://track.example/TRK-SPEC',
        SendingInstitutionId: A.institution.id,
        SendingInstitutionSiteId: A.institution.site.id,
        ReceivingInstitutionId: B.institution.id,
        ReceivingInstitutionSiteId: B.institution.site.id,
        ShippedDate: '2026-03-15',
        ShippedTime: '10:45',
        CollectionProtocolId: p.protocol.id,
        ...over,
      },
    });
  const specAdd = (who: typeof A, s: Ship, sampleId: number) =>
    t.call('POST', api(who.institution, `/${s.id}/collectedSampleShipmentItems`), {
      token: who.token,
      body: { CollectedSampleShipmentID: s.id, CollectedSampleID: sampleId, Rejected: false, Received: false },
    });
  const specBody = (s: Ship, item: Item, received: boolean) => ({
    collectedSampleShipmentID: s.id,
    collectedSampleID: (item.collectedSample as Rec).id,
    received,
    rejected: !received,
    receivedDate: new Date().toISOString(),
  });
  const receivedList = async () =>
    json<Ship[]>(
      await t.call('GET', `${api(B.institution)}?ReceivingInstitutionID=${B.institution.id}`, { token: B.token }),
    );

  it('the first item sends it: the receiver lists it, accepts one item and rejects another without a reason; a third institution sees nothing', async () => {
    const [s1, s2, s3] = [await p.sample(), await p.sample(), await p.sample()];
    const created = await specCreate();
    expect(created.statusCode, created.body).toBe(201);
    const s = json<Ship>(created);
    expect(s).toMatchObject({
      status: 'draft',
      shippedDate: '2026-03-15',
      shippedTime: '10:45',
      itemCounts: { total: 0 },
    });
    expect((await receivedList()).map((x) => x.id)).not.toContain(s.id);
    for (const sample of [s1, s2, s3]) {
      const added = await specAdd(A, s, sample.id);
      expect(added.statusCode, added.body).toBe(201);
      expect(json(added)).toMatchObject({ status: 'pending', received: false, rejected: false });
      expect((await receivedList()).map((x) => x.id)).toContain(s.id);
    }
    const seen = json<Ship>(await t.call('GET', api(B.institution, `/${s.id}`), { token: B.token }));
    expect(seen).toMatchObject({
      status: 'shipped',
      direction: 'received',
      shippedDate: '2026-03-15',
      itemCounts: { total: 3, pending: 3 },
    });
    expect((await p.history(s1)).map((h) => h.kind)).toEqual(['collected', 'shipped']);
    // A third institution: nothing listed, nothing readable, nothing added.
    expect(json<Ship[]>(await t.call('GET', api(C.institution), { token: C.token })).map((x) => x.id)).not.toContain(
      s.id,
    );
    expect((await t.call('GET', api(C.institution, `/${s.id}`), { token: C.token })).statusCode).toBe(404);
    expect((await specAdd(C, s, (await p.sample()).id)).statusCode).toBe(404);
    expect((await specAdd(B, s, s1.id)).statusCode).toBe(403);

    const [i1, i2, i3] = await itemsOf(B, s);
    const ok = await act(B, s, i1, 'receive', specBody(s, i1, true));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ status: 'received', received: true });
    const no = await act(B, s, i2, 'reject', specBody(s, i2, false));
    expect(no.statusCode, no.body).toBe(200);
    expect(json(no)).toMatchObject({ status: 'rejected', rejected: true, reason: null });
    const h2 = await p.history(s2);
    expect(h2[2]).toMatchObject({ kind: 'rejected', reason: null });
    expect(h2[2].summary).toBe(
      `Rejected by ${B.institution.title} (shipment "Spec client box" from ${A.institution.title}).`,
    );
    expect(json<Ship>(await t.call('GET', api(A.institution, `/${s.id}`), { token: A.token }))).toMatchObject({
      status: 'partially_received',
      itemCounts: { pending: 1, received: 1, rejected: 1 },
    });
    // Once the receiver processes items, nothing more is added; the last item is processed as usual.
    expect(json(await specAdd(A, s, (await p.sample()).id))).toMatchObject({
      status: 409,
      code: 'shipments.not_draft',
    });
    expect((await act(B, s, i3, 'receive', specBody(s, i3, true))).statusCode).toBe(200);
    expect(json<Ship>(await t.call('GET', api(B.institution, `/${s.id}`), { token: B.token })).status).toBe('received');
  });

  it("the screen's draft (Draft: true, with a shipped date) and a create without a shipped date stay drafts until /send", async () => {
    for (const over of [{ Draft: true }, { ShippedDate: undefined, ShippedTime: undefined }]) {
      const d = json<Ship>(await specCreate({ Name: 'Kept draft', ...over }));
      expect(d.status).toBe('draft');
      expect((await specAdd(A, d, (await p.sample()).id)).statusCode).toBe(201);
      expect((await t.call('GET', api(B.institution, `/${d.id}`), { token: B.token })).statusCode).toBe(404);
      expect((await receivedList()).map((x) => x.id)).not.toContain(d.id);
      expect(json(await t.call('POST', api(A.institution, `/${d.id}/send`), { token: A.token }))).toMatchObject({
        status: 'shipped',
        itemCounts: { total: 1 },
      });
    }
  });
});

/** An Institution Administrator of the institution (storage.allocate) with a fresh 3 x 3 box. */
async function keeper(who: typeof A) {
  const admin = await signedIn(t, ['Institution Administrator'], who.institution);
  const chain = await storageChain(
    t,
    who.institution.id,
    admin.token,
    await storageRefs(t, who.institution.id, admin.token),
    { Rows: 3, Columns: 3 },
  );
  const url = nodePath(who.institution.id, chain.ids);
  const positions = async () =>
    json<{ id: number; code: string; occupied: boolean; occupant: Rec | null }[]>(
      await t.call('GET', `${url}/StorageContainerBoxPositions`, { token: admin.token }),
    );
  const [first, second] = await positions();
  const occupancies = (positionId: number) =>
    `${url}/StorageContainerBoxPositions/${positionId}/StorageContainerBoxPositionOccupancies`;
  const allocate = (sampleId: number, token = admin.token, position = first) =>
    t.call('POST', occupancies(position.id), { token, body: { CollectedSampleID: sampleId } });
  return { admin, chain, url, positions, first, second, occupancies, allocate };
}

describe('custody: a received sample is stored by the receiver', () => {
  it("sending vacates the sender's position; the receiver stores it in its own box (shipped fields only); sender and third institution are refused", async () => {
    const [kA, kB, kC] = [await keeper(A), await keeper(B), await keeper(C)];
    const [s1, s2] = [await p.sample(), await p.sample()];
    expect((await kA.allocate(s1.id)).statusCode).toBe(201);
    const sampleOf = async (x: Sample) =>
      json<Sample & { inTransit: boolean; transitShipment: Rec | null }>(
        await t.call('GET', `${p.base}/collectedSamples/${x.id}`, { token: A.token }),
      );
    expect(await sampleOf(s1)).toMatchObject({ inTransit: false, transitShipment: null });

    const s = await ship([s1.id, s2.id], { Name: 'Custody run' });
    // The tube left the box: its position is free, its history says why, before it says it was sent.
    expect((await kA.positions())[0]).toMatchObject({ occupied: false });
    const sent = await p.history(s1);
    expect(sent.map((h) => h.kind)).toEqual(['collected', 'allocated', 'vacated', 'shipped']);
    expect(sent[2].reason).toBe('Shipped in "Custody run"');
    expect(await sampleOf(s1)).toMatchObject({
      inTransit: true,
      transitShipment: { id: s.id, name: 'Custody run', status: 'shipped' },
    });
    // In transit: the sender cannot store it; the receiver cannot either before receiving it (not yet theirs).
    expect(json(await kA.allocate(s2.id))).toMatchObject({ status: 409, code: 'storage.sample_in_transit' });
    expect((await kB.allocate(s1.id)).statusCode).toBe(404);

    const [i1, i2] = await itemsOf(B, s);
    await act(B, s, i1, 'receive');
    await act(B, s, i2, 'reject', { Reason: 'Thawed' });
    expect(await sampleOf(s1)).toMatchObject({ inTransit: false, transitShipment: null });
    // The overview's lists: Requests (awaiting receipt) no longer hold it, Approved (received) does.
    const listed = async (q: string) =>
      ids(
        json<Rec[]>(
          await t.call('GET', api(B.institution, `?ReceivingInstitutionID=${B.institution.id}&${q}`), {
            token: B.token,
          }),
        ),
      );
    expect(await listed('Statuses=shipped,partially_received')).not.toContain(s.id);
    expect(await listed('Statuses=received')).toContain(s.id);
    expect(json(await t.call('GET', api(B.institution, '?Statuses=shipped,lost'), { token: B.token }))).toMatchObject({
      status: 400,
    });

    // The receiver stores its own record of s1 (made when it accepted it, docs/decisions/0014-received-samples.md)
    // in its own box: the row is B's, the grid shows only the shipped fields. The sender's record is not B's to store.
    const b1 = (await itemsOf(B, s))[0].receivedSample!.id;
    expect((await kB.allocate(s1.id)).statusCode).toBe(404);
    const suggest = json<{ suggestion: { boxId: number } | null }>(
      await t.call('GET', `/api/institutions/${B.institution.id}/storageContainers/suggest?collectedSampleId=${b1}`, {
        token: kB.admin.token,
      }),
    );
    expect(suggest.suggestion).not.toBeNull();
    const stored = await kB.allocate(b1);
    expect(stored.statusCode, stored.body).toBe(201);
    const occ = json<Rec & { concurrencyStamp: string }>(stored);
    const [cell] = await kB.positions();
    expect(cell.occupant).toMatchObject({ sampleId: s1.sampleId, specimenType: { title: 'Whole Blood' } });
    expect(JSON.stringify([occ, cell])).not.toContain('Almaz');
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'storageOccupancy'), eq(auditEvents.entityId, String(occ.id))));
    expect(row.institutionId).toBe(B.institution.id);
    expect(
      json(
        await t.call('GET', `/api/institutions/${B.institution.id}/collectedSamples/${b1}/position`, {
          token: kB.admin.token,
        }),
      ),
    ).toMatchObject({ occupancy: { id: occ.id } });
    // The receiver's item shows where it is stored; the sender's does not (not in its boxes).
    expect((await itemsOf(B, s))[0].storedAt).toBe(`Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > ${kB.first.code}`);
    expect((await itemsOf(A, s))[0].storedAt).toBeNull();
    // The owner's history ends with the receipt: B's storage is on B's own record (never its layout on A's).
    const h = await p.history(s1);
    expect(h.at(-1)).toMatchObject({ kind: 'received' });

    // The sender can no longer store or aliquot it; a third institution does not see it.
    expect(json(await kA.allocate(s1.id, kA.admin.token, kA.second))).toMatchObject({
      status: 409,
      code: 'storage.sample_held_elsewhere',
      title: `Sample ${s1.sampleId} was received by ${B.institution.title}: it is in their custody and can no longer be stored here.`,
    });
    expect(json(await p.aliquot(s1))).toMatchObject({ status: 409, code: 'samples.held_elsewhere' });
    expect((await kC.allocate(s1.id)).statusCode).toBe(404);
    expect(
      (
        await t.call(
          'GET',
          `/api/institutions/${C.institution.id}/storageContainers/suggest?collectedSampleId=${s1.id}`,
          { token: kC.admin.token },
        )
      ).statusCode,
    ).toBe(404);
    // The rejected sample is the sender's again: stored and aliquoted there.
    expect((await kA.allocate(s2.id, kA.admin.token, kA.second)).statusCode).toBe(201);
    expect((await p.aliquot(s2)).statusCode).toBe(201);
    // The receiver takes it out again (history: by whom, not where).
    const out = await t.call('PUT', `${kB.occupancies(kB.first.id)}/${occ.id}/vacate`, {
      token: kB.admin.token,
      body: { ConcurrencyStamp: occ.concurrencyStamp, VacateReason: 'Used up' },
    });
    expect(out.statusCode, out.body).toBe(200);
    const bHistory = json<{ kind: string; reason: string | null }[]>(
      await t.call('GET', `/api/institutions/${B.institution.id}/collectedSamples/${b1}/history`, { token: B.token }),
    );
    expect(bHistory.at(-1)).toMatchObject({ kind: 'vacated', reason: 'Used up' });
    // Bulk allocation follows the same rule: the receiver may, the sender may not.
    const bulk = (k: typeof kA, id: number, token = k.admin.token) =>
      t.call('POST', `${k.url}/allocate`, { token, body: { CollectedSampleIds: [id] } });
    expect(json(await bulk(kA, s1.id))).toMatchObject({ status: 409, code: 'storage.sample_held_elsewhere' });
    expect((await bulk(kB, b1)).statusCode).toBe(201);
  });
});

describe('refusals', () => {
  it('a sample in an open shipment is refused (also by two parallel creates: one winner) and cannot be aliquoted until cancelled', async () => {
    const s1 = await p.sample();
    const s = await ship([s1.id]);
    const again = await t.call('POST', api(A.institution), {
      token: A.token,
      body: body({ CollectedSampleIds: [s1.id] }),
    });
    expect(json(again)).toMatchObject({
      status: 409,
      code: 'shipments.in_open_shipment',
      title: `Sample ${s1.sampleId} is already in the open shipment "To the reference lab".`,
    });
    const blocked = await p.aliquot(s1);
    expect(json(blocked)).toMatchObject({ status: 409, code: 'samples.in_transit' });
    expect(json(blocked).title).toContain(s1.sampleId);
    const candidates = json<Rec[]>(
      await t.call('GET', api(A.institution, `/candidates?SampleID=${s1.sampleId}`), { token: A.token }),
    );
    expect(candidates).toEqual([]);
    const cancelled = await t.call('POST', api(A.institution, `/${s.id}/cancel`), { token: A.token });
    expect(json(cancelled)).toMatchObject({ status: 'cancelled' });
    expect(json(await t.call('POST', api(A.institution, `/${s.id}/cancel`), { token: A.token })).code).toBe(
      'shipments.cannot_cancel',
    );
    expect((await p.history(s1)).map((h) => h.kind)).toEqual(['collected', 'shipped', 'shipment_cancelled']);
    const [gone] = await itemsOf(B, s);
    expect(gone).toMatchObject({ status: 'cancelled', received: false, rejected: false });
    expect(json(await act(B, s, gone, 'receive'))).toMatchObject({
      status: 409,
      code: 'shipments.not_receivable',
      title: 'This shipment is cancelled: its items cannot be received or rejected.',
    });
    expect(json<Ship>(await t.call('GET', api(B.institution, `/${s.id}`), { token: B.token }))).toMatchObject({
      status: 'cancelled',
      itemCounts: { pending: 0 },
    });
    expect((await p.aliquot(s1)).statusCode).toBe(201);

    const s2 = await p.sample();
    const race = await Promise.all(
      [0, 1].map(() =>
        t.call('POST', api(A.institution), { token: A.token, body: body({ CollectedSampleIds: [s2.id] }) }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(json(race.find((r) => r.statusCode === 409)!).code).toBe('shipments.in_open_shipment');
  });

  it("refuses another institution's sample (404), a disabled-consent donor, and a sample with nothing left, each naming the sample", async () => {
    const post = (sampleIds: number[]) =>
      t.call('POST', api(A.institution), { token: A.token, body: body({ CollectedSampleIds: sampleIds }) });
    const theirs = await (await setUp(C)).sample();
    expect(json(await post([theirs.id]))).toMatchObject({
      status: 404,
      code: 'shipments.sample_not_found',
      title: `Collected sample ${theirs.id} not found.`,
    });
    expect(json(await post([2_000_000_000]))).toMatchObject({ status: 404, code: 'shipments.sample_not_found' });

    const w = await setUp();
    const s = await w.sample();
    const c = json<Rec & { consentVersionId: number }>(
      await t.call('POST', `${w.base}/collectionProtocolConsents`, {
        token: A.token,
        body: { Title: 'Main', Consent: '<p>I agree</p>' },
      }),
    );
    const signed = json<Rec>(
      await t.call('POST', `${w.base}/collectionProtocolParticipantConsents`, {
        token: A.token,
        body: {
          ParticipantId: w.enrolment.id,
          ConsentVersionId: c.consentVersionId,
          Signature: signaturePng().dataUrl,
        },
      }),
    );
    const today = new Date().toISOString().slice(0, 10);
    await t.call('POST', `${w.base}/collectionProtocolParticipantConsents/${signed.id}/withdraw`, {
      token: A.token,
      body: { WithdrawnDate: today, Reason: 'Moved away', Effect: 'stop_use' },
    });
    const refused = await post([s.id]);
    expect(json(refused)).toMatchObject({
      status: 409,
      code: 'protocols.consent_withdrawn',
      title: `Sample ${s.sampleId}: Almaz Tesfaye withdrew consent on ${today}: their samples may not be used further.`,
    });

    const empty = await p.sample({ CollectedAmount: 1 });
    await t.call('POST', `${p.base}/collectedSamples/${empty.id}/adjustments`, {
      token: A.token,
      body: { Amount: 1, Reason: 'Used up', ConcurrencyStamp: empty.concurrencyStamp },
    });
    expect(json(await post([empty.id]))).toMatchObject({
      status: 409,
      code: 'shipments.nothing_left',
      title: `Sample ${empty.sampleId} has nothing remaining to ship.`,
    });
  });
});

describe('candidates', () => {
  it("finds the caller's shippable samples by sample ID, patient MRN or two dates", async () => {
    const w = await setUp();
    const s = await w.sample({ CollectedDate: '2026-06-01' });
    const find = async (q: string) =>
      json<Rec[]>(await t.call('GET', api(A.institution, `/candidates?${q}`), { token: A.token }));
    expect(await find(`SampleID=${s.sampleId.toLowerCase()}`)).toMatchObject([
      {
        id: s.id,
        sampleId: s.sampleId,
        amount: 10,
        specimenType: { title: 'Whole Blood' },
        unitOfMeasurement: { unitSymbol: 'mL' },
        collectionProtocol: { id: w.protocol.id },
      },
    ]);
    expect(ids(await find(`PatientMRN=${w.mrn}`))).toEqual([s.id]);
    expect(ids(await find(`StartDate=2026-06-01&EndDate=2026-06-01&CollectionProtocolId=${w.protocol.id}`))).toEqual([
      s.id,
    ]);
    expect(
      json(await t.call('GET', api(A.institution, '/candidates?StartDate=2026-06-01'), { token: A.token })),
    ).toMatchObject({ status: 400, errors: { endDate: ['Give both the start and the end date'] } });
    expect(json(await t.call('GET', api(A.institution, '/candidates'), { token: A.token }))).toMatchObject({
      status: 400,
    });
    // Another institution finds nothing of A's.
    expect(
      json(await t.call('GET', api(C.institution, `/candidates?SampleID=${s.sampleId}`), { token: C.token })),
    ).toEqual([]);
  });
});

/** RFC 4180 records (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [],
    cell = '',
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('manifest', () => {
  it('CSV round trip with the shipment fields and items; a PDF with barcodes; both sides download', async () => {
    const [s1, s2] = [await p.sample(), await p.sample({ CollectedAmount: 2.5 })];
    const s = await ship([s1.id, s2.id], { Name: 'Box "7", =cold' });
    for (const who of [A, B]) {
      const res = await t.call('GET', api(who.institution, `/${s.id}/manifest.csv`), { token: who.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Box _7_ _cold manifest.csv"/);
      const rows = parseCsv(res.body);
      expect(rows[0]).toEqual(['Shipment', 'Box "7", =cold']);
      expect(rows.find((r) => r[0] === 'Receiving Institution')).toEqual([
        'Receiving Institution',
        B.institution.title,
      ]);
      const header = rows.findIndex((r) => r[0] === 'Sample ID');
      expect(rows[header]).toEqual(['Sample ID', 'Specimen Type', 'Amount', 'Unit', 'Status', 'Reason']);
      expect(rows.slice(header + 1)).toEqual([
        [s1.sampleId, 'Whole Blood', '10', 'mL', 'pending', ''],
        [s2.sampleId, 'Whole Blood', '2.5', 'mL', 'pending', ''],
      ]);
      const pdf = await t.call('GET', api(who.institution, `/${s.id}/manifest.pdf`), { token: who.token });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    }
  });
});

describe('permissions', () => {
  it('a Researcher reads but cannot create, send, receive or cancel; no token is 401', async () => {
    const s = await ship([(await p.sample()).id]);
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [B.institution.id] });
    const rt = await login(t, researcher.email);
    const rb = { institution: B.institution, token: rt } as typeof A;
    expect((await t.call('GET', api(B.institution), { token: rt })).statusCode).toBe(200);
    expect(
      (await t.call('GET', api(B.institution, `/${s.id}/collectedSampleShipmentItems`), { token: rt })).statusCode,
    ).toBe(200);
    const [item] = await itemsOf(rb, s);
    expect((await act(rb, s, item, 'receive')).statusCode).toBe(403);
    expect((await t.call('POST', api(B.institution), { token: rt, body: {} })).statusCode).toBe(403);
    expect((await t.call('POST', api(B.institution, `/${s.id}/cancel`), { token: rt })).statusCode).toBe(403);
    expect((await t.call('GET', api(B.institution))).statusCode).toBe(401);
  });
});

describe('custody is stored on the sample (issue 29 item 2)', () => {
  /** The custody columns of the sample rows, as stored. */
  const stored = async (...xs: Sample[]) =>
    (
      await t.db
        .select({
          id: collectedSamples.id,
          heldBy: collectedSamples.heldByInstitutionId,
          status: collectedSamples.custodyStatus,
          shipmentId: collectedSamples.custodyShipmentId,
          shipmentName: collectedSamples.custodyShipmentName,
        })
        .from(collectedSamples)
        .where(
          inArray(
            collectedSamples.id,
            xs.map((x) => x.id),
          ),
        )
        .orderBy(collectedSamples.id)
    ).map(({ id: _id, ...r }) => r);
  const page = async (x: Sample) =>
    json<{ inTransit: boolean; transitShipment: Rec | null }>(
      await t.call('GET', `${p.base}/collectedSamples/${x.id}`, { token: A.token }),
    );
  const held = (inst: { id: number }) => ({ heldBy: inst.id, status: 'held', shipmentId: null, shipmentName: null });
  it('packed, shipped, accepted, rejected and cancelled: the sample row says so, and the sample page, storage and sub-samples follow it', async () => {
    const kA = await keeper(A);
    const [s1, s2, s3] = [await p.sample(), await p.sample(), await p.sample()];
    expect(await stored(s1, s2, s3)).toEqual([held(A.institution), held(A.institution), held(A.institution)]);

    // Packed in a draft: still at A's, but no longer free.
    const d = await ship([s1.id, s2.id], { Name: 'Custody draft', Draft: true });
    expect(await stored(s1, s2)).toEqual(
      [1, 2].map(() => ({
        heldBy: A.institution.id,
        status: 'packed',
        shipmentId: d.id,
        shipmentName: 'Custody draft',
      })),
    );
    expect(await page(s1)).toMatchObject({
      inTransit: true,
      transitShipment: { id: d.id, name: 'Custody draft', status: 'draft' },
    });

    // Sent: in transit; the sample page, the allocation refusal and the aliquot refusal all name the shipment.
    expect((await t.call('POST', api(A.institution, `/${d.id}/send`), { token: A.token })).statusCode).toBe(200);
    expect(await stored(s1, s2)).toEqual(
      [1, 2].map(() => ({
        heldBy: A.institution.id,
        status: 'in_transit',
        shipmentId: d.id,
        shipmentName: 'Custody draft',
      })),
    );
    expect(await page(s1)).toMatchObject({
      inTransit: true,
      transitShipment: { id: d.id, name: 'Custody draft', status: 'shipped' },
    });
    expect(json(await kA.allocate(s1.id))).toMatchObject({
      status: 409,
      code: 'storage.sample_in_transit',
      title: expect.stringContaining('Custody draft'),
    });
    expect(json(await p.aliquot(s1))).toMatchObject({
      status: 409,
      code: 'samples.in_transit',
      title: expect.stringContaining('Custody draft'),
    });

    // Accepted: held by the receiver; rejected: the sender's again.
    const [i1, i2] = await itemsOf(B, d);
    expect((await act(B, d, i1, 'receive')).statusCode).toBe(200);
    expect((await act(B, d, i2, 'reject', { Reason: 'Leaked' })).statusCode).toBe(200);
    expect(await stored(s1, s2)).toEqual([held(B.institution), held(A.institution)]);
    expect(await page(s1)).toMatchObject({ inTransit: false, transitShipment: null });
    expect(json(await kA.allocate(s1.id))).toMatchObject({ status: 409, code: 'storage.sample_held_elsewhere' });
    expect(json(await p.aliquot(s1))).toMatchObject({ status: 409, code: 'samples.held_elsewhere' });
    expect((await kA.allocate(s2.id)).statusCode).toBe(201);

    // Cancelled after sending (s3) and as a draft (s2 again): back to the sender, free.
    const sent = await ship([s3.id], { Name: 'Cancelled run' });
    expect(await stored(s3)).toEqual([
      { heldBy: A.institution.id, status: 'in_transit', shipmentId: sent.id, shipmentName: 'Cancelled run' },
    ]);
    const draft = await ship([s2.id], { Name: 'Cancelled draft', Draft: true });
    for (const x of [sent, draft])
      expect((await t.call('POST', api(A.institution, `/${x.id}/cancel`), { token: A.token })).statusCode).toBe(200);
    expect(await stored(s2, s3)).toEqual([held(A.institution), held(A.institution)]);
    expect(await page(s3)).toMatchObject({ inTransit: false, transitShipment: null });
    expect((await p.aliquot(s3)).statusCode).toBe(201);

    // Every sample of this file's shipments: the stored custody is what the migration's backfill derives from the shipment tables.
    const all = () =>
      t.db
        .select({
          id: collectedSamples.id,
          heldBy: collectedSamples.heldByInstitutionId,
          status: collectedSamples.custodyStatus,
          shipmentId: collectedSamples.custodyShipmentId,
          name: collectedSamples.custodyShipmentName,
        })
        .from(collectedSamples)
        .orderBy(collectedSamples.id);
    const before = await all();
    expect(before.filter((r) => r.heldBy !== A.institution.id || r.status !== 'held').length).toBeGreaterThan(2);
    await t.db.update(collectedSamples).set({
      heldByInstitutionId: sql`${collectedSamples.institutionId}`,
      custodyStatus: 'held',
      custodyShipmentId: null,
      custodyShipmentName: null,
    });
    const migration = readFileSync(join(__dirname, '../../db/migrations/0034_sample_custody.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    const backfill = migration.map((x) => x.replace(/^\s*(--.*\n\s*)*/, '')).filter((x) => x.startsWith('UPDATE'));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    expect(await all()).toEqual(before);
    // Each change is audited once per transition, in the actor's institution.
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'collectedSample'), eq(auditEvents.action, 'custody')))
      // Without an order the rows may come in any order (the embedded database happened to keep insertion order).
      .orderBy(auditEvents.id);
    const about = (x: Sample) =>
      audits
        .filter((a) => (a.after as { sampleIds: number[] }).sampleIds.includes(x.id))
        .map((a) => [a.institutionId, (a.after as { custodyChange: string }).custodyChange]);
    expect(about(s1)).toEqual([
      [A.institution.id, 'packed'],
      [A.institution.id, 'shipped'],
      [B.institution.id, 'received'],
    ]);
    expect(about(s2)).toEqual([
      [A.institution.id, 'packed'],
      [A.institution.id, 'shipped'],
      [B.institution.id, 'rejected'],
      [A.institution.id, 'packed'],
      [A.institution.id, 'cancelled'],
    ]);
  });

  it('the readers read the stored custody, not the shipment tables', async () => {
    const kA = await keeper(A);
    const s = await p.sample();
    // A custody the shipment tables know nothing of (no shipment item): every reader follows the row.
    await t.db
      .update(collectedSamples)
      .set({ custodyStatus: 'in_transit', custodyShipmentId: 999999, custodyShipmentName: 'Only on the row' })
      .where(eq(collectedSamples.id, s.id));
    expect(await page(s)).toMatchObject({
      inTransit: true,
      transitShipment: { id: 999999, name: 'Only on the row', status: 'shipped' },
    });
    expect(json(await kA.allocate(s.id))).toMatchObject({
      status: 409,
      code: 'storage.sample_in_transit',
      title: expect.stringContaining('Only on the row'),
    });
    expect(json(await p.aliquot(s))).toMatchObject({ status: 409, code: 'samples.in_transit' });
    expect(
      json(await t.call('POST', api(A.institution), { token: A.token, body: body({ CollectedSampleIds: [s.id] }) })),
    ).toMatchObject({
      status: 409,
      code: 'shipments.in_open_shipment',
      title: expect.stringContaining('Only on the row'),
    });
    expect(
      json<Rec[]>(await t.call('GET', api(A.institution, `/candidates?SampleID=${s.sampleId}`), { token: A.token })),
    ).toEqual([]);
    // Held by B with no receipt on record: B's storage finds it, A's refuses it, A cannot ship it.
    await t.db
      .update(collectedSamples)
      .set({
        custodyStatus: 'held',
        custodyShipmentId: null,
        custodyShipmentName: null,
        heldByInstitutionId: B.institution.id,
      })
      .where(eq(collectedSamples.id, s.id));
    expect(json(await kA.allocate(s.id))).toMatchObject({ status: 409, code: 'storage.sample_held_elsewhere' });
    expect((await (await keeper(B)).allocate(s.id)).statusCode).toBe(201);
    expect(
      json(await t.call('POST', api(A.institution), { token: A.token, body: body({ CollectedSampleIds: [s.id] }) })),
    ).toMatchObject({ status: 409, code: 'shipments.received_elsewhere' });
  });
});
