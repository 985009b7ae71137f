import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accountNames } from '../../platform/account-names';
import { preparedStatements } from '../../platform/statement-cache';
import { newStamp } from '../../platform/records';
import { qualified } from '../../platform/qualified';
import {
  panels,
  testAcceptedValues,
  testResultRanges,
  tests,
  unitOfMeasurements,
} from '../../platform/lookups/lookup.tables';
import {
  limsOrderedPanels,
  limsOrderedTestResultReleases,
  limsOrderedTestResults,
  limsOrderedTests,
  limsResultHistory,
} from './orders.table';
import type { TestRules } from './result-rules';

// The orders module's SQL about ordered panels, tests, results and their releases. A registry list's columns
// (tests, ranges, units: platform/lookups) are typed loosely, so a read names each one's type with sql<T>.

/**
 * A select from lims_ordered_tests joined to what a result read shows: its result and release rows
 * (exactly one each), its test and unit, and the range in force when it was ordered. Shared by the
 * order detail and the FHIR export, so both read a result the same way.
 */
export function withResultJoins<T extends PgSelect>(q: T) {
  return q
    .innerJoin(limsOrderedTestResults, eq(limsOrderedTestResults.limsOrderedTestId, limsOrderedTests.id))
    .innerJoin(
      limsOrderedTestResultReleases,
      eq(limsOrderedTestResultReleases.limsOrderedTestResultId, limsOrderedTestResults.id),
    )
    .leftJoin(tests, eq(tests.id, limsOrderedTests.testId))
    .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, tests.unitOfMeasurementId))
    .leftJoin(testResultRanges, eq(testResultRanges.id, limsOrderedTests.testResultRangeId));
}

// The two statements of a detail, built once per database handle (statement-cache.ts): building these joins
// cost more server time than PostgreSQL needs to run them.
const orderedPanelsOf = (db: Db) =>
  db
    .select({
      id: limsOrderedPanels.id,
      panelId: limsOrderedPanels.panelId,
      title: sql<string>`${panels.title}`,
      comment: limsOrderedPanels.comment,
      enabledDate: limsOrderedPanels.enabledDate,
    })
    .from(limsOrderedPanels)
    .leftJoin(panels, eq(panels.id, limsOrderedPanels.panelId))
    .where(
      and(
        eq(limsOrderedPanels.limsOrderId, sql.placeholder('orderId')),
        eq(limsOrderedPanels.institutionId, sql.placeholder('inst')),
        eq(limsOrderedPanels.isEnabled, true),
      ),
    )
    .orderBy(asc(limsOrderedPanels.id));

// An ordered test's test always exists (registry records are disabled, never deleted); its range columns are
// read only when the test has a range id.
function orderedTestsOf(db: Db) {
  const updater = alias(accountNames, 'updater');
  const releaser = alias(accountNames, 'releaser');
  const accepted = sql<
    { id: number; title: string }[]
  >`coalesce((select json_agg(json_build_object('id', av.id, 'title', av.title) order by lower(av.title))
    from ${testAcceptedValues} av where av.test_id = ${qualified(limsOrderedTests.testId)} and av.is_enabled), '[]'::json)`;
  const q = db
    .select({
      id: limsOrderedTests.id,
      panelId: limsOrderedTests.limsOrderedPanelId,
      testId: limsOrderedTests.testId,
      comment: limsOrderedTests.comment,
      stamp: limsOrderedTests.concurrencyStamp,
      rangeId: limsOrderedTests.testResultRangeId,
      title: sql<string>`${tests.title}`,
      abbreviation: sql<string | null>`${tests.abbreviation}`,
      hasRange: sql<boolean>`${tests.hasRange}`,
      hasAcceptedValue: sql<boolean>`${tests.hasAcceptedValue}`,
      unitSymbol: sql<string | null>`${unitOfMeasurements.unitSymbol}`,
      min: sql<number>`${testResultRanges.minimumValue}`,
      max: sql<number>`${testResultRanges.maximumValue}`,
      resultId: limsOrderedTestResults.id,
      result: limsOrderedTestResults.result,
      flag: limsOrderedTestResults.flag,
      resultStamp: limsOrderedTestResults.concurrencyStamp,
      amended: limsOrderedTestResults.amended,
      updatedDate: limsOrderedTestResults.updatedDate,
      updFirst: updater.firstName,
      updLast: updater.lastName,
      releaseId: limsOrderedTestResultReleases.id,
      isReleased: limsOrderedTestResultReleases.isReleased,
      releasedDate: limsOrderedTestResultReleases.releasedDate,
      relFirst: releaser.firstName,
      relLast: releaser.lastName,
      accepted,
    })
    .from(limsOrderedTests)
    .$dynamic();
  return withResultJoins(q)
    .leftJoin(updater, eq(updater.id, limsOrderedTestResults.updatedById))
    .leftJoin(releaser, eq(releaser.id, limsOrderedTestResultReleases.releasedById))
    .where(and(eq(limsOrderedTests.limsOrderId, sql.placeholder('orderId')), eq(limsOrderedTests.isEnabled, true)))
    .orderBy(asc(limsOrderedTests.id));
}

const panelsStatement = preparedStatements('orders.detail.panels', orderedPanelsOf);
const testsStatement = preparedStatements('orders.detail.tests', orderedTestsOf);

/** The order's enabled ordered panels, with their panel's title. */
export const detailPanels = (db: Db, inst: number, orderId: number) =>
  panelsStatement(db, '', true).execute({ orderId, inst });

