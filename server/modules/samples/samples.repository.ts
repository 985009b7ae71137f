import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectedSamples } from './samples.table';

// Read-only helpers other modules (orders) use; they never read the samples tables themselves.

/** A sample of the institution by record id (null when there is none): who it came from and whether it is enabled. */
export async function sampleRefOf(db: Db, inst: number, id: number) {
  const [row] = await db.select({ id: collectedSamples.id, sampleId: collectedSamples.sampleId, patientId: collectedSamples.patientId, isEnabled: collectedSamples.isEnabled })
    .from(collectedSamples).where(and(eq(collectedSamples.id, id), eq(collectedSamples.institutionId, inst))).limit(1);
  return row ?? null;
}

/** SQL for the record ids of the institution's samples whose sample ID is `text` (any case; the unique index answers). */
export const sampleIdsNamed = (inst: number, text: string) =>
  sql`(select s.id from collected_samples s where s.institution_id = ${inst} and lower(s.sample_id) = ${text.toLowerCase()})`;

/** SQL for `{ id, sampleId }` of the sample a column points at, or null. */
export const sampleRefSql = (column: SQL) =>
  sql<{ id: number; sampleId: string } | null>`(select json_build_object('id', s.id, 'sampleId', s.sample_id) from collected_samples s where s.id = ${column})`;
