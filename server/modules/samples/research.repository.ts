import { sql, type SQL } from 'drizzle-orm';
import { collectedSamples as s } from './samples.table';

// Issue 32: the samples a research step may offer, as a sub-select other modules compose without naming this
// module's table. Which samples qualify is the caller's rule (distribution/eligibility.repository.ts).

/** The columns of a sample a research rule decides by (outer references for correlated sub-selects). */
export interface ResearchSampleColumns {
  participantId: SQL;
  patientId: SQL;
  collectedDate: SQL;
  collectedTime: SQL;
}

/** `select id from collected_samples where` the institution's enabled samples satisfy `rule(columns)`. */
export function researchSampleIds(institutionId: number, rule: (columns: ResearchSampleColumns) => SQL): SQL {
  const condition = rule({
    participantId: sql`${s.participantId}`,
    patientId: sql`${s.patientId}`,
    collectedDate: sql`${s.collectedDate}`,
    collectedTime: sql`${s.collectedTime}`,
  });
  return sql`select ${s.id} from ${s} where ${s.institutionId} = ${institutionId}::int and ${s.isEnabled} and ${condition}`;
}

/**
 * The facts the research catalogue groups by (issue 32 item 3) of the samples whose ids `sampleIds` selects
 * (the eligibility rule's sub-select): `id, patient_id, protocol_id, event_id, specimen_type_id,
 * remaining_amount, unit_id`. No sample ID, donor or date: the catalogue says what is available, never whose.
 */
export function researchSampleFacts(sampleIds: SQL): SQL {
  return sql`select ${s.id} as id, ${s.patientId} as patient_id, ${s.collectionProtocolId} as protocol_id,
    ${s.collectionProtocolEventId} as event_id, ${s.specimenTypeId} as specimen_type_id,
    ${s.remainingAmount} as remaining_amount, ${s.unitId} as unit_id
    from ${s} where ${s.id} in (${sampleIds})`;
}

/**
 * The samples whose ids `sampleIds` selects as staff pick them for a research request (issue 32 item 5): `id,
 * sample_id, specimen_type_id, remaining_amount, unit_id, collected_date` (text) of the institution's samples. The lab's sample ID,
 * never the donor; researcher answers never use it.
 */
export function researchPickRows(institutionId: number, sampleIds: SQL): SQL {
  return sql`select ${s.id} as id, ${s.sampleId} as sample_id, ${s.specimenTypeId} as specimen_type_id,
    ${s.remainingAmount} as remaining_amount, ${s.unitId} as unit_id, ${s.collectedDate}::text as collected_date
    from ${s} where ${s.institutionId} = ${institutionId}::int and ${s.id} in (${sampleIds})`;
}

/**
 * What a distribution's export says of each sample whose id `sampleIds` selects (issue 32 item 6, docs/research.md
 * "Export of a distribution"): `id, event_id, specimen_type_id, unit_id, collected_month` (YYYY-MM: the day is left
 * out, see the doc) and `purposes`, the caller's reading of the donor's consent (`purposes(columns)`). No sample ID,
 * donor or exact date.
 */
export function researchExportFacts(
  institutionId: number,
  sampleIds: SQL,
  purposes: (columns: ResearchSampleColumns) => SQL,
): SQL {
  const granted = purposes({
    participantId: sql`${s.participantId}`,
    patientId: sql`${s.patientId}`,
    collectedDate: sql`${s.collectedDate}`,
    collectedTime: sql`${s.collectedTime}`,
  });
  return sql`select ${s.id} as id, ${s.collectionProtocolEventId} as event_id, ${s.specimenTypeId} as specimen_type_id,
    ${s.unitId} as unit_id, to_char(${s.collectedDate}, 'YYYY-MM') as collected_month, ${granted} as purposes
    from ${s} where ${s.institutionId} = ${institutionId}::int and ${s.id} in (${sampleIds})`;
}
