import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ExportScope, exportWhere, type IdParam } from '../../platform/export-scope';
import { priorities, testResultRanges, tests, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { limsOrderedTestResultReleases, limsOrderedTestResults, limsOrderedTests, limsOrders } from './orders.table';
import { withResultJoins } from './results.repository';
import { qualified } from '../../platform/qualified';

// What the FHIR export (docs/fhir.md) reads of lab orders and released results: one statement each.

/** Orders with their priority and the titles of their enabled panels. */
export const exportOrders = async (db: Db, institutionId: number, scope: ExportScope) =>
  exportOrdersQuery(db, institutionId, scope);
export function exportOrdersQuery(db: Db, institutionId: IdParam, scope: ExportScope) {
  const o = limsOrders;
  const panelTitles = sql<
    string[]
  >`coalesce((select json_agg(p.title order by op.id) from lims_ordered_panels op join panels p on p.id = op.panel_id
    where op.lims_order_id = ${qualified(limsOrders.id)} and op.is_enabled), '[]'::json)`;
  return db
    .select({
      id: o.id,
      isEnabled: o.isEnabled,
      sampleId: o.sampleId,
      patientId: o.patientId,
      donorCode: o.donorCode,
      collectedSampleId: o.collectedSampleId,
      commentToLab: o.commentToLab,
      releaseRank: o.releaseRank,
      createdDate: o.createdDate,
      priority: sql<string | null>`${priorities.title}`,
      panelTitles,
    })
    .from(o)
    .leftJoin(priorities, eq(priorities.id, o.priorityId))
    .where(exportWhere(institutionId, scope, { institutionId: o.institutionId, id: o.id, patientId: o.patientId }))
    .orderBy(asc(o.id))
    .limit(scope.limit);
}

/** Released results (of these orders, or these results), with the test, its unit and the range in force when ordered. */
export async function exportReleasedResults(
  db: Db,
  institutionId: number,
  by: { orderIds?: number[]; ids?: number[] },
  limit: number,
) {
  if (!by.orderIds?.length && !by.ids?.length) return [];
  return exportReleasedResultsQuery(db, institutionId, by, limit);
}

/**
 * exportReleasedResults as a select builder; `ordersOf` reads the released results of the orders exportOrders
 * reads for that scope (in its limit), for a bundle's one statement.
 */
export function exportReleasedResultsQuery(
  db: Db,
  institutionId: IdParam,
  by: { orderIds?: number[]; ids?: number[]; ordersOf?: ExportScope },
  limit: number,
) {
  const t = limsOrderedTests;
  const q = db
    .select({
      id: limsOrderedTestResults.id,
      orderId: t.limsOrderId,
      testTitle: sql<string | null>`${tests.title}`,
      testCode: sql<string | null>`${tests.abbreviation}`,
      hasRange: sql<boolean>`${tests.hasRange}`,
      unitSymbol: sql<string | null>`${unitOfMeasurements.unitSymbol}`,
      unitName: sql<string | null>`${unitOfMeasurements.unitName}`,
      min: sql<number | null>`${testResultRanges.minimumValue}`,
      max: sql<number | null>`${testResultRanges.maximumValue}`,
      result: limsOrderedTestResults.result,
      flag: limsOrderedTestResults.flag,
      amended: limsOrderedTestResults.amended,
      comment: t.comment,
      releasedDate: limsOrderedTestResultReleases.releasedDate,
    })
    .from(t)
    .$dynamic();
  return withResultJoins(q)
    .where(
      and(
        eq(t.institutionId, institutionId),
        eq(t.isEnabled, true),
        by.orderIds ? inArray(t.limsOrderId, by.orderIds) : undefined,
        by.ids ? inArray(limsOrderedTestResults.id, by.ids) : undefined,
        by.ordersOf
          ? sql`${t.limsOrderId} in (select ${limsOrders.id} from ${limsOrders} where ${exportWhere(institutionId, by.ordersOf, { institutionId: limsOrders.institutionId, id: limsOrders.id, patientId: limsOrders.patientId })} order by ${limsOrders.id} limit ${by.ordersOf.limit})`
          : undefined,
        eq(limsOrderedTestResultReleases.isReleased, true),
        sql`${limsOrderedTestResults.result} is not null`,
      ),
    )
    .orderBy(asc(t.limsOrderId), asc(t.id))
    .limit(limit);
}
