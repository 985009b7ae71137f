import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { LOOKUP_BY_KEY, type LookupEntity } from '../../../contract/lookups.registry';
import type { Db } from '../../db/client';
import type { RefJoin } from '../record-refs';
import { assertReferences, type RefCheck, refusedReference } from '../references';
import { lookupTables } from './lookup.tables';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../contract/i18n/languages';
import { collated } from '../collation';
import { tableRowFromJson } from '../json-rows';
import { inText } from '../in-text';
import { preparedStatements } from '../statement-cache';

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

/**
 * Lookup rows read ahead (readLookups), by list and id: a command that checks several groups of references at
 * different steps reads them all in one statement and checks each group at its step, in the order it always did.
 */
export type LookupsRead = ReadonlyMap<string, Record<string, unknown> | undefined>;
const readKey = (key: string, id: unknown) => `${key}:${String(id)}`;

/**
 * readLookups' statement for one sequence of lists, prepared by name (issue 30: a registration and a collection
 * planned it every time): the ids (`id0`, `id1`, ...) and the institution are placeholders.
 */
const lookupsStatement = preparedStatements('lookups.read', (db: Db, keys: readonly string[]) => {
  const parts = keys.map((key, i) => {
    const t = tableOf(LOOKUP_BY_KEY[key]);
    return sql`(select ${inText(i)}::int as i, row_to_json(t) as r from ${t} t where t.id = ${sql.placeholder(`id${i}`)}::int and t.institution_id = ${sql.placeholder('inst')}::int limit 1)`;
  });
  return db
    .select({ i: sql<number>`x.i`, r: sql<Record<string, unknown>>`x.r` })
    .from(sql`(${sql.join(parts, sql` union all `)}) as x`);
});

/** The rows of several lists in ONE statement (absent ids map to undefined), each as Drizzle reads it. */
export async function readLookups(
  tx: Db,
  institutionId: number,
  refs: { key: string; id: number | null | undefined }[],
): Promise<LookupsRead> {
  const asked = [
    ...new Map(
      refs.flatMap((c) => (c.id === null || c.id === undefined ? [] : [[readKey(c.key, c.id), c] as const])),
    ).values(),
  ];
  const out = new Map<string, Record<string, unknown> | undefined>();
  if (!asked.length) return out;
  const keys = asked.map((c) => c.key);
  const values: Record<string, unknown> = { inst: institutionId };
  asked.forEach((c, i) => (values[`id${i}`] = c.id));
  const rows = await lookupsStatement(tx, keys.join(','), true, keys).execute(values);
  const found = new Map(rows.map((x) => [x.i, x.r]));
  asked.forEach((c, i) => {
    const json = found.get(i);
    out.set(readKey(c.key, c.id), json ? tableRowFromJson(tableOf(LOOKUP_BY_KEY[c.key]), json) : undefined);
  });
  return out;
}

/**
 * Each id must be an enabled record of that list in this institution, or the value the record already had.
 * Several lists are read in ONE statement (issue 30: a participant's four lists were four round trips), each
 * row as JSON mapped back to its columns' values; the rule and its problem are assertReferences'. `read`: rows
 * read ahead (readLookups); when it holds every id asked, no statement is sent.
 */
export async function assertLookupIds(tx: Db, institutionId: number, checks: LookupCheck[], read?: LookupsRead) {
  const asked = checks.filter((c) => c.id !== null && c.id !== undefined);
  let rows: LookupsRead;
  if (read && asked.every((c) => read.has(readKey(c.key, c.id)))) rows = read;
  else {
    if (asked.length <= 1) {
      const one: Record<string, Record<string, unknown>> = {};
      for (const c of asked) {
        const e = LOOKUP_BY_KEY[c.key];
        Object.assign(one, await assertReferences(tx, tableOf(e), institutionId, { record: e.label }, [c]));
      }
      return one;
    }
    rows = await readLookups(tx, institutionId, asked);
  }
  return checkRows(asked, (c) => rows.get(readKey(c.key, c.id)));
}

/** assertReferences' rule over rows already read: the first refused check throws, in the order asked. */
function checkRows(asked: LookupCheck[], rowOf: (c: LookupCheck) => Record<string, unknown> | undefined) {
  const rows: Record<string, Record<string, unknown>> = {};
  for (const c of asked) {
    const row = rowOf(c);
    if (!row || (!row.isEnabled && c.previous !== c.id))
      throw refusedReference(c, { record: LOOKUP_BY_KEY[c.key].label });
    rows[c.field] = row;
  }
  return rows;
}

/**
 * A join that shows a lookup reference as `{id, title}` under `name` (for any module's lists), its title in the
 * reader's language when the institution gave one (selectRecords' `language`, issue 33 item 4).
 */
export function lookupJoin<N extends string>(name: N, key: string, fk: PgColumn): RefJoin<N> {
  const e = LOOKUP_BY_KEY[key];
  const t = alias(lookupTables[e.key], `j_${name}`);
  const columns: Record<string, PgColumn> = getTableColumns(t);
  return {
    name,
    table: t,
    title: columns[e.titleField ?? 'id'],
    fk,
    ...(columns.titles ? { titles: columns.titles } : {}),
  };
}

/**
 * A lookup's title in `language` inside a hand-written statement (an aggregate grouping by the record, where no
 * RefJoin is selected): its `titles` entry when the institution gave one, else its default title. The language is
 * a bound parameter (i33server): one statement text for every language other than the default, and no code
 * written into SQL. Sort by it through `collated()` for a list in the reader's language (lookupTitleOrder).
 */
export function lookupTitleSql(table: AnyLookupTable, key: string, language: string | undefined): SQL {
  const e = LOOKUP_BY_KEY[key];
  const title = table[e.titleField ?? 'title'];
  if (!language || language === DEFAULT_LANGUAGE || !isLanguage(language) || !table.titles) return sql`${title}`;
  return sql`coalesce(nullif(btrim(${table.titles} ->> ${language}::text), ''), ${title})`;
}

/** The order of a lookup's title in `language` (lookupTitleSql) as people read it: ICU's collation (collation.ts). */
export const lookupTitleOrder = (table: AnyLookupTable, key: string, language: string | undefined): SQL =>
  collated(lookupTitleSql(table, key, language));
