import { and, asc, type Column, eq, Param, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accountNames } from '../../platform/account-names';
import { type IdCount, idCount, idsPlaceholder, idsValue, preparedStatements } from '../../platform/statement-cache';
import { newStamp } from '../../platform/records';
import { qualified } from '../../platform/qualified';
import { jsonRows } from '../../platform/json-rows';
import { patientCardQuery } from '../participants';
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

// The reads of a detail, placed in one statement below (built once per database handle: building these joins cost
// more server time than PostgreSQL needs to run them).
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

/**
 * An order detail's reads after its summary in ONE statement (issue 30: four round trips were a result save's read-back,
 * `writev` a quarter of its server CPU): the participant's card (participants module; `patientId` null: none), the
 * enabled ordered panels and the ordered tests, each a json sub-select (json-rows.ts) decoded as when run alone.
 * Built once per database handle and prepared by name.
 */
const detailStatement = preparedStatements('orders.detail', (db: Db) => {
  const card = jsonRows(patientCardQuery(db));
  const panels = jsonRows(orderedPanelsOf(db));
  const tests = jsonRows(orderedTestsOf(db));
  const select = db
    .select({ card: sql<unknown>`${card.sql}`, panels: sql<unknown>`${panels.sql}`, tests: sql<unknown>`${tests.sql}` })
    .from(sql`(select 1) as one`);
  return {
    prepare(name: string) {
      const statement = select.prepare(name);
      return {
        getQuery: () => statement.getQuery(),
        async execute(values?: Record<string, unknown>) {
          const [raw] = await statement.execute(values);
          return {
            card: card.decode(raw.card).at(0) ?? null,
            panels: panels.decode(raw.panels),
            tests: tests.decode(raw.tests),
          };
        },
      };
    },
  };
});

/**
 * The order's participant card (in `language`), its enabled ordered panels with their panel's title, and its enabled
 * ordered tests with their test, range, accepted values, result and release.
 */
export const orderDetailParts = (db: Db, inst: number, orderId: number, patientId: number | null, language: string) =>
  detailStatement(db, '', true).execute({ inst, orderId, patientId, language });

/** A result of this order with its test's rules and release (`lockResults`). */
export interface LockedResult {
  resultId: number;
  result: string | null;
  stamp: string;
  releaseId: number;
  isReleased: boolean;
  rules: TestRules;
}

type LockWhere = { resultIds?: number[]; orderedPanelId?: number; releaseId?: number };
/** Which conditions a lock reads by: each its own statement text (one result id is `= $n`, several `= any($n)`). */
type LockShape = { ids: 'none' | IdCount; panel: boolean; release: boolean };

/**
 * The lock's select, prepared by name per shape (issue 30: save result built and planned this six-table select on
 * every write; a prepared statement is parsed and planned once per connection, inside a transaction too).
 */
const lockStatement = preparedStatements('orders.results.lock', (db: Db, shape: LockShape) => {
  const conds = [
    eq(limsOrderedTests.limsOrderId, sql.placeholder('orderId')),
    eq(limsOrderedTests.institutionId, sql.placeholder('inst')),
  ];
  if (shape.ids !== 'none') conds.push(idsPlaceholder(limsOrderedTestResults.id, shape.ids));
  if (shape.panel) conds.push(eq(limsOrderedTests.limsOrderedPanelId, sql.placeholder('panel')));
  if (shape.release) conds.push(eq(limsOrderedTestResultReleases.id, sql.placeholder('release')));
  return db
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
});

/** The enabled accepted values of some tests, by title: one text for one test, one for several. */
const acceptedStatement = preparedStatements('orders.results.accepted', (db: Db, count: IdCount) =>
  db
    .select({ testId: sql<number>`${testAcceptedValues.testId}`, title: sql<string>`${testAcceptedValues.title}` })
    .from(testAcceptedValues)
    .where(and(idsPlaceholder(testAcceptedValues.testId, count), eq(testAcceptedValues.isEnabled, true)))
    .orderBy(sql`lower(${testAcceptedValues.title})`),
);

