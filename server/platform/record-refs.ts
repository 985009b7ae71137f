import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  is,
  lt,
  type Placeholder,
  sql,
  SQL,
} from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { DEFAULT_LANGUAGE } from '../../contract/i18n/languages';
import { PAGE_SIZES } from '../../contract/common.contract';
import { localTitle } from '../../contract/lookup-titles';
import { accountNames } from './account-names';
import { inText } from './in-text';
import type { Page } from './paging';
import { cappedTotal, countAtMostRemembered, rememberedCount } from './counts';
import { type AnchorScope, cursorAtOffset } from './page-anchors';
import { Bindings, columnShape, preparedStatements, tableShape } from './statement-cache';

const creator = alias(accountNames, 'creator');
const enabler = alias(accountNames, 'enabler');

interface RecordCols {
  id: PgColumn;
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
  /** The record's title per language (a lookup's `titles`, issue 33 item 4): shown in the reader's language. */
  titles?: PgColumn;
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
export type RecordDto<R> = Simplify<
  { [K in keyof R as K extends Hidden ? never : K]: Iso<R[K]> } & {
    creatorAccount: AccountName;
    enablerAccount: AccountName;
  }
>;

/** What a correlated sub-select of `extra` yields: its `sql<T>` type. */
type ExtraValues<X> = { [K in keyof X]: X[K] extends SQL<infer V> ? V : unknown };

/** A row of `selectRecords`: the table's columns, the extras and the references, as the API shows them. */
export type RecordRow<T extends PgTable, N extends string = never, X = object> = RecordDto<
  T['$inferSelect'] & ExtraValues<X>
> & { [K in N]: RefTitle };

/**
 * A page of records with their creator and enabler names and referenced titles in one query,
 * and (for lists, i.e. when an offset is given) a capped total in a second, so lists never run N+1
 * look-ups. The page's ids are found first (index-friendly, no joins or sub-selects for skipped rows),
 * then only those rows are joined and computed. A read without an offset (by id, limit 1) never counts.
 */
export async function selectRecords<
  T extends PgTable & RecordCols,
  N extends string = never,
  X extends Record<string, SQL> = Record<never, SQL>,
>(
  db: Db,
  typedTable: T,
  opts: {
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
    /**
     * With `byId` and no `after`: `where` is exactly `column = value` (an institution's whole list), so a
     * deep offset becomes a cursor from page-anchors.ts (page N by number seeks too; issue 30).
     */
    wholeScope?: AnchorScope;
    refs?: RefJoin<N>[];
    /** Further computed columns, e.g. a correlated sub-select typed `sql<T>`. */
    extra?: X;
    /**
     * The text values are equalities on unique or selective indexes (a sample ID, an MRN): one plan fits
     * every value, so the statement is prepared by name like an all-number one (statement-cache.ts). Not
     * for patterns: a common and a rare prefix want different plans.
     */
    genericPlan?: boolean;
    /**
     * The reader's language (ctx.language): a reference with titles per language (lookupJoin) shows its title
     * in it, else its default title. The statement is the same in every language (the titles are read, then
     * chosen here), so one prepared plan serves all.
     */
    language?: string;
  },
): Promise<Page<RecordRow<T, N, X>>> {
  // The query is built on the untyped table (Drizzle's generic select types do not compose); the rows are typed on return.
  const table: PgTable & RecordCols = typedTable;
  const refs = opts.refs ?? [];
  const isList = opts.limit !== undefined && opts.offset !== undefined;
  let byId = opts.byId;
  if (byId && byId.after === undefined && opts.wholeScope && isList && opts.offset! > 0) {
    const after = await cursorAtOffset(db, table, opts.wholeScope, byId.desc, opts.offset!);
    if (after !== undefined) byId = { ...byId, after };
  }
  const tableId = table.id;
  const orderBy = byId
    ? [byId.desc ? desc(tableId) : asc(tableId)]
    : Array.isArray(opts.orderBy)
      ? opts.orderBy
      : opts.orderBy
        ? [opts.orderBy]
        : [];
  if (!orderBy.length) throw new Error('selectRecords: orderBy or byId is required');
  const seeking = byId?.after !== undefined;
  const limit = opts.limit === undefined ? undefined : isList ? opts.limit + 1 : opts.limit;
  // Lists page the bare ids first; a single read with an offset (none today) skips rows directly.
  const offset = isList || opts.offset ? opts.offset : undefined;

  // The statement is built once per shape and run with this request's values (statement-cache.ts).
  const b = new Bindings();
  const where = opts.where ? b.template(opts.where) : undefined;
  const whereValues = JSON.stringify(Object.values(b.values));
  const order = orderBy.map((o) => b.template(o));
  const extra = Object.entries(opts.extra ?? {}).map(([k, v]) => [k, b.template(v)] as const);
  const understood = where !== null && order.every((o) => o) && extra.every(([, t]) => t);
  const refShape = refs
    .map(
      (r) =>
        `${r.name}=${tableShape(r.table)}:${columnShape(r.title as Column)}:${columnShape(r.fk as Column)}${r.titles ? ':t' : ''}`,
    )
    .join(',');
  let rows: Row[];
  let countUpTo: (n: number) => Promise<number>;
  if (understood) {
    const parts: PageParts = {
      where: where?.sql,
      orderBy: order.map((o) => o!.sql),
      extra: Object.fromEntries(extra.map(([k, t]) => [k, t!.sql])),
      after: seeking ? b.bind(byId!.after!) : undefined,
      seekDesc: byId?.desc,
      limit: limit === undefined ? undefined : isList && PAGE_LIMITS.has(limit) ? inText(limit) : b.bind(limit),
      offset: offset === undefined || (isList && offset === 0) ? undefined : b.bind(offset),
    };
    const shape = [
      'page',
      tableShape(table),
      isList,
      seeking ? (byId!.desc ? 'id<' : 'id>') : '',
      parts.limit === undefined ? '' : is(parts.limit, SQL) ? `limit ${limit}` : 'limit $',
      parts.offset !== undefined,
      refShape,
      extra.map(([k, t]) => `${k}=${t!.shape}`).join(','),
      order.map((o) => o!.shape).join(','),
      where?.shape,
    ].join('\u0001');
    const named = b.onlyNumbers || opts.genericPlan === true;
    // Only the references the filter or the sort names are joined where rows are matched and counted: a
    // join the planner removes later still keeps the id walk off the (institution_id, id) index-only scan.
    const matched = refsNamedIn(refs, [where?.shape ?? '', ...order.map((o) => o!.shape)].join('\n'));
    rows = (await pageStatement(db, shape, named, table, refs, isList, parts, matched).execute(b.values)) as Row[];
    const countShape = ['count', tableShape(table), refShape, where?.shape].join('\u0001');
    countUpTo = (n) =>
      rememberedCount(`${countShape}\u0000${whereValues}\u0000${n}`, n, async () => {
        const counted = countStatement(db, countShape, named, table, matched, where?.sql, sql.placeholder('max'));
        return ((await counted.execute({ ...b.values, max: n })) as { n: number }[])[0].n;
      });
  } else {
    // A fragment the statement cache does not understand: built for this request alone.
    rows = (await pageQuery(db, table, refs, isList, {
      where: opts.where,
      orderBy,
      extra: opts.extra ?? {},
      after: byId?.after,
      seekDesc: byId?.desc,
      limit,
      offset,
    })) as Row[];
    countUpTo = (n) => countAtMostRemembered(db, matchingRows(db, table, refs, opts.where), n);
  }
  let total = rows.length;
  let totalIsAtLeast = false;
  if (isList) {
    const hasMore = rows.length > opts.limit!;
    if (hasMore) rows = rows.slice(0, opts.limit);
    // A separate capped count: a window count would make the database build every matching row first.
    const counted = await cappedTotal(countUpTo, { offset: opts.offset!, rows: rows.length, hasMore });
    total = counted.total;
    totalIsAtLeast = counted.atLeast;
  }
  const language = opts.language ?? DEFAULT_LANGUAGE;
  return {
    rows: rows.map((row) => recordOf<T, N, X>(row, refs, language)),
    total,
    ...(totalIsAtLeast ? { totalIsAtLeast } : {}),
  };
}

/** A row of a records statement as the API shows it: its references as `{id, title}` in `language`. */
function recordOf<T extends PgTable, N extends string, X>(row: Row, refs: RefJoin[], language: string) {
  const dto = toRecordDto(row);
  for (const r of refs) {
    const id = dto[`${r.name}Id`];
    const title = row[`ref:${r.name}`];
    const shown =
      typeof title === 'string' ? localTitle(title, row[`ref:${r.name}:titles`], language) : (title ?? null);
    dto[r.name] = id === null || id === undefined ? null : { id, title: shown };
    delete dto[`ref:${r.name}`];
    delete dto[`ref:${r.name}:titles`];
  }
  return dto as RecordRow<T, N, X>;
}

/** A record's columns as selectRecords reads them: the table's, creator and enabler names, references, extras. */
const recordFields = (table: PgTable & RecordCols, refs: RefJoin[], extra: Record<string, SQL>) => ({
  ...getTableColumns(table),
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  enablerFirstName: enabler.firstName,
  enablerLastName: enabler.lastName,
  ...Object.fromEntries(refs.map((r) => [`ref:${r.name}`, r.title])),
  ...Object.fromEntries(refs.flatMap((r) => (r.titles ? [[`ref:${r.name}:titles`, r.titles]] : []))),
  ...extra,
});

type Num = number | Placeholder;
interface PageParts {
  where?: SQL;
  orderBy: (SQL | PgColumn)[];
  extra: Record<string, SQL>;
  after?: Num;
  seekDesc?: boolean;
  /** A list's page size (plus one) written into the text (PAGE_LIMITS), or bound. */
  limit?: Num | SQL;
  offset?: Num;
}

/**
 * A list's limits written into the statement's text rather than bound: the web's page sizes, plus the row that tells
 * whether a next page follows. PostgreSQL guesses that a bound `limit $n` (or any `offset $n`) reads a tenth of the
 * matching rows, so the generic plan of a first page looked dearer than a plan for the values and every request was
 * planned again (pg_prepared_statements: custom plans only; 2-3 ms of planning against 0.4 ms of execution at full
 * size, issue 30). With the limit in the text and no offset on a first page, its generic plan costs what a custom one
 * does and is kept after PostgreSQL's first five. Other sizes stay bound: at most nine texts per list shape.
 */
const PAGE_LIMITS = new Set(PAGE_SIZES.map((n) => n + 1));

/** The references whose alias `text` (a filter's and a sort's shape, statement-cache.ts) names. */
function refsNamedIn(refs: RefJoin[], text: string): RefJoin[] {
  return refs.filter((r) => text.includes(getTableName(r.table)));
}

/** The rows of `table` (with its references joined, as a list filters on them) that `where` matches. */
function matchingRows(
  db: Db,
  table: PgTable,
  refs: RefJoin[],
  where: SQL | undefined,
  fields: Record<string, PgColumn | SQL> = { one: sql`1` },
) {
  let q = db.select(fields).from(table).$dynamic();
  for (const r of refs) q = q.leftJoin(r.table, eq(r.table.id, r.fk));
  return q.where(where);
}

/** How many rows `where` matches, at most `max` (countAtMost's statement). */
function countQuery(db: Db, table: PgTable, refs: RefJoin[], where: SQL | undefined, max: Num) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(matchingRows(db, table, refs, where).limit(max).as('capped'));
}

