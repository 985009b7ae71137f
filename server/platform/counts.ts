import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../db/client';

/** Lists count at most TOTAL_CAP + 1 matching rows; beyond it the total is "10,000+" (X-Pagination TotalIsAtLeast). */
export const TOTAL_CAP = 10_000;

/** How many rows a select returns, counting no further than `max` (`select count(*) from (... limit max)`). */
export async function countAtMost(db: Db, rows: PgSelect, max: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(rows.limit(max).as('capped'));
  return r.n;
}

/** How long a count that reached its limit is remembered (per process), and for how many queries at most. */
const REMEMBER_MS = 10_000;
const REMEMBERED_MAX = 1_000;
const reachedLimit = new Map<string, number>();

/**
 * Tests: forgets every remembered count. The map is per process and keyed by statement and values, not by
 * database: one process serves one database, but a Vitest worker runs many test files, each on a fresh
 * database whose ids start again at 1 (vitest.config.ts `isolate: false`).
 */
export function forgetRememberedCounts() {
  reachedLimit.clear();
}

/**
 * countAtMost, remembering for REMEMBER_MS the queries whose count reached `max` (keyed on the
 * statement and its parameters, so per institution and filter): a list's first page would otherwise
 * count 10,001 index entries on every request (3-10 ms of database time, most of a first page's
 * cost). Only "more than the cap" is remembered: an exact total is always counted, so it is never
 * stale; a list that shrinks below the cap says "10,000+" for at most REMEMBER_MS longer.
 */
export async function countAtMostRemembered(db: Db, rows: PgSelect, max: number, now = Date.now()): Promise<number> {
  const q = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(rows.limit(max).as('capped'));
  const built = q.toSQL();
  return rememberedCount(`${built.sql}\u0000${JSON.stringify(built.params)}`, max, async () => (await q)[0].n, now);
}

/** The remembering of countAtMostRemembered for a count named by `key` (its statement and values). */
export async function rememberedCount(
  key: string,
  max: number,
  count: () => Promise<number>,
  now = Date.now(),
): Promise<number> {
  const until = reachedLimit.get(key);
  if (until !== undefined && until > now) return max;
  const n = await count();
  if (n >= max) {
    // Oldest first: a Map iterates in insertion order, so the first key is the oldest entry.
    reachedLimit.delete(key);
    if (reachedLimit.size >= REMEMBERED_MAX) reachedLimit.delete(reachedLimit.keys().next().value!);
    reachedLimit.set(key, now + REMEMBER_MS);
  } else reachedLimit.delete(key);
  return n;
}

/**
 * The total of a page without counting a million rows: exact when the page shows where the list ends
 * or when at most `cap` rows match, else a lower bound (`atLeast`). `hasMore`: a row exists after
 * this page (lists fetch one extra row); `countUpTo(n)` counts the matching rows, at most n.
 */
export async function cappedTotal(
  countUpTo: (n: number) => Promise<number>,
  page: { offset: number; rows: number; hasMore: boolean },
  cap = TOTAL_CAP,
): Promise<{ total: number; atLeast: boolean }> {
  const seen = page.offset + page.rows;
  // The last page (or a first page that is not full) is its own total.
  if (!page.hasMore && (page.rows > 0 || page.offset === 0)) return { total: seen, atLeast: false };
  // Past the cap: all we know is this page and at least one row after it.
  if (page.hasMore && seen >= cap) return { total: seen + 1, atLeast: true };
  const n = await countUpTo(cap + 1);
  return n > cap
    ? { total: Math.max(cap, seen + (page.hasMore ? 1 : 0)), atLeast: true }
    : { total: n, atLeast: false };
}

/**
 * A dashboard count: exact up to `cap`, above it the planner's row estimate for the same query
 * (from the statistics ANALYZE/autovacuum keep: a few per cent off, answered in well under a
 * millisecond, and nothing to maintain on every insert, unlike a counter row that N processes would
 * contend on). EXPLAIN takes the query's bound parameters like the query itself.
 */
export async function cheapCount(
  db: Db,
  rows: () => PgSelect,
  cap = TOTAL_CAP,
): Promise<{ count: number; isEstimate: boolean }> {
  // A fresh query each time: limit() changes the builder it is called on.
  const n = await countAtMost(db, rows(), cap + 1);
  if (n <= cap) return { count: n, isEstimate: false };
  const res = await rowsOf<Record<string, unknown>>(db, sql`explain (format json) ${rows()}`);
  const plan = Object.values(res[0])[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  return { count: Math.max(n, Math.round(parsed[0].Plan['Plan Rows'])), isEstimate: true };
}
