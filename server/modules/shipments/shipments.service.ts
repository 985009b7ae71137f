import {
  MAX_SHIPMENT_ITEMS,
  type ReceiveInput,
  type RejectInput,
  type ShipmentInput,
  type ShipmentItemInput,
} from '../../../contract/shipments.contract';
import { command, timeZoneOf, type InstCtx } from '../../platform/context';
import { AppError, notFound, staleStamp } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { newStamp } from '../../platform/records';
import type { Db } from '../../db/client';
import { assertSiteIds, institutionExists, institutionTitles } from '../institutions';
import { timeIn, todayIn } from '../../platform/today';
import { assertUsable, protocolOf } from '../protocols';
import {
  appendShippingEvents,
  ledgerText,
  lockShippableSamples,
  markPacked,
  markReceived,
  markReturned,
  markShipped,
  sampleCodeOf,
  type ShippableSample,
} from '../samples';
import { vacateForShipment } from '../storage';
import {
  cancelPendingItems,
  insertItemRows,
  insertShipment,
  lockItem,
  lockShipmentRow,
  nothingPending,
  pendingItemCount,
  pendingItemId,
  pendingItems,
  setPendingAmount,
  type ShipmentRow,
  updateItem,
  updateShipment,
} from './shipments.repository';
import { shipmentErrors } from './shipments.errors';
import { getShipment, listItems } from './shipment-reads.service';
import { receivedRecordsOf } from './received-records';
import { MSG, msgf } from '../../../contract/messages';

/** Today and now (HH:MM) on the sending institution's clock (issue 31 item 6): the spec's shipped date and time defaults. */
function nowParts(ctx: InstCtx) {
  const zone = timeZoneOf(ctx);
  const at = ctx.now();
  return { date: todayIn(zone, at), time: timeIn(zone, at) };
}

/** The shipment, locked for the rest of the transaction, if the caller's institution sent it or receives it (sent); else 404. */
export async function lockShipment(tx: Db, ctx: InstCtx, id: number): Promise<ShipmentRow> {
  const inst = ctx.institutionId;
  const row = await lockShipmentRow(tx, id);
  if (!row || (row.institutionId !== inst && (row.receivingInstitutionId !== inst || !row.sentAt)))
    throw notFound('Shipment');
  return row;
}

/** Institution and site titles both sides are named by in a sample's history. */
export async function partiesOf(tx: Db, s: ShipmentRow) {
  const titles = await institutionTitles(tx, [s.institutionId, s.receivingInstitutionId]);
  return {
    sender: titles.get(s.institutionId) ?? `Institution ${s.institutionId}`,
    receiver: titles.get(s.receivingInstitutionId) ?? `Institution ${s.receivingInstitutionId}`,
  };
}

/** Protocols' withdrawal rule (docs/protocols.md), its problem prefixed with the sample it stops. */
async function assertDonorUsable(tx: Db, ctx: InstCtx, s: ShippableSample) {
  try {
    await assertUsable(ctx, { sample: s }, tx);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.status, `Sample ${s.sampleId}: ${e.title}`, e.errors, e.code);
    throw e;
  }
}

/**
 * A sample may be shipped when it is the caller's (404 otherwise), enabled, has something left, is in
 * no open shipment, was not received elsewhere, and its donor has not withdrawn consent. Every refusal
 * names the sample.
 */
async function assertShippable(tx: Db, s: ShippableSample) {
  if (!s.isEnabled) throw shipmentErrors.sample_disabled(s.sampleId);
  if (s.remainingAmount <= 0) throw shipmentErrors.nothing_left(s.sampleId);
  // The sample's stored custody (samples' custody.repository.ts), read under its row lock.
  const shipment = s.custody.shipment;
  if (shipment) throw shipmentErrors.in_open_shipment(s.sampleId, shipment.name);
  const away = s.custody.heldBy !== s.institutionId ? s.custody.heldBy : null;
  if (away)
    throw shipmentErrors.received_elsewhere(
      s.sampleId,
      (await institutionTitles(tx, [away])).get(away) ?? `institution ${away}`,
    );
}