/**
 * The page statement: in a list (`isList`) the page's ids alone first (after the cursor, or by offset;
 * `limit` already holds the one extra row that tells whether a next page exists), then only those rows
 * joined and computed.
 */
function pageQuery(
  db: Db,
  table: PgTable & RecordCols,
  refs: RefJoin[],
  isList: boolean,
  p: PageParts,
  matched: RefJoin[] = refs,
) {
  const tableId = table.id;
  let where = p.where;
  if (p.after !== undefined) where = and(where, p.seekDesc ? lt(tableId, p.after) : gt(tableId, p.after));
  if (isList) {
    // `(select ... order by ...) limit n offset m` is the select with that limit and offset (PostgreSQL's grammar).
    const page = matchingRows(db, table, matched, where, { id: tableId }).orderBy(...p.orderBy);
    const offset = p.after === undefined && p.offset !== undefined ? sql` offset ${p.offset}` : sql``;
    where = sql`${tableId} = any(array(${page} limit ${p.limit}${offset}))`;
  }
  let q = db
    .select(recordFields(table, refs, p.extra))
    .from(table)
    .leftJoin(creator, eq(creator.id, table.creatorId))
    .leftJoin(enabler, eq(enabler.id, table.enablerId))
    .$dynamic();
  for (const r of refs) q = q.leftJoin(r.table, eq(r.table.id, r.fk));
  q = q.where(where).orderBy(...p.orderBy);
  // A list's ids are already at most its limit; a read's limit and offset are numbers or placeholders.
  if (!isList && p.limit !== undefined && !is(p.limit, SQL)) q = q.limit(p.limit);
  if (p.offset !== undefined && !isList) q = q.offset(p.offset);
  return q;
}

