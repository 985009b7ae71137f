import { and, asc, desc, eq, getTableColumns, gt, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { accountNames } from './account-names';
import type { Page } from './paging';
import { cappedTotal, countAtMostRemembered } from './counts';

const creator = alias(accountNames, 'creator');
const enabler = alias(accountNames, 'enabler');

interface RecordCols {
  creatorId: PgColumn;
  enablerId: PgColumn;
}

type Row = Record<string, unknown>;

/** A referenced record shown as `{id, title}` under `name` (e.g. panel.specimenType); its key column is `${name}Id`. */
export interface RefJoin<N extends string = string> {
  name: N;
  table: PgTable & { id: PgColumn };
  title: PgColumn;
  fk: PgColumn;
}

/** Who created or enabled a record, as the contract's `AccountRef`. */
export type AccountName = { firstName: string; lastName: string } | null;
/** A reference as the contract's `Ref`. */
export type RefTitle = { id: number; title: string | null } | null;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Iso<V> = V extends Date ? string : V;
/** Columns a record never shows: the account ids become names, a password hash never leaves. */
type Hidden = 'creatorId' | 'enablerId' | 'passwordHash' | 'totalCount';

/** The API shape of a row: dates as ISO strings, creator/enabler as names. */
export type RecordDto<R> = Simplify<{ [K in keyof R as K extends Hidden ? never : K]: Iso<R[K]> } & {
  creatorAccount: AccountName;
  enablerAccount: AccountName;
}>;

/** What a correlated sub-select of `extra` yields: its `sql<T>` type. */
type ExtraValues<X> = { [K in keyof X]: X[K] extends SQL<infer V> ? V : unknown };

/** A row of `selectRecords`: the table's columns, the extras and the references, as the API shows them. */
export type RecordRow<T extends PgTable, N extends string = never, X = object> =
  RecordDto<T['$inferSelect'] & ExtraValues<X>> & { [K in N]: RefTitle };

/**
 * A page of records with their creator and enabler names and referenced titles in one query,
 * and (for lists, i.e. when an offset is given) a capped total in a second, so lists never run N+1
 * look-ups. The page's ids are found first (index-friendly, no joins or sub-selects for skipped rows),
 * then only those rows are joined and computed. A read without an offset (by id, limit 1) never counts.
 */
export async function selectRecords<T extends PgTable & RecordCols, N extends string = never, X extends Record<string, SQL> = Record<never, SQL>>(db: Db, typedTable: T, opts: {
  where?: SQL;
  /** Required unless `byId` orders the list. */
  orderBy?: SQL | PgColumn | (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
  /**
   * A list ordered by id alone (newest first when `desc`) that can seek: with `after` (the last id of
   * the previous page) the page starts after that id on the (institution_id, id) index and skips
   * nothing, whatever the offset says (keyset paging: a deep "next page" costs what the first does).
   */
  byId?: { desc: boolean; after?: number };
  refs?: RefJoin<N>[];
  /** Further computed columns, e.g. a correlated sub-select typed `sql<T>`. */
  extra?: X;
}): Promise<Page<RecordRow<T, N, X>>> {
  // The query is built on the untyped table (Drizzle's generic select types do not compose); the rows are typed on return.
  const table: PgTable & RecordCols = typedTable;
  const refs = opts.refs ?? [];
  const isList = opts.limit !== undefined && opts.offset !== undefined;
  const tableId = (table as unknown as { id: PgColumn }).id;
  const byId = opts.byId;
  const orderBy = byId ? [byId.desc ? desc(tableId) : asc(tableId)] : Array.isArray(opts.orderBy) ? opts.orderBy : opts.orderBy ? [opts.orderBy] : [];
  if (!orderBy.length) throw new Error('selectRecords: orderBy or byId is required');
  const seek = byId?.after !== undefined ? (byId.desc ? lt(tableId, byId.after) : gt(tableId, byId.after)) : undefined;
  let where = seek ? and(opts.where, seek) : opts.where;
  if (isList && tableId) {
    // The page's ids alone first (one extra tells whether a next page exists): after the cursor, or by offset.
    let ids = db.select({ id: tableId }).from(table).$dynamic();
    for (const r of refs) ids = ids.leftJoin(r.table, eq(r.table.id, r.fk));
    const page = ids.where(where).orderBy(...orderBy).limit(opts.limit! + 1);
    where = sql`${tableId} = any(array(${seek ? page : page.offset(opts.offset!)}))`;
  }
  let q = db
    .select({
      ...getTableColumns(table),
      creatorFirstName: creator.firstName,
      creatorLastName: creator.lastName,
      enablerFirstName: enabler.firstName,
      enablerLastName: enabler.lastName,
      ...Object.fromEntries(refs.map((r) => [`ref:${r.name}`, r.title])),
      ...opts.extra,
    })
    .from(table)
    .leftJoin(creator, eq(creator.id, table.creatorId))
    .leftJoin(enabler, eq(enabler.id, table.enablerId))
    .$dynamic();
  for (const r of refs) q = q.leftJoin(r.table, eq(r.table.id, r.fk));
  q = q.where(where).orderBy(...orderBy);
  if (opts.limit !== undefined) q.limit(isList ? opts.limit + 1 : opts.limit);
  if (opts.offset && !(isList && tableId)) q.offset(opts.offset);
  let rows = (await q) as Row[];
  let total = rows.length;
  let totalIsAtLeast = false;
  if (isList) {
    const hasMore = rows.length > opts.limit!;
    if (hasMore) rows = rows.slice(0, opts.limit);
    // A separate capped count: a window count would make the database build every matching row first.
    let matching = db.select({ one: sql`1` }).from(table).$dynamic();
    for (const r of refs) matching = matching.leftJoin(r.table, eq(r.table.id, r.fk));
    const counted = await cappedTotal((n) => countAtMostRemembered(db, matching.where(opts.where), n), { offset: opts.offset!, rows: rows.length, hasMore });
    total = counted.total;
    totalIsAtLeast = counted.atLeast;
  }
  return {
    rows: rows.map((row) => {
      const dto = toRecordDto(row);
      for (const r of refs) {
        const id = dto[`${r.name}Id`];
        dto[r.name] = id === null || id === undefined ? null : { id, title: row[`ref:${r.name}`] ?? null };
        delete dto[`ref:${r.name}`];
      }
      return dto as RecordRow<T, N, X>;
    }),
    total,
    ...(totalIsAtLeast ? { totalIsAtLeast } : {}),
  };
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d ?? null);

/** DB row -> API record: dates as ISO strings, creator/enabler as {firstName, lastName}. */
export function toRecordDto<R extends object>(row: R): RecordDto<R> & Row {
  const {
    creatorFirstName, creatorLastName, enablerFirstName, enablerLastName,
    totalCount: _t, creatorId: _c, enablerId: _e, passwordHash: _p, ...rest
  } = row as Row;
  const r = row as Row;
  const out: Row = {};
  for (const [k, v] of Object.entries(rest)) out[k] = v instanceof Date ? v.toISOString() : v;
  out.createdDate = iso(r.createdDate);
  out.enabledDate = iso(r.enabledDate);
  out.creatorAccount = creatorFirstName !== undefined && creatorFirstName !== null ? { firstName: creatorFirstName, lastName: creatorLastName } : null;
  out.enablerAccount = enablerFirstName !== undefined && enablerFirstName !== null ? { firstName: enablerFirstName, lastName: enablerLastName } : null;
  return out as RecordDto<R> & Row;
}
