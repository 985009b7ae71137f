import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { accountNames } from './account-names';
import type { Page } from './paging';

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
 * and the total in a second, so lists never run N+1 look-ups.
 */
export async function selectRecords<T extends PgTable & RecordCols, N extends string = never, X extends Record<string, SQL> = Record<never, SQL>>(db: Db, typedTable: T, opts: {
  where?: SQL;
  orderBy: SQL | PgColumn | (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
  refs?: RefJoin<N>[];
  /** Further computed columns, e.g. a correlated sub-select typed `sql<T>`. */
  extra?: X;
}): Promise<Page<RecordRow<T, N, X>>> {
  // The query is built on the untyped table (Drizzle's generic select types do not compose); the rows are typed on return.
  const table: PgTable & RecordCols = typedTable;
  const refs = opts.refs ?? [];
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
  q = q.where(opts.where).orderBy(...(Array.isArray(opts.orderBy) ? opts.orderBy : [opts.orderBy]));
  if (opts.limit !== undefined) q.limit(opts.limit);
  if (opts.offset) q.offset(opts.offset);
  const rows = (await q) as Row[];
  // The page and its total are two queries: a window count would make the database build every
  // matching row (with its sub-selects) before the limit. A first page that is not full is its own total.
  let total = rows.length;
  if (opts.limit !== undefined && (opts.offset || rows.length === opts.limit)) {
    let c = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).$dynamic();
    for (const r of refs) c = c.leftJoin(r.table, eq(r.table.id, r.fk));
    const [counted] = await c.where(opts.where);
    total = counted.n;
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
