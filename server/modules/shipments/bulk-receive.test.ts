import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { sampleSetUp } from '../../test/samples-fixtures';
import { sentStatementsWithTransactions } from '../../test/sent-statements';
import { auditEvents } from '../../platform/audit.table';
import { newStamp } from '../../platform/records';
import { collectedSamples } from '../samples/samples.table';
import { shipmentItems, shipments } from './shipments.table';

// Issue 31 item 4: bulk accept and reject of a shipment's items (a whole box) in ONE call and one
// transaction, all of them or none (docs/shipments.md "Bulk accept and reject").

const t = await testApp();
// A sends, B receives, C is a stranger to both; V is a read-only account of B.
const A = await signedIn(t, ['Coordinator']);
const B = await signedIn(t, ['Coordinator']);
const C = await signedIn(t, ['Coordinator']);
const V = await signedIn(t, ['Technician'], B.institution);

type Rec = Record<string, unknown> & { id: number };
type Item = Rec & {
  status: string;
  reason: string | null;
  concurrencyStamp: string;
  collectedSampleId: number | null;
  collectedSample: { sampleId: string };
};
type Ship = Rec & { status: string; name: string; itemCounts: Record<string, number> };
type Problem = { code: string; title: string; items?: { itemId: number; sampleId: string | null; code: string }[] };

const p = await sampleSetUp(t, A.institution, A.token);
const api = (inst: { id: number }, path = '') => `/api/institutions/${inst.id}/collectedSampleShipments${path}`;

/** A ships `n` new samples to B; answers the shipment and its items (B's view). */
async function shipped(n: number, name = `Box ${n}`) {
  const samples = await p.collectMany(n);
  const res = await t.call('POST', api(A.institution), {
    token: A.token,
    body: {
      Name: name,
      SendingInstitutionSiteId: A.institution.site.id,
      ReceivingInstitutionId: B.institution.id,
      ReceivingInstitutionSiteId: B.institution.site.id,
      CollectedSampleIds: samples.map((s) => s.id),
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const shipment = json<Ship>(res);
  return { shipment, samples, items: await itemsOf(B, shipment.id) };
}
const itemsOf = async (who: typeof A, shipmentId: number) =>
  json<Item[]>(
    await t.call('GET', api(who.institution, `/${shipmentId}/collectedSampleShipmentItems`), { token: who.token }),
  );
const bulk = (who: typeof A, shipmentId: number, action: 'receive' | 'reject', body: unknown) =>
  t.call('POST', api(who.institution, `/${shipmentId}/collectedSampleShipmentItems/${action}`), {
    token: who.token,
    body: body as object,
  });
const asked = (items: Item[]) => items.map((i) => ({ Id: i.id, ConcurrencyStamp: i.concurrencyStamp }));
const custodyOf = (ids: number[]) =>
  t.db
    .select({
      id: collectedSamples.id,
      heldBy: collectedSamples.heldByInstitutionId,
      status: collectedSamples.custodyStatus,
    })
    .from(collectedSamples)
    .where(inArray(collectedSamples.id, ids));
const auditOf = (entity: string, ids: number[]) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), inArray(auditEvents.entityId, ids.map(String))));
const historyOf = async (sampleId: number) =>
  json<{ kind: string; summary: string; reason: string | null }[]>(
    await t.call('GET', p.api(`/${sampleId}/history`), { token: A.token }),
  );

