import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { collectedSamples } from './samples.table';

// Custody (docs/shipments.md "Custody"), stored once on the sample row: who holds the tube
// (`held_by_institution_id`) and whether it is in an open shipment (`custody_status`, with the shipment's
// id and name). The shipments module calls these functions in the transaction of each status change,
// under its own row locks; every reader reads the columns (the samples API, storage's allocation and
// rack scans, sub-samples, the shipping checks and candidates), never the shipment tables.

/** held: at the holder's, free; packed: in a draft shipment (still at the holder's); in_transit: sent, not yet accepted or rejected. */
export type CustodyStatus = 'held' | 'packed' | 'in_transit';

/** A sample's custody as its columns say. `shipment` is set while it is packed or in transit. */
export interface Custody {
  heldBy: number;
  status: CustodyStatus;
  shipment: { id: number; name: string } | null;
}

/** The columns a select reads custody from, and their mapping. */
export const custodyColumns = {
  heldBy: collectedSamples.heldByInstitutionId,
  custodyStatus: collectedSamples.custodyStatus,
  custodyShipmentId: collectedSamples.custodyShipmentId,
  custodyShipmentName: collectedSamples.custodyShipmentName,
};
type CustodyCols = {
  heldBy: number;
  custodyStatus: string;
  custodyShipmentId: number | null;
  custodyShipmentName: string | null;
};
export const custodyOfRow = (r: CustodyCols): Custody => ({
  heldBy: r.heldBy,
  status: r.custodyStatus as CustodyStatus,
  shipment: r.custodyShipmentId === null ? null : { id: r.custodyShipmentId, name: r.custodyShipmentName ?? '' },
});

/** The samples' custody by record id (any institution's: callers scope), for a message or a check. */
export async function custodyOf(db: Db, ids: number[]): Promise<Map<number, Custody>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: collectedSamples.id, ...custodyColumns })
    .from(collectedSamples)
    .where(inArray(collectedSamples.id, ids));
  return new Map(rows.map((r) => [r.id, custodyOfRow(r)]));
}

type Shipment = { id: number; name: string };
type Change = { heldBy?: number; status: CustodyStatus; shipment: Shipment | null };

/**
 * Moves the samples from the state `from` allows to `to`, in the caller's transaction: the rows are locked
 * in id order first (so two changes over overlapping samples never deadlock), each must be in the state
 * the transition starts from (else the caller broke the rule it checked: an error, not a silent skip),
 * then updated in one statement and audited in one row (`collectedSample custody`, the actor's institution).
 */
async function move(tx: Db, ctx: Ctx, ids: number[], from: SQL, to: Change, note: Record<string, unknown>) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const locked = await tx
    .select({ id: collectedSamples.id, ok: sql<boolean>`${from}` })
    .from(collectedSamples)
    .where(inArray(collectedSamples.id, unique))
    .orderBy(collectedSamples.id)
    .for('update');
  const wrong = unique.filter((id) => !locked.some((r) => r.id === id && r.ok));
  if (wrong.length)
    throw new Error(`custody: samples ${wrong.join(', ')} are not in the state this change starts from`);
  const set = {
    custodyStatus: to.status,
    custodyShipmentId: to.shipment?.id ?? null,
    custodyShipmentName: to.shipment?.name ?? null,
    ...(to.heldBy !== undefined ? { heldByInstitutionId: to.heldBy } : {}),
  };
  await tx.update(collectedSamples).set(set).where(inArray(collectedSamples.id, unique));
  await audit(tx, ctx, { entity: 'collectedSample', action: 'custody', after: { sampleIds: unique, ...set, ...note } });
}

const c = collectedSamples;
/** Held by its owner and in no shipment: what may be packed or shipped. */
const heldAtHome = sql`${c.custodyStatus} = 'held' and ${c.heldByInstitutionId} = ${c.institutionId}`;
const inShipment = (id: number, status: CustodyStatus) =>
  sql`${c.custodyStatus} = ${status} and ${c.custodyShipmentId} = ${id}`;

/** Samples put into a draft shipment: still at the owner's, but no longer free (no sub-sample, no storage, no other shipment). */
export const markPacked = (tx: Db, ctx: Ctx, ids: number[], shipment: Shipment) =>
  move(tx, ctx, ids, heldAtHome, { status: 'packed', shipment }, { custodyChange: 'packed' });

/** Samples leaving: from the owner's hands (the atomic create, an item added to a sent shipment) or from the draft they were packed in. */
export const markShipped = (tx: Db, ctx: Ctx, ids: number[], shipment: Shipment) =>
  move(
    tx,
    ctx,
    ids,
    sql`(${heldAtHome} or ${inShipment(shipment.id, 'packed')})`,
    { status: 'in_transit', shipment },
    { custodyChange: 'shipped' },
  );

/** Samples the receiver accepted: in its custody from now on. */
export const markReceived = (tx: Db, ctx: Ctx, ids: number[], shipmentId: number, receiverId: number) =>
  move(
    tx,
    ctx,
    ids,
    inShipment(shipmentId, 'in_transit'),
    { status: 'held', shipment: null, heldBy: receiverId },
    { custodyChange: 'received', shipmentId },
  );

/** Samples back in their owner's custody: rejected by the receiver, or their (draft or sent) shipment cancelled. */
export const markReturned = (tx: Db, ctx: Ctx, ids: number[], shipmentId: number, why: 'rejected' | 'cancelled') =>
  move(
    tx,
    ctx,
    ids,
    sql`${c.custodyShipmentId} = ${shipmentId} and ${c.custodyStatus} in ('packed', 'in_transit')`,
    { status: 'held', shipment: null },
    { custodyChange: why, shipmentId },
  );
