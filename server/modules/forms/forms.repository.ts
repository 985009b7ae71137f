import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

// Counting answers for other modules (the screening indicator reports, docs/indicators.md) without
// them touching the forms tables: one query for every rule, computed in SQL.

export interface AnswerRule {
  /** The caller's key for this rule (returned with its count). */
  key: number;
  /** Submissions of these protocols count. */
  protocolIds: number[];
  /** The answered field by its prompt as filled (any case, trimmed); null: the submission itself counts. */
  prompt: string | null;
  /** Answers that count (any case, trimmed); empty: any non-empty answer. A checkbox answers Yes or No. */
  values: string[];
  /** Count distinct participants, or submissions. */
  distinctPatients: boolean;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * For each rule, how many participants (or submissions) of the institution's enabled submissions
 * filled from `fromDay` to `toDay` (YYYY-MM-DD, both included, UTC days) match it. One statement, a
 * branch per rule: a rule on a prompt reads only its matching answers from submitted_answer_keys
 * (kept by triggers, migration 0021) by an index range on (institution, protocol, normalised prompt,
 * normalised value, date) — an index-only scan; a rule without a prompt counts the range's
 * submissions (submitted_forms_protocol_date_idx). A checkbox list matches when any chosen value
 * does; a checkbox answers Yes or No; an empty answer never counts.
 */
export async function countAnswers(
  db: Db,
  institutionId: number,
  rules: AnswerRule[],
  fromDay: string,
  toDay: string,
): Promise<Map<number, number>> {
  const counts = new Map(rules.map((r) => [r.key, 0]));
  const live = rules.filter((r) => r.protocolIds.length);
  if (!live.length) return counts;
  const from = sql`(${fromDay}::date)::timestamp at time zone 'UTC'`;
  const to = sql`(${toDay}::date + 1)::timestamp at time zone 'UTC'`;
  // Protocol ids and values as array literals, so each branch is an index range the planner sees.
  const ints = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const texts = (vals: string[]) => `{${vals.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  const branches = live.map((r) =>
    r.prompt === null
      ? sql`select ${r.key}::int as k, count(distinct ${sql.raw(r.distinctPatients ? 's.patient_id' : 's.id')})::int as n from submitted_collection_protocol_forms s
        where s.institution_id = ${institutionId} and s.is_enabled and s.collection_protocol_id = any(${ints(r.protocolIds)}::int[])
          and s.created_date >= ${from} and s.created_date < ${to}`
      : sql`select ${r.key}::int as k, count(distinct ${sql.raw(r.distinctPatients ? 'a.patient_id' : 'a.submission_id')})::int as n from submitted_answer_keys a
        where a.institution_id = ${institutionId} and a.is_enabled and a.protocol_id = any(${ints(r.protocolIds)}::int[]) and a.prompt = ${norm(r.prompt)}
          ${r.values.length ? sql`and a.value = any(${texts([...new Set(r.values.map(norm))])}::text[])` : sql``}
          and a.created_date >= ${from} and a.created_date < ${to}`,
  );
  // JIT compilation costs more than it saves on these short scans (measured: 0.8 s of a 4.7 s run before the keys).
  const res = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<{ k: number; n: number }>(tx, sql.join(branches, sql` union all `));
  });
  for (const r of res) counts.set(Number(r.k), Number(r.n));
  return counts;
}
