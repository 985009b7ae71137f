import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ExportScope, exportWhere, type IdParam } from '../../platform/export-scope';
import { specimenTypes, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { collectedSamples } from './samples.table';
import { qualified } from '../../platform/qualified';

// What the FHIR export (docs/fhir.md) reads of collected samples: one statement for any number of them.

/** Samples with their specimen type, unit and parent's sample ID. */
export const exportSamples = async (db: Db, institutionId: number, scope: ExportScope) =>
  exportSamplesQuery(db, institutionId, scope);
export function exportSamplesQuery(db: Db, institutionId: IdParam, scope: ExportScope) {
  const s = collectedSamples;
  return db
    .select({
      id: s.id,
      isEnabled: s.isEnabled,
      protocolId: s.collectionProtocolId,
      enrolmentId: s.participantId,
      patientId: s.patientId,
      sampleId: s.sampleId,
      kind: s.kind,
      specimenType: sql<string | null>`${specimenTypes.title}`,
      specimenTypeCode: sql<string | null>`${specimenTypes.abbreviation}`,
      collectedAmount: s.collectedAmount,
      remainingAmount: s.remainingAmount,
      unitName: sql<string | null>`${unitOfMeasurements.unitName}`,
      unitSymbol: sql<string | null>`${unitOfMeasurements.unitSymbol}`,
      collectedDate: s.collectedDate,
      collectedTime: s.collectedTime,
      parentId: s.parentId,
      parentSampleId: sql<
        string | null
      >`(select p.sample_id from collected_samples p where p.id = ${qualified(collectedSamples.parentId)})`,
    })
    .from(s)
    .leftJoin(specimenTypes, eq(specimenTypes.id, s.specimenTypeId))
    .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, s.unitId))
    .where(
      exportWhere(institutionId, scope, {
        institutionId: s.institutionId,
        id: s.id,
        patientId: s.patientId,
        protocolId: s.collectionProtocolId,
      }),
    )
    .orderBy(asc(s.id))
    .limit(scope.limit);
}

/** The ids exportSamples reads for this scope, in its order and limit (a sub-select, for where those samples are stored). */
export const sampleIdsOf = (institutionId: IdParam, scope: ExportScope) => {
  const s = collectedSamples;
  return sql`select ${s.id} from ${s} where ${exportWhere(institutionId, scope, { institutionId: s.institutionId, id: s.id, patientId: s.patientId, protocolId: s.collectionProtocolId })} order by ${s.id} limit ${scope.limit}`;
};
