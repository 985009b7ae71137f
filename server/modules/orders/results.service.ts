import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AmendInputValues, SaveResultsValues } from '../../../contract/orders.contract';
import { command, type InstCtx } from '../../platform/context';
import { badRequest, conflict, notFound, staleStamp } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { newStamp } from '../../platform/records';
import type { Db } from '../../db/client';
import { accountNames as accounts } from '../../platform/account-names';
import { testAcceptedValues, testResultRanges, tests } from '../../platform/lookups/lookup.tables';
import {
  limsOrderedTestResultReleases,
  limsOrderedTestResults,
  limsOrderedTests,
  limsResultHistory,
} from './orders.table';
import { checkResult } from './result-rules';
import { assertOrder } from './order-placement';
import { getOrderDetail } from './order-detail';
import { orderErrors } from './orders.errors';
import { refreshReleaseRank } from './release-state.repository';

type Row = Record<string, unknown>;

/** A result of this order with its test's rules and release, locked for the transaction. */
async function loadResults(
  tx: Db,
  ctx: InstCtx,
  orderId: number,
  where: { resultIds?: number[]; orderedPanelId?: number; releaseId?: number },
) {
  const conds = [eq(limsOrderedTests.limsOrderId, orderId), eq(limsOrderedTests.institutionId, ctx.institutionId)];
  if (where.resultIds) conds.push(inArray(limsOrderedTestResults.id, where.resultIds));
  if (where.orderedPanelId) conds.push(eq(limsOrderedTests.limsOrderedPanelId, where.orderedPanelId));
  if (where.releaseId) conds.push(eq(limsOrderedTestResultReleases.id, where.releaseId));
  const rows = (await tx
    .select({
      resultId: limsOrderedTestResults.id,
      result: limsOrderedTestResults.result,
      stamp: limsOrderedTestResults.concurrencyStamp,
      orderedTestId: limsOrderedTests.id,
      testId: limsOrderedTests.testId,
      title: tests.title,
      hasRange: tests.hasRange,
      hasAcceptedValue: tests.hasAcceptedValue,
      min: testResultRanges.minimumValue,
      max: testResultRanges.maximumValue,
      releaseId: limsOrderedTestResultReleases.id,
      isReleased: limsOrderedTestResultReleases.isReleased,
    })
    .from(limsOrderedTestResults)
    .innerJoin(limsOrderedTests, eq(limsOrderedTests.id, limsOrderedTestResults.limsOrderedTestId))
    .innerJoin(
      limsOrderedTestResultReleases,
      eq(limsOrderedTestResultReleases.limsOrderedTestResultId, limsOrderedTestResults.id),
    )
    .leftJoin(tests, eq(tests.id, limsOrderedTests.testId))
    .leftJoin(testResultRanges, eq(testResultRanges.id, limsOrderedTests.testResultRangeId))
    .where(and(...conds))
    .orderBy(asc(limsOrderedTestResults.id))
    .for('update', { of: [limsOrderedTestResults, limsOrderedTestResultReleases] })) as Row[];
  const testIds = [...new Set(rows.filter((r) => r.hasAcceptedValue).map((r) => Number(r.testId)))];
  const accepted = testIds.length
    ? ((await tx
        .select({ testId: testAcceptedValues.testId, title: testAcceptedValues.title })
        .from(testAcceptedValues)
        .where(and(inArray(testAcceptedValues.testId, testIds), eq(testAcceptedValues.isEnabled, true)))
        .orderBy(sql`lower(${testAcceptedValues.title})`)) as Row[])
    : [];
  return rows.map((r) => ({
    resultId: Number(r.resultId),
    result: (r.result as string | null) ?? null,
    stamp: String(r.stamp),
    releaseId: Number(r.releaseId),
    isReleased: Boolean(r.isReleased),
    rules: {
      title: String(r.title),
      hasRange: Boolean(r.hasRange),
      hasAcceptedValue: Boolean(r.hasAcceptedValue),
      acceptedValues: accepted.filter((a) => a.testId === r.testId).map((a) => String(a.title)),
      range: r.min !== null && r.min !== undefined ? { min: Number(r.min), max: Number(r.max) } : null,
    },
  }));
}

const releasedConflict = (title: string) => orderErrors.result_released(title);

/** Saves the changed results of one order in one transaction; a stale stamp or a released result refuses all. */
export async function saveResults(ctx: InstCtx, orderId: number, input: SaveResultsValues) {
  await command(ctx, 'results.enter', async (txCtx) => {
    const tx = txCtx.db;
    await assertOrder(tx, ctx, orderId);
    const ids = input.results.map((r) => r.resultId);
    const rows = await loadResults(tx, ctx, orderId, { resultIds: ids });
    if (rows.length !== new Set(ids).size) throw notFound('Result');
    for (const item of input.results) {
      const row = rows.find((r) => r.resultId === item.resultId)!;
      if (item.concurrencyStamp !== undefined && item.concurrencyStamp !== row.stamp) throw staleStamp();
      const { result, flag } = checkResult(row.rules, item.result ?? null);
      if (result === (row.result ?? null)) continue; // only changed results are saved
      if (row.isReleased) throw releasedConflict(row.rules.title);
      await tx
        .update(limsOrderedTestResults)
        .set({ result, flag, updatedDate: ctx.now(), updatedById: ctx.account.id, concurrencyStamp: newStamp() })
        .where(eq(limsOrderedTestResults.id, Number(row.resultId)));
      await tx.insert(limsResultHistory).values({
        limsOrderedTestResultId: Number(row.resultId),
        action: 'enter',
        previousResult: (row.result as string) ?? null,
        newResult: result,
        accountId: ctx.account.id,
        at: ctx.now(),
      });
      await audit(tx, txCtx, {
        entity: 'limsOrderedTestResult',
        entityId: Number(row.resultId),
        action: 'update',
        before: { result: row.result },
        after: { result, flag },
      });
    }
  });
  return getOrderDetail(ctx, orderId);
}

