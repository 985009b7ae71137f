import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditChainStart, auditEvents } from '../../platform/audit.table';

// The reads of the hash-chain check (audit-chain.ts), apart from the log's, so the operator's tool loads only these.

/** The last audit row written before the chain existed (migration 0017); 0 when none. */
export async function legacyThrough(db: Db) {
  const [row] = await db.select().from(auditChainStart).limit(1);
  return row?.legacyThrough ?? 0;
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

/** An audit row as the chain check reads it. */
export type AuditRow = typeof auditEvents.$inferSelect;
