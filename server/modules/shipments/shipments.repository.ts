import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ShipmentListQuery } from '../../../contract/shipments.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { accountNames } from '../../platform/account-names';
import { specimenTypes, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { lookupTitleSql } from '../../platform/lookups/lookup-refs';
import { newStamp } from '../../platform/records';
import { isUniqueViolation } from '../../platform/errors';
import { institutionTitleOf, siteJoin } from '../institutions';
import { protocolTitleOf } from '../protocols';
import { sampleRefSql, shippedSampleOf } from '../samples';
import { shipmentItems, shipments } from './shipments.table';
import { qualified } from '../../platform/qualified';

// All of the shipments module's SQL (issue 29 item 1): its services call these with `tx.db` or `ctx.db`.

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentInsert = typeof shipments.$inferInsert;
export type ItemRow = typeof shipmentItems.$inferSelect;
export type ItemInsert = typeof shipmentItems.$inferInsert;
export type { ExternalSample } from './shipments.table';

const extra = {
  sendingInstitutionTitle: institutionTitleOf(qualified(shipments.institutionId)),
  receivingInstitutionTitle: institutionTitleOf(qualified(shipments.receivingInstitutionId)),
  protocolTitle: protocolTitleOf(qualified(shipments.collectionProtocolId)),
  counts: sql<{
    total: number;
    pending: number;
    received: number;
    rejected: number;
  }>`(select json_build_object('total', count(*) filter (where si.status <> 'cancelled'),
    'pending', count(*) filter (where si.status = 'pending'), 'received', count(*) filter (where si.status = 'received'),
    'rejected', count(*) filter (where si.status = 'rejected')) from shipment_items si where si.shipment_id = ${qualified(shipments.id)})`,
};
const refs = () => [
  siteJoin('sendingInstitutionSite', shipments.sendingInstitutionSiteId, 'ship_from_site'),
  siteJoin('receivingInstitutionSite', shipments.receivingInstitutionSiteId, 'ship_to_site'),
];

/** A shipment as the lists read it: its row, sites, titles and item counts. */
export type ShipmentListRow = Awaited<
  ReturnType<
    typeof selectRecords<typeof shipments, 'sendingInstitutionSite' | 'receivingInstitutionSite', typeof extra>
  >
>['rows'][number];

/** The shipments the institution may see: those it sent, and those sent to it once they left draft. */
export const visibleTo = (inst: number) =>
  or(
    eq(shipments.institutionId, inst),
    and(eq(shipments.receivingInstitutionId, inst), sql`${shipments.sentAt} is not null`),
  )!;

/** One page of the shipments the institution sees, filtered as the list asks (the caller checked the SENT/RECEIVED ids). */
export async function shipmentPage(db: Db, inst: number, q: ShipmentListQuery) {
  const s = q.sendingInstitutionId,
    r = q.receivingInstitutionId;
  const parts: (SQL | undefined)[] = [visibleTo(inst)];
  // SENT: what this institution sent (an imported shipment's institution_id is its receiver's).
  if (s) parts.push(eq(shipments.institutionId, s), isNull(shipments.externalSender));
  if (r) parts.push(eq(shipments.receivingInstitutionId, r), sql`${shipments.sentAt} is not null`);
  if (q.status) parts.push(eq(shipments.status, q.status));
  if (q.statuses) parts.push(inArray(shipments.status, q.statuses));
  if (q.collectionProtocolId)
    parts.push(eq(shipments.collectionProtocolId, q.collectionProtocolId), eq(shipments.institutionId, inst));
  if (q.isEnabled !== undefined) parts.push(eq(shipments.isEnabled, q.isEnabled));
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    parts.push(sql`(lower(${shipments.name}) like ${p} or lower(coalesce(${shipments.trackingNumber}, '')) like ${p})`);
  }
  return selectRecords(db, shipments, {
    where: and(...parts),
    orderBy: desc(shipments.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: refs(),
    extra,
  });
}

/** One shipment the institution sent or receives, or undefined. */
export async function visibleShipment(db: Db, inst: number, id: number): Promise<ShipmentListRow | undefined> {
  return (
    await selectRecords(db, shipments, {
      where: and(eq(shipments.id, id), visibleTo(inst)),
      orderBy: desc(shipments.id),
      limit: 1,
      refs: refs(),
      extra,
    })
  ).rows[0];
}

/**
 * A shipment's items (oldest first), with their lookups' titles and the shipped sample as both sides see it. The
 * titles in `language` when the institution gave one (the manifest's CSV and PDF, issue 33 item 4), else the default.
 */
export async function itemRows(db: Db, shipmentId: number, ids?: number[], language?: string) {
  return db
    .select({
      item: shipmentItems,
      specimenType: sql<string | null>`${lookupTitleSql(specimenTypes, 'specimenTypes', language)}`,
      unitName: sql<string | null>`${lookupTitleSql(unitOfMeasurements, 'unitOfMeasurements', language)}`,
      unitSymbol: unitOfMeasurements.unitSymbol,
      sample: shippedSampleOf(qualified(shipmentItems.collectedSampleId)),
      receivedSample: sampleRefSql(qualified(shipmentItems.receivedSampleId)),
    })
    .from(shipmentItems)
    .leftJoin(specimenTypes, eq(specimenTypes.id, shipmentItems.specimenTypeId))
    .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, shipmentItems.unitId))
    .where(and(eq(shipmentItems.shipmentId, shipmentId), ids ? inArray(shipmentItems.id, ids) : undefined))
    .orderBy(asc(shipmentItems.id));
}

/** Accounts' names by id (who processed an item). */
export async function namesOf(db: Db, ids: number[]) {
  const rows = ids.length ? await db.select().from(accountNames).where(inArray(accountNames.id, ids)) : [];
  return new Map(rows.map((a) => [a.id, { firstName: a.firstName, lastName: a.lastName }]));
}