/**
 * Locks and checks the samples (input order kept); an id that is not the caller's is 404 naming it.
 * Their custody comes with the lock; each donor's consent is checked once.
 */
async function shippable(tx: Db, ctx: InstCtx, ids: number[]) {
  const found = new Map((await lockShippableSamples(tx, ctx.institutionId, ids)).map((s) => [s.id, s]));
  const list: ShippableSample[] = [];
  const donors = new Set<number>();
  for (const id of ids) {
    const s = found.get(id);
    if (!s)
      throw shipmentErrors.sample_not_found(id, { collectedSampleIds: [msgf('collectedSampleNotFound', { id })] });
    await assertShippable(tx, s);
    // A received sample (no donor here) was usable when it was shipped to the caller: nothing to check.
    if (s.patientId !== null && !donors.has(s.patientId)) await assertDonorUsable(tx, ctx, s);
    if (s.patientId !== null) donors.add(s.patientId);
    list.push(s);
  }
  return list;
}

const sentSummary = (p: { sender: string; receiver: string }, name: string) => ledgerText('sent', { ...p, name });

/**
 * The chain of custody of samples leaving, in the caller's transaction: their custody says in transit,
 * their storage positions are vacated (the tubes leave the boxes) and each history says it was sent.
 */
async function recordSent(
  tx: Db,
  ctx: InstCtx,
  s: ShipmentRow,
  samples: Pick<ShippableSample, 'id' | 'institutionId'>[],
) {
  await vacateForShipment(
    tx,
    ctx,
    samples.map((x) => x.id),
    s.name,
  );
  await markShipped(
    tx,
    ctx,
    samples.map((x) => x.id),
    s,
  );
  const parties = await partiesOf(tx, s);
  await appendShippingEvents(
    tx,
    samples.map((sample) => ({
      sample,
      kind: 'shipped' as const,
      summary: sentSummary(parties, s.name),
      accountId: ctx.account.id,
      at: ctx.now(),
    })),
  );
}

/** Inserts pending items; a parallel shipment that took a sample first is the declared 409, not a bare conflict. */
async function insertItems(tx: Db, ctx: InstCtx, shipmentId: number, samples: ShippableSample[]) {
  const inserted = await insertItemRows(
    tx,
    samples.map((s) => ({
      institutionId: s.institutionId,
      shipmentId,
      collectedSampleId: s.id,
      specimenTypeId: s.specimenTypeId,
      amount: s.remainingAmount,
      unitId: s.unitId,
      status: 'pending',
      creatorId: ctx.account.id,
      createdDate: ctx.now(),
      concurrencyStamp: newStamp(),
    })),
  );
  // The samples are locked and their custody checked first, so a refusal is a bug or a write that skipped custody.repository.ts.
  if (!inserted) throw shipmentErrors.in_open_shipment(samples[0].sampleId, 'another shipment');
}

/** Where a shipment goes: another existing institution and one of its enabled sites; from an enabled site of the caller's. */
async function checkParties(tx: Db, ctx: InstCtx, v: ShipmentInput) {
  const inst = ctx.institutionId;
  if (v.sendingInstitutionId && v.sendingInstitutionId !== inst)
    throw shipmentErrors.sending_institution({ sendingInstitutionId: [MSG.mustBeYourInstitution] });
  if (v.receivingInstitutionId === inst)
    throw shipmentErrors.same_institution({ receivingInstitutionId: [MSG.chooseAnotherInstitution] });
  if (!(await institutionExists(tx, v.receivingInstitutionId)))
    throw shipmentErrors.receiving_institution({ receivingInstitutionId: [MSG.chooseExistingInstitution] });
  await assertSiteIds(tx, inst, [
    { id: v.sendingInstitutionSiteId, field: 'sendingInstitutionSiteId', label: 'Sending Institution Site' },
  ]);
  try {
    await assertSiteIds(tx, v.receivingInstitutionId, [
      { id: v.receivingInstitutionSiteId, field: 'receivingInstitutionSiteId' },
    ]);
  } catch {
    throw shipmentErrors.receiving_site({
      receivingInstitutionSiteId: [MSG.chooseReceivingSite],
    });
  }
  if (v.collectionProtocolId) {
    try {
      await protocolOf(ctx, v.collectionProtocolId, tx);
    } catch {
      throw shipmentErrors.protocol({ collectionProtocolId: [MSG.chooseOwnProtocol] });
    }
  }
}

