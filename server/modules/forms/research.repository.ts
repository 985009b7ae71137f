import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { likePattern } from '../../platform/paging';
import { protocolTitleOf } from '../protocols';
import { answerKeys, fieldOptions, formFields, protocolForms, submittedForms } from './forms.table';

// Issue 32 item 3: the research catalogue's answer counts, as SQL it runs without naming this module's tables.

/** The list kinds (checkbox list, radio list, select list): their answers are options, never free text. */
const LIST_KINDS = sql.raw(`'CBL', 'RL', 'SL'`);

/**
 * Per option of a list question of a shareable, enabled questionnaire: how many of the samples `samples` selects
 * (columns `id, patient_id, protocol_id`) have a donor who chose it in an enabled submission of that questionnaire
 * in the sample's protocol. Only answers equal to one of the field's enabled options count (the normalised
 * answer keys, one per chosen value): a free-text answer never reaches a researcher. A sample counts once per
 * option however many submissions chose it. One grouped statement; submissions are found by the donor
 * (submitted_forms_patient_idx), their answers by (submission, field).
 */
export function shareableAnswerCounts(institutionId: number, samples: SQL): SQL {
  const f = protocolForms;
  const fld = formFields;
  const o = fieldOptions;
  const sf = submittedForms;
  const ak = answerKeys;
  return sql`select ${f.id} as form_id, ${f.name} as form_name, ${fld.id} as field_id, ${fld.prompt} as prompt,
      ${fld.ordinal} as field_ordinal, ${o.value} as value, ${o.ordinal} as option_ordinal,
      count(distinct e.id)::int as n
    from (${samples}) e
    join ${sf} on ${sf.institutionId} = ${institutionId}::int and ${sf.patientId} = e.patient_id
      and ${sf.collectionProtocolId} = e.protocol_id and ${sf.isEnabled}
    join ${f} on ${f.id} = ${sf.formId} and ${f.shareable} and ${f.isEnabled}
    join ${fld} on ${fld.formId} = ${f.id} and ${fld.isEnabled} and ${fld.kind} in (${LIST_KINDS})
    join ${ak} on ${ak.submissionId} = ${sf.id} and ${ak.fieldId} = ${fld.id}
    join ${o} on ${o.fieldId} = ${fld.id} and ${o.isEnabled} and lower(btrim(${o.value})) = ${ak.value}
    group by ${f.id}, ${f.name}, ${fld.id}, ${fld.prompt}, ${fld.ordinal}, ${o.id}, ${o.value}, ${o.ordinal}`;
}

// Issue 32 item 4: the query builder's questionnaire-answer picker, and the rule that bounds what a researcher may
// ask. Staff may name any enabled field of an enabled questionnaire; `sharedOnly` (researchers) narrows it to the
// catalogue's rule above: list fields of shareable questionnaires, answered by one of their enabled options.

const int = (n: number) => sql`${n}::int`;

/** The enabled fields of questionnaire `form` the caller may ask about. */
function askableField(fld: typeof formFields, form: SQL, sharedOnly: boolean): SQL {
  const kinds = sharedOnly ? sql` and ${fld.kind} in (${LIST_KINDS})` : sql``;
  return sql`${fld.formId} = ${form} and ${fld.isEnabled}${kinds}`;
}

export interface AskableForm {
  id: number;
  name: string;
  collectionProtocol: string | null;
  shareable: boolean;
}

/**
 * A page of the institution's enabled questionnaires holding at least one field the caller may ask about, by name
 * (`searchTerm`: in the name or the protocol's title; `fieldId`: the one holding that field). Two statements.
 */
