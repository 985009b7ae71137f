import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { accounts } from '../modules/accounts/accounts.table';
import type { Page } from './paging';

const creator = alias(accounts, 'creator');
const enabler = alias(accounts, 'enabler');

interface RecordCols {
  creatorId: PgColumn;
  enablerId: PgColumn;
}

type Row = Record<string, unknown>;

/** A referenced record shown as `{id, title}` under `name` (e.g. panel.specimenType); its key column is `${name}Id`. */
export interface RefJoin {
  name: string;
  table: PgTable & { id: PgColumn };
  title: PgColumn;
  fk: PgColumn;
}

/**
 * A page of records with their creator and enabler names and referenced titles in one query,
 * and the total in a second, so lists never run N+1 look-ups.
 */
export async function selectRecords(db: Db, table: PgTable & RecordCols, opts: {
  where?: SQL;
  orderBy: SQL | PgColumn | (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
  refs?: RefJoin[];
  /** Further computed columns, e.g. a correlated sub-select. */
  extra?: Record<string, SQL>;
}): Promise<Page<Row>> {
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
      return dto;
    }),
    total,
  };
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d ?? null);

/** DB row -> API record: dates as ISO strings, creator/enabler as {firstName, lastName}. */
export function toRecordDto(row: Row): Row {
  const {
    creatorFirstName, creatorLastName, enablerFirstName, enablerLastName,
    totalCount: _t, creatorId: _c, enablerId: _e, passwordHash: _p, ...rest
  } = row;
  const out: Row = {};
  for (const [k, v] of Object.entries(rest)) out[k] = v instanceof Date ? v.toISOString() : v;
  out.createdDate = iso(row.createdDate);
  out.enabledDate = iso(row.enabledDate);
  out.creatorAccount = creatorFirstName !== undefined && creatorFirstName !== null ? { firstName: creatorFirstName, lastName: creatorLastName } : null;
  out.enablerAccount = enablerFirstName !== undefined && enablerFirstName !== null ? { firstName: enablerFirstName, lastName: enablerLastName } : null;
  return out;
}