describe('bulk accept', () => {
  it('accepts a box of 96 in one call and one transaction of a handful of statements: all received, rolled up, custody, history, audit', async () => {
    const { shipment, samples, items } = await shipped(96, 'A box of 96');
    let res: Awaited<ReturnType<typeof bulk>> | undefined;
    const started = performance.now();
    const statements = await sentStatementsWithTransactions(t.db, async () => {
      res = await bulk(B, shipment.id, 'receive', { Items: asked(items) });
    });
    const ms = performance.now() - started;
    expect(res!.statusCode, res!.body).toBe(200);
    const out = json<{ shipment: Ship; items: Item[] }>(res!);
    expect(out.shipment).toMatchObject({
      status: 'received',
      itemCounts: { total: 96, pending: 0, received: 96, rejected: 0 },
    });
    expect(out.shipment.receivedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(out.items).toHaveLength(96);
    expect(out.items.every((i) => i.status === 'received' && i.concurrencyStamp !== items[0].concurrencyStamp)).toBe(
      true,
    );
    expect(new Set(out.items.map((i) => i.concurrencyStamp)).size).toBe(96);

    // No statement per item: the write is a fixed handful, whatever the box holds (the answer's reads included).
    const writes = statements.filter((q) => /^\s*(insert|update|delete)/i.test(q) || /\binsert into\b/i.test(q));
    // 18 before issue 31; making the receiver's 96 records (docs/decisions/0014-received-samples.md) adds a fixed 11 (29 measured):
    // the sender rows, their timelines, the institutions' titles, donor codes, specimen types, units, free IDs, the
    // samples, origins and events inserts and their audit rows, one statement each whatever the count.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(30);
    expect(out.items.every((i) => (i as { receivedSample?: { id: number } | null }).receivedSample?.id)).toBe(true);
    expect(writes.filter((q) => /update "shipment_items"/i.test(q))).toHaveLength(1);
    console.info(
      `bulk accept of 96 items: ${statements.length} statements, ${ms.toFixed(0)} ms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );

    // Custody: every sample is in B's custody now; the history says received, naming both institutions.
    const custody = await custodyOf(samples.map((s) => s.id));
    expect(custody.every((c) => c.heldBy === B.institution.id && c.status === 'held')).toBe(true);
    const history = await historyOf(samples[95].id);
    expect(history.map((h) => h.kind)).toContain('received');
    expect(history.find((h) => h.kind === 'received')!.summary).toBe(
      `Received by ${B.institution.title} from ${A.institution.title} (shipment "A box of 96").`,
    );

    // Audit: one row per item (as the per-item route writes), one custody row for the batch.
    const rows = await auditOf(
      'shipmentItem',
      items.map((i) => i.id),
    );
    expect(rows).toHaveLength(96);
    expect(rows.every((r) => r.action === 'receive' && r.institutionId === B.institution.id)).toBe(true);
    expect(rows[0].after).toMatchObject({ status: 'received', shipmentStatus: 'received', batch: 96 });
    const [custodyRow] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'collectedSample'),
          eq(auditEvents.action, 'custody'),
          sql`${auditEvents.after}->>'shipmentId' = ${String(shipment.id)}`,
          sql`${auditEvents.after}->>'custodyChange' = 'received'`,
        ),
      );
    expect((custodyRow.after as { sampleIds: number[] }).sampleIds).toHaveLength(96);

    // A received shipment takes no more receipts.
    const again = await bulk(B, shipment.id, 'receive', { Items: asked(items.slice(0, 2)) });
    expect(again.statusCode).toBe(409);
    expect(json<Problem>(again).code).toBe('shipments.not_receivable');
  });

  it('accepts part of a shipment (partially received), then the rest; the per-item route still works beside it', async () => {
    const { shipment, items } = await shipped(4);
    const first = await bulk(B, shipment.id, 'receive', { items: [{ id: items[0].id }, { id: items[1].id }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(json<{ shipment: Ship }>(first).shipment).toMatchObject({
      status: 'partially_received',
      itemCounts: { total: 4, pending: 2, received: 2, rejected: 0 },
    });
    const one = await t.call(
      'POST',
      api(B.institution, `/${shipment.id}/collectedSampleShipmentItems/${items[2].id}/receive`),
      { token: B.token, body: {} },
    );
    expect(one.statusCode).toBe(200);
    const last = await bulk(B, shipment.id, 'receive', { Items: [{ Id: items[3].id }] });
    expect(json<{ shipment: Ship }>(last).shipment).toMatchObject({ status: 'received' });
  });
});

describe('all or nothing', () => {
  it('one item already rejected refuses the whole call: 409 naming it, nothing changed', async () => {
    const { shipment, samples, items } = await shipped(5);
    const rejected = await t.call(
      'POST',
      api(B.institution, `/${shipment.id}/collectedSampleShipmentItems/${items[1].id}/reject`),
      { token: B.token, body: { Reason: 'Cracked' } },
    );
    expect(rejected.statusCode).toBe(200);
    const before = await auditOf(
      'shipmentItem',
      items.map((i) => i.id),
    );

    const res = await bulk(B, shipment.id, 'receive', { Items: asked(items) });
    expect(res.statusCode).toBe(409);
    const problem = json<Problem>(res);
    const code = items[1].collectedSample.sampleId;
    expect(problem).toMatchObject({
      code: 'shipments.items_refused',
      title: `Nothing was received: Sample ${code} is already rejected.`,
      items: [{ itemId: items[1].id, sampleId: code, code: 'shipments.item_processed' }],
    });
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);

    // Nothing changed: the others pending and in transit, no audit row, the shipment as it was.
    const now = await itemsOf(B, shipment.id);
    expect(now.map((i) => i.status)).toEqual(['pending', 'rejected', 'pending', 'pending', 'pending']);
    const custody = await custodyOf([samples[0].id, samples[2].id]);
    expect(custody.every((c) => c.status === 'in_transit' && c.heldBy === A.institution.id)).toBe(true);
    expect(
      await auditOf(
        'shipmentItem',
        items.map((i) => i.id),
      ),
    ).toHaveLength(before.length);
    expect((await historyOf(samples[0].id)).map((h) => h.kind)).not.toContain('received');

    // Without the refused item it goes through.
    const rest = await bulk(B, shipment.id, 'receive', { Items: asked([items[0], items[2], items[3], items[4]]) });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(json<{ shipment: Ship }>(rest).shipment.itemCounts).toMatchObject({ received: 4, rejected: 1, pending: 0 });
  });

  it('names every refused item: a stale stamp, an item already received, an item of another shipment (no sample ID)', async () => {
    const { shipment, items } = await shipped(6);
    const other = await shipped(1, 'Another box');
    await bulk(B, shipment.id, 'receive', { Items: [{ Id: items[0].id }] });
    const res = await bulk(B, shipment.id, 'receive', {
      Items: [
        { Id: items[0].id },
        { Id: items[1].id, ConcurrencyStamp: newStamp() },
        { Id: items[2].id },
        { Id: other.items[0].id },
        { Id: 2_000_000_000 },
      ],
    });
    expect(res.statusCode).toBe(409);
    const problem = json<Problem>(res);
    const [s0, s1] = [items[0].collectedSample.sampleId, items[1].collectedSample.sampleId];
    expect(problem.title).toBe(
      `Nothing was received: Sample ${s0} is already received; Sample ${s1} was changed by someone else: reload the shipment and try again; Item ${other.items[0].id} is not in this shipment; and 1 more.`,
    );
    expect(problem.items).toEqual([
      {
        itemId: items[0].id,
        sampleId: s0,
        code: 'shipments.item_processed',
        title: `Sample ${s0} is already received.`,
      },
      {
        itemId: items[1].id,
        sampleId: s1,
        code: 'shipments.item_stale',
        title: `Sample ${s1} was changed by someone else: reload the shipment and try again.`,
      },
      {
        itemId: other.items[0].id,
        sampleId: null,
        code: 'shipments.item_not_in_shipment',
        title: `Item ${other.items[0].id} is not in this shipment.`,
      },
      {
        itemId: 2_000_000_000,
        sampleId: null,
        code: 'shipments.item_not_in_shipment',
        title: 'Item 2000000000 is not in this shipment.',
      },
    ]);
    expect((await itemsOf(B, shipment.id)).filter((i) => i.status === 'pending')).toHaveLength(5);
    expect((await itemsOf(B, other.shipment.id))[0].status).toBe('pending');
  });
});

describe('bulk reject', () => {
  it('rejects with one reason: each item carries it, the samples are the sender’s again with the reason in their history', async () => {
    const { shipment, samples, items } = await shipped(3);
    const noReason = await bulk(B, shipment.id, 'reject', { Items: asked(items) });
    expect(noReason.statusCode).toBe(400);
    expect(json<Problem>(noReason).title).toBe('Reason: *required');

    const res = await bulk(B, shipment.id, 'reject', { Items: asked(items), Reason: '  Thawed in transit ' });
    expect(res.statusCode, res.body).toBe(200);
    const out = json<{ shipment: Ship; items: Item[] }>(res);
    expect(out.shipment).toMatchObject({ status: 'received', itemCounts: { rejected: 3, received: 0, pending: 0 } });
    expect(out.items.map((i) => [i.status, i.reason])).toEqual(Array(3).fill(['rejected', 'Thawed in transit']));
    const custody = await custodyOf(samples.map((s) => s.id));
    expect(custody.every((c) => c.heldBy === A.institution.id && c.status === 'held')).toBe(true);
    const rejected = (await historyOf(samples[2].id)).find((h) => h.kind === 'rejected')!;
    expect(rejected).toMatchObject({
      reason: 'Thawed in transit',
      summary: `Rejected by ${B.institution.title} (shipment "${shipment.name}" from ${A.institution.title}): Thawed in transit`,
    });
    const rows = await auditOf(
      'shipmentItem',
      items.map((i) => i.id),
    );
    expect(rows.map((r) => r.action)).toEqual(['reject', 'reject', 'reject']);
    // A rejected sample may be shipped again.
    const again = await t.call('POST', api(A.institution), {
      token: A.token,
      body: {
        Name: 'Second try',
        SendingInstitutionSiteId: A.institution.site.id,
        ReceivingInstitutionId: B.institution.id,
        ReceivingInstitutionSiteId: B.institution.site.id,
        CollectedSampleIds: [samples[0].id],
      },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('an imported manifest’s shipment (items with no local sample)', () => {
  /**
   * The incoming shipment as the manifest import creates it (manifest-import.service.ts), written here
   * directly: this file tests the receipt, not the manifest's checks (manifest.test.ts).
   */
  async function imported(n: number) {
    const [row] = await t.db
      .insert(shipments)
      .values({
        institutionId: B.institution.id,
        receivingInstitutionId: B.institution.id,
        receivingInstitutionSiteId: B.institution.site.id,
        sendingInstitutionSiteId: null,
        name: 'Imported box',
        shippedDate: '2026-03-20',
        shippedTime: '10:00',
        status: 'shipped',
        sentAt: new Date(),
        externalSender: { title: 'North Biobank', abbreviation: 'NBB', site: null, installation: 'north.example' },
        manifestSha256: newStamp(),
        creatorId: B.account.id,
        createdDate: new Date(),
      })
      .returning();
    await t.db.insert(shipmentItems).values(
      Array.from({ length: n }, (_, i) => ({
        institutionId: B.institution.id,
        shipmentId: row.id,
        collectedSampleId: null,
        specimenTypeId: null,
        unitId: null,
        amount: 2,
        externalSample: {
          sampleId: `EXT-${row.id}-${i}`,
          specimenType: 'Plasma',
          amount: 2,
          unit: 'mL',
          collectedDate: '2026-03-01',
          parentSampleId: null,
          donor: null,
        },
        status: 'pending',
        concurrencyStamp: newStamp(),
      })),
    );
    return { id: row.id, items: await itemsOf(B, row.id) };
  }

  it('accepts and rejects imported items in bulk: rolled up and audited, nothing to mark on samples', async () => {
    const s = await imported(3);
    const ok = await bulk(B, s.id, 'receive', { Items: asked(s.items.slice(0, 2)) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<{ shipment: Ship }>(ok).shipment).toMatchObject({ status: 'partially_received' });
    const refused = await bulk(B, s.id, 'reject', { Items: asked(s.items), Reason: 'Wrong tubes' });
    expect(json<Problem>(refused)).toMatchObject({
      code: 'shipments.items_refused',
      title: `Nothing was rejected: Sample EXT-${s.id}-0 is already received; Sample EXT-${s.id}-1 is already received.`,
    });
    const rest = await bulk(B, s.id, 'reject', { Items: asked(s.items.slice(2)), Reason: 'Wrong tubes' });
    expect(rest.statusCode, rest.body).toBe(200);
    const out = json<{ shipment: Ship; items: Item[] }>(rest);
    expect(out.shipment).toMatchObject({ status: 'received', itemCounts: { received: 2, rejected: 1 } });
    expect(out.items[0]).toMatchObject({ status: 'rejected', reason: 'Wrong tubes', collectedSampleId: null });
    const rows = await auditOf(
      'shipmentItem',
      s.items.map((i) => i.id),
    );
    expect(rows.map((r) => r.action).sort()).toEqual(['receive', 'receive', 'reject']);
  });
});

describe('who may, and bad input', () => {
  it('a third institution gets 404, the sender 403, a read-only role 403', async () => {
    const { shipment, items } = await shipped(2);
    const body = { Items: asked(items) };
    expect((await bulk(C, shipment.id, 'receive', body)).statusCode).toBe(404);
    const foreignPath = await t.call(
      'POST',
      api(B.institution, `/${shipment.id}/collectedSampleShipmentItems/receive`),
      { token: C.token, body },
    );
    expect([403, 404]).toContain(foreignPath.statusCode);
    const sender = await bulk(A, shipment.id, 'receive', body);
    expect(sender.statusCode).toBe(403);
    expect(json<Problem>(sender).code).toBe('shipments.receiver_only');
    expect((await bulk(A, shipment.id, 'reject', { ...body, Reason: 'x' })).statusCode).toBe(403);
    expect((await bulk(V, shipment.id, 'receive', body)).statusCode).toBe(403);
    expect((await itemsOf(B, shipment.id)).every((i) => i.status === 'pending')).toBe(true);
  });

  it('refuses an empty list, an item twice, more than 500 items and a body that is not a list, with a clear title', async () => {
    const { shipment, items } = await shipped(1);
    const titleOf = async (body: unknown) => {
      const res = await bulk(B, shipment.id, 'receive', body);
      expect(res.statusCode, res.body).toBe(400);
      return json<Problem>(res).title;
    };
    expect(await titleOf({ Items: [] })).toBe('Items: Choose at least one item');
    expect(await titleOf({ Items: [{ Id: items[0].id }, { Id: items[0].id }] })).toBe(
      `Items: Item ${items[0].id} is listed twice`,
    );
    expect(await titleOf({ Items: Array.from({ length: 501 }, (_, i) => ({ Id: i + 1 })) })).toBe(
      'Items: At most 500 items in one call',
    );
    expect(await titleOf({ Items: 'all' })).toBe('Items: Must be a list of items');
    expect(await titleOf({})).toMatch(/^Items: /);
    expect((await itemsOf(B, shipment.id))[0].status).toBe('pending');
  });

  it('a draft is not found by the receiver; a cancelled shipment is not receivable', async () => {
    const samples = await p.collectMany(1);
    const draft = json<Ship>(
      await t.call('POST', api(A.institution), {
        token: A.token,
        body: {
          Name: 'Draft box',
          Draft: true,
          SendingInstitutionSiteId: A.institution.site.id,
          ReceivingInstitutionId: B.institution.id,
          ReceivingInstitutionSiteId: B.institution.site.id,
          CollectedSampleIds: samples.map((s) => s.id),
        },
      }),
    );
    const [draftItem] = await itemsOf(A, draft.id);
    expect((await bulk(B, draft.id, 'receive', { Items: [{ Id: draftItem.id }] })).statusCode).toBe(404);
    const { shipment, items } = await shipped(1);
    await t.call('POST', api(A.institution, `/${shipment.id}/cancel`), { token: A.token });
    const res = await bulk(B, shipment.id, 'receive', { Items: asked(items) });
    expect(res.statusCode).toBe(409);
    expect(json<Problem>(res).code).toBe('shipments.not_receivable');
  });
});
