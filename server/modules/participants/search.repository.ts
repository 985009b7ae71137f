import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { rememberedCount } from '../../platform/counts';
import { patientMrns, patientPhoneNumbers, patients } from './participants.table';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Terms this long match any part of an MRN or phone number (a trigram needs 3 characters); shorter ones match the start. */
export const ANY_PART_MIN = 3;

/**
 * A search's total is exact up to SEARCH_TOTAL_CAP matches; beyond it "1,000+" (X-Pagination TotalIsAtLeast).
 * Lower than the plain lists' cap (counts.ts): a search's matches are spread over several indexes and tables.
 */
export const SEARCH_TOTAL_CAP = 1_000;

/**
 * A matching part whose planner estimate reaches this many rows is not counted: the total is "1,000+" at once
 * (counting 1,001 of them would walk tens of thousands of rows: 40-290 ms for 'Abebe Girma' at 1M).
 */
export const SEARCH_ESTIMATE_GATE = 2 * SEARCH_TOTAL_CAP;

/** The term as searched: trimmed, lower case, at most 100 characters and 5 words; the phone form without spaces and dashes. */
function termOf(term: string) {
  const t = term.trim().toLowerCase().slice(0, 100);
  const words = t.split(/\s+/).filter(Boolean).slice(0, 5);
  const digits = t.replace(/[\s-]/g, '');
  return { t, words, digits, hasDigit: /\d/.test(digits) };
}

const nameOf = (w: string) => {
  const p = `${escapeLike(w)}%`;
  return sql`(lower(${patients.firstName}) like ${p} or lower(${patients.fatherName}) like ${p} or lower(${patients.grandFatherName}) like ${p})`;
};

/**
 * One matching part of a search: the ids of the matching participants, newest first, at most `k` of them
 * (`k` undefined: all of them, only ever EXPLAINed for the estimate gate, never run).
 */
type PartSql = (k: number | undefined, above?: number) => SQL;

/**
 * A participant condition every part applies (the institution, IsEnabled, the exact PhoneNumber and MRN filters),
 * on `patients`.
 */
export interface SearchScope {
  institutionId: number;
  isEnabled?: boolean;
  /** Further conditions on `patients` (the list's exact lookups). */
  also?: SQL[];
}

const limitOf = (k: number | undefined) => (k === undefined ? sql`` : sql` limit ${k}`);

/** Ids from a child table (MRNs, phone numbers) whose enabled row matches `cond`, newest participant first. */
function childPart(s: SearchScope, table: typeof patientMrns | typeof patientPhoneNumbers, cond: SQL): PartSql {
  const scope = patientScope(s);
  // Without a participant condition the child table alone answers (its own institution_id); otherwise joined.
  return (k) =>
    scope.length
      ? sql`(select distinct ${table.patientId} as id from ${table} join ${patients} on ${patients.id} = ${table.patientId}
        where ${table.institutionId} = ${s.institutionId} and ${table.isEnabled} and ${cond} and ${and(...scope)}
        order by ${table.patientId} desc${limitOf(k)})`
      : sql`(select distinct ${table.patientId} as id from ${table}
        where ${table.institutionId} = ${s.institutionId} and ${table.isEnabled} and ${cond}
        order by ${table.patientId} desc${limitOf(k)})`;
}

const patientScope = (s: SearchScope) => [
  ...(s.isEnabled === undefined ? [] : [eq(patients.isEnabled, s.isEnabled)]),
  ...(s.also ?? []),
];

/** Ids of participants matching `cond` on `patients` itself (names, external subject id), newest first. */
function patientPart(s: SearchScope, cond: SQL): PartSql {
  return (k, above) => sql`(select ${patients.id} as id from ${patients}
    where ${and(eq(patients.institutionId, s.institutionId), cond, ...patientScope(s), above === undefined ? undefined : sql`${patients.id} > ${above}`)}
    order by ${patients.id} desc${limitOf(k)})`;
}

/** The longest id range below the walk's window that a name part reads in order rather than by its indexes. */
const RANGE_WALK = 20_000;

/** How many of the newest participants a name part reads before it asks the name indexes. */
export const NAME_WALK = 2_000;

/** The newest NAME_WALK participants of the scope, as `patients` (so `cond`'s column names resolve to them). */
const newest = (s: SearchScope) => sql`(select ${patients.id}, ${patients.firstName}, ${patients.fatherName},
  ${patients.grandFatherName}, ${patients.externalSubjectId} from ${patients}
  where ${and(eq(patients.institutionId, s.institutionId), ...patientScope(s))}
  order by ${patients.id} desc limit ${NAME_WALK}) as ${patients}`;