async function releaseRows(tx: Db, ctx: InstCtx, rows: Awaited<ReturnType<typeof loadResults>>) {
  const missing = rows.filter((r) => !r.result);
  if (missing.length) {
    throw badRequest(`Enter a result before releasing: ${missing.map((r) => r.rules.title).join(', ')}.`, {
      result: ['A release needs a result'],
    });
  }
  const now = ctx.now();
  for (const r of rows) {
    await tx
      .update(limsOrderedTestResultReleases)
      .set({ isReleased: true, releasedDate: now, releasedById: ctx.account.id, concurrencyStamp: newStamp() })
      .where(eq(limsOrderedTestResultReleases.id, Number(r.releaseId)));
    await tx.insert(limsResultHistory).values({
      limsOrderedTestResultId: Number(r.resultId),
      action: 'release',
      previousResult: r.result as string,
      newResult: r.result as string,
      accountId: ctx.account.id,
      at: now,
    });
    await audit(tx, ctx, {
      entity: 'limsOrderedTestResultRelease',
      entityId: Number(r.releaseId),
      action: 'release',
      after: { resultId: r.resultId, result: r.result, releasedDate: now },
    });
  }
}

export async function releaseResult(ctx: InstCtx, orderId: number, releaseId: number) {
  await command(ctx, 'results.release', async (txCtx) => {
    const tx = txCtx.db;
    const rows = await loadResults(tx, ctx, orderId, { releaseId });
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
    const rows = await loadResults(tx, ctx, orderId, { orderedPanelId });
    if (!rows.length) throw notFound('Ordered panel');
    const open = rows.filter((r) => !r.isReleased);
    if (!open.length) throw conflict('Every test of this panel is already released.');
    await releaseRows(tx, ctx, open);
    await refreshReleaseRank(tx, orderId);
  });
  return getOrderDetail(ctx, orderId);
}

/** Corrects a released result: the reason and the previous value stay in the history. */
export async function amendResult(ctx: InstCtx, orderId: number, resultId: number, input: AmendInputValues) {
  await command(ctx, 'results.amend', async (txCtx) => {
    const tx = txCtx.db;
    const [row] = await loadResults(tx, ctx, orderId, { resultIds: [resultId] });
    if (!row) throw notFound('Result');
    if (!row.isReleased) throw badRequest('Only a released result is amended; save the change instead.');
    if (input.concurrencyStamp !== undefined && input.concurrencyStamp !== row.stamp) throw staleStamp();
    const { result, flag } = checkResult(row.rules, input.result);
    if (result === row.result) throw badRequest('The amended result is the same as the current one.');
    await tx
      .update(limsOrderedTestResults)
      .set({
        result,
        flag,
        amended: true,
        updatedDate: ctx.now(),
        updatedById: ctx.account.id,
        concurrencyStamp: newStamp(),
      })
      .where(eq(limsOrderedTestResults.id, resultId));
    await tx.insert(limsResultHistory).values({
      limsOrderedTestResultId: resultId,
      action: 'amend',
      previousResult: row.result as string,
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
    const [t] = await tx
      .select()
      .from(limsOrderedTests)
      .where(
        and(
          eq(limsOrderedTests.id, orderedTestId),
          eq(limsOrderedTests.limsOrderId, orderId),
          eq(limsOrderedTests.institutionId, ctx.institutionId),
        ),
      )
      .for('update')
      .limit(1);
    if (!t) throw notFound('Ordered test');
    if (stamp !== undefined && stamp !== t.concurrencyStamp) throw staleStamp();
    await tx
      .update(limsOrderedTests)
      .set({ comment: comment || null, concurrencyStamp: newStamp() })
      .where(eq(limsOrderedTests.id, orderedTestId));
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
  const rows = await loadResults(ctx.db, ctx, orderId, { resultIds: [resultId] }).catch(() => []);
  if (!rows.length) throw notFound('Result');
  const history = await ctx.db
    .select({
      id: limsResultHistory.id,
      action: limsResultHistory.action,
      previousResult: limsResultHistory.previousResult,
      newResult: limsResultHistory.newResult,
      reason: limsResultHistory.reason,
      at: limsResultHistory.at,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    })
    .from(limsResultHistory)
    .leftJoin(accounts, eq(accounts.id, limsResultHistory.accountId))
    .where(eq(limsResultHistory.limsOrderedTestResultId, resultId))
    .orderBy(asc(limsResultHistory.id));
  return history.map(({ firstName, lastName, at, ...h }) => ({
    ...h,
    at: at.toISOString(),
    account: firstName ? { firstName, lastName: lastName ?? '' } : null,
  }));
}
