import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderInputValues } from '../../../contract/orders.contract';
import type { InstCtx } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import { panelTests, panels, testResultRanges } from '../../platform/lookups/lookup.tables';
import { assertSiteIds } from '../institutions';
import { assertPatientIds } from '../participants';
import { assertUsable } from '../protocols';
import { sampleRefOf } from '../samples';
import { orderErrors } from './orders.errors';
import { refreshReleaseRank } from './release-state.repository';
import {
  limsOrderedPanels,
  limsOrderedTestResultReleases,
  limsOrderedTestResults,
  limsOrderedTests,
  limsOrders,
  sampleIdCounters,
} from './orders.table';

type Row = Record<string, unknown>;

/** Next generated sample ID of the institution: L + YYMMDD + 4-digit daily number (atomic upsert). */
async function nextSampleId(tx: Db, inst: number, now: Date) {
  const day = now.toISOString().slice(0, 10);
  const [r] = await tx
    .insert(sampleIdCounters)
    .values({ institutionId: inst, day, last: 1 })
    .onConflictDoUpdate({
      target: [sampleIdCounters.institutionId, sampleIdCounters.day],
      set: { last: sql`${sampleIdCounters.last} + 1` },
    })
    .returning({ last: sampleIdCounters.last });
  return `L${day.slice(2).replace(/-/g, '')}${String(r.last).padStart(4, '0')}`;
}

async function assertSampleIdFree(tx: Db, inst: number, sampleId: string) {
  const [taken] = await tx
    .select({ id: limsOrders.id })
    .from(limsOrders)
    .where(and(eq(limsOrders.institutionId, inst), sql`lower(${limsOrders.sampleId}) = ${sampleId.toLowerCase()}`))
    .limit(1);
  if (taken) throw orderErrors.sample_id_taken(sampleId);
}

/** The order's own references: participant, priority, site, payment category, all of this institution. */
export async function checkOrderRefs(
  tx: Db,
  ctx: InstCtx,
  o: {
    patientIds: number[];
    priorityId: number;
    institutionSiteId?: number | null;
    paymentCategoryId?: number | null;
    collectedSampleId?: number | null;
  },
) {
  const inst = ctx.institutionId;
  await assertPatientIds(tx, inst, o.patientIds);
  await assertLookupIds(tx, inst, [
    { key: 'priorities', id: o.priorityId, field: 'priorityId' },
    { key: 'paymentCategories', id: o.paymentCategoryId, field: 'paymentCategoryId' },
  ]);
  await assertSiteIds(tx, inst, [{ id: o.institutionSiteId, field: 'institutionSiteId' }]);
  if (o.collectedSampleId) await checkCollectedSample(tx, ctx, o.collectedSampleId, o.patientIds);
}

/**
 * An order on a collected sample (issue 13, the COLLECTED SAMPLE ID tabs): the sample is the institution's,
 * enabled, taken from the one participant ordered for, whose consent is not withdrawn (ordering a test uses it).
 */
async function checkCollectedSample(tx: Db, ctx: InstCtx, id: number, patientIds: number[]) {
  const sample = await sampleRefOf(tx, ctx.institutionId, id);
  if (!sample) throw orderErrors.collected_sample_unknown({ collectedSampleId: ['Not found in this institution'] });
  if (!sample.isEnabled)
    throw orderErrors.collected_sample_disabled(sample.sampleId, { collectedSampleId: ['Disabled'] });
  if (patientIds.some((p) => p !== sample.patientId))
    throw orderErrors.collected_sample_patient(sample.sampleId, {
      collectedSampleId: ['Collected from another participant'],
    });
  await assertUsable(ctx, { patientId: sample.patientId }, tx);
}

export async function insertOrder(tx: Db, ctx: InstCtx, o: Omit<OrderInputValues, 'sampleId'> & { sampleId?: string }) {
  const inst = ctx.institutionId;
  const sampleId = o.sampleId ?? (await nextSampleId(tx, inst, ctx.now()));
  await assertSampleIdFree(tx, inst, sampleId);
  const [row] = await tx
    .insert(limsOrders)
    .values({
      institutionId: inst,
      sampleId,
      patientId: o.patientId,
      priorityId: o.priorityId,
      institutionSiteId: o.institutionSiteId,
      paymentCategoryId: o.paymentCategoryId,
      collectedSampleId: o.collectedSampleId,
      commentToLab: o.commentToLab,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
    })
    .returning();
  await audit(tx, ctx, { entity: 'limsOrder', entityId: row.id, action: 'create', after: row });
  return row;
}

/**
 * Orders a panel: the ordered panel, one ordered test per enabled test of the panel, and each test's
 * empty result and unreleased release row, with the test's current result range.
 */
export async function insertOrderedPanel(
  tx: Db,
  ctx: InstCtx,
  orderId: number,
  panelId: number,
  comment: string | null,
) {
  const inst = ctx.institutionId;
  const [panel] = (await tx
    .select()
    .from(panels)
    .where(and(eq(panels.id, panelId), eq(panels.institutionId, inst)))
    .limit(1)) as Row[];
  if (!panel || !panel.isEnabled)
    throw badRequest('Choose an enabled panel.', { panelId: ['Choose an enabled panel'] });
  const tests = (await tx
    .select({ testId: panelTests.testId })
    .from(panelTests)
    .where(
      and(eq(panelTests.panelId, panelId), eq(panelTests.institutionId, inst), eq(panelTests.isEnabled, true)),
    )) as { testId: number }[];
  if (!tests.length)
    throw badRequest(`The panel ${panel.title} has no tests yet.`, { panelIds: [`${panel.title} has no tests`] });
  const base = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
  const [op] = await tx
    .insert(limsOrderedPanels)
    .values({ ...base, limsOrderId: orderId, panelId, comment })
    .returning();
  const testIds = [...new Set(tests.map((t) => Number(t.testId)))];
  const ranges = (await tx
    .select({ id: testResultRanges.id, testId: testResultRanges.testId })
    .from(testResultRanges)
    .where(
      and(
        eq(testResultRanges.institutionId, inst),
        eq(testResultRanges.isEnabled, true),
        inArray(testResultRanges.testId, testIds),
      ),
    )
    .orderBy(testResultRanges.id)) as { id: number; testId: number }[];
  const rangeOf = new Map<number, number>();
  for (const r of ranges) rangeOf.set(Number(r.testId), Number(r.id));
  const ordered = await tx
    .insert(limsOrderedTests)
    .values(
      testIds.map((testId) => ({
        ...base,
        limsOrderId: orderId,
        limsOrderedPanelId: op.id,
        testId,
        testResultRangeId: rangeOf.get(testId) ?? null,
      })),
    )
    .returning();
  const results = await tx
    .insert(limsOrderedTestResults)
    .values(ordered.map((t) => ({ ...base, limsOrderedTestId: t.id })))
    .returning();
  await tx
    .insert(limsOrderedTestResultReleases)
    .values(results.map((r) => ({ ...base, limsOrderedTestResultId: r.id })));
  await audit(tx, ctx, { entity: 'limsOrderedPanel', entityId: op.id, action: 'create', after: { ...op, testIds } });
  // A new unreleased panel makes a released order partly released again.
  await refreshReleaseRank(tx, orderId);
  return op;
}

export async function assertOrder(tx: Db, ctx: InstCtx, orderId: number) {
  const [o] = await tx
    .select()
    .from(limsOrders)
    .where(and(eq(limsOrders.id, orderId), eq(limsOrders.institutionId, ctx.institutionId)))
    .limit(1);
  if (!o) throw notFound('Order');
  return o;
}
