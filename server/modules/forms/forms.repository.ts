import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

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
 * filled from `fromDay` to `toDay` (YYYY-MM-DD, both included, UTC days) match it. One statement:
 * the submissions of the range are read once (index
 * submitted_forms_protocol_date_idx); the prompts as spelled on the protocols' forms (live fields and
 * filled versions) that match a rule are found first, so the answers are matched by plain text
 * equality (no lower() over every answer); those answers are read once (by submission id), every
 * rule is matched by a hash join on the prompt, and the distinct (rule, participant or submission)
 * pairs are counted. A checkbox list matches when any chosen value does; a checkbox answers Yes or No.
 */
export async function countAnswers(db: Db, institutionId: number, rules: AnswerRule[], fromDay: string, toDay: string): Promise<Map<number, number>> {
  const counts = new Map(rules.map((r) => [r.key, 0]));
  const live = rules.filter((r) => r.protocolIds.length);
  if (!live.length) return counts;
  // The protocol ids as one array literal (whole numbers only), so the range is read through submitted_forms_protocol_date_idx.
  const protocolIds = `{${[...new Set(live.flatMap((r) => r.protocolIds))].map((id) => Math.trunc(id)).join(',')}}`;
  const spec = JSON.stringify(live.map((r) => ({ k: r.key, prompt: r.prompt ? norm(r.prompt) : null, vals: r.values.map(norm), protocols: r.protocolIds, patients: r.distinctPatients })));
  const statement = sql`
    with d as (select * from jsonb_to_recordset(${spec}::jsonb) as d(k int, prompt text, vals text[], protocols int[], patients boolean)),
    s as materialized (
      select s.id, s.patient_id, s.collection_protocol_id as protocol_id from submitted_collection_protocol_forms s
      where s.institution_id = ${institutionId} and s.is_enabled and s.collection_protocol_id = any(${protocolIds}::int[])
        and s.created_date >= (${fromDay}::date)::timestamp at time zone 'UTC' and s.created_date < (${toDay}::date + 1)::timestamp at time zone 'UTC'),
    forms as (select fo.id from collection_protocol_forms fo where fo.institution_id = ${institutionId} and fo.collection_protocol_id = any(${protocolIds}::int[])),
    p as (
      select distinct x.raw, lower(btrim(x.raw)) as prompt from (
        select f.prompt as raw from collection_protocol_form_fields f where f.form_id in (select id from forms)
        union select e ->> 'prompt' from collection_protocol_form_versions ver, jsonb_array_elements(ver.fields) e where ver.form_id in (select id from forms)
      ) x where lower(btrim(x.raw)) in (select d.prompt from d)),
    a as materialized (
      select s.id, s.patient_id, s.protocol_id, p.prompt,
        case f.kind
          when 'CBL' then array(select lower(btrim(e)) from jsonb_array_elements_text(v.value::jsonb) e where btrim(e) <> '')
          when 'CB' then array[case v.value when 'true' then 'yes' else 'no' end]
          else case when btrim(v.value) = '' then '{}'::text[] else array[lower(btrim(v.value))] end
        end as vals
      from s join submitted_collection_protocol_form_values v on v.submission_id = s.id
      join p on p.raw = v.prompt
      join collection_protocol_form_fields f on f.id = v.field_id
      where v.institution_id = ${institutionId}),
    hits as (
      select d.k, case when d.patients then a.patient_id else a.id end as unit from d join a on a.prompt = d.prompt and a.protocol_id = any(d.protocols)
      where cardinality(a.vals) > 0 and (cardinality(d.vals) = 0 or a.vals && d.vals)
      union all
      select d.k, case when d.patients then s.patient_id else s.id end from d join s on s.protocol_id = any(d.protocols) where d.prompt is null)
    select d.k, count(u.unit)::int as n from d left join (select distinct k, unit from hits) u on u.k = d.k group by d.k`;
  // JIT compilation costs more than it saves on this statement (measured: 0.8 s of a 4.7 s run at 200k submissions).
  const res = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute(statement)) as unknown as { rows: { k: number; n: number }[] };
  });
  for (const r of res.rows) counts.set(Number(r.k), Number(r.n));
  return counts;
}
