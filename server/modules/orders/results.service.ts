import type { AmendInputValues, SaveResultsValues } from '../../../contract/orders.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound, staleStamp } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { checkResult } from './result-rules';
import { assertOrder } from './order-placement';
import { getOrderDetail } from './order-detail';
import { orderErrors } from './orders.errors';
import { refreshReleaseRank } from './release-state.repository';
import {
  addResultHistory,
  type LockedResult,
  lockOrderedTest,
  lockResults,
  markReleased,
  resultHistoryOf,
  setOrderedTestComment,
  updateResult,
} from './results.repository';
import { MSG } from '../../../contract/messages';

const releasedConflict = (title: string) => orderErrors.result_released(title);

/** Saves the changed results of one order in one transaction; a stale stamp or a released result refuses all. */
export async function saveResults(ctx: InstCtx, orderId: number, input: SaveResultsValues) {
  await command(ctx, 'results.enter', async (txCtx) => {
    const tx = txCtx.db;
    const ids = input.results.map((r) => r.resultId);
    // The lock reads by order and institution: the order is looked up only to name what was not found.
    const rows = await lockResults(tx, ctx.institutionId, orderId, { resultIds: ids });
    if (rows.length !== new Set(ids).size) {
      await assertOrder(tx, ctx, orderId);
      throw notFound('Result');
    }
    for (const item of input.results) {
      const row = rows.find((r) => r.resultId === item.resultId)!;
      if (item.concurrencyStamp !== undefined && item.concurrencyStamp !== row.stamp) throw staleStamp();
      const { result, flag } = checkResult(row.rules, item.result ?? null);
      if (result === (row.result ?? null)) continue; // only changed results are saved
      if (row.isReleased) throw releasedConflict(row.rules.title);
      await updateResult(tx, row.resultId, { result, flag, updatedDate: ctx.now(), updatedById: ctx.account.id });
      await addResultHistory(tx, {
        limsOrderedTestResultId: row.resultId,
        action: 'enter',
        previousResult: row.result,
        newResult: result,
        accountId: ctx.account.id,
        at: ctx.now(),
      });
      await audit(tx, txCtx, {
        entity: 'limsOrderedTestResult',
        entityId: row.resultId,
        action: 'update',
        before: { result: row.result },
        after: { result, flag },
      });
    }
  });
  return getOrderDetail(ctx, orderId);
}

async function releaseRows(tx: Db, ctx: InstCtx, rows: LockedResult[]) {
  const missing = rows.filter((r) => !r.result);
  if (missing.length) {
    throw orderErrors.release_needs_result(missing.map((r) => r.rules.title).join(', '), {
      result: [MSG.releaseNeedsResult],
    });
  }
  const now = ctx.now();
  for (const r of rows) {
    await markReleased(tx, r.releaseId, ctx.account.id, now);
    await addResultHistory(tx, {
      limsOrderedTestResultId: r.resultId,
      action: 'release',
      previousResult: r.result,
      newResult: r.result,
      accountId: ctx.account.id,
      at: now,
    });
    await audit(tx, ctx, {
      entity: 'limsOrderedTestResultRelease',
      entityId: r.releaseId,
      action: 'release',
      after: { resultId: r.resultId, result: r.result, releasedDate: now },
    });
  }
}

export async function releaseResult(ctx: InstCtx, orderId: number, releaseId: number) {
  await command(ctx, 'results.release', async (txCtx) => {
    const tx = txCtx.db;
    const rows = await lockResults(tx, ctx.institutionId, orderId, { releaseId });
    if (!rows.length) throw notFound('Result release');
    if (rows[0].isReleased) throw orderErrors.already_released(rows[0].rules.title);
    await releaseRows(tx, ctx, rows);
    await refreshReleaseRank(tx, orderId);
  });
  return getOrderDetail(ctx, orderId);
}

/** Releases every unreleased test of an ordered panel at once, with the current time. */
export async function releasePanel(ctx: InstCtx, orderId: number, orderedPanelId: number) {
  await command(ctx, 'results.release', async (txCtx) => {
    const tx = txCtx.db;
    const rows = await lockResults(tx, ctx.institutionId, orderId, { orderedPanelId });
    if (!rows.length) throw notFound('Ordered panel');
    const open = rows.filter((r) => !r.isReleased);
    if (!open.length) throw orderErrors.panel_released();
    await releaseRows(tx, ctx, open);
    await refreshReleaseRank(tx, orderId);
  });
  return getOrderDetail(ctx, orderId);
}

/** Corrects a released result: the reason and the previous value stay in the history. */
export async function amendResult(ctx: InstCtx, orderId: number, resultId: number, input: AmendInputValues) {
  await command(ctx, 'results.amend', async (txCtx) => {
    const tx = txCtx.db;
    const [row] = await lockResults(tx, ctx.institutionId, orderId, { resultIds: [resultId] });
    if (!row) throw notFound('Result');
    if (!row.isReleased) throw orderErrors.amend_unreleased();
    if (input.concurrencyStamp !== undefined && input.concurrencyStamp !== row.stamp) throw staleStamp();
    const { result, flag } = checkResult(row.rules, input.result);
    if (result === row.result) throw orderErrors.amend_same();
    await updateResult(tx, resultId, {
      result,
      flag,
      amended: true,
      updatedDate: ctx.now(),
      updatedById: ctx.account.id,
    });
    await addResultHistory(tx, {
      limsOrderedTestResultId: resultId,
      action: 'amend',
      previousResult: row.result,
      newResult: result,
      reason: input.reason,
      accountId: ctx.account.id,
      at: ctx.now(),
    });
    await audit(tx, txCtx, {
      entity: 'limsOrderedTestResult',
      entityId: resultId,
      action: 'amend',
      before: { result: row.result },
      after: { result, flag, reason: input.reason },
    });
  });
  return getOrderDetail(ctx, orderId);
}

export async function commentOnTest(
  ctx: InstCtx,
  orderId: number,
  orderedTestId: number,
  comment: string | null,
  stamp?: string,
) {
  await command(ctx, 'results.enter', async (txCtx) => {
    const tx = txCtx.db;
    const t = await lockOrderedTest(tx, ctx.institutionId, orderId, orderedTestId);
    if (!t) throw notFound('Ordered test');
    if (stamp !== undefined && stamp !== t.concurrencyStamp) throw staleStamp();
    await setOrderedTestComment(tx, orderedTestId, comment || null);
    await audit(tx, txCtx, {
      entity: 'limsOrderedTest',
      entityId: orderedTestId,
      action: 'comment',
      before: { comment: t.comment },
      after: { comment },
    });
  });
  return getOrderDetail(ctx, orderId);
}

export async function resultHistory(ctx: InstCtx, orderId: number, resultId: number) {
  const rows = await lockResults(ctx.db, ctx.institutionId, orderId, { resultIds: [resultId] }).catch(() => []);
  if (!rows.length) throw notFound('Result');
  const history = await resultHistoryOf(ctx.db, resultId);
  return history.map(({ firstName, lastName, at, ...h }) => ({
    ...h,
    at: at.toISOString(),
    account: firstName ? { firstName, lastName: lastName ?? '' } : null,
  }));
}
