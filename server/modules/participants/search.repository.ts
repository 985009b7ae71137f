import { and, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { rememberedCount } from '../../platform/counts';
import { inText } from '../../platform/in-text';
import { foldedNameColumns } from './folded-names.table';
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

/**
 * A name as its index holds it: lower case without combining marks ('Hélène' and 'helene' both 'helene'), the twin
 * of SQL's lims_fold (migration 0050; stored as the folded-names.table.ts columns): Unicode NFD, then the combining
 * diacritical marks U+0300-U+036F dropped.
 */
export const foldName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The term as searched: trimmed, lower case, at most 100 characters and 5 words (folded, for the names); the
 * phone form without spaces and dashes.
 */
function termOf(term: string) {
  const t = term.trim().toLowerCase().slice(0, 100);
  const words = foldName(t).split(/\s+/).filter(Boolean).slice(0, 5);
  const digits = t.replace(/[\s-]/g, '');
  return { t, words, digits, hasDigit: /\d/.test(digits) };
}

/** A folded word (foldName) starts one of the participant's name parts. */
export const nameWordMatches = (w: string) => {
  const p = `${escapeLike(w)}%`;
  return sql`(${sql.join(
    foldedNameColumns.map((c) => sql`${c} like ${p}`),
    sql` or `,
  )})`;
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

/**
 * How many of the newest participants the name statement (nameSearchSource) reads: a name found `k` times among
 * them (a page of 10: one participant in 50 or more) is answered there. Shorter than NAME_WALK because a rarer name
 * or no match at all (a search before registering someone) reads the whole walk and then runs the tiers: 2,000
 * rows cost such a search 1.5-1.8 ms more at a million participants.
 */
export const NAME_STATEMENT_WALK = 500;

/** What a name part's condition reads of a participant, for a walk over a derived table named `patients`. */
const walkColumns = sql`${patients.id}, ${sql.join(foldedNameColumns, sql`, `)}, ${patients.externalSubjectId}`;

/**
 * The newest NAME_WALK participants of the scope (newer than `above` when given), as `patients` (so `cond`'s
 * column names resolve to them).
 */
const newest = (s: SearchScope, above?: SQL) => sql`(select ${walkColumns} from ${patients}
  where ${and(eq(patients.institutionId, s.institutionId), ...patientScope(s), above && sql`${patients.id} > ${above}`)}
  order by ${patients.id} desc limit ${NAME_WALK}) as ${patients}`;

/** The scope's participants as a `where` on `patients`. */
const scopeWhere = (s: SearchScope) => and(eq(patients.institutionId, s.institutionId), ...patientScope(s));

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
    sql`explain (format json) select 1 from ${patients} where ${scopeWhere(s)}`,
  );
  return (m / n) * Math.max(n, planOf(c)['Plan Rows']);
}

/** A matching part of a search: its statement, and for a name part what its walk reads. */
interface Part {
  sql: PartSql;
  /** A name part (its `sql` is the index plan): what its walk reads. */
  name?: { scope: SearchScope; cond: SQL };
}

/**
 * A search's tiers, best first: exact, from the start (always one name part, `named`, besides `prefix`), and
 * (terms of ANY_PART_MIN or more) any part. `empty`: a blank term, which matches nothing.
 */
export interface SearchPlan {
  empty: boolean;
  exact: Part[];
  named: Part & { name: { scope: SearchScope; cond: SQL } };
  prefix: Part[];
  anyPart: Part[];
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
  const whole = `${escapeLike(t)}%`;
  const part = (sqlOf: PartSql): Part => ({ sql: sqlOf });
  const exact: Part[] = [
    part(childPart(s, patientMrns, sql`lower(${patientMrns.mrn}) = ${t}`)),
    part(patientPart(s, sql`lower(${patients.externalSubjectId}) = ${t}`)),
  ];
  const nameCond = sql`(${words.length ? sql.join(words.map(nameWordMatches), sql` and `) : sql`false`} or lower(${patients.externalSubjectId}) like ${whole})`;
  const named = { sql: patientPart(s, nameCond), name: { scope: s, cond: nameCond } };
  const prefix: Part[] = [part(childPart(s, patientMrns, sql`lower(${patientMrns.mrn}) like ${whole}`))];
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
  return { empty: !t, exact, named, prefix, anyPart };
}

