import type { OrderInputValues, PlaceOrdersValues, SampleOrderValues } from '../../../contract/orders.contract';
import type { SeekPagingQuery } from '../../../contract/common.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as repo from './orders.repository';
import { assertOrder, checkCollectedSample, checkOrderRefs, insertOrder, insertOrderedPanel } from './order-placement';
import { orderErrors } from './orders.errors';

/** spec 1 §7 lookups: by SampleID, patientId, CollectedSampleId (and MRN), newest first, paged. */
export async function listOrders(ctx: InstCtx, q: SeekPagingQuery, f: repo.OrderFilters) {
  // Only ordered date is id order, the one sort that pages by cursor (After=).
  if (f.sortBy && f.sortBy !== 'createdDate' && q.after !== undefined) throw orderErrors.after_needs_date_sort();
  return repo.listOrders(ctx.db, ctx.institutionId, q, f, ctx.language);
}

export async function getOrderSummary(ctx: InstCtx, orderId: number) {
  const summary = await repo.orderSummary(ctx.db, ctx.institutionId, orderId, ctx.language);
  if (!summary) throw notFound('Order');
  return summary;
}

/** The dashboard count: exact up to 10,000, above it the planner's estimate (isEstimate; platform/counts.ts). */
export const countOrders = (ctx: InstCtx) => repo.countOrders(ctx.db, ctx.institutionId);

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
    return (await insertOrder(tx.db, tx, { ...input, donorCode: null })).id;
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
      const order = await insertOrder(tx.db, tx, { ...input, patientId, donorCode: null, sampleId: undefined });
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

/**
 * A sample's Order tests (issue 31): one order on the collected sample with every chosen panel, all saved or none.
 * Its subject is the sample's participant, or on a received sample (no participant here) its donor code
 * (docs/decisions/0014-received-samples.md). Another institution's sample is 404 (its id is in the path).
 */
export async function placeOnSample(ctx: InstCtx, collectedSampleId: number, input: SampleOrderValues) {
  const panelIds = [...new Set(input.panelIds)];
  const id = await command(ctx, 'orders.create', async (tx) => {
    const { subject } = await checkCollectedSample(tx.db, tx, collectedSampleId, () => notFound('Collected sample'));
    await checkOrderRefs(tx.db, tx, {
      patientIds: subject.patientId === null ? [] : [subject.patientId],
      priorityId: input.priorityId,
      institutionSiteId: input.institutionSiteId,
      paymentCategoryId: input.paymentCategoryId,
    });
    const order = await insertOrder(tx.db, tx, {
      ...subject,
      priorityId: input.priorityId,
      institutionSiteId: input.institutionSiteId,
      paymentCategoryId: input.paymentCategoryId,
      commentToLab: input.commentToLab,
      collectedSampleId,
      institutionId: null,
    });
    for (const panelId of panelIds) await insertOrderedPanel(tx.db, tx, order.id, panelId, null);
    return order.id;
  });
  return getOrderSummary(ctx, id);
}
