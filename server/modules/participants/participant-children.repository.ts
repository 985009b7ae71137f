import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords, type RefJoin } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { siteJoin as siteRef } from '../institutions';
import { patientEthnicities, patientMrns, patientPhoneNumbers, patientRaces, patients } from './participants.table';
import { tableRowFromJson } from '../../platform/json-rows';
import { inText } from '../../platform/in-text';
import { InsertBindings, preparedStatements, rawStatement } from '../../platform/statement-cache';

// The SQL of a participant's child records (MRNs, races, ethnicities, phone numbers): each kind's table and
// references, their lists, the duplicate and MRN checks' reads, the inserts and the disables.

export type ChildTable =
  typeof patientMrns | typeof patientRaces | typeof patientEthnicities | typeof patientPhoneNumbers;

export interface Kind<T extends ChildTable = ChildTable, N extends string = string> {
  table: T;
  entity: string;
  label: string;
  refs: () => RefJoin<N>[];
  /** The column whose enabled duplicate on the same participant is refused. */
  unique?: PgColumn;
  /** What SearchTerm matches (a part of it): this column, else the title of the first reference. */
  searched?: PgColumn;
}

const siteJoin = (fk: PgColumn) => siteRef('institutionSite', fk, 'c_site');

export const KINDS = {
  patientMRNs: {
    table: patientMrns,
    entity: 'patientMrn',
    label: 'MRN',
    searched: patientMrns.mrn,
    refs: () => [siteJoin(patientMrns.institutionSiteId)],
  },
  patientRaces: {
    table: patientRaces,
    entity: 'patientRace',
    label: 'race',
    unique: patientRaces.raceId,
    refs: () => [lookupJoin('race', 'races', patientRaces.raceId)],
  },
  patientEthnicities: {
    table: patientEthnicities,
    entity: 'patientEthnicity',
    label: 'ethnicity',
    unique: patientEthnicities.ethnicityId,
    refs: () => [lookupJoin('ethnicity', 'ethnicities', patientEthnicities.ethnicityId)],
  },
  patientPhoneNumbers: {
    table: patientPhoneNumbers,
    entity: 'patientPhoneNumber',
    label: 'phone number',
    unique: patientPhoneNumbers.phoneNumber,
    searched: patientPhoneNumbers.phoneNumber,
    refs: () => [lookupJoin('phoneNumberType', 'phoneNumberTypes', patientPhoneNumbers.phoneNumberTypeId)],
  },
} satisfies Record<string, Kind>;
export type KindName = keyof typeof KINDS;

/** A page of the kind's records of a participant, oldest first; the rows are typed as that kind's. */
export async function childPage<T extends ChildTable, N extends string>(
  db: Db,
  institutionId: number,
  k: Kind<T, N>,
  patientId: number,
  q: PagingQuery,
  language?: string,
) {
  const parts: SQL[] = [eq(k.table.patientId, patientId), eq(k.table.institutionId, institutionId)];
  if (q.isEnabled !== undefined) parts.push(eq(k.table.isEnabled, q.isEnabled));
  const refs = k.refs();
  // Phone numbers are stored without spaces or dashes: the term is read the same way.
  const term =
    q.searchTerm &&
    (k.searched === patientPhoneNumbers.phoneNumber ? q.searchTerm.replace(/[\s-]/g, '') : q.searchTerm);
  if (q.searchTerm) parts.push(term ? ilike(k.searched ?? refs[0].title, likePattern(term)) : sql`false`);
  return selectRecords(db, k.table, {
    where: and(...parts),
    orderBy: asc(k.table.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    refs,
    language,
  });
}

/** One record of the kind in the institution with its references, or undefined. */
export async function childRecord<T extends ChildTable, N extends string>(
  db: Db,
  institutionId: number,
  k: Kind<T, N>,
  id: number,
  language?: string,
) {
  const page = await selectRecords(db, k.table, {
    where: and(eq(k.table.id, id), eq(k.table.institutionId, institutionId)),
    orderBy: k.table.id,
    limit: 1,
    refs: k.refs(),
    language,
  });
  return page.rows[0];
}

/** Whether the participant has an enabled record of the kind whose unique column is `value`. */
export async function hasEnabledDuplicate(db: Db, k: Kind, patientId: number, value: string | number) {
  if (!k.unique) return false;
  const t: ChildTable = k.table;
  const [dup] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.patientId, patientId), eq(k.unique, value), eq(t.isEnabled, true)))
    .limit(1);
  return dup !== undefined;
}

