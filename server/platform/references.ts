import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { msgf } from '../../contract/messages';
import { AppError } from './errors';

/**
 * What a reference names (issue 33): `record`, a `records` or `configuration.labels` name said in the caller's
 * language ('Specimen Type'), and the English words of the sentence (by default `record` in lower case:
 * 'Choose an enabled specimen type').
 */
export interface RefRecord {
  record: string;
  words?: string;
}

/** A table whose records belong to an institution and can be disabled. */
export type ReferencedTable = PgTable & { id: PgColumn; institutionId: PgColumn; isEnabled: PgColumn };

export interface RefCheck {
  id: number | null | undefined;
  /** The request field that holds the id (named in the problem's `errors`). */
  field: string;
  /** The field's label, to name it in the title: a `records` or `configuration.labels` name (said in the caller's language). */
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
  what: RefRecord,
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

/**
 * The problem of a reference the rule refuses (missing, of another institution, or newly chosen and disabled):
 * keyed (`reference_refused`, `reference_refused_labelled`) with the record and the label as `...Record` values,
 * said in the caller's language (server/platform/i18n.ts); the field message a `chooseEnabledRecord` text.
 */
export const refusedReference = (c: RefCheck, what: RefRecord) => {
  const words = what.words ?? what.record.toLowerCase();
  const title = c.label ? `${c.label}: choose an enabled ${words}` : `Choose an enabled ${words}.`;
  return new AppError(
    400,
    title,
    { [c.field]: [msgf('chooseEnabledRecord', { whatRecord: words })] },
    'bad_request',
    undefined,
    undefined,
    {
      key: c.label ? 'reference_refused_labelled' : 'reference_refused',
      values: c.label ? { whatRecord: what.record, labelRecord: c.label } : { whatRecord: what.record },
    },
  );
};