/**
 * A name part's walk: name prefixes are common or rare by the thousands in ways the planner cannot see (a
 * prefix of a non-frequent value is always estimated at 0.01%), and its two plans fail in opposite cases
 * (walking the newest participants never ends for a rare name; the prefix indexes' bitmap gathers all 8,000
 * matches of '12' before sorting them). So a name part first reads the newest NAME_WALK participants: its
 * matches among them (`kind` 0, at most `k`), and one row (`kind` 1) with the window's oldest id and size.
 */
const walkOf = (
  s: SearchScope,
  cond: SQL,
  k: number,
) => sql`(select id, 0 as kind, 0::bigint as n from (select ${patients.id} as id
    from ${newest(s)} where ${cond} order by ${patients.id} desc limit ${k}) as w
  union all select min(id), 1, count(*) from (select ${patients.id} as id from ${patients}
    where ${and(eq(patients.institutionId, s.institutionId), ...patientScope(s))} order by ${patients.id} desc limit ${NAME_WALK}) as win)`;

/** The share of the newest NAME_WALK participants that `cond` matches, times the scope's participants (estimated). */
async function walkEstimate(db: Db, s: SearchScope, cond: SQL): Promise<number> {
  const [r] = await rowsOf<{ m: number; n: number }>(
    db,
    sql`select count(*) filter (where ${cond}) as m, count(*) as n from ${newest(s)}`,
  );
  const m = Number(r.m);
  const n = Number(r.n);
  if (n < NAME_WALK) return m;
  const c = await rowsOf<Record<string, unknown>>(
    db,
    sql`explain (format json) select 1 from ${patients} where ${and(eq(patients.institutionId, s.institutionId), ...patientScope(s))}`,
  );
  return (m / n) * Math.max(n, planOf(c)['Plan Rows']);
}

/** A matching part of a search: its statement, and for a name part what its walk estimate reads. */
interface Part {
  sql: PartSql;
  /** A name part (its `sql` is the index plan): what its walk reads. */
  name?: { scope: SearchScope; cond: SQL };
}

/** A search's tiers, best first: exact, from the start, and (terms of ANY_PART_MIN or more) any part. */
export interface SearchPlan {
  tiers: Part[][];
}

/**
 * The search's tiers, best first (issue 30): 1. exact MRN, phone number or external subject ID (btree
 * equalities); 2. from the start: every word starts a name part, or the term starts the external subject ID,
 * an MRN or a phone number (btree prefix indexes); 3. any part of an MRN or phone number (pg_trgm), for terms
 * of ANY_PART_MIN characters or more, and only when no identifier equals the term. A participant shows in
 * the first tier it matches, newest first within a tier. Each part is run `limit`ed, so no part ever gathers
 * all its matches.
 */
export function searchTiers(s: SearchScope, term: string): SearchPlan {
  const { t, words, digits, hasDigit } = termOf(term);
  if (!t) return { tiers: [] };
  const whole = `${escapeLike(t)}%`;
  const part = (sqlOf: PartSql): Part => ({ sql: sqlOf });
  const exact: Part[] = [
    part(childPart(s, patientMrns, sql`lower(${patientMrns.mrn}) = ${t}`)),
    part(patientPart(s, sql`lower(${patients.externalSubjectId}) = ${t}`)),
  ];
  const nameCond = sql`(${sql.join(words.map(nameOf), sql` and `)} or lower(${patients.externalSubjectId}) like ${whole})`;
  const prefix: Part[] = [
    { sql: patientPart(s, nameCond), name: { scope: s, cond: nameCond } },
    part(childPart(s, patientMrns, sql`lower(${patientMrns.mrn}) like ${whole}`)),
  ];
  const anyPart: Part[] = [];
  if (t.length >= ANY_PART_MIN)
    anyPart.push(part(childPart(s, patientMrns, sql`${patientMrns.mrn} ilike ${`%${escapeLike(t)}%`}`)));
  // A term without a digit matches no phone number (a term of only spaces and dashes must not match them all).
  if (hasDigit) {
    exact.push(part(childPart(s, patientPhoneNumbers, sql`${patientPhoneNumbers.phoneNumber} = ${digits}`)));
    prefix.push(
      part(childPart(s, patientPhoneNumbers, sql`${patientPhoneNumbers.phoneNumber} like ${`${escapeLike(digits)}%`}`)),
    );
    if (digits.length >= ANY_PART_MIN)
      anyPart.push(
        part(
          childPart(s, patientPhoneNumbers, sql`${patientPhoneNumbers.phoneNumber} like ${`%${escapeLike(digits)}%`}`),
        ),
      );
  }
  return { tiers: [exact, prefix, anyPart].filter((tier) => tier.length) };
}

