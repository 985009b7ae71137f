import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../db/client';

/**
 * Page N by number without walking N x PageSize index entries (issue 30 item 3): a list ordered by id
 * alone over one scope (an institution's participants or orders, unfiltered) is append-only (rows are
 * disabled, never deleted, and never change scope), so the rank of a row among the scope's rows in
 * ascending id order never changes once every row below it has committed. This module keeps, per
 * database, table and scope, the id at every SPACING-th ascending rank up to a settled id `upTo`
 * ("anchors": 1,000 numbers for a million rows), and turns an offset into a keyset cursor: the rows
 * after `upTo` are counted (a short index-only walk: anchors are extended in the background when
 * that tail grows), the wanted rank is found from the nearest anchor below it (at most SPACING index
 * entries walked), and the page is then read by seeking past that id (record-refs.ts `after`).
 *
 * Settled: every row with an id up to `upTo` is committed (or never will be). Ids come from a sequence
 * in order, so once `upTo` is read (the highest visible id of the scope) only transactions already
 * running can still add a row below it: the anchors are computed only after every transaction of this
 * database that held a transaction id shortly after that read has ended. Until anchors exist (or when
 * they cannot be built, e.g. a transaction that runs for minutes) the page is read by offset as before:
 * the answer is the same, only slower.
 */

/** A rank every SPACING rows (ascending id): the walk from an anchor to a wanted row is at most this long. */
let SPACING = 1000;
/** The wait between reading `upTo` and listing the running transactions (a statement takes its id, then its xid). */
let SETTLE_MS = 1000;
/** Rows walked per statement while anchors are built (50,000: ~80 ms, its window fits work_mem; 200,000 spilled to disk). */
let CHUNK = 50_000;
/** Offsets below this are walked directly (cheaper than three statements). */
let MIN_OFFSET = 2000;

/** Tests: a smaller spacing and no settling wait. */
export function tunePageAnchors(o: { spacing?: number; settleMs?: number; minOffset?: number; chunk?: number }) {
  if (o.chunk !== undefined) CHUNK = o.chunk;
  if (o.spacing !== undefined) SPACING = o.spacing;
  if (o.settleMs !== undefined) SETTLE_MS = o.settleMs;
  if (o.minOffset !== undefined) MIN_OFFSET = o.minOffset;
  clearPageAnchors();
}

/** The rows of `table` whose `column` equals `value` (and `also`'s column its value): the whole list, no other filter. */
export interface AnchorScope {
  column: PgColumn;
  value: number;
  also?: { column: PgColumn; value: number };
}

interface Anchors {
  /** Every row of the scope with id <= upTo is committed; rows above it are counted per request. */
  upTo: number;
  /** Rows of the scope with id <= upTo. */
  count: number;
  /** ids[j]: the id at ascending rank j x spacing (0-based) among them. */
  ids: number[];
  spacing: number;
}
interface Entry {
  anchors?: Anchors;
  building?: Promise<void>;
  retryAt: number;
}

// Per database client (a transaction handle has none: it reads by offset), then per table and scope.
let caches = new WeakMap<object, Map<string, Entry>>();
const builds = new Set<Promise<void>>();

export function clearPageAnchors() {
  caches = new WeakMap();
}

/** Tests: waits for the anchor builds under way. */
export async function pageAnchorsBuilt() {
  while (builds.size) await Promise.allSettled([...builds]);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());
const num = (v: unknown) => Number(v);

function entryOf(db: Db, key: string): Entry | undefined {
  // The root handle's driver client (a pool or a PGlite): a transaction handle has none, and reads by offset.
  const client = '$client' in db ? db.$client : undefined;
  if (!client || typeof client !== 'object') return undefined;
  let map = caches.get(client);
  if (!map) caches.set(client, (map = new Map()));
  let e = map.get(key);
  if (!e) map.set(key, (e = { retryAt: 0 }));
  return e;
}

function names(table: PgTable & { id: PgColumn }, scope: AnchorScope) {
  const one = sql`${sql.identifier(scope.column.name)} = ${scope.value}`;
  return {
    t: sql.identifier(getTableName(table)),
    id: sql.identifier(table.id.name),
    inScope: scope.also ? sql`${one} and ${sql.identifier(scope.also.column.name)} = ${scope.also.value}` : one,
  };
}
const keyOf = (table: PgTable, s: AnchorScope) =>
  [getTableName(table), s.column.name, s.value, s.also?.column.name, s.also?.value].join('\u0000');

