import { getTableColumns, getTableName } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AnyLookupTable, LookupRow } from './lookup-refs';

/** The record columns a lookup insert sets itself, typed so tsc catches a missing, misspelt or mistyped one. */
export interface LookupRecord {
  institutionId: number;
  creatorId: number | null;
  enablerId: number | null;
}

/**
 * A registry list's own fields (title, references, flags). Their names come from the registry, which is
 * data, so tsc cannot know them: the contract's zod schema checks API input, and insertLookups refuses a
 * name the table lacks (Drizzle would drop it silently).
 */
export type LookupFields = Record<
  string,
  string | number | boolean | Readonly<Record<string, string>> | null | undefined
>;

function assertColumns(table: AnyLookupTable, rows: LookupFields[]) {
  const columns = getTableColumns(table);
  for (const row of rows) {
    const unknown = Object.keys(row).filter((k) => !(k in columns));
    if (unknown.length) throw new Error(`${getTableName(table)} has no column ${unknown.join(', ')}`);
  }
}

/** Inserts rows of one registry list, each with the same record columns; returns the stored rows. */
export async function insertLookups(
  tx: Db,
  table: AnyLookupTable,
  record: LookupRecord,
  rows: LookupFields[],
): Promise<LookupRow[]> {
  if (!rows.length) return [];
  assertColumns(table, rows);
  return tx
    .insert(table)
    .values(rows.map((r) => ({ ...r, ...record })))
    .returning();
}
