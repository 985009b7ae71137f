import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { newStamp } from '../records';
import { notFound, staleStamp } from '../errors';

interface Stamped {
  id: PgColumn;
  concurrencyStamp: PgColumn;
}

/**
 * Updates one record guarded by its concurrency stamp: a stale stamp (someone saved in between)
 * is a 409, never a silent overwrite. Returns the row before and after.
 */
export async function updateStamped<T extends PgTable & Stamped>(
  tx: Db,
  table: T,
  scope: SQL | undefined,
  id: number,
  stamp: string | undefined,
  values: Partial<T['$inferInsert']>,
  what: string,
) {
  return stampedUpdate(tx, table, scope, id, stamp, values, what);
}

async function stampedUpdate(
  tx: Db,
  table: PgTable & Stamped,
  scope: SQL | undefined,
  id: number,
  stamp: string | undefined,
  values: Record<string, unknown>,
  what: string,
) {
  const where = and(eq(table.id, id), scope);
  const rows = (await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for('update')
    .limit(1)) as Record<string, unknown>[];
  const before = rows[0];
  if (!before) throw notFound(what);
  if (stamp !== undefined && stamp !== (before as { concurrencyStamp: string }).concurrencyStamp) throw staleStamp();
  const updated = (await tx
    .update(table as PgTable)
    .set({ ...values, concurrencyStamp: newStamp() })
    .where(where)
    .returning()) as Record<string, unknown>[];
  const after = updated[0];
  return { before: before as Record<string, unknown>, after: after as Record<string, unknown> };
}

/** Disable or enable: records are never deleted (ARCHITECTURE §4). */
export async function setEnabled<
  T extends PgTable & Stamped & { isEnabled: PgColumn; enablerId: PgColumn; enabledDate: PgColumn },
>(tx: Db, table: T, scope: SQL | undefined, id: number, enabled: boolean, accountId: number, now: Date, what: string) {
  return stampedUpdate(
    tx,
    table,
    scope,
    id,
    undefined,
    { isEnabled: enabled, enablerId: accountId, enabledDate: now },
    what,
  );
}
