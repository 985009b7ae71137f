import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditBlocks, auditChainStart, auditEvents } from '../../platform/audit.table';

// The reads of the hash-chain check (audit-chain.ts), apart from the log's, so the operator's tool loads only these.

/**
 * Where the eras of the audit log end: legacyThrough, the last row written before the chain existed
 * (migration 0017; 0 when none); linkedThrough, the last row of the prev_hash-linked chain (migration
 * 0035 recorded it); every later row is hashed on its own and sealed into blocks.
 */
export async function chainEras(db: Db) {
  const [row] = await db.select().from(auditChainStart).limit(1);
  const legacyThrough = row?.legacyThrough ?? 0;
  return { legacyThrough, linkedThrough: Math.max(row?.linkedThrough ?? 0, legacyThrough) };
}

/** The next `limit` audit rows after id `after` in id order, of one institution or all. */
export async function auditRowsAfter(db: Db, after: number, limit: number, only?: { institutionId: number }) {
  const where: SQL[] = [gt(auditEvents.id, after)];
  if (only) where.push(eq(auditEvents.institutionId, only.institutionId));
  return db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}

/** Every block (of one institution, or all), by institution and number. */
export async function auditBlocksOf(db: Db, only?: { institutionId: number | null }) {
  return db
    .select()
    .from(auditBlocks)
    .where(
      only === undefined
        ? undefined
        : only.institutionId === null
          ? isNull(auditBlocks.institutionId)
          : eq(auditBlocks.institutionId, only.institutionId),
    )
    .orderBy(asc(auditBlocks.institutionId), asc(auditBlocks.seq));
}

/** An audit row as the chain check reads it. */
export type AuditRow = typeof auditEvents.$inferSelect;
/** A block as the chain check reads it. */
export type AuditBlock = typeof auditBlocks.$inferSelect;
