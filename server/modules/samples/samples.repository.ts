import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/context';
import type { Db } from '../../db/client';
import { likePattern } from '../../platform/paging';
import { collectedSamples } from './samples.table';
import { recordEvent } from './ledger';

// The samples module's read surface for other modules (orders, storage allocation): they never read its tables.

/** What another module needs to know of a sample before acting on it. */
export interface SampleRef {
  id: number;
  sampleId: string;
  patientId: number;
  collectionProtocolId: number;
  specimenTypeId: number;
  isEnabled: boolean;
}

export const refColumns = {
  id: collectedSamples.id, sampleId: collectedSamples.sampleId, patientId: collectedSamples.patientId,
  collectionProtocolId: collectedSamples.collectionProtocolId, specimenTypeId: collectedSamples.specimenTypeId, isEnabled: collectedSamples.isEnabled,
};

/** Samples of this institution by record id (another institution's ids are simply absent): who they came from, what they are, whether enabled. */
export async function sampleRefsOf(db: Db, institutionId: number, ids: number[]): Promise<SampleRef[]> {
  if (!ids.length) return [];
  return db.select(refColumns).from(collectedSamples).where(and(eq(collectedSamples.institutionId, institutionId), inArray(collectedSamples.id, ids)));
}

export async function sampleRefOf(db: Db, institutionId: number, id: number): Promise<SampleRef | null> {
  return (await sampleRefsOf(db, institutionId, [id]))[0] ?? null;
}

/** The kinds of history entry other modules write on a sample. */
export type ForeignSampleEventKind = 'allocated' | 'vacated';

/** Appends an entry to a sample's history, in the caller's transaction (its `summary` is the line a person reads). */
export async function appendSampleEvent(tx: Db, ctx: Ctx, sampleId: number, kind: ForeignSampleEventKind, detail: { summary: string; reason?: string | null }) {
  await recordEvent(tx, ctx, sampleId, kind, detail);
}

/**
 * A sample as a list shows it, for a query whose rows hold a sample id in `col`:
 * `{ id, sampleId, specimenType: {id, title}, collectionProtocolId }` or null.
 */
export const sampleSummaryOf = (col: SQL) => sql<{ id: number; sampleId: string; specimenType: { id: number; title: string | null } | null; collectionProtocolId: number } | null>`(
  select json_build_object('id', s.id, 'sampleId', s.sample_id, 'collectionProtocolId', s.collection_protocol_id,
    'specimenType', json_build_object('id', s.specimen_type_id, 'title', (select st.title from specimen_types st where st.id = s.specimen_type_id)))
  from collected_samples s where s.id = ${col})`;

/** The ids of the institution's samples of one protocol and specimen type, as a subquery. */
export const sameKindSampleIds = (institutionId: number, protocolId: number, specimenTypeId: number) => sql`(
  select s.id from collected_samples s
  where s.institution_id = ${institutionId} and s.collection_protocol_id = ${protocolId} and s.specimen_type_id = ${specimenTypeId})`;

/** SQL for the record ids of the institution's samples whose sample ID holds `term` (any case, a part of it). */
export const sampleIdsContaining = (inst: number, term: string) =>
  sql`(select s.id from collected_samples s where s.institution_id = ${inst} and lower(s.sample_id) like ${likePattern(term)})`;

/** SQL for the record ids of the institution's samples whose sample ID is `text` (any case; the unique index answers). */
export const sampleIdsNamed = (inst: number, text: string) =>
  sql`(select s.id from collected_samples s where s.institution_id = ${inst} and lower(s.sample_id) = ${text.toLowerCase()})`;

/** SQL for `{ id, sampleId }` of the sample a column points at, or null. */
export const sampleRefSql = (column: SQL) =>
  sql<{ id: number; sampleId: string } | null>`(select json_build_object('id', s.id, 'sampleId', s.sample_id) from collected_samples s where s.id = ${column})`;

/** A sample of the institution by its sample ID (any case; the unique index answers), or null. */
export async function sampleNamed(db: Db, inst: number, text: string) {
  const [row] = await db.select(refColumns).from(collectedSamples).where(and(eq(collectedSamples.institutionId, inst), sql`lower(${collectedSamples.sampleId}) = ${text.toLowerCase()}`)).limit(1);
  return row ?? null;
}
