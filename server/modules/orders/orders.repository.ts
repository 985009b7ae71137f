import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RELEASE_STATES, type OrderSort, type ReleaseState } from '../../../contract/orders.contract';
import type { SeekPagingQuery, SortDirection } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { offsetOf } from '../../platform/paging';
import { selectRecords, type RecordRow } from '../../platform/record-refs';
import { preparedStatements } from '../../platform/statement-cache';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { panelTests, panels, testResultRanges } from '../../platform/lookups/lookup.tables';
import { cheapCount } from '../../platform/counts';
import { qualified } from '../../platform/qualified';
import { siteJoin } from '../institutions';
import { patientColumnsOf } from '../participants';
import { sampleIdsNamed, sampleRefSql } from '../samples';
import {
  limsOrderedPanels,
  limsOrderedTestResultReleases,
  limsOrderedTestResults,
  limsOrderedTests,
  limsOrders,
  sampleIdCounters,
} from './orders.table';

// The orders module's SQL about orders and their placement; results are in results.repository.ts,
// the stored release state in release-state.repository.ts, the FHIR export's reads in fhir.repository.ts.

const refs = () => [
  lookupJoin('priority', 'priorities', limsOrders.priorityId),
  lookupJoin('paymentCategory', 'paymentCategories', limsOrders.paymentCategoryId),
  siteJoin('institutionSite', limsOrders.institutionSiteId, 'o_site'),
];
/** The order's participant, read through the participants module (its tables are its own). */
const orderPatient = patientColumnsOf(qualified(limsOrders.patientId));
const extra = {
  patient: orderPatient.card,
  patientMRN: orderPatient.mrn,
  orderedPanels: sql<
    string[]
  >`coalesce((select json_agg(pn.title order by op.id) from lims_ordered_panels op join panels pn on pn.id = op.panel_id where op.lims_order_id = ${qualified(limsOrders.id)} and op.is_enabled), '[]'::json)`,
  priorityUrgency: sql<number>`coalesce("j_priority"."urgency", 0)`,
  releaseState: sql<ReleaseState>`(array['pending', 'partly', 'released'])[${qualified(limsOrders.releaseRank)} + 1]`,
  collectedSample: sampleRefSql(qualified(limsOrders.collectedSampleId)),
};

/** An order as the list and the summary show it (the contract's OrderSummary, with the stored columns besides). */
export type OrderSummaryRow = RecordRow<
  typeof limsOrders,
  'priority' | 'paymentCategory' | 'institutionSite',
  typeof extra
>;

export interface OrderFilters {
  sampleId?: string;
  patientId?: number;
  collectedSampleId?: number;
  collectedSample?: string;
  mrn?: string;
  releaseState?: ReleaseState;
  sortBy?: OrderSort;
  sortDirection?: SortDirection;
}

