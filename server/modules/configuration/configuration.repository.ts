import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { refObjectName, type LookupEntity } from '../../../contract/lookups.registry';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RefJoin } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { lookupJoin, lookupTitleSql, tableOf } from '../../platform/lookups/lookup-refs';
import { insertLookups, type LookupFields, type LookupRecord } from '../../platform/lookups/lookup-writes';
import { testAcceptedValues, testResultRanges, tests } from '../../platform/lookups/lookup.tables';

// All of the configuration module's SQL: the registry lists (platform/lookups' tables, one per registry entry,
// typed loosely because the registry is data) and a test's range and accepted values.

/** The list's reference fields that point to another list. */
export const refFields = (e: LookupEntity) => e.fields.filter((f) => f.kind === 'reference' && f.ref);

function refJoins(e: LookupEntity): RefJoin[] {
  const table = tableOf(e);
  return refFields(e).map((f) => lookupJoin(refObjectName(f), f.ref!, table[f.name]));
}

/** A list filtered on reference fields (`specimenTypeCategoryId=3`). */
export interface ListFilters {
  [field: string]: number | undefined;
}

export async function listLookups(
  db: Db,
  inst: number,
  e: LookupEntity,
  q: PagingQuery,
  filters: ListFilters,
  language?: string,
) {
  const table = tableOf(e);
  const joins = refJoins(e);
  const parts: (SQL | undefined)[] = [eq(table.institutionId, inst)];
  if (q.isEnabled !== undefined) parts.push(eq(table.isEnabled, q.isEnabled));
  for (const [field, value] of Object.entries(filters)) if (value !== undefined) parts.push(eq(table[field], value));
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    // The title the reader sees too (issue 33: a French reader types 'Ni hispanique' for a seeded ethnicity).
    const shown = e.titleField && language && table.titles ? [lookupTitleSql(table, e.key, language)] : [];
    const searchable: (PgColumn | SQL)[] = e.titleField
      ? [table[e.titleField], ...shown, ...(table.abbreviation ? [table.abbreviation] : [])]
      : joins.map((j) => j.title);
    parts.push(or(...searchable.map((c) => ilike(c, p))));
  }
  const order = e.titleField ? sql`lower(${table[e.titleField]})` : table.id;
  return selectRecords(db, table, {
    where: and(...parts),
    orderBy: [order, table.id],
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: joins,
    language,
  });
}

/** A record of the list in this institution, as the API shows it (with its references' titles), or undefined. */
export async function lookupRecord(db: Db, inst: number, e: LookupEntity, id: number, language?: string) {
  const table = tableOf(e);
  const page = await selectRecords(db, table, {
    where: and(eq(table.id, id), eq(table.institutionId, inst)),
    orderBy: table.id,
    limit: 1,
    refs: refJoins(e),
    language,
  });
  return page.rows[0];
}

/** The stored row of a record of the list in this institution, or undefined. */
export async function lookupRow(db: Db, inst: number, e: LookupEntity, id: number) {
  const table = tableOf(e);
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.institutionId, inst)))
    .limit(1);
  return row;
}

/** Whether the list has this record in this institution. */
export async function lookupExists(db: Db, inst: number, e: LookupEntity, id: number) {
  const t = tableOf(e);
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.institutionId, inst)))
    .limit(1);
  return row !== undefined;
}

/** The value of a self-reference (`field`) of record `id`: the next step up a chain of the list, or null. */
export async function referencedBy(db: Db, e: LookupEntity, field: string, id: number) {
  const table = tableOf(e);
  const [row] = await db
    .select({ next: sql<number | null>`${table[field]}` })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row?.next ?? null;
}

/** Unsets the default flag of the institution's other records of the list. */
export async function clearOtherDefaults(db: Db, inst: number, e: LookupEntity, id: number) {
  const table = tableOf(e);
  await db
    .update(table)
    .set({ isDefault: false })
    .where(and(eq(table.institutionId, inst), ne(table.id, id), eq(table.isDefault, true)));
}