/** The statements of a list page and of its capped count, one per shape (statement-cache.ts). */
const pageStatement = preparedStatements('records.page', pageQuery);
const countStatement = preparedStatements('records.count', countQuery);

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : (d ?? null));

/** DB row -> API record: dates as ISO strings, creator/enabler as {firstName, lastName}. */
export function toRecordDto<R extends object>(row: R): RecordDto<R> & Row {
  const {
    creatorFirstName,
    creatorLastName,
    enablerFirstName,
    enablerLastName,
    totalCount: _t,
    creatorId: _c,
    enablerId: _e,
    passwordHash: _p,
    ...rest
  } = row as Row;
  const r = row as Row;
  const out: Row = {};
  for (const [k, v] of Object.entries(rest)) out[k] = v instanceof Date ? v.toISOString() : v;
  out.createdDate = iso(r.createdDate);
  out.enabledDate = iso(r.enabledDate);
  out.creatorAccount =
    creatorFirstName !== undefined && creatorFirstName !== null
      ? { firstName: creatorFirstName, lastName: creatorLastName }
      : null;
  out.enablerAccount =
    enablerFirstName !== undefined && enablerFirstName !== null
      ? { firstName: enablerFirstName, lastName: enablerLastName }
      : null;
  return out as RecordDto<R> & Row;
}