/**
 * The atomic create (ARCHITECTURE §3): the shipment and its items in ONE transaction, shipped at once
 * (each sample's history says so) unless `draft` is asked for or no sample is given. With no sample, a
 * shipped date and no `draft` (the spec's create, its client then adds items one call each) it is a
 * draft the receiver does not see until its first item is added, which sends it (`addItem`).
 */
export async function createShipment(ctx: InstCtx, input: ShipmentInput) {
  const v = input;
  const inst = ctx.institutionId;
  const id = await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    await checkParties(tx, ctx, v);
    const samples = await shippable(tx, ctx, v.collectedSampleIds);
    const draft = v.draft || !samples.length;
    const sendsOnFirstItem = !v.draft && !samples.length && Boolean(v.shippedDate);
    const now = v.shippedDate && v.shippedTime ? { date: v.shippedDate, time: v.shippedTime } : nowParts(ctx);
    const row = await insertShipment(tx, {
      institutionId: inst,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      createdDate: ctx.now(),
      enabledDate: ctx.now(),
      sendingInstitutionSiteId: v.sendingInstitutionSiteId,
      receivingInstitutionId: v.receivingInstitutionId,
      receivingInstitutionSiteId: v.receivingInstitutionSiteId,
      name: v.name,
      trackingNumber: v.trackingNumber,
      trackingUrl: v.trackingURL,
      shippedDate: v.shippedDate ?? now.date,
      shippedTime: v.shippedTime ?? now.time,
      status: draft ? 'draft' : 'shipped',
      includeDonorIdentity: v.includeDonorIdentity,
      collectionProtocolId: v.collectionProtocolId,
      sentAt: draft ? null : ctx.now(),
      sendsOnFirstItem,
    });
    await insertItems(tx, ctx, row.id, samples);
    if (draft)
      await markPacked(
        tx,
        ctx,
        samples.map((x) => x.id),
        row,
      );
    else await recordSent(tx, ctx, row, samples);
    await audit(tx, ctx, {
      entity: 'shipment',
      entityId: row.id,
      action: 'create',
      after: { ...row, collectedSampleIds: samples.map((s) => s.id) },
    });
    return row.id;
  });
  return getShipment(ctx, id);
}

/**
 * Whether samples may still be added: a draft, or a shipment the spec's call sends (`sendsOnFirstItem`)
 * while the receiver has processed nothing (`shipped`).
 */
const takesItems = (s: ShipmentRow) => s.status === 'draft' || (s.sendsOnFirstItem && s.status === 'shipped');

/**
 * Spec 2 §7: one sample added to a draft shipment (the sender's). On a shipment the spec's call created
 * (`sendsOnFirstItem`) the sample leaves at once: the first item sends the shipment (the receiver sees it
 * from then on), each item's storage position is vacated and its history says it was sent.
 */
export async function addItem(ctx: InstCtx, shipmentId: number, input: ShipmentItemInput) {
  const sampleId = input.collectedSampleId;
  const itemId = await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    const s = await lockShipment(tx, ctx, shipmentId);
    assertSender(ctx, s);
    if (!takesItems(s)) throw shipmentErrors.not_draft();
    if ((await pendingItemCount(tx, s.id)) >= MAX_SHIPMENT_ITEMS) throw shipmentErrors.too_many(MAX_SHIPMENT_ITEMS);
    const [sample] = await shippable(tx, ctx, [sampleId]);
    await insertItems(tx, ctx, s.id, [sample]);
    const id = await pendingItemId(tx, s.id, sampleId);
    const sending = s.sendsOnFirstItem && s.status === 'draft';
    const row = await updateShipment(tx, s.id, sending ? { status: 'shipped', sentAt: ctx.now() } : {});
    await audit(tx, ctx, {
      entity: 'shipment',
      entityId: s.id,
      action: 'add_item',
      after: { itemId: id, collectedSampleId: sampleId },
    });
    if (s.sendsOnFirstItem) await recordSent(tx, ctx, row, [sample]);
    else await markPacked(tx, ctx, [sample.id], row);
    if (sending) await audit(tx, ctx, { entity: 'shipment', entityId: s.id, action: 'send', before: s, after: row });
    return id;
  });
  return (await listItems(ctx, shipmentId, { ids: [itemId], language: ctx.language }))[0];
}

