import { and, asc, eq, inArray, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRecords } from '../../platform/record-refs';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { qualified } from '../../platform/qualified';
import { protocolEvents, requirementItems, specimenRequirements } from './protocols.table';

// An event's specimen requirements and their trees of items (issue 12).

const unitSymbol = (unitId: Column) =>
  sql<string | null>`(select u.unit_symbol from unit_of_measurements u where u.id = ${qualified(unitId)})`;

/** The event's requirements (only `onlyIds` when given) with their lookups' titles in `language`, oldest first. */
export async function requirementRows(
  db: Db,
  institutionId: number,
  eventId: number,
  onlyIds?: number[],
  language?: string,
) {
  const where = and(
    eq(specimenRequirements.eventId, eventId),
    eq(specimenRequirements.institutionId, institutionId),
    onlyIds ? inArray(specimenRequirements.id, onlyIds) : undefined,
  );
  return (
    await selectRecords(db, specimenRequirements, {
      where,
      orderBy: asc(specimenRequirements.id),
      refs: [
        lookupJoin('unit', 'unitOfMeasurements', specimenRequirements.unitId),
        lookupJoin('specimenType', 'specimenTypes', specimenRequirements.specimenTypeId),
        lookupJoin('anatomicSite', 'anatomicSites', specimenRequirements.anatomicSiteId),
        lookupJoin('pathologicalStatus', 'pathologicalStatuses', specimenRequirements.pathologicalStatusId),
        lookupJoin('procedure', 'specimenCollectionProcedures', specimenRequirements.procedureId),
      ],
      extra: { unitSymbol: unitSymbol(specimenRequirements.unitId) },
      language,
    })
  ).rows;
}

/** All items of these requirements with their lookups' titles in `language`, oldest first (parents before children). */
export async function requirementItemRows(db: Db, requirementIds: number[], language?: string) {
  return (
    await selectRecords(db, requirementItems, {
      where: inArray(requirementItems.requirementId, requirementIds),
      orderBy: asc(requirementItems.id),
      refs: [
        lookupJoin('lineage', 'subSampleLineages', requirementItems.lineageId),
        lookupJoin('specimenType', 'specimenTypes', requirementItems.specimenTypeId),
        lookupJoin('unit', 'unitOfMeasurements', requirementItems.unitId),
      ],
      extra: { unitSymbol: unitSymbol(requirementItems.unitId) },
      language,
    })
  ).rows;
}

/** A requirement's stored items as rows, oldest first. */
export async function storedItemRows(db: Db, requirementId: number) {
  return db
    .select()
    .from(requirementItems)
    .where(eq(requirementItems.requirementId, requirementId))
    .orderBy(asc(requirementItems.id));
}

/** The requirement of this protocol (and of `eventId` when given), or undefined; `lock` holds it. */
export async function requirementRow(
  db: Db,
  institutionId: number,
  protocolId: number,
  requirementId: number,
  eventId: number | null,
  lock: boolean,
) {
  const q = db
    .select({ req: specimenRequirements })
    .from(specimenRequirements)
    .innerJoin(protocolEvents, eq(protocolEvents.id, specimenRequirements.eventId))
    .where(
      and(
        eq(specimenRequirements.id, requirementId),
        eq(specimenRequirements.institutionId, institutionId),
        eq(protocolEvents.collectionProtocolId, protocolId),
        eventId ? eq(specimenRequirements.eventId, eventId) : undefined,
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row?.req;
}

export async function insertRequirement(db: Db, values: typeof specimenRequirements.$inferInsert) {
  const [row] = await db.insert(specimenRequirements).values(values).returning();
  return row;
}

export async function insertRequirementItem(db: Db, values: typeof requirementItems.$inferInsert) {
  const [row] = await db.insert(requirementItems).values(values).returning();
  return row;
}