const newestFirst = (ids: Iterable<number>, k: number) => [...new Set(ids)].sort((a, b) => b - a).slice(0, k);

type TierRow = { id: number | null; kind: number; n: number | string };
/** What a row of the first statement is (its `kind`). */
const EXACT = 0;
const WALKED = 1;
const WINDOW = 2;
const PREFIX = 3;
const NAMED = 4;

/**
 * The exact and the from-the-start tiers in one statement (issue 30: a search costs about what a first page
 * costs). Every part is `limit`ed to `k`; the from-the-start parts run only while the exact tier has fewer than
 * `k` (a one-time filter: PostgreSQL skips a gated part without reading it). The MRN and phone prefixes run
 * first (`o`, `kind` PREFIX); the name part then walks only the newest NAME_WALK participants newer than their
 * `k`-th (`b`: older names cannot enter the tier), at most `k` matches (`kind` WALKED): '0900' fills the tier
 * from the phone prefix and walks 11 names, not 2,000. The walk's window (its oldest id and size, `kind`
 * WINDOW, `v`) is read only when the walk found fewer than `k`. The name indexes (`kind` NAMED) are asked in
 * the same statement after an exact identifier match (the term is an identifier, not a common name: no walk),
 * and when the walk fell short of `k` in a full window with no `k`-th from the prefixes to bound it (a rare
 * name: 'Zzq'); the bounded cases are prefixTier's second statement.
 */
function firstTiersSql(plan: SearchPlan, k: number): SQL {
  const { scope, cond } = plan.named.name;
  const exact = sql.join(
    plan.exact.map((p, i) => sql`(select id from ${p.sql(k)} as ${sql.identifier(`e${i}`)})`),
    sql` union all `,
  );
  const others = sql.join(
    plan.prefix.map((p, i) => sql`(select id from ${p.sql(k)} as ${sql.identifier(`p${i}`)} where (select go from g))`),
    sql` union all `,
  );
  const walking = sql`(select go and not hit from g)`;
  const above = sql`(select above from b)`;
  return sql`with e as materialized (${exact}),
  g as materialized (select count(distinct id) < ${k} as go, count(*) > 0 as hit from e),
  o as materialized (${others}),
  b as materialized (select coalesce((select id from (select distinct id from o) as d order by id desc offset ${k - 1} limit 1), 0) as above),
  w as materialized (select ${patients.id} as id from ${newest(scope, above)} where ${cond} and ${walking}
    order by ${patients.id} desc limit ${k}),
  v as materialized (select min(id) as id, count(*) as n from (select ${patients.id} as id from ${patients}
    where ${and(scopeWhere(scope), sql`${patients.id} > ${above}`)} order by ${patients.id} desc limit ${NAME_WALK}) as win
    where ${walking} and (select count(*) from w) < ${k})
select id, ${inText(EXACT)} as kind, 0::bigint as n from e
union all select id, ${inText(PREFIX)}, 0 from o
union all select id, ${inText(WALKED)}, 0 from w
union all select id, ${inText(WINDOW)}, n from v
union all (select id, ${inText(NAMED)}, 0 from ${plan.named.sql(k)} as nx where (select go from g)
  and ((select hit from g) or ((select n from v) >= ${NAME_WALK} and (select count(distinct id) from o) < ${k})))`;
}

/**
 * The from-the-start tier's first `k` ids, newest first, from the first statement's rows. When the name part's
 * walk found fewer than `k`, the window was not the whole scope, and the tier's `k`-th newest so far is older
 * than the window, the walk may have missed one of them: only name matches newer than that `k`-th can still
 * enter the tier. When those lie in a short range of ids below the window, that range is read in order
 * (`offset 0` keeps the planner from trading it for the name indexes, whose estimate of a prefix is blind);
 * otherwise the indexes, above that id. (A phone prefix of '09' fills the tier with participants inside the
 * window: the name indexes are never asked.) When the window held no match at all, the term is rare among the
 * newest names and the range is read through the name indexes, intersected with the id range: `+ 0` keeps the
 * planner from walking the primary key backwards and testing every row, as its blind estimate of a name prefix
 * (0.01 %) makes it choose. A burst of registrations with other names above the MRN and phone matches made
 * '0900' read the burst row by row (16,592 ids, 77 ms at full size); through the indexes 0.15 ms ('09', whose
 * 8,600 hex-name matches the bitmap holds: 3.2 ms). The range walk stays for a term the window does match.
 */
