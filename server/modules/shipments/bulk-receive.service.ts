import type {
  BulkProcessResult,
  BulkReceiveInput,
  BulkRefusal,
  BulkRejectInput,
} from '../../../contract/shipments.contract';
import { command, type InstCtx } from '../../platform/context';
import { auditAll } from '../../platform/audit';
import { withExtensions } from '../../platform/errors';
import type { Db } from '../../db/client';
import { appendShippingEvents, markReceived, markReturned } from '../samples';
import { lockItems, processItemRows } from './bulk-receive.repository';
import { receivedRecordsOf } from './received-records';
import { itemRows, type ItemRow } from './shipments.repository';
import { shipmentErrors } from './shipments.errors';
import { lockShipment, partiesOf, processedSummary, receivable, rollUp } from './shipments.service';
import { getShipment, listItems } from './shipment-reads.service';

// Bulk accept and reject (issue 31 item 4, docs/shipments.md "Bulk accept and reject"): the per-item rules of
// `processItem` for a whole box in ONE transaction and a handful of statements, all of the items or none.

type Asked = BulkReceiveInput['items'];
type Action = { status: 'received' | 'rejected'; reason: string | null };

/**
 * Why each asked item cannot be processed, in the order asked: not an item of this shipment, no longer
 * pending (already received, rejected or cancelled), or changed since the caller read it (stamp). The
 * sample IDs are read only when something is refused, in one statement.
 */
async function refusalsOf(tx: Db, shipmentId: number, asked: Asked, locked: ItemRow[]): Promise<BulkRefusal[]> {
  const byId = new Map(locked.map((i) => [i.id, i]));
  const bad = asked.filter(({ id, concurrencyStamp }) => {
    const item = byId.get(id);
    return !item || item.status !== 'pending' || (concurrencyStamp && concurrencyStamp !== item.concurrencyStamp);
  });
  if (!bad.length) return [];
  const known = bad.filter((a) => byId.has(a.id)).map((a) => a.id);
  const codes = new Map(
    (known.length ? await itemRows(tx, shipmentId, known) : []).map((r) => [
      r.item.id,
      r.item.externalSample?.sampleId ?? r.sample?.sampleId ?? `item ${r.item.id}`,
    ]),
  );
  return bad.map(({ id }) => {
    const item = byId.get(id);
    if (!item) {
      const e = shipmentErrors.item_not_in_shipment(id);
      return { itemId: id, sampleId: null, code: e.code, title: e.title };
    }
    const code = codes.get(id) ?? `item ${id}`;
    const e =
      item.status !== 'pending' ? shipmentErrors.item_processed(code, item.status) : shipmentErrors.item_stale(code);
    return { itemId: id, sampleId: code, code: e.code, title: e.title };
  });
}

/** Items per write statement of a bulk accept or reject (see processItems). */
const WRITE_PART = 100;

/**
 * Receives or rejects the asked items of one shipment, by its receiving institution only. Locks the shipment
 * row, then the items in id order; any refused item refuses the whole call (409 `items_refused`, every
 * refusal in the problem's `items`, nothing changed). Then, one statement each: the items, the samples'
 * custody (samples' `markReceived` / `markReturned`), their histories, per part of WRITE_PART items; then the
 * roll-up and one audit row per item (as the per-item routes write them).
 */
async function processItems(
  ctx: InstCtx,
  shipmentId: number,
  asked: Asked,
  action: Action,
): Promise<BulkProcessResult> {
  const ids = asked.map((a) => a.id);
  await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    const s = await lockShipment(tx, ctx, shipmentId);
    if (s.receivingInstitutionId !== ctx.institutionId) throw shipmentErrors.receiver_only();
    if (!receivable(s)) throw shipmentErrors.not_receivable(s.status.replace('_', ' '));
    const locked = await lockItems(tx, s.id, ids);
    const refused = await refusalsOf(tx, s.id, asked, locked);
    if (refused.length) throw withExtensions(shipmentErrors.items_refused(action.status, refused), { items: refused });
    const at = ctx.now();
    const parties = await partiesOf(tx, s);
    const summary = processedSummary(action.status, parties, s.name, action.reason);
    const after: Awaited<ReturnType<typeof processItemRows>> = [];
    // In parts of WRITE_PART items, each statement over one part: on PGlite the SQL runs on the API's own thread,
    // and a box of 500 in one statement each held it for seconds (server/test/event-loop-custody.test.ts); between
    // two statements the loop answers others. Still one transaction: all of the box or none.
    for (let from = 0; from < locked.length; from += WRITE_PART) {
      const part = locked.slice(from, from + WRITE_PART);
      const partIds = part.map((i) => i.id);
      // Receiving makes the sample ours (docs/decisions/0014-received-samples.md): the receiver's records, a fixed
      // number of statements per part, before the senders' histories say "received".
      const made =
        action.status === 'received' ? await receivedRecordsOf(tx, ctx, s, part, parties) : new Map<number, number>();
      after.push(
        ...(await processItemRows(tx, partIds, {
          ...action,
          processedById: ctx.account.id,
          processedAt: at,
          receivedSampleIds: made,
        })),
      );
      // An imported item has no sample here (its history is the sender installation's): its audit row records it.
      const local = part.flatMap((i) => (i.collectedSampleId === null ? [] : [i.collectedSampleId]));
      if (!local.length) continue;
      if (action.status === 'received') await markReceived(tx, ctx, local, s.id, s.receivingInstitutionId);
      else await markReturned(tx, ctx, local, s.id, 'rejected');
      await appendShippingEvents(
        tx,
        local.map((id) => ({
          sample: { id, institutionId: s.institutionId },
          kind: action.status,
          reason: action.reason,
          accountId: ctx.account.id,
          at,
          summary,
        })),
      );
    }
    const rolled = await rollUp(tx, ctx, s);
    const before = new Map(locked.map((i) => [i.id, i]));
    after.sort((a, b) => a.id - b.id);
    for (let from = 0; from < after.length; from += WRITE_PART) {
      await auditAll(
        tx,
        ctx,
        after.slice(from, from + WRITE_PART).map((row) => ({
          entity: 'shipmentItem',
          entityId: row.id,
          action: action.status === 'received' ? 'receive' : 'reject',
          before: before.get(row.id),
          after: { ...row, shipmentStatus: rolled.status, batch: ids.length },
        })),
      );
    }
  });
  const shipment = await getShipment(ctx, shipmentId);
  return { shipment, items: await listItems(ctx, shipmentId, { ids, shipment, language: ctx.language }) };
}

export const receiveItems = (ctx: InstCtx, shipmentId: number, input: BulkReceiveInput) =>
  processItems(ctx, shipmentId, input.items, { status: 'received', reason: null });

export const rejectItems = (ctx: InstCtx, shipmentId: number, input: BulkRejectInput) =>
  processItems(ctx, shipmentId, input.items, { status: 'rejected', reason: input.reason });