/** A draft leaves: every sample is checked again, its amount taken as it is now, and its history says it was sent. */
export async function sendShipment(ctx: InstCtx, shipmentId: number) {
  await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    const s = await lockShipment(tx, ctx, shipmentId);
    assertSender(ctx, s);
    if (s.status !== 'draft') throw shipmentErrors.not_draft();
    const items = await pendingItems(tx, s.id);
    if (!items.length) throw shipmentErrors.no_items();
    const samples = await lockShippableSamples(tx, ctx.institutionId, localSampleIds(items));
    for (const sample of samples) {
      if (!sample.isEnabled) throw shipmentErrors.sample_disabled(sample.sampleId);
      if (sample.remainingAmount <= 0) throw shipmentErrors.nothing_left(sample.sampleId);
      await assertDonorUsable(tx, ctx, sample);
      await setPendingAmount(tx, s.id, sample.id, sample.remainingAmount);
    }
    const row = await updateShipment(tx, s.id, { status: 'shipped', sentAt: ctx.now() });
    await recordSent(tx, ctx, row, samples);
    await audit(tx, ctx, { entity: 'shipment', entityId: s.id, action: 'send', before: s, after: row });
  });
  return getShipment(ctx, shipmentId);
}

/** The local samples of items (an imported shipment's items have none). */
const localSampleIds = (items: { collectedSampleId: number | null }[]) =>
  items.flatMap((i) => (i.collectedSampleId === null ? [] : [i.collectedSampleId]));

/** The sender's changes (add, send, cancel) are for shipments sent from here, never an imported one. */
function assertSender(ctx: InstCtx, s: ShipmentRow) {
  if (s.institutionId !== ctx.institutionId || s.externalSender) throw shipmentErrors.sender_only();
}

/** Received when nothing is pending any more, partially received while some items are processed. */
export async function rollUp(tx: Db, ctx: InstCtx, s: ShipmentRow) {
  const done = await nothingPending(tx, s.id);
  return updateShipment(tx, s.id, {
    status: done ? 'received' : 'partially_received',
    processedAt: ctx.now(),
    receivedAt: done ? ctx.now() : null,
  });
}

/** A sample's history entry for its item received or rejected (one item or a bulk call: the same words). */
export const processedSummary = (
  status: 'received' | 'rejected',
  parties: { sender: string; receiver: string },
  name: string,
  reason?: string | null,
) =>
  status === 'received'
    ? ledgerText('received', { ...parties, name })
    : ledgerText(reason ? 'rejectedReason' : 'rejected', { ...parties, name, reason: reason ?? '' });

/** Only a sent shipment that is not fully processed takes receipts and rejections. */
export const receivable = (s: ShipmentRow) => s.status === 'shipped' || s.status === 'partially_received';

/**
 * Receiving or rejecting one pending item, by the receiving institution only: records who and when,
 * writes the sample's history naming both institutions, and rolls the shipment's status up.
 */