const newestFirst = (ids: Iterable<number>, k: number) => [...new Set(ids)].sort((a, b) => b - a).slice(0, k);

/**
 * The first `k` ids of one tier, newest first: each part limited to `k`. A name part walks first (walkOf) and
 * asks its indexes only when the walk may have missed one of the tier's first `k`: it found fewer than `k`,
 * the window was not the whole scope, and the tier's `k`-th newest so far is older than the window (a phone
 * prefix of '09' fills the page with participants inside the window: the name indexes are never asked).
 * After an exact identifier match the term is an identifier, not a common name: the indexes at once.
 */
async function tierIds(db: Db, tier: Part[], k: number, exactHit: boolean): Promise<number[]> {
  const named = exactHit ? undefined : tier.find((p) => p.name);
  const rows = await rowsOf<{ id: number | null; kind: number; n: number }>(
    db,
    sql.join(
      tier.map((part, i) =>
        part === named
          ? walkOf(part.name!.scope, part.name!.cond, k)
          : sql`(select id, 2 as kind, 0::bigint as n from ${part.sql(k)} as ${sql.identifier(`p${i}`)})`,
      ),
      sql` union all `,
    ),
  );
  const ids = rows.filter((r) => Number(r.kind) !== 1 && r.id !== null).map((r) => Number(r.id));
  if (!named) return newestFirst(ids, k);
  const window = rows.find((r) => Number(r.kind) === 1)!;
  const walked = rows.filter((r) => Number(r.kind) === 0).length;
  const first = newestFirst(ids, k);
  const floor = window.id === null ? null : Number(window.id);
  const whole = Number(window.n) < NAME_WALK;
  if (whole || walked >= k || floor === null || (first.length >= k && first[k - 1] >= floor)) return first;
  // Only name matches newer than the tier's k-th so far can still enter it. When those lie in a short range of
  // ids below the window, that range is read in order (`offset 0` keeps the planner from trading it for the
  // name indexes, whose estimate of a prefix is blind); otherwise the indexes, above that id.
  const above = first.length >= k ? first[k - 1] : undefined;
  const s = named.name!.scope;
  const more = await rowsOf<{ id: number }>(
    db,
    above !== undefined && floor - above <= RANGE_WALK
      ? sql`select ${patients.id} as id from (select ${patients.id}, ${patients.firstName}, ${patients.fatherName},
          ${patients.grandFatherName}, ${patients.externalSubjectId} from ${patients}
          where ${and(eq(patients.institutionId, s.institutionId), ...patientScope(s), sql`${patients.id} > ${above}`, sql`${patients.id} < ${floor}`)}
          order by ${patients.id} desc offset 0) as ${patients} where ${named.name!.cond} order by ${patients.id} desc limit ${k}`
      : sql`select id from ${named.sql(k, above)} as n`,
  );
  return newestFirst([...ids, ...more.map((r) => Number(r.id))], k);
}

/**
 * The search's first `k` ids in tier order (tier by tier; a later tier runs only while the earlier ones have
 * not given `k`; the any-part tier not at all when the exact tier found someone). Fewer than `k`: these are
 * all the matches.
 */
export async function searchIds(db: Db, plan: SearchPlan, k: number): Promise<number[]> {
  const seen = new Set<number>();
  const ids: number[] = [];
  let exactHit = false;
  // Tier 0 is always the exact one, tier 2 (when the term is long enough) the any-part one.
  for (const [i, tier] of plan.tiers.entries()) {
    if (ids.length >= k) break;
    // An identifier the term names exactly is what was asked for: no any-part matches (pg_trgm) after it.
    if (i === 2 && exactHit) break;
    for (const id of await tierIds(db, tier, k, exactHit)) {
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
    }
    if (i === 0) exactHit = ids.length > 0;
  }
  return ids.slice(0, k);
}

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

const planOf = (res: Record<string, unknown>[]) => {
  const plan = Object.values(res[0])[0];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[])[0].Plan;
};