/** Disables a record of the kind of this participant in the institution (stamped; the record stays). */
export async function disableChildRow(
  db: Db,
  institutionId: number,
  k: Kind,
  patientId: number,
  id: number,
  accountId: number,
  now: Date,
) {
  return setEnabled(
    db,
    k.table,
    and(eq(k.table.institutionId, institutionId), eq(k.table.patientId, patientId)),
    id,
    false,
    accountId,
    now,
    k.label,
  );
}

/** A participant's enabled child records of every kind, oldest first. */
export async function enabledChildren(db: Db, institutionId: number, patientId: number) {
  const enabledOf = <T extends ChildTable>(t: T) =>
    db
      .select()
      .from(t as ChildTable)
      .where(and(eq(t.patientId, patientId), eq(t.institutionId, institutionId), eq(t.isEnabled, true)))
      .orderBy(asc(t.id));
  return {
    mrns: (await enabledOf(patientMrns)) as (typeof patientMrns.$inferSelect)[],
    races: (await enabledOf(patientRaces)) as (typeof patientRaces.$inferSelect)[],
    ethnicities: (await enabledOf(patientEthnicities)) as (typeof patientEthnicities.$inferSelect)[],
    phones: (await enabledOf(patientPhoneNumbers)) as (typeof patientPhoneNumbers.$inferSelect)[],
  };
}

/**
 * Who holds an MRN at a site (the main MRN: no site) in the institution, any case: null when free, else the
 * holder's main MRN (null when the holder has none).
 */
