import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatements, rawStatement } from '../../platform/statement-cache';
import { collectedSampleIdCounters, collectedSamples } from './samples.table';

// Sample IDs as stored: whether one is used, and the per-prefix counters (samples.ids.ts picks the ID).

/** Whether a sample ID is used in the institution, whatever its case. */
export async function sampleIdUsed(tx: Db, institutionId: number, sampleId: string) {
  const [row] = await tx
    .select({ id: collectedSamples.id })
    .from(collectedSamples)
    .where(
      and(
        eq(collectedSamples.institutionId, institutionId),
        sql`lower(${collectedSamples.sampleId}) = ${sampleId.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The next running number after `prefix` from the counter row per (institution, prefix), incremented by an
 * upsert that holds the row until commit, so two transactions never get the same number.
 */
export async function nextIdNumber(tx: Db, institutionId: number, prefix: string) {
  const [c] = await tx
    .insert(collectedSampleIdCounters)
    .values({ institutionId, prefix: prefix.toLowerCase(), last: 1 })
    .onConflictDoUpdate({
      target: [collectedSampleIdCounters.institutionId, collectedSampleIdCounters.prefix],
      set: { last: sql`${collectedSampleIdCounters.last} + 1` },
    })
    .returning({ last: collectedSampleIdCounters.last });
  return c.last;
}

/**
 * Draws `count` running numbers after `prefix` (docs/samples.md) in a statement of its own, outside any
 * open transaction (the caller runs it on the pool, before its command): the counter row is held only for
 * this statement, not until the saving transaction commits, so saves under one prefix run side by side
 * (issue 30). Committed without waiting for the WAL flush (`synchronous_commit` off for this statement's
 * transaction alone): the saving transaction's flush comes later in the WAL and covers it, so a number a
 * durable sample carries is never drawn again, even after a crash. Returns the numbers and those of them a
 * sample ID typed by hand already uses (`width`: the digits a generated ID has at least).
 * Each drawn number is looked up on its own (a scalar sub-query per number, which the planner keeps as a
 * sub-plan on the sample-ID index): the planner guesses 1,000 numbers for a `generate_series` whose bounds come
 * from the upsert, and with an `exists` it joined that guess to every sample of the institution by a hash of
 * all their IDs (47 ms at 50,000 samples, most of a collect; issue 30, docs/performance.md).
 */
export async function drawIdNumbers(db: Db, institutionId: number, prefix: string, width: number, count: number) {
  const values: DrawValues = { inst: institutionId, prefix: prefix.toLowerCase(), width, count };
  const { rows } = await preparedDraw(db, '', true).execute(values);
  const last = Number(rows[0].last);
  const used = new Set(rows[0].used.map(Number));
  return Array.from({ length: count }, (_, i) => last - count + 1 + i).filter((n) => !used.has(n));
}

/** What drawIdNumbers' statement is run with: the institution, the prefix in lower case, the digits, how many. */
type DrawValues = { inst: number; prefix: string; width: number; count: number };

/** drawIdNumbers' one statement: the counter's upsert, answering `last` and the drawn numbers a typed ID uses. */
function drawSql(v: (key: keyof DrawValues) => unknown) {
  const digits = sql`case when length(g::text) >= ${v('width')}::int then g::text else lpad(g::text, ${v('width')}::int, '0') end`;
  return sql`with async as materialized (select set_config('synchronous_commit', 'off', true))
    insert into ${collectedSampleIdCounters} (institution_id, prefix, last) select ${v('inst')}::int, ${v('prefix')}::text, ${v('count')}::int from async
    on conflict (institution_id, prefix) do update set last = ${collectedSampleIdCounters.last} + excluded.last
    returning last, array(select g from generate_series(last - ${v('count')}::int + 1, last) g where (select true from ${collectedSamples} s
      where s.institution_id = ${v('inst')}::int and lower(s.sample_id) = ${v('prefix')}::text || ${digits} limit 1)) as used`;
}

/** The statement with these values in it (to EXPLAIN it). */
export const drawStatement = (institutionId: number, prefix: string, width: number, count: number) =>
  drawSql((key) => ({ inst: institutionId, prefix: prefix.toLowerCase(), width, count })[key]);

// One text whatever the values, and one plan fits them all (the counter row by its key, each number by the
// sample-ID index): prepared by name.
const preparedDraw = preparedStatements('samples.drawIds', (db: Db) =>
  rawStatement<{ last: number | string; used: (number | string)[] }>(
    db,
    drawSql((key) => sql.placeholder(key)),
  ),
);