/** Results of an order (all, some ids, one ordered panel's or one release's) with their test's rules, locked. */
export async function lockResults(db: Db, inst: number, orderId: number, where: LockWhere): Promise<LockedResult[]> {
  const ids = where.resultIds ? [...new Set(where.resultIds)] : undefined;
  const shape: LockShape = {
    ids: ids ? idCount(ids) : 'none',
    panel: where.orderedPanelId !== undefined,
    release: where.releaseId !== undefined,
  };
  const rows = await lockStatement(db, `${shape.ids}:${shape.panel}:${shape.release}`, true, shape).execute({
    orderId,
    inst,
    ids: ids && idsValue(ids),
    panel: where.orderedPanelId,
    release: where.releaseId,
  });
  const testIds = [...new Set(rows.filter((r) => r.hasAcceptedValue).map((r) => r.testId))];
  const accepted = testIds.length
    ? await acceptedStatement(db, idCount(testIds), true, idCount(testIds)).execute({ ids: idsValue(testIds) })
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
  set: Pick<typeof limsOrderedTestResults.$inferInsert, ResultSetKey>,
) {
  const keys = RESULT_SET_KEYS.filter((k) => set[k] !== undefined);
  await updateResultStatement(db, keys.join(','), true, keys).execute({
    ...set,
    concurrencyStamp: newStamp(),
    resultId,
  });
}

/** A placeholder encoded by its column when the statement runs, as Drizzle encodes a value it is given in `set`. */
const placed = (column: Column, name: string) => sql`${new Param(sql.placeholder(name), column)}`;

/** The columns a result's update may set, in the order of the statement's text (one text per subset). */
const RESULT_SET_KEYS = ['amended', 'flag', 'result', 'updatedById', 'updatedDate'] as const;
type ResultSetKey = (typeof RESULT_SET_KEYS)[number];
/** A result's update by id, prepared by name per set of columns changed (issue 30: built and planned on every save). */
const updateResultStatement = preparedStatements('orders.results.update', (db: Db, keys: ResultSetKey[]) =>
  db
    .update(limsOrderedTestResults)
    .set({
      ...Object.fromEntries(keys.map((k) => [k, placed(limsOrderedTestResults[k], k)])),
      concurrencyStamp: placed(limsOrderedTestResults.concurrencyStamp, 'concurrencyStamp'),
    })
    .where(eq(limsOrderedTestResults.id, sql.placeholder('resultId'))),
);

/** Marks a result release released by an account at a time; a new concurrency stamp. */
export async function markReleased(db: Db, releaseId: number, releasedById: number, releasedDate: Date) {
  await db
    .update(limsOrderedTestResultReleases)
    .set({ isReleased: true, releasedDate, releasedById, concurrencyStamp: newStamp() })
    .where(eq(limsOrderedTestResultReleases.id, releaseId));
}

/** One entry of a result's history (enter, release, amend). */
export async function addResultHistory(db: Db, entry: HistoryEntry) {
  await historyStatement(db, entry.reason === undefined ? '' : 'reason', true, entry.reason !== undefined).execute({
    reason: null,
    ...entry,
  });
}

type HistoryEntry = Pick<
  typeof limsResultHistory.$inferInsert,
  'limsOrderedTestResultId' | 'action' | 'previousResult' | 'newResult' | 'reason' | 'accountId' | 'at'
>;
/** A history row's insert, prepared by name (issue 30: built and planned on every save). */
const historyStatement = preparedStatements('orders.results.history', (db: Db, withReason: boolean) =>
  db.insert(limsResultHistory).values({
    limsOrderedTestResultId: sql.placeholder('limsOrderedTestResultId'),
    action: sql.placeholder('action'),
    previousResult: sql.placeholder('previousResult'),
    newResult: sql.placeholder('newResult'),
    ...(withReason ? { reason: sql.placeholder('reason') } : {}),
    accountId: sql.placeholder('accountId'),
    at: sql.placeholder('at'),
  }),
);

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