/**
 * The records of `table` on the rows of another statement (`source`, a derived table whose `key` column names a
 * record of `table`, or is null), in `order`: each row's record columns as selectRecords reads them (creator and
 * enabler names, references, extras) and the source's own columns `values` (under `value:<key>`). A builder, to
 * prepare once by name (statement-cache.ts): one statement that chooses the rows and reads their records (a
 * participant search found by identifier, issue 30). recordsOnRows reads its rows.
 */
export function recordsOnQuery(
  db: Db,
  table: PgTable & RecordCols,
  opts: { source: SQL; key: SQL; order: SQL; values: Record<string, SQL>; refs: RefJoin[]; extra: Record<string, SQL> },
) {
  let q = db
    .select({
      ...recordFields(table, opts.refs, opts.extra),
      ...Object.fromEntries(Object.entries(opts.values).map(([k, v]) => [`value:${k}`, v])),
    })
    .from(opts.source)
    .leftJoin(table, eq(table.id, opts.key))
    .leftJoin(creator, eq(creator.id, table.creatorId))
    .leftJoin(enabler, eq(enabler.id, table.enablerId))
    .$dynamic();
  for (const r of opts.refs) q = q.leftJoin(r.table, eq(r.table.id, r.fk));
  return q.orderBy(opts.order);
}

/** A row of recordsOnQuery: its record as the API shows it (none when the key was null) and the source's values. */
export function recordsOnRows<T extends PgTable, N extends string, X>(
  rows: Row[],
  refs: RefJoin<N>[],
  language: string | undefined,
) {
  return rows.map((row) => {
    const values: Row = {};
    const fields: Row = {};
    for (const [k, v] of Object.entries(row))
      if (k.startsWith('value:')) values[k.slice('value:'.length)] = v;
      else fields[k] = v;
    const record =
      fields.id === null || fields.id === undefined
        ? undefined
        : recordOf<T, N, X>(fields, refs, language ?? DEFAULT_LANGUAGE);
    return { record, values };
  });
}