/** The shipment row, locked for the rest of the transaction, or undefined. */
export async function lockShipmentRow(tx: Db, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).limit(1).for('update');
  return row;
}

export async function insertShipment(tx: Db, values: ShipmentInsert) {
  const [row] = await tx.insert(shipments).values(values).returning();
  return row;
}

export async function updateShipment(tx: Db, id: number, set: Partial<ShipmentInsert>) {
  const [row] = await tx
    .update(shipments)
    .set({ ...set, concurrencyStamp: newStamp() })
    .where(eq(shipments.id, id))
    .returning();
  return row;
}

/** Inserts items; false when a unique index refused one (a sample already pending in an open shipment). */
export async function insertItemRows(tx: Db, values: ItemInsert[]): Promise<boolean> {
  if (!values.length) return true;
  try {
    await tx.insert(shipmentItems).values(values);
    return true;
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return false;
  }
}

export async function pendingItemCount(tx: Db, shipmentId: number) {
  const [c] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shipmentItems)
    .where(and(eq(shipmentItems.shipmentId, shipmentId), eq(shipmentItems.status, 'pending')));
  return Number(c.n);
}

/** The pending item of a sample in a shipment. */
export async function pendingItemId(tx: Db, shipmentId: number, collectedSampleId: number) {
  const [item] = await tx
    .select({ id: shipmentItems.id })
    .from(shipmentItems)
    .where(
      and(
        eq(shipmentItems.shipmentId, shipmentId),
        eq(shipmentItems.collectedSampleId, collectedSampleId),
        eq(shipmentItems.status, 'pending'),
      ),
    );
  return item.id;
}

export const pendingItems = (tx: Db, shipmentId: number) =>
  tx
    .select()
    .from(shipmentItems)
    .where(and(eq(shipmentItems.shipmentId, shipmentId), eq(shipmentItems.status, 'pending')));

/** A sent draft's item takes its sample's amount as it is now. */
export async function setPendingAmount(tx: Db, shipmentId: number, collectedSampleId: number, amount: number) {
  await tx
    .update(shipmentItems)
    .set({ amount })
    .where(
      and(
        eq(shipmentItems.shipmentId, shipmentId),
        eq(shipmentItems.collectedSampleId, collectedSampleId),
        eq(shipmentItems.status, 'pending'),
      ),
    );
}

/** Whether no item of the shipment is pending any more. */
export async function nothingPending(tx: Db, shipmentId: number) {
  const [c] = await tx
    .select({ pending: sql<number>`count(*) filter (where ${shipmentItems.status} = 'pending')::int` })
    .from(shipmentItems)
    .where(eq(shipmentItems.shipmentId, shipmentId));
  return Number(c.pending) === 0;
}

/** The item of the shipment, locked for the rest of the transaction, or undefined. */
export async function lockItem(tx: Db, shipmentId: number, itemId: number): Promise<ItemRow | undefined> {
  const [item] = await tx
    .select()
    .from(shipmentItems)
    .where(and(eq(shipmentItems.id, itemId), eq(shipmentItems.shipmentId, shipmentId)))
    .limit(1)
    .for('update');
  return item;
}

export async function updateItem(tx: Db, itemId: number, set: Partial<ItemInsert>) {
  const [row] = await tx
    .update(shipmentItems)
    .set({ ...set, concurrencyStamp: newStamp() })
    .where(eq(shipmentItems.id, itemId))
    .returning();
  return row;
}

/** The shipment's pending items become cancelled (they no longer hold their samples). */
export async function cancelPendingItems(tx: Db, shipmentId: number) {
  return tx
    .update(shipmentItems)
    .set({ status: 'cancelled', concurrencyStamp: newStamp() })
    .where(and(eq(shipmentItems.shipmentId, shipmentId), eq(shipmentItems.status, 'pending')))
    .returning();
}

/** The shipment a manifest (by its SHA-256) was already imported as by the institution, or null. */
export async function importedAs(db: Db, inst: number, sha256: string) {
  const [row] = await db
    .select({ id: shipments.id, name: shipments.name })
    .from(shipments)
    .where(and(eq(shipments.receivingInstitutionId, inst), eq(shipments.manifestSha256, sha256)))
    .limit(1);
  return row ?? null;
}

/** A shipment this institution sends (issue 32 item 5: a distribution shipped through it), or undefined. */
/** A shipment's name by its id and sender (an SQL column of another module's statement: a research request's list). */
export const shipmentNameOf = (id: SQL, institutionId: SQL) =>
  sql<string | null>`(select ${shipments.name} from ${shipments}
    where ${shipments.id} = ${id} and ${shipments.institutionId} = ${institutionId})`;

export async function ownShipmentOf(db: Db, inst: number, id: number) {
  const [row] = await db
    .select({ id: shipments.id, name: shipments.name, status: shipments.status })
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.institutionId, inst)))
    .limit(1);
  return row;
}

/**
 * Which of `sampleIds` the shipment does not hold (no pending item of it names the sample): a research distribution
 * through a shipment must go out in it (issue 32 item 5, docs/research.md "Distribute").
 */
export async function samplesNotInShipment(db: Db, shipmentId: number, sampleIds: number[]) {
  if (!sampleIds.length) return [];
  const held = await db
    .select({ id: shipmentItems.collectedSampleId })
    .from(shipmentItems)
    .where(
      and(
        eq(shipmentItems.shipmentId, shipmentId),
        eq(shipmentItems.status, 'pending'),
        inArray(shipmentItems.collectedSampleId, sampleIds),
      ),
    );
  const there = new Set(held.map((h) => h.id));
  return sampleIds.filter((id) => !there.has(id));
}
