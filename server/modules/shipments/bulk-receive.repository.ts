import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shipmentItems } from './shipments.table';
import type { ItemRow } from './shipments.repository';

// The bulk accept and reject's SQL (docs/shipments.md "Bulk accept and reject"): a statement for the whole
// batch each, never one per item.

/** The shipment's items among `ids`, locked in id order for the rest of the transaction (ids of other shipments are absent). */
export async function lockItems(tx: Db, shipmentId: number, ids: number[]): Promise<ItemRow[]> {
  return tx
    .select()
    .from(shipmentItems)
    .where(and(eq(shipmentItems.shipmentId, shipmentId), inArray(shipmentItems.id, ids)))
    .orderBy(asc(shipmentItems.id))
    .for('update');
}

/** Marks the (locked, pending) items received or rejected by one account at one instant; each gets a new stamp. */
export async function processItemRows(
  tx: Db,
  ids: number[],
  set: { status: 'received' | 'rejected'; reason: string | null; processedById: number; processedAt: Date },
): Promise<ItemRow[]> {
  return tx
    .update(shipmentItems)
    .set({ ...set, concurrencyStamp: sql`gen_random_uuid()::text` })
    .where(inArray(shipmentItems.id, ids))
    .returning();
}