/** A page of the institution's orders (a cursor `after` only with the date sort: the service checks it). */
export async function listOrders(db: Db, inst: number, q: SeekPagingQuery, f: OrderFilters, language?: string) {
  const parts: SQL[] = [eq(limsOrders.institutionId, inst)];
  if (q.isEnabled !== undefined) parts.push(eq(limsOrders.isEnabled, q.isEnabled));
  if (f.sampleId) parts.push(sql`lower(${limsOrders.sampleId}) = ${f.sampleId.toLowerCase()}`);
  if (f.patientId) parts.push(eq(limsOrders.patientId, f.patientId));
  if (f.collectedSampleId) parts.push(eq(limsOrders.collectedSampleId, f.collectedSampleId));
  if (f.collectedSample) parts.push(sql`${limsOrders.collectedSampleId} in ${sampleIdsNamed(inst, f.collectedSample)}`);
  if (f.mrn) parts.push(orderPatient.withMrn(inst, f.mrn));
  if (q.searchTerm)
    parts.push(
      sql`lower(${limsOrders.sampleId}) like ${`${q.searchTerm.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  if (f.releaseState) parts.push(eq(limsOrders.releaseRank, RELEASE_STATES.indexOf(f.releaseState)));
  // Sample ID, collected sample and MRN are equalities: one plan fits every value. A search term is a prefix pattern.
  const page = {
    where: and(...parts),
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: refs(),
    extra,
    genericPlan: !q.searchTerm,
    language,
  };
  const dir = f.sortDirection ?? 'desc';
  // Ordered date is id order: that sort keeps keyset paging (After=). The others page by offset,
  // newest first within the same priority or release state.
  if (!f.sortBy || f.sortBy === 'createdDate')
    return selectRecords(db, limsOrders, {
      ...page,
      byId: { desc: dir === 'desc', after: q.after },
      // The whole list (no search or filter): page N by number seeks from page-anchors.ts.
      ...(parts.length === 1 ? { wholeScope: { column: limsOrders.institutionId, value: inst } } : {}),
    });
  const by = dir === 'desc' ? desc : asc;
  // Release state is stored and indexed with the id (release-state.repository.ts): ties follow the direction, so
  // "pending first" is oldest first (the lab's queue) and either way is one index scan.
  if (f.sortBy === 'releaseState')
    return selectRecords(db, limsOrders, { ...page, orderBy: [by(limsOrders.releaseRank), by(limsOrders.id)] });
  // Urgency lives on the priority (an administrator may change it): joined and sorted, newest first within one.
  return selectRecords(db, limsOrders, {
    ...page,
    orderBy: [by(sql`coalesce("j_priority"."urgency", 0)`), desc(limsOrders.id)],
  });
}

export async function orderSummary(
  db: Db,
  inst: number,
  orderId: number,
  language?: string,
): Promise<OrderSummaryRow | undefined> {
  const page = await selectRecords(db, limsOrders, {
    where: and(eq(limsOrders.id, orderId), eq(limsOrders.institutionId, inst)),
    orderBy: limsOrders.id,
    limit: 1,
    refs: refs(),
    extra,
    language,
  });
  return page.rows[0];
}

/** The dashboard count: exact up to 10,000, above it the planner's estimate (isEstimate; platform/counts.ts). */
export const countOrders = (db: Db, inst: number) =>
  cheapCount(db, () =>
    db
      .select({ id: limsOrders.id })
      .from(limsOrders)
      .where(and(eq(limsOrders.institutionId, inst), eq(limsOrders.isEnabled, true)))
      .$dynamic(),
  );

/** An order by id and institution, prepared by name (issue 30: every result save and order change reads it first). */
const findOrderStatement = preparedStatements('orders.find', (db: Db) =>
  db
    .select()
    .from(limsOrders)
    .where(and(eq(limsOrders.id, sql.placeholder('orderId')), eq(limsOrders.institutionId, sql.placeholder('inst'))))
    .limit(1),
);

/** The order of this institution, or undefined. */
export async function findOrder(db: Db, inst: number, orderId: number) {
  const [o] = await findOrderStatement(db, '', true).execute({ orderId, inst });
  return o;
}

/** The institution's next daily number for generated sample IDs on `day` (YYYY-MM-DD): an atomic upsert. */
export async function nextSampleNumber(db: Db, inst: number, day: string) {
  const [r] = await db
    .insert(sampleIdCounters)
    .values({ institutionId: inst, day, last: 1 })
    .onConflictDoUpdate({
      target: [sampleIdCounters.institutionId, sampleIdCounters.day],
      set: { last: sql`${sampleIdCounters.last} + 1` },
    })
    .returning({ last: sampleIdCounters.last });
  return r.last;
}

/** Whether an order of the institution has this sample ID (any case). */
export async function sampleIdTaken(db: Db, inst: number, sampleId: string) {
  const [taken] = await db
    .select({ id: limsOrders.id })
    .from(limsOrders)
    .where(and(eq(limsOrders.institutionId, inst), sql`lower(${limsOrders.sampleId}) = ${sampleId.toLowerCase()}`))
    .limit(1);
  return taken !== undefined;
}

export async function insertOrderRow(db: Db, values: typeof limsOrders.$inferInsert) {
  const [row] = await db.insert(limsOrders).values(values).returning();
  return row;
}

/** A panel of the institution: its title and whether it is enabled. */
export async function panelOf(db: Db, inst: number, panelId: number) {
  const [panel] = await db
    .select({ title: sql<string>`${panels.title}`, isEnabled: panels.isEnabled })
    .from(panels)
    .where(and(eq(panels.id, panelId), eq(panels.institutionId, inst)))
    .limit(1);
  return panel;
}

/** The distinct ids of the panel's enabled tests. */
export async function enabledPanelTestIds(db: Db, inst: number, panelId: number) {
  const rows = await db
    .select({ testId: sql<number>`${panelTests.testId}` })
    .from(panelTests)
    .where(and(eq(panelTests.panelId, panelId), eq(panelTests.institutionId, inst), eq(panelTests.isEnabled, true)));
  return [...new Set(rows.map((t) => t.testId))];
}

/** Who and where of every row an ordered panel writes. */
export interface OrderedRowBase {
  institutionId: number;
  creatorId: number;
  enablerId: number;
}

/**
 * The ordered panel's rows: the ordered panel, one ordered test per test with the test's current
 * (newest enabled) result range, and each test's empty result and unreleased release row.
 */
export async function insertOrderedPanelRows(
  db: Db,
  base: OrderedRowBase,
  o: { orderId: number; panelId: number; comment: string | null; testIds: number[] },
) {
  const [op] = await db
    .insert(limsOrderedPanels)
    .values({ ...base, limsOrderId: o.orderId, panelId: o.panelId, comment: o.comment })
    .returning();
  const ranges = await db
    .select({ id: testResultRanges.id, testId: sql<number>`${testResultRanges.testId}` })
    .from(testResultRanges)
    .where(
      and(
        eq(testResultRanges.institutionId, base.institutionId),
        eq(testResultRanges.isEnabled, true),
        inArray(testResultRanges.testId, o.testIds),
      ),
    )
    .orderBy(testResultRanges.id);
  const rangeOf = new Map<number, number>();
  for (const r of ranges) rangeOf.set(r.testId, r.id);
  const ordered = await db
    .insert(limsOrderedTests)
    .values(
      o.testIds.map((testId) => ({
        ...base,
        limsOrderId: o.orderId,
        limsOrderedPanelId: op.id,
        testId,
        testResultRangeId: rangeOf.get(testId) ?? null,
      })),
    )
    .returning();
  const results = await db
    .insert(limsOrderedTestResults)
    .values(ordered.map((t) => ({ ...base, limsOrderedTestId: t.id })))
    .returning();
  await db
    .insert(limsOrderedTestResultReleases)
    .values(results.map((r) => ({ ...base, limsOrderedTestResultId: r.id })));
  return op;
}