export async function askableForms(
  db: Db,
  institutionId: number,
  sharedOnly: boolean,
  q: { searchTerm?: string; fieldId?: number; formId?: number; limit: number; offset: number },
): Promise<{ rows: AskableForm[]; total: number }> {
  const f = protocolForms;
  const fld = formFields;
  const title = protocolTitleOf(sql`${f.collectionProtocolId}`);
  const parts: SQL[] = [sql`${f.institutionId} = ${int(institutionId)}`, sql`${f.isEnabled}`];
  if (sharedOnly) parts.push(sql`${f.shareable}`);
  if (q.formId) parts.push(sql`${f.id} = ${int(q.formId)}`);
  const field = q.fieldId ? sql` and ${fld.id} = ${int(q.fieldId)}` : sql``;
  parts.push(sql`exists(select 1 from ${fld} where ${askableField(fld, sql`${f.id}`, sharedOnly)}${field})`);
  if (q.searchTerm) {
    const like = likePattern(q.searchTerm);
    parts.push(sql`(lower(${f.name}) like ${like} or lower(coalesce(${title}, '')) like ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<AskableForm>(
      db,
      sql`select ${f.id} as id, ${f.name} as name, ${title} as "collectionProtocol", ${f.shareable} as shareable
        from ${f} where ${where} order by lower(${f.name}), ${f.id} limit ${int(q.limit)} offset ${int(q.offset)}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${f} where ${where}`),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total: Number(count?.n ?? 0) };
}

export interface AskableField {
  id: number;
  label: string;
  kind: string;
  options: string[];
}

/** The fields of one questionnaire the caller may ask about, in order, with a list field's enabled options. */
export async function askableFields(db: Db, formId: number, sharedOnly: boolean): Promise<AskableField[]> {
  const fld = formFields;
  const o = fieldOptions;
  const rows = await rowsOf<{ id: number; label: string; kind: string; options: string[] | string }>(
    db,
    sql`select ${fld.id} as id, ${fld.prompt} as label, ${fld.kind} as kind,
        case when ${fld.kind} in (${LIST_KINDS}) then coalesce((select json_agg(${o.value} order by ${o.ordinal}, ${o.id})
          from ${o} where ${o.fieldId} = ${fld.id} and ${o.isEnabled}), '[]'::json) else '[]'::json end as options
      from ${fld} where ${askableField(fld, int(formId), sharedOnly)} order by ${fld.ordinal}, ${fld.id}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    label: r.label,
    kind: r.kind,
    options: typeof r.options === 'string' ? (JSON.parse(r.options) as string[]) : r.options,
  }));
}

/** One enabled questionnaire of the institution (shareable when `sharedOnly`), or undefined. */
export async function askableForm(db: Db, institutionId: number, formId: number, sharedOnly: boolean) {
  const { rows } = await askableForms(db, institutionId, sharedOnly, { limit: 1, offset: 0, formId });
  return rows[0];
}

/**
 * Of the answer criteria (field, value), the fields NOT answered by the catalogue's rule: a list field of an
 * enabled, shareable questionnaire of the institution, the value one of its enabled options (case and outer
 * spaces aside, as the criterion compares). One statement.
 */
export async function unsharedAnswerFields(
  db: Db,
  institutionId: number,
  answers: readonly { formFieldId: number; value: string }[],
): Promise<number[]> {
  if (!answers.length) return [];
  const f = protocolForms;
  const fld = formFields;
  const o = fieldOptions;
  const ids = sql.join(
    answers.map((a) => int(a.formFieldId)),
    sql`, `,
  );
  const values = sql.join(
    answers.map((a) => sql`${a.value}::text`),
    sql`, `,
  );
  const rows = await rowsOf<{ field_id: number }>(
    db,
    sql`select a.field_id from unnest(array[${ids}], array[${values}]) as a(field_id, value)
      where not exists(select 1 from ${fld} join ${f} on ${f.id} = ${fld.formId}
        join ${o} on ${o.fieldId} = ${fld.id} and ${o.isEnabled} and lower(btrim(${o.value})) = lower(btrim(a.value))
        where ${fld.id} = a.field_id and ${fld.institutionId} = ${int(institutionId)} and ${fld.isEnabled}
          and ${fld.kind} in (${LIST_KINDS}) and ${f.shareable} and ${f.isEnabled})`,
  );
  return rows.map((r) => Number(r.field_id));
}
