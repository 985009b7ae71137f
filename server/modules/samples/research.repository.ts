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
