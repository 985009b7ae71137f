import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  RELEASE_STATES,
  type OrderInputValues,
  type OrderSort,
  type PlaceOrdersValues,
  type ReleaseState,
} from '../../../contract/orders.contract';
import type { SeekPagingQuery, SortDirection } from '../../../contract/common.contract';
import { command, type InstCtx } from '../../platform/context';
import { offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { siteJoin } from '../institutions';
import { patientColumnsOf } from '../participants';
import { sampleIdsNamed, sampleRefSql } from '../samples';
import { cheapCount } from '../../platform/counts';
import { limsOrders } from './orders.table';
import { assertOrder, checkOrderRefs, insertOrder, insertOrderedPanel } from './order-placement';
import { orderErrors } from './orders.errors';
import { qualified } from '../../platform/qualified';

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

/** spec 1 §7 lookups: by SampleID, patientId, CollectedSampleId (and MRN), newest first, paged. */
export async function listOrders(ctx: InstCtx, q: SeekPagingQuery, f: OrderFilters) {
  const inst = ctx.institutionId;
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
  };
  const dir = f.sortDirection ?? 'desc';
  // Ordered date is id order: that sort keeps keyset paging (After=). The others page by offset,
  // newest first within the same priority or release state.
  if (!f.sortBy || f.sortBy === 'createdDate')
    return selectRecords(ctx.db, limsOrders, { ...page, byId: { desc: dir === 'desc', after: q.after } });
  if (q.after !== undefined) throw orderErrors.after_needs_date_sort();
  const by = dir === 'desc' ? desc : asc;
  // Release state is stored and indexed with the id (release-state.ts): ties follow the direction, so
  // "pending first" is oldest first (the lab's queue) and either way is one index scan.
  if (f.sortBy === 'releaseState')
    return selectRecords(ctx.db, limsOrders, { ...page, orderBy: [by(limsOrders.releaseRank), by(limsOrders.id)] });
  // Urgency lives on the priority (an administrator may change it): joined and sorted, newest first within one.
  return selectRecords(ctx.db, limsOrders, {
    ...page,
    orderBy: [by(sql`coalesce("j_priority"."urgency", 0)`), desc(limsOrders.id)],
  });
}

export async function getOrderSummary(ctx: InstCtx, orderId: number) {
  const page = await selectRecords(ctx.db, limsOrders, {
    where: and(eq(limsOrders.id, orderId), eq(limsOrders.institutionId, ctx.institutionId)),
    orderBy: limsOrders.id,
    limit: 1,
    refs: refs(),
    extra,
  });
  return page.rows[0];
}

/** The dashboard count: exact up to 10,000, above it the planner's estimate (isEstimate; platform/counts.ts). */
export async function countOrders(ctx: InstCtx) {
  return cheapCount(ctx.db, () =>
    ctx.db
      .select({ id: limsOrders.id })
      .from(limsOrders)
      .where(and(eq(limsOrders.institutionId, ctx.institutionId), eq(limsOrders.isEnabled, true)))
      .$dynamic(),
  );
}

/** spec 1 §7 POST LIMSOrders: the order alone; panels follow with their own posts. */
export async function createOrder(ctx: InstCtx, input: OrderInputValues) {
  const id = await command(ctx, 'orders.create', async (tx) => {
    await checkOrderRefs(tx.db, tx, {
      patientIds: [input.patientId],
      priorityId: input.priorityId,
      institutionSiteId: input.institutionSiteId,
      paymentCategoryId: input.paymentCategoryId,
      collectedSampleId: input.collectedSampleId,
    });
    return (await insertOrder(tx.db, tx, input)).id;
  });
  return getOrderSummary(ctx, id);
}

/** The New Order command: one order per participant, each with every chosen panel; all saved or none. */
export async function placeOrders(ctx: InstCtx, input: PlaceOrdersValues) {
  const patientIds = [...new Set(input.patientIds)];
  const panelIds = [...new Set(input.panelIds)];
  const ids = await command(ctx, 'orders.create', async (tx) => {
    await checkOrderRefs(tx.db, tx, {
      patientIds,
      priorityId: input.priorityId,
      institutionSiteId: input.institutionSiteId,
      paymentCategoryId: input.paymentCategoryId,
      collectedSampleId: input.collectedSampleId,
    });
    const out: number[] = [];
    for (const patientId of patientIds) {
      const order = await insertOrder(tx.db, tx, { ...input, patientId, sampleId: undefined });
      for (const panelId of panelIds) await insertOrderedPanel(tx.db, tx, order.id, panelId, null);
      out.push(order.id);
    }
    return out;
  });
  return Promise.all(ids.map((id) => getOrderSummary(ctx, id)));
}

export async function addOrderedPanel(ctx: InstCtx, orderId: number, panelId: number, comment: string | null) {
  await command(ctx, 'orders.create', async (tx) => {
    await assertOrder(tx.db, tx, orderId);
    await insertOrderedPanel(tx.db, tx, orderId, panelId, comment);
  });
  return getOrderSummary(ctx, orderId);
}