/** The order's enabled ordered tests with their test, range, accepted values, result and release. */
export const detailTests = (db: Db, orderId: number) => testsStatement(db, '', true).execute({ orderId });

/** A result of this order with its test's rules and release (`lockResults`). */
export interface LockedResult {
  resultId: number;
  result: string | null;
  stamp: string;
  releaseId: number;
  isReleased: boolean;
  rules: TestRules;
}

/** Results of an order (all, some ids, one ordered panel's or one release's) with their test's rules, locked. */
export async function lockResults(
  db: Db,
  inst: number,
  orderId: number,
  where: { resultIds?: number[]; orderedPanelId?: number; releaseId?: number },
): Promise<LockedResult[]> {
  const conds = [eq(limsOrderedTests.limsOrderId, orderId), eq(limsOrderedTests.institutionId, inst)];
  if (where.resultIds) conds.push(inArray(limsOrderedTestResults.id, where.resultIds));
  if (where.orderedPanelId) conds.push(eq(limsOrderedTests.limsOrderedPanelId, where.orderedPanelId));
  if (where.releaseId) conds.push(eq(limsOrderedTestResultReleases.id, where.releaseId));
  const rows = await db
    .select({
      resultId: limsOrderedTestResults.id,
      result: limsOrderedTestResults.result,
      stamp: limsOrderedTestResults.concurrencyStamp,
      orderedTestId: limsOrderedTests.id,
      testId: limsOrderedTests.testId,
      title: sql<string>`${tests.title}`,
      hasRange: sql<boolean>`${tests.hasRange}`,
      hasAcceptedValue: sql<boolean>`${tests.hasAcceptedValue}`,
      min: sql<number | null>`${testResultRanges.minimumValue}`,
      max: sql<number>`${testResultRanges.maximumValue}`,
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
    .for('update', { of: [limsOrderedTestResults, limsOrderedTestResultReleases] });
  const testIds = [...new Set(rows.filter((r) => r.hasAcceptedValue).map((r) => r.testId))];
  const accepted = testIds.length
    ? await db
        .select({ testId: sql<number>`${testAcceptedValues.testId}`, title: sql<string>`${testAcceptedValues.title}` })
        .from(testAcceptedValues)
        .where(and(inArray(testAcceptedValues.testId, testIds), eq(testAcceptedValues.isEnabled, true)))
        .orderBy(sql`lower(${testAcceptedValues.title})`)
    : [];
  return rows.map((r) => ({
    resultId: r.resultId,
    result: r.result,
    stamp: r.stamp,
    releaseId: r.releaseId,
    isReleased: r.isReleased,
    rules: {
      title: r.title,
      hasRange: r.hasRange,
      hasAcceptedValue: r.hasAcceptedValue,
      acceptedValues: accepted.filter((a) => a.testId === r.testId).map((a) => a.title),
      range: r.min !== null ? { min: r.min, max: r.max } : null,
    },
  }));
}

/** A result's new value (entered or amended), with who changed it when; a new concurrency stamp. */
export async function updateResult(
  db: Db,
  resultId: number,
  set: Pick<typeof limsOrderedTestResults.$inferInsert, 'result' | 'flag' | 'amended' | 'updatedDate' | 'updatedById'>,
) {
  await db
    .update(limsOrderedTestResults)
    .set({ ...set, concurrencyStamp: newStamp() })
    .where(eq(limsOrderedTestResults.id, resultId));
}

/** Marks a result release released by an account at a time; a new concurrency stamp. */
export async function markReleased(db: Db, releaseId: number, releasedById: number, releasedDate: Date) {
  await db
    .update(limsOrderedTestResultReleases)
    .set({ isReleased: true, releasedDate, releasedById, concurrencyStamp: newStamp() })
    .where(eq(limsOrderedTestResultReleases.id, releaseId));
}

/** One entry of a result's history (enter, release, amend). */
export async function addResultHistory(db: Db, entry: typeof limsResultHistory.$inferInsert) {
  await db.insert(limsResultHistory).values(entry);
}

/** An ordered test of this order and institution, locked for the transaction. */
export async function lockOrderedTest(db: Db, inst: number, orderId: number, orderedTestId: number) {
  const [t] = await db
    .select()
    .from(limsOrderedTests)
    .where(
      and(
        eq(limsOrderedTests.id, orderedTestId),
        eq(limsOrderedTests.limsOrderId, orderId),
        eq(limsOrderedTests.institutionId, inst),
      ),
    )
    .for('update')
    .limit(1);
  return t;
}

export async function setOrderedTestComment(db: Db, orderedTestId: number, comment: string | null) {
  await db
    .update(limsOrderedTests)
    .set({ comment, concurrencyStamp: newStamp() })
    .where(eq(limsOrderedTests.id, orderedTestId));
}

/** A result's history, oldest first, with who acted. */
export function resultHistoryOf(db: Db, resultId: number) {
  return db
    .select({
      id: limsResultHistory.id,
      action: limsResultHistory.action,
      previousResult: limsResultHistory.previousResult,
      newResult: limsResultHistory.newResult,
      reason: limsResultHistory.reason,
      at: limsResultHistory.at,
      firstName: accountNames.firstName,
      lastName: accountNames.lastName,
    })
    .from(limsResultHistory)
    .leftJoin(accountNames, eq(accountNames.id, limsResultHistory.accountId))
    .where(eq(limsResultHistory.limsOrderedTestResultId, resultId))
    .orderBy(asc(limsResultHistory.id));
}