async function prefixTier(db: Db, plan: SearchPlan, k: number, rows: TierRow[], hit: boolean): Promise<number[]> {
  const ids = rows
    .filter((r) => (r.kind === WALKED || r.kind === PREFIX || r.kind === NAMED) && r.id !== null)
    .map((r) => Number(r.id));
  const first = newestFirst(ids, k);
  if (hit) return first;
  const walked = rows.filter((r) => r.kind === WALKED).length;
  const window = rows.find((r) => r.kind === WINDOW);
  const floor = window?.id == null ? null : Number(window.id);
  const whole = Number(window?.n ?? 0) < NAME_WALK;
  if (whole || walked >= k || floor === null || (first.length >= k && first[k - 1] >= floor)) return first;
  // The statement asked the name indexes itself (the walk fell short with no k-th from the MRN and phone prefixes).
  if (new Set(rows.filter((r) => r.kind === PREFIX && r.id !== null).map((r) => Number(r.id))).size < k) return first;
  const above = first.length >= k ? first[k - 1] : undefined;
  const { scope: s, cond } = plan.named.name;
  const more = await rowsOf<{ id: number }>(
    db,
    above !== undefined && walked === 0
      ? sql`select ${patients.id} as id from ${patients}
          where ${and(scopeWhere(s), cond, sql`${patients.id} > ${above}`, sql`${patients.id} < ${floor}`)}
          order by ${patients.id} + 0 desc limit ${k}`
      : above !== undefined && floor - above <= RANGE_WALK
        ? sql`select ${patients.id} as id from (select ${walkColumns} from ${patients}
          where ${and(scopeWhere(s), sql`${patients.id} > ${above}`, sql`${patients.id} < ${floor}`)}
          order by ${patients.id} desc offset 0) as ${patients} where ${cond} order by ${patients.id} desc limit ${k}`
        : sql`select id from ${plan.named.sql(k, above)} as n`,
  );
  return newestFirst([...ids, ...more.map((r) => Number(r.id))], k);
}

/**
 * The search's first `k` ids in tier order: the exact and from-the-start tiers in one statement (firstTiersSql),
 * the name indexes only when the walk may have missed a match (prefixTier), and the any-part tier only while
 * the page is not full and no identifier equals the term. Fewer than `k`: these are all the matches.
 */