/** Builds (or extends past the current `upTo`) the anchors of one scope; see the module comment. */
async function build(db: Db, table: PgTable & { id: PgColumn }, scope: AnchorScope, entry: Entry) {
  const { t, id, inScope } = names(table, scope);
  const prev = entry.anchors?.spacing === SPACING ? entry.anchors : undefined;
  const [{ m }] = await rowsOf<{ m: unknown }>(db, sql`select coalesce(max(${id}), 0) as m from ${t} where ${inScope}`);
  const upTo = num(m);
  if (prev && upTo <= prev.upTo) return;
  await sleep(SETTLE_MS);
  // The transactions of this database running now: any that holds an id <= upTo and has not committed is among them
  // (pg_stat_activity shows backend_xid of the sessions of the same role, or of every role with pg_read_all_stats:
  // the API's writers are its own sessions; give a separate writing role pg_read_all_stats).
  const running = await rowsOf<{ x: string }>(
    db,
    sql`select backend_xid::text as x from pg_stat_activity
        where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`,
  );
  const xids = running.map((r) => r.x).join(',');
  for (let i = 0; xids; i++) {
    const [{ n }] = await rowsOf<{ n: unknown }>(
      db,
      sql`select count(*) as n from pg_stat_activity where backend_xid::text = any(string_to_array(${xids}, ','))`,
    );
    if (num(n) === 0) break;
    if (i >= 100) throw new Error('page anchors: transactions still running');
    await sleep(100);
  }
  // In chunks of CHUNK rows (each statement short, well inside the statement timeout, and the pool's
  // connection free between them): every SPACING-th rank, and each chunk's last id to go on from.
  let after = prev?.upTo ?? 0;
  let count = prev?.count ?? 0;
  const ids = [...(prev?.ids ?? [])];
  const k = SPACING;
  for (;;) {
    const rows = await rowsOf<{ id: unknown; rn: unknown; n: unknown }>(
      db,
      sql`select id, rn, n from (select id, row_number() over (order by id) - 1 as rn, count(*) over () as n
          from (select ${id} as id from ${t} where ${inScope} and ${id} > ${after} and ${id} <= ${upTo}
                order by ${id} limit ${CHUNK}) c) s
          where (rn + ${count}::bigint) % ${k}::bigint = 0 or rn = n - 1 order by id`,
    );
    if (!rows.length) break;
    for (const r of rows) if ((num(r.rn) + count) % k === 0) ids.push(num(r.id));
    const n = num(rows[0].n);
    after = num(rows[rows.length - 1].id);
    count += n;
    if (n < CHUNK) break;
  }
  entry.anchors = { upTo, count, ids, spacing: k };
}

function startBuild(db: Db, table: PgTable & { id: PgColumn }, scope: AnchorScope, entry: Entry) {
  if (entry.building || Date.now() < entry.retryAt) return;
  const p = build(db, table, scope, entry)
    .catch(() => {
      entry.retryAt = Date.now() + 30_000;
    })
    .finally(() => {
      entry.building = undefined;
      builds.delete(p);
    });
  entry.building = p;
  builds.add(p);
}

/** An `after` cursor past every row in that direction: the page is empty. */
const PAST_END = { desc: 1, asc: 2_147_483_647 };

/**
 * The keyset cursor (record-refs.ts `after`) that starts the page at `offset` of the scope's rows ordered
 * by id (`desc`: newest first), or undefined: read by offset (a short offset, anchors not built yet).
 */
export async function cursorAtOffset(
  db: Db,
  table: PgTable & { id: PgColumn },
  scope: AnchorScope,
  desc: boolean,
  offset: number,
): Promise<number | undefined> {
  if (offset < MIN_OFFSET) return undefined;
  const entry = entryOf(db, keyOf(table, scope));
  if (!entry) return undefined;
  const a = entry.anchors;
  if (!a || a.spacing !== SPACING) {
    startBuild(db, table, scope, entry);
    return undefined;
  }
  const { t, id, inScope } = names(table, scope);
  let rank: number;
  if (desc) {
    // Newest first: the rows after upTo come first; the rank counts from the oldest.
    const [{ n }] = await rowsOf<{ n: unknown }>(
      db,
      sql`select count(*) as n from ${t} where ${inScope} and ${id} > ${a.upTo}`,
    );
    const tail = num(n);
    if (tail > 4 * a.spacing) startBuild(db, table, scope, entry);
    // Within the rows after upTo: a walk of at most `tail` entries (the anchors are being extended).
    if (offset < tail) return undefined;
    const total = a.count + tail;
    if (offset >= total) return PAST_END.desc;
    rank = total - 1 - offset;
  } else {
    if (offset >= a.count) {
      // Oldest first, past the anchored rows: walk the (short) tail.
      const rows = await rowsOf<{ id: unknown }>(
        db,
        sql`select ${id} as id from ${t} where ${inScope} and ${id} > ${a.upTo} order by ${id} offset ${offset - a.count} limit 1`,
      );
      if (offset - a.count > 4 * a.spacing) startBuild(db, table, scope, entry);
      return rows.length ? num(rows[0].id) - 1 : PAST_END.asc;
    }
    rank = offset;
  }
  const j = Math.floor(rank / a.spacing);
  const rows = await rowsOf<{ id: unknown }>(
    db,
    sql`select ${id} as id from ${t} where ${inScope} and ${id} >= ${a.ids[j]} order by ${id} offset ${rank - j * a.spacing} limit 1`,
  );
  if (!rows.length) return undefined;
  const at = num(rows[0].id);
  return desc ? at + 1 : at - 1;
}
