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
  set: {
    status: 'received' | 'rejected';
    reason: string | null;
    processedById: number;
    processedAt: Date;
    /** The receiver's new record per item id (accepted items). */
    receivedSampleIds: Map<number, number>;
  },
): Promise<ItemRow[]> {
  const { receivedSampleIds, ...rest } = set;
  const made = [...receivedSampleIds];
  return tx
    .update(shipmentItems)
    .set({
      ...rest,
      ...(made.length
        ? {
            receivedSampleId: sql`case ${shipmentItems.id} ${sql.join(
              made.map(([item, sample]) => sql`when ${item}::integer then ${sample}::integer`),
              sql` `,
            )} end`,
          }
        : {}),
      concurrencyStamp: sql`gen_random_uuid()::text`,
    })
    .where(inArray(shipmentItems.id, ids))
    .returning();
}