export async function mrnHolder(db: Db, institutionId: number, mrn: string, siteId: number | null) {
  const [taken] = await db
    .select({ patientId: patientMrns.patientId })
    .from(patientMrns)
    .where(
      and(
        eq(patientMrns.institutionId, institutionId),
        sql`coalesce(${patientMrns.institutionSiteId}, 0) = ${siteId ?? 0}`,
        sql`lower(${patientMrns.mrn}) = ${mrn.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!taken) return null;
  const [main] = await db
    .select({ mrn: patientMrns.mrn })
    .from(patientMrns)
    .where(and(eq(patientMrns.patientId, taken.patientId), sql`${patientMrns.institutionSiteId} is null`))
    .limit(1);
  return { mainMrn: main?.mrn ?? null };
}

/** Who adds a participant's child records. */
export interface ChildBase {
  institutionId: number;
  patientId: number;
  creatorId: number;
  enablerId: number;
}

/** The child records to add, already checked. */
export interface NewChildren {
  mrns: { mrn: string; institutionSiteId: number | null }[];
  races: number[];
  ethnicities: number[];
  phones: { phoneNumber: string; phoneNumberTypeId: number; institutionSiteId: number | null }[];
}

/**
 * Inserts a participant's child records (one statement per kind with rows); answers the new rows. An MRN
 * already taken at its site (the unique index) is skipped, not an error: the caller refuses it (addChildren).
 */
export async function insertChildren(db: Db, base: ChildBase, c: NewChildren) {
  return {
    mrns: c.mrns.length
      ? await db
          .insert(patientMrns)
          .values(c.mrns.map((m) => ({ ...base, ...m })))
          .onConflictDoNothing()
          .returning()
      : [],
    races: c.races.length
      ? await db
          .insert(patientRaces)
          .values(c.races.map((raceId) => ({ ...base, raceId })))
          .returning()
      : [],
    ethnicities: c.ethnicities.length
      ? await db
          .insert(patientEthnicities)
          .values(c.ethnicities.map((ethnicityId) => ({ ...base, ethnicityId })))
          .returning()
      : [],
    phones: c.phones.length
      ? await db
          .insert(patientPhoneNumbers)
          .values(c.phones.map((ph) => ({ ...base, ...ph })))
          .returning()
      : [],
  };
}

/** Each child row names the participant the same statement inserts. */
const newPatientId = sql`(select id from p)`;

/**
 * A new participant and its child records in ONE statement (issue 30: register sent one insert per table): each
 * child row names the participant the same statement inserts (`(select id from p)`), an MRN taken at its site is
 * skipped as insertChildren skips it. Answers the participant's row and the new child rows (each kind in insert
 * order), as Drizzle reads them, so that the audit row holds what separate inserts answered. The statement is built
 * and prepared by name once per shape and connection (which fields given, how many MRNs, races, ethnicities and
 * phones; statement-cache.ts InsertBindings, rawStatement) and run with each request's values: its concurrency stamps
 * are drawn per row for each request, as Drizzle's `$defaultFn` draws them.
 */
export async function insertPatientWithChildren(
  db: Db,
  values: typeof patients.$inferInsert,
  base: Omit<ChildBase, 'patientId'>,
  c: NewChildren,
) {
  const b = new InsertBindings();
  const patientRow = b.row(patients, values, 'p');
  const kinds: [ChildTable, Record<string, unknown>[]][] = [
    [patientMrns, c.mrns.map((m, i) => b.row(patientMrns, { ...base, patientId: newPatientId, ...m }, `m${i}`))],
    [
      patientRaces,
      c.races.map((raceId, i) => b.row(patientRaces, { ...base, patientId: newPatientId, raceId }, `r${i}`)),
    ],
    [
      patientEthnicities,
      c.ethnicities.map((ethnicityId, i) =>
        b.row(patientEthnicities, { ...base, patientId: newPatientId, ethnicityId }, `e${i}`),
      ),
    ],
    [
      patientPhoneNumbers,
      c.phones.map((ph, i) => b.row(patientPhoneNumbers, { ...base, patientId: newPatientId, ...ph }, `t${i}`)),
    ],
  ];
  // An insert: one plan whatever its values, so prepared by name although they include text.
  const { rows: found } = await registerStatements(
    db,
    b.shape,
    true,
    registerSqlOf(db, b.shape, patientRow, kinds),
  ).execute(b.values);
  const rowsOfKind = (k: number, table: ChildTable | typeof patients) =>
    found
      .filter((x) => Number(x.k) === k)
      .map((x) => tableRowFromJson(table, x.r))
      .sort((a, b) => Number(a.id) - Number(b.id));
  const [patient] = rowsOfKind(0, patients);
  return {
    patient,
    children: {
      mrns: rowsOfKind(1, patientMrns),
      races: rowsOfKind(2, patientRaces),
      ethnicities: rowsOfKind(3, patientEthnicities),
      phones: rowsOfKind(4, patientPhoneNumbers),
    },
  };
}

/** Register's statement from rows whose values are placeholders (InsertBindings). The MRNs skip one taken at its site (`on conflict do nothing`). */
function registerStatement(db: Db, patient: Record<string, unknown>, kinds: [ChildTable, Record<string, unknown>[]][]) {
  const ctes: SQL[] = [sql`p as (${insertInto(db, patients, [patient]).returning().getSQL()})`];
  const reads: SQL[] = [sql`select 0 as k, row_to_json(p) as r from p`];
  kinds.forEach(([table, rows], i) => {
    if (!rows.length) return;
    const insert = insertInto(db, table, rows);
    const name = sql.raw(`c${i + 1}`);
    ctes.push(
      sql`${name} as (${(table === patientMrns ? insert.onConflictDoNothing() : insert).returning().getSQL()})`,
    );
    reads.push(sql`select ${inText(i + 1)} as k, row_to_json(${name}) as r from ${name}`);
  });
  return sql`with ${sql.join(ctes, sql`, `)} ${sql.join(reads, sql` union all `)}`;
}

/**
 * Register's statement per shape, built once for all connections: a PGlite transaction is a new handle each time, so
 * its prepared statements (kept per connection) are made again for each one, from this.
 */
const registerSql = new Map<string, SQL>();
const MAX_REGISTER_SHAPES = 200;

function registerSqlOf(
  db: Db,
  shape: string,
  patient: Record<string, unknown>,
  kinds: [ChildTable, Record<string, unknown>[]][],
) {
  let query = registerSql.get(shape);
  if (query === undefined) {
    if (registerSql.size >= MAX_REGISTER_SHAPES) registerSql.delete(registerSql.keys().next().value!);
    query = registerStatement(db, patient, kinds);
    registerSql.set(shape, query);
  }
  return query;
}

const registerStatements = preparedStatements('participants.register', (db: Db, query: SQL) =>
  rawStatement<{ k: number; r: Record<string, unknown> }>(db, query),
);

/** An insert of rows given as records of placeholders or values (their table's own keys). */
function insertInto(db: Db, table: PgTable, rows: Record<string, unknown>[]) {
  return db.insert(table).values(rows);
}