export async function searchIds(db: Db, plan: SearchPlan, k: number): Promise<number[]> {
  if (plan.empty) return [];
  const rows = (await rowsOf<TierRow>(db, firstTiersSql(plan, k))).map((r) => ({ ...r, kind: Number(r.kind) }));
  const exact = newestFirst(
    rows.filter((r) => r.kind === EXACT && r.id !== null).map((r) => Number(r.id)),
    k,
  );
  if (exact.length >= k) return exact;
  const hit = exact.length > 0;
  const seen = new Set(exact);
  const ids = [...exact];
  const add = (more: number[]) => {
    for (const id of more)
      if (!seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
  };
  add(await prefixTier(db, plan, k, rows, hit));
  // An identifier the term names exactly is what was asked for: no any-part matches (pg_trgm) after it.
  if (ids.length < k && !hit && plan.anyPart.length) {
    const any = await rowsOf<{ id: number }>(
      db,
      sql.join(
        plan.anyPart.map((p, i) => sql`(select id from ${p.sql(k)} as ${sql.identifier(`a${i}`)})`),
        sql` union all `,
      ),
    );
    add(
      newestFirst(
        any.map((r) => Number(r.id)),
        k,
      ),
    );
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
  if (plan.empty) return 0;
  const parts = [...plan.exact, plan.named, ...plan.prefix, ...plan.anyPart];
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
  const names = words.length ? sql.join(words.map(nameWordMatches), sql` and `) : sql`false`;
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

/** Parts of an identifier search's statement read at most this many index entries each (it answers only below it). */
export const IDENTIFIER_PART_CAP = 20;

/** A one-statement search answers one word on the whole list (no IsEnabled, PhoneNumber or MRN filter). */
const oneWordOnWholeList = (s: SearchScope, words: string[]) =>
  s.isEnabled === undefined && !s.also?.length && words.length === 1;

/** The values of identifierSearchSource for a search, or null when the term does not look like an identifier. */
export function identifierSearchValues(s: SearchScope, term: string, k: number, offset: number, size: number) {
  const { t, words, digits, hasDigit } = termOf(term);
  // 6 characters or more with a digit (an MRN, a phone number, an external subject id).
  if (!oneWordOnWholeList(s, words) || t.length < 6 || !hasDigit) return null;
  return { inst: s.institutionId, t, digits, w: words[0], k, first: offset, last: offset + size };
}

/** The values of nameSearchSource for a search, or null when the term is not one word without a digit. */
export function nameSearchValues(s: SearchScope, term: string, k: number, offset: number, size: number) {
  const { t, words, hasDigit } = termOf(term);
  // A name ('Abebe'): no digit (a digit term may match phone numbers, which the name statement leaves out).
  if (!oneWordOnWholeList(s, words) || hasDigit) return null;
  return { inst: s.institutionId, t, w: words[0], k, first: offset, last: offset + size };
}

type OneStatementValue = keyof NonNullable<ReturnType<typeof identifierSearchValues>>;
const v = (name: OneStatementValue) => sql.placeholder(name);
const cap = inText(IDENTIFIER_PART_CAP);

/**
 * The entries of a prefix index from `start` on, in its order (`~>=~`, ordered `using ~<~`, as text_pattern_ops
 * orders it), at most IDENTIFIER_PART_CAP, read only when `gate` holds: the part's ids and whether each starts with
 * `start`. The values starting with it come first, so the part is whole when it read fewer than the cap, or one that
 * does not start with it. One plan fits every value (the same ordered index reads whatever the term), so PostgreSQL
 * keeps its generic plan; a `like $1` or a range with two parameters has none that fits (a generic plan of `like $1`
 * walked a million MRNs).
 */
const ordered = (part: number, id: SQL, from: SQL, value: SQL, where: SQL, start: Placeholder, gate: SQL) =>
  sql`(select id, ${inText(part)} as part, starts_with(v, ${start}) as hit from (select ${id} as id, ${value} as v
    from ${from} where ${where} and ${value} ~>=~ ${start} and ${gate} order by ${value} using ~<~ limit ${cap}) as o)`;

/** A prefix part that reached the cap with every entry a match (so more may follow): the search is not final. */
const cappedPart = (x: string) =>
  sql`exists (select 1 from ${sql.identifier(x)} group by part having count(*) >= ${cap} and bool_and(hit))`;

const mrnWhere = sql`${patientMrns.institutionId} = ${v('inst')} and ${patientMrns.isEnabled}`;
const phoneWhere = sql`${patientPhoneNumbers.institutionId} = ${v('inst')} and ${patientPhoneNumbers.isEnabled}`;
const patientWhere = sql`${patients.institutionId} = ${v('inst')}`;
/** The participants whose MRN (any site) equals the term, at most `cap`. */
const exactMrn = sql`(select ${patientMrns.patientId} as id, 1 as part from ${patientMrns} where ${mrnWhere}
  and lower(${patientMrns.mrn}) = ${v('t')} limit ${cap})`;
const exactExternalId = sql`(select ${patients.id}, 2 from ${patients} where ${patientWhere}
  and lower(${patients.externalSubjectId}) = ${v('t')} limit ${cap})`;
const mrnPrefix = (gate: SQL) =>
  ordered(
    4,
    sql`${patientMrns.patientId}`,
    sql`${patientMrns}`,
    sql`lower(${patientMrns.mrn})`,
    mrnWhere,
    v('t'),
    gate,
  );

/**
 * The end both one-statement searches share, after CTEs `r` (the first `k` ids and their place `pos`) and `s`
 * (`final`): `final`; on its first row `ids`, the first `k` ids; and the page's `id`s with their place `pos`.
 */
const rankedPage = sql`select s.final,
  case when s.final and (p.pos is null or p.pos = ${v('first')} + 1) then (select array_agg(id order by pos) from r) end as ids,
  p.id, p.pos
from s left join lateral (select id, pos from r where s.final and pos > ${v('first')} and pos <= ${v('last')}) as p on true`;

/**
 * A search for a term that may be an identifier (identifierSearchValues) in one statement with placeholders only, so
 * it is prepared by name and planned once (issue 30: planning the tiers statement for each request was 0.5-0.9 ms of
 * an MRN search's 2 ms). It answers (`final`) only when an identifier equals the term and every prefix part was read
 * whole: then the search's tiers are the exact one and the from-the-start one (MRN and phone prefixes, the three
 * names and the external subject ID; no any-part tier after an exact match), so the newest `k` of each part are what
 * searchIds' limited parts read, in the same order (exact first, newest first within a tier). Each prefix part is
 * read `ordered`. Otherwise (no exact match, a part whole not read) `final` is false and the search runs as before.
 * A derived table (rankedPage).
 */
export function identifierSearchSource(): SQL {
  const gate = sql`(select hit from h)`;
  const names = foldedNameColumns.map((col, i) =>
    ordered(6 + i, sql`${patients.id}`, sql`${patients}`, sql`${col}`, patientWhere, v('w'), gate),
  );
  return sql`(with e as materialized (${exactMrn} union all ${exactExternalId}
    union all (select ${patientPhoneNumbers.patientId}, 3 from ${patientPhoneNumbers} where ${phoneWhere}
      and ${patientPhoneNumbers.phoneNumber} = ${v('digits')} limit ${cap})),
  h as materialized (select count(*) > 0 as hit from e),
  x as materialized (${mrnPrefix(gate)}
    union all ${ordered(5, sql`${patientPhoneNumbers.patientId}`, sql`${patientPhoneNumbers}`, sql`${patientPhoneNumbers.phoneNumber}`, phoneWhere, v('digits'), gate)}
    union all ${sql.join(names, sql` union all `)}
    union all ${ordered(9, sql`${patients.id}`, sql`${patients}`, sql`lower(${patients.externalSubjectId})`, patientWhere, v('t'), gate)}),
  r as materialized (select id, row_number() over (order by min(tier), id desc) as pos
    from (select id, 0 as tier from e union all select id, 1 from x where hit) as u
    group by id order by min(tier), id desc limit ${v('k')}),
  s as materialized (select ${gate} and not exists (select 1 from e group by part having count(*) >= ${cap})
    and not ${cappedPart('x')} as final)
${rankedPage})`;
}

/**
 * A name search (nameSearchValues: 'Abebe') in one statement with placeholders only, prepared by name and planned
 * once (issue 30 item 7: on PGlite the tiers statement was planned for each request, about half its 3 ms, and the
 * page's records were a second statement). It answers (`final`) when no identifier equals the term, the MRN prefix
 * part was read whole (`ordered`), and the newest NAME_STATEMENT_WALK participants hold at least `k` whose name part
 * starts with the word or whose external subject ID starts with the term. Then the from-the-start tier's newest `k` are the
 * newest `k` of those and of the MRN prefix matches: a name match outside the walk is older than the walk's `k`-th.
 * The tier then holds `k`, so the any-part tier is never reached: the same ids, in the same order, as searchIds. A
 * rare name (the walk finds fewer) or an exact identifier gives `final` false, and the search runs as before. A
 * derived table (rankedPage).
 */
export function nameSearchSource(): SQL {
  const gate = sql`(select not hit from h)`;
  const named = sql`(${sql.join(
    foldedNameColumns.map((c) => sql`starts_with(${c}, ${v('w')})`),
    sql` or `,
  )} or starts_with(lower(${patients.externalSubjectId}), ${v('t')}))`;
  // The walk's length is written in (inText): bound, at a million participants PostgreSQL kept planning for the
  // values, 3.5 ms of planning on each search.
  return sql`(with e as materialized (${exactMrn} union all ${exactExternalId}),
  h as materialized (select count(*) > 0 as hit from e),
  x as materialized (${mrnPrefix(gate)}),
  w as materialized (select ${patients.id} as id from (select ${walkColumns} from ${patients} where ${patientWhere}
    order by ${patients.id} desc limit ${inText(NAME_STATEMENT_WALK)}) as ${patients} where ${named} and ${gate}
    order by ${patients.id} desc limit ${v('k')}),
  r as materialized (select id, row_number() over (order by id desc) as pos
    from (select id from w union select id from x where hit) as u order by id desc limit ${v('k')}),
  s as materialized (select ${gate} and (select count(*) from w) >= ${v('k')} and not ${cappedPart('x')} as final)
${rankedPage})`;
}