/**
 * The largest part's expected matches: the planner's estimates (one EXPLAIN of all the parts, never run),
 * and for a name part, whose prefixes the planner cannot judge, the share of the newest participants it matches.
 */
async function largestPartEstimate(db: Db, plan: SearchPlan): Promise<number> {
  const parts = plan.tiers.flat();
  const top = planOf(
    await rowsOf<Record<string, unknown>>(
      db,
      sql`explain (format json) ${sql.join(
        parts.map((part, i) => sql`(select id from ${part.sql(undefined)} as ${sql.identifier(`p${i}`)})`),
        sql` union all `,
      )}`,
    ),
  );
  const children = top['Node Type'] === 'Append' && top.Plans ? top.Plans : [top];
  let most = Math.max(0, ...children.map((c) => c['Plan Rows']));
  for (const part of parts)
    if (part.name) most = Math.max(most, await walkEstimate(db, part.name.scope, part.name.cond));
  return most;
}

/**
 * How many participants the search matches, at most SEARCH_TOTAL_CAP + 1: exact up to the cap, but not
 * counted when a part is expected to match SEARCH_ESTIMATE_GATE or more ("more than the cap" is then
 * remembered for a few seconds, like a list's count, counts.ts). `key` names the search (institution, term,
 * filters).
 */
export async function searchCountAtMost(db: Db, plan: SearchPlan, key: string): Promise<number> {
  const max = SEARCH_TOTAL_CAP + 1;
  return rememberedCount(`search\u0000${key}`, max, async () => {
    if ((await largestPartEstimate(db, plan)) >= SEARCH_ESTIMATE_GATE) return max;
    return (await searchIds(db, plan, max)).length;
  });
}

/**
 * Participants whose name parts start with every word of the term, whose external subject id starts
 * with the term, or whose MRN or phone number contains it (starts with it when shorter than
 * ANY_PART_MIN), as a condition on one `patients` row for another list's filter (protocol participants).
 * A row test (correlated `exists` on the participant's own MRNs and phones), so the list that uses it
 * checks only its own rows and stops at its page: a fragment in every phone ('0900') never gathers the
 * institution's matches first.
 */
export function searchPatients(term: string): SQL {
  const { t, words, digits } = termOf(term);
  const whole = `${escapeLike(t)}%`;
  const mrnMatch =
    t.length >= ANY_PART_MIN
      ? sql`${patientMrns.mrn} ilike ${`%${escapeLike(t)}%`}`
      : sql`lower(${patientMrns.mrn}) like ${whole}`;
  const phonePattern = digits.length >= ANY_PART_MIN ? `%${escapeLike(digits)}%` : `${escapeLike(digits)}%`;
  const mrnHit = sql`exists (select 1 from ${patientMrns} where ${patientMrns.patientId} = ${patients.id} and ${patientMrns.isEnabled} and ${mrnMatch})`;
  // A term of only spaces and dashes has no digits: it must not match every phone number ('%').
  const phoneHit = digits
    ? sql`exists (select 1 from ${patientPhoneNumbers} where ${patientPhoneNumbers.patientId} = ${patients.id} and ${patientPhoneNumbers.isEnabled} and ${patientPhoneNumbers.phoneNumber} like ${phonePattern})`
    : sql`false`;
  const names = words.length ? sql.join(words.map(nameOf), sql` and `) : sql`false`;
  return sql`((${names}) or lower(${patients.externalSubjectId}) like ${whole} or ${mrnHit} or ${phoneHit})`;
}

/** Exact phone number lookup (spec 1 §7: patients?PhoneNumber). */
export function byPhone(institutionId: number, phone: string): SQL {
  return sql`${patients.id} = any(array(select ${patientPhoneNumbers.patientId} from ${patientPhoneNumbers}
    where ${and(eq(patientPhoneNumbers.institutionId, institutionId), eq(patientPhoneNumbers.phoneNumber, phone.replace(/[\s-]/g, '')), eq(patientPhoneNumbers.isEnabled, true))}))`;
}

/** Exact MRN lookup (any site). */
export function byMrn(institutionId: number, mrn: string): SQL {
  return sql`${patients.id} = any(array(select ${patientMrns.patientId} from ${patientMrns}
    where ${patientMrns.institutionId} = ${institutionId} and lower(${patientMrns.mrn}) = ${mrn.trim().toLowerCase()} and ${patientMrns.isEnabled}))`;
}