async function processItem(
  ctx: InstCtx,
  shipmentId: number,
  itemId: number,
  v: { action: 'receive' | 'reject'; reason?: string; concurrencyStamp?: string },
) {
  await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    const s = await lockShipment(tx, ctx, shipmentId);
    if (s.receivingInstitutionId !== ctx.institutionId) throw shipmentErrors.receiver_only();
    const item = await lockItem(tx, s.id, itemId);
    if (!item) throw notFound('Shipment item');
    if (!receivable(s)) throw shipmentErrors.not_receivable(s.status.replace('_', ' '));
    if (v.concurrencyStamp && v.concurrencyStamp !== item.concurrencyStamp) throw staleStamp();
    const code = item.externalSample?.sampleId ?? (await sampleCodeOf(tx, item.collectedSampleId!));
    if (item.status !== 'pending') throw shipmentErrors.item_processed(code, item.status);
    const status = v.action === 'receive' ? 'received' : 'rejected';
    const after = await updateItem(tx, item.id, {
      status,
      reason: v.reason ?? null,
      processedById: ctx.account.id,
      processedAt: ctx.now(),
    });
    const parties = await partiesOf(tx, s);
    // Receiving makes the sample ours: the receiver's own record (docs/decisions/0014-received-samples.md), made
    // before the sender's history says "received", so its copied timeline ends with "shipped".
    if (status === 'received') {
      const made = await receivedRecordsOf(tx, ctx, s, [item], parties);
      const id = made.get(item.id);
      if (id) Object.assign(after, await updateItem(tx, item.id, { receivedSampleId: id }));
    }
    // An imported item has no sample of the sender here: the receiver's record and the audit row record it.
    if (item.collectedSampleId !== null) {
      if (status === 'received') await markReceived(tx, ctx, [item.collectedSampleId], s.id, s.receivingInstitutionId);
      else await markReturned(tx, ctx, [item.collectedSampleId], s.id, 'rejected');
      await appendShippingEvents(tx, [
        {
          sample: { id: item.collectedSampleId, institutionId: s.institutionId },
          kind: status,
          reason: v.reason ?? null,
          accountId: ctx.account.id,
          at: ctx.now(),
          summary: processedSummary(status, parties, s.name, v.reason),
        },
      ]);
    }
    const rolled = await rollUp(tx, ctx, s);
    await audit(tx, ctx, {
      entity: 'shipmentItem',
      entityId: item.id,
      action: v.action,
      before: item,
      after: { ...after, shipmentStatus: rolled.status },
    });
  });
  return (await listItems(ctx, shipmentId, { ids: [itemId], language: ctx.language }))[0];
}

export const receiveItem = (ctx: InstCtx, shipmentId: number, itemId: number, input: ReceiveInput) =>
  processItem(ctx, shipmentId, itemId, { action: 'receive', concurrencyStamp: input?.concurrencyStamp });

export const rejectItem = (ctx: InstCtx, shipmentId: number, itemId: number, input: RejectInput) =>
  processItem(ctx, shipmentId, itemId, {
    action: 'reject',
    reason: input.reason ?? undefined,
    concurrencyStamp: input.concurrencyStamp,
  });

/** The sender cancels while nothing is received or rejected: the items free their samples, whose history says so once sent. */
export async function cancelShipment(ctx: InstCtx, shipmentId: number) {
  await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    const s = await lockShipment(tx, ctx, shipmentId);
    assertSender(ctx, s);
    if (s.status === 'partially_received') throw shipmentErrors.processed_items();
    if (s.status !== 'draft' && s.status !== 'shipped') throw shipmentErrors.cannot_cancel(s.status);
    const items = await cancelPendingItems(tx, s.id);
    const row = await updateShipment(tx, s.id, { status: 'cancelled', cancelledAt: ctx.now() });
    await markReturned(tx, ctx, localSampleIds(items), s.id, 'cancelled');
    if (s.sentAt) {
      const parties = await partiesOf(tx, s);
      await appendShippingEvents(
        tx,
        localSampleIds(items).map((id) => ({
          sample: { id, institutionId: s.institutionId },
          kind: 'shipment_cancelled' as const,
          accountId: ctx.account.id,
          at: ctx.now(),
          summary: ledgerText('cancelled', { ...parties, name: s.name }),
        })),
      );
    }
    await audit(tx, ctx, { entity: 'shipment', entityId: s.id, action: 'cancel', before: s, after: row });
  });
  return getShipment(ctx, shipmentId);
}