export async function insertLookup(db: Db, e: LookupEntity, record: LookupRecord, values: LookupFields) {
  const [row] = await insertLookups(db, tableOf(e), record, [values]);
  return row;
}

/** Updates a record of the list in this institution, refusing a stale stamp; returns before and after. */
export const updateLookupRow = (
  db: Db,
  inst: number,
  e: LookupEntity,
  id: number,
  stamp: string | undefined,
  values: LookupFields,
) => {
  const table = tableOf(e);
  return updateStamped(db, table, eq(table.institutionId, inst), id, stamp, values, e.label);
};

/** Enables or disables a record of the list in this institution; returns before and after. */
export const setLookupRowEnabled = (
  db: Db,
  inst: number,
  e: LookupEntity,
  id: number,
  enabled: boolean,
  by: { accountId: number; now: Date },
) => {
  const table = tableOf(e);
  return setEnabled(db, table, eq(table.institutionId, inst), id, enabled, by.accountId, by.now, e.label);
};

// A test's set-up: its ranges and accepted values (nested registry lists of tests).

/** The two lists a test's set-up writes. */
export type TestSetupList = 'testResultRanges' | 'testAcceptedValues';
const setupTables = { testResultRanges, testAcceptedValues };

/** A test of this institution with what its set-up may hold, or undefined. */
export async function testKind(db: Db, inst: number, testId: number) {
  const [test] = await db
    .select({
      id: tests.id,
      hasRange: sql<boolean>`${tests.hasRange}`,
      hasAcceptedValue: sql<boolean>`${tests.hasAcceptedValue}`,
    })
    .from(tests)
    .where(and(eq(tests.id, testId), eq(tests.institutionId, inst)))
    .limit(1);
  return test;
}

/** A test's enabled ranges (any order). */
export const enabledRanges = (db: Db, testId: number) =>
  db
    .select({
      id: testResultRanges.id,
      min: sql<number>`${testResultRanges.minimumValue}`,
      max: sql<number>`${testResultRanges.maximumValue}`,
    })
    .from(testResultRanges)
    .where(and(eq(testResultRanges.testId, testId), eq(testResultRanges.isEnabled, true)));

/** A test's enabled accepted values, oldest first. */
export const enabledAcceptedValues = (db: Db, testId: number) =>
  db
    .select({ id: testAcceptedValues.id, title: sql<string>`${testAcceptedValues.title}` })
    .from(testAcceptedValues)
    .where(and(eq(testAcceptedValues.testId, testId), eq(testAcceptedValues.isEnabled, true)))
    .orderBy(asc(testAcceptedValues.id));

/** The ids of a test's enabled ranges in this institution. */
export const enabledRangeIds = async (db: Db, inst: number, testId: number) =>
  (
    await db
      .select({ id: testResultRanges.id })
      .from(testResultRanges)
      .where(
        and(
          eq(testResultRanges.institutionId, inst),
          eq(testResultRanges.testId, testId),
          eq(testResultRanges.isEnabled, true),
        ),
      )
  ).map((r) => r.id);

/** Every accepted value of a test in this institution, enabled or not. */
export const allAcceptedValues = (db: Db, inst: number, testId: number) =>
  db
    .select({
      id: testAcceptedValues.id,
      title: sql<string>`${testAcceptedValues.title}`,
      isEnabled: testAcceptedValues.isEnabled,
    })
    .from(testAcceptedValues)
    .where(and(eq(testAcceptedValues.institutionId, inst), eq(testAcceptedValues.testId, testId)));

/** Enables or disables a range or accepted value of this institution; returns before and after. */
export function setSetupRowEnabled(
  db: Db,
  inst: number,
  list: TestSetupList,
  id: number,
  enabled: boolean,
  by: { accountId: number; now: Date },
) {
  const table = setupTables[list];
  return setEnabled(db, table, eq(table.institutionId, inst), id, enabled, by.accountId, by.now, list);
}

/** Inserts a range or accepted value of a test. */
export async function insertSetupRow(db: Db, list: TestSetupList, record: LookupRecord, values: LookupFields) {
  const [row] = await insertLookups(db, setupTables[list], record, [values]);
  return row;
}
