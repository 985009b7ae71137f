import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { LOOKUP_BY_KEY, type LookupEntity } from '../../../contract/lookups.registry';
import type { Db } from '../../db/client';
import type { RefJoin } from '../record-refs';
import { assertReferences, type RefCheck } from '../references';
import { lookupTables } from './lookup.tables';

/** A row of any registry table: the record columns typed, the registry's own fields as data. */
export type LookupRow = {
  id: number;
  isEnabled: boolean;
  createdDate: Date;
  creatorId: number | null;
  enabledDate: Date | null;
  enablerId: number | null;
  concurrencyStamp: string;
  institutionId: number;
} & Record<string, unknown>;
export type AnyLookupTable = PgTable &
  Record<string, PgColumn> & {
    id: PgColumn;
    institutionId: PgColumn;
    isEnabled: PgColumn;
    creatorId: PgColumn;
    enablerId: PgColumn;
    concurrencyStamp: PgColumn;
    enabledDate: PgColumn;
  } & { $inferSelect: LookupRow };

/** The table of a registry entry (the registry is data, so the tables are typed loosely). */
export const tableOf = (e: LookupEntity): AnyLookupTable => lookupTables[e.key];

export interface LookupCheck extends RefCheck {
  /** The registry key of the list, e.g. 'genders'. */
  key: string;
}

/** Each id must be an enabled record of that list in this institution, or the value the record already had. */
export async function assertLookupIds(tx: Db, institutionId: number, checks: LookupCheck[]) {
  const rows: Record<string, Record<string, unknown>> = {};
  for (const c of checks) {
    const e = LOOKUP_BY_KEY[c.key];
    Object.assign(rows, await assertReferences(tx, tableOf(e), institutionId, e.label.toLowerCase(), [c]));
  }
  return rows;
}

/** A join that shows a lookup reference as `{id, title}` under `name` (for any module's lists). */
export function lookupJoin<N extends string>(name: N, key: string, fk: PgColumn): RefJoin<N> {
  const e = LOOKUP_BY_KEY[key];
  const t = alias(lookupTables[e.key], `j_${name}`);
  const columns: Record<string, PgColumn> = getTableColumns(t);
  return { name, table: t, title: columns[e.titleField ?? 'id'], fk };
}
