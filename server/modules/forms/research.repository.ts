import { sql, type SQL } from 'drizzle-orm';
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
