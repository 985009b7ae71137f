import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { badRequest } from './errors';

/** A table whose records belong to an institution and can be disabled. */
export type ReferencedTable = PgTable & { id: PgColumn; institutionId: PgColumn; isEnabled: PgColumn };

export interface RefCheck {
  id: number | null | undefined;
  /** The request field that holds the id (named in the problem's `errors`). */
  field: string;
  /** The field's label, to name it in the title. */
  label?: string;
  /** The value the record already had: a disabled choice stays where it is used. */
  previous?: number | null;
}

/**
 * The one reference rule (ADR 0010): each id must be a record of `table` in this institution, and
 * enabled unless it is the value the record already had. A disabled reference cannot be newly chosen;
 * an unchanged one is kept. Returns the rows by field.
 */
export async function assertReferences(
  tx: Db,
  table: ReferencedTable,
  institutionId: number,
  what: string,
  checks: RefCheck[],
) {
  const rows: Record<string, Record<string, unknown>> = {};
  for (const c of checks) {
    if (c.id === null || c.id === undefined) continue;
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, c.id), eq(table.institutionId, institutionId)))
      .limit(1)) as Record<string, unknown>[];
    if (!row || (!row.isEnabled && c.previous !== c.id)) throw refusedReference(c, what);
    rows[c.field] = row;
  }
  return rows;
}

/** The problem of a reference the rule refuses (missing, of another institution, or newly chosen and disabled). */
export const refusedReference = (c: RefCheck, what: string) =>
  badRequest(c.label ? `${c.label}: choose an enabled ${what}` : `Choose an enabled ${what}.`, {
    [c.field]: [`Choose an enabled ${what}`],
  });
