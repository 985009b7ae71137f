import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Ctx, instOf } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { collectionProtocols } from './protocols.table';

/**
 * The protocol of this institution, or 404 (another institution's protocol id is not found, never
 * forbidden: its existence is not disclosed). `lock` holds it for the rest of the transaction.
 */
export async function protocolOf(ctx: Ctx, protocolId: number, db: Db = ctx.db, lock = false) {
  const q = db.select().from(collectionProtocols)
    .where(and(eq(collectionProtocols.id, protocolId), eq(collectionProtocols.institutionId, instOf(ctx)))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Collection protocol');
  return row;
}

/** A protocol's title as a scalar sub-select for another module's query (`protocolId` is an outer expression). */
export const protocolTitleOf = (protocolId: SQL) =>
  sql<string | null>`(select ${collectionProtocols.title} from ${collectionProtocols} where ${collectionProtocols.id} = ${protocolId})`;
