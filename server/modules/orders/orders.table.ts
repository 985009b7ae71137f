import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Flag } from '../../../contract/orders.contract';
import { recordColumns, ts } from '../../platform/records';
import { patients } from '../../db/referenced-tables';

export const limsOrders = pgTable(
  'lims_orders',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    sampleId: text('sample_id').notNull(),
    /** The participant ordered for; null only on an order on a received sample (lims_orders_subject_ck). */
    patientId: integer('patient_id').references(() => patients.id),
    /**
     * An order on a received sample (docs/decisions/0014-received-samples.md): its donor is not a participant here,
     * so the order names the sample's pseudonymous donor code instead (copied from sample_origins; never changes).
     */
    donorCode: text('donor_code'),
    institutionSiteId: integer('institution_site_id'),
    priorityId: integer('priority_id').notNull(),
    paymentCategoryId: integer('payment_category_id'),
    collectedSampleId: integer('collected_sample_id'),
    commentToLab: text('comment_to_lab'),
    /**
     * 0 pending, 1 partly, 2 released (RELEASE_STATES): kept by every write that orders panels or releases
     * results (release-state.repository.ts), so the list sorts and filters on an index instead of aggregating every order.
     */
    releaseRank: smallint('release_rank').notNull().default(0),
  },
  (t) => [
    // Exactly one subject: a participant, or (on a received collected sample) its donor code.
    check(
      'lims_orders_subject_ck',
      sql`(${t.patientId} is not null and ${t.donorCode} is null) or (${t.patientId} is null and ${t.donorCode} is not null and ${t.collectedSampleId} is not null)`,
    ),
    uniqueIndex('lims_orders_sample_id_uq').on(t.institutionId, sql`lower(${t.sampleId})`),
    index('lims_orders_patient_idx').on(t.institutionId, t.patientId, t.id),
    // The list newest (or oldest) first: an index-only walk of the institution's ids (issue 30 deep pages).
    index('lims_orders_inst_idx').on(t.institutionId, t.id),
    index('lims_orders_collected_idx').on(t.institutionId, t.collectedSampleId),
    index('lims_orders_created_idx').on(t.institutionId, t.createdDate),
    index('lims_orders_release_idx').on(t.institutionId, t.releaseRank, t.id),
    // The query builder's lab criterion looks each flagged result's order up by id for its donor (issue 32 item 4's
    // benchmark, docs/performance.md): index-only, no visit of the order's row.
    index('lims_orders_enabled_patient_idx')
      .on(t.id, t.patientId)
      .where(sql`${t.isEnabled}`),
    // The few disabled orders: reports subtract their panels instead of checking every panel's order.
    index('lims_orders_disabled_idx')
      .on(t.institutionId, t.id)
      .where(sql`not ${t.isEnabled}`),
  ],
);

export const limsOrderedPanels = pgTable(
  'lims_ordered_panels',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    limsOrderId: integer('lims_order_id')
      .notNull()
      .references(() => limsOrders.id),
    panelId: integer('panel_id').notNull(),
    comment: text('comment'),
    /** Some enabled test of the panel is not released (release-state.repository.ts keeps it with the order's rank). */
    hasUnreleased: boolean('has_unreleased').notNull().default(true),
  },
  (t) => [
    // The unreleased panels report reads only these (a tenth of the panels, or less, in a busy lab), index-only with the order id.
    index('lims_ordered_panels_unreleased_idx')
      .on(t.institutionId, t.createdDate, t.id, t.limsOrderId)
      .where(sql`${t.isEnabled} and ${t.hasUnreleased}`),
    index('lims_ordered_panels_order_idx').on(t.limsOrderId),
    index('lims_ordered_panels_panel_idx').on(t.institutionId, t.panelId),
    // Reports (docs/reports.md): one panel's orders in a date range, and every panel ordered in a range.
    index('lims_ordered_panels_panel_date_idx').on(t.institutionId, t.panelId, t.createdDate),
    index('lims_ordered_panels_date_idx').on(t.institutionId, t.createdDate),
  ],
);

export const limsOrderedTests = pgTable(
  'lims_ordered_tests',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    limsOrderId: integer('lims_order_id')
      .notNull()
      .references(() => limsOrders.id),
    limsOrderedPanelId: integer('lims_ordered_panel_id')
      .notNull()
      .references(() => limsOrderedPanels.id),
    testId: integer('test_id').notNull(),
    /** The result range in force when the test was ordered: flags keep their meaning if ranges change later. */
    testResultRangeId: integer('test_result_range_id'),
    comment: text('comment'),
  },
  (t) => [
    index('lims_ordered_tests_panel_idx').on(t.limsOrderedPanelId),
    index('lims_ordered_tests_order_idx').on(t.limsOrderId),
    // Test usage and summaries (docs/reports.md): the tests ordered in a date range.
    index('lims_ordered_tests_date_idx').on(t.institutionId, t.createdDate),
    // The query builder's lab-result criterion (docs/research.md): the orders of one test, then their donors.
    index('lims_ordered_tests_test_idx').on(t.institutionId, t.testId, t.limsOrderId),
  ],
);

/** One result row per ordered test, created with it (spec 1 §7 saves by result id). */
export const limsOrderedTestResults = pgTable(
  'lims_ordered_test_results',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    limsOrderedTestId: integer('lims_ordered_test_id')
      .notNull()
      .references(() => limsOrderedTests.id),
    result: text('result'),
    flag: text('flag').$type<Flag>(),
    amended: boolean('amended').notNull().default(false),
    updatedDate: ts('updated_date'),
    updatedById: integer('updated_by_id'),
  },
  (t) => [
    uniqueIndex('lims_ordered_test_results_test_uq').on(t.limsOrderedTestId),
    // The query builder's lab result flag criterion reads the flagged results only (issue 32 item 4's benchmark).
    index('lims_ordered_test_results_flag_idx')
      .on(t.flag, t.limsOrderedTestId)
      .where(sql`${t.flag} is not null`),
  ],
);

export const limsOrderedTestResultReleases = pgTable(
  'lims_ordered_test_result_releases',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    limsOrderedTestResultId: integer('lims_ordered_test_result_id')
      .notNull()
      .references(() => limsOrderedTestResults.id),
    isReleased: boolean('is_released').notNull().default(false),
    releasedDate: ts('released_date'),
    releasedById: integer('released_by_id'),
  },
  (t) => [
    uniqueIndex('lims_result_releases_result_uq').on(t.limsOrderedTestResultId),
    index('lims_result_releases_unreleased_idx').on(t.institutionId, t.isReleased),
    // Whether a result is released, index-only (the query builder's lab criterion, issue 32 item 4's benchmark).
    index('lims_result_releases_released_idx')
      .on(t.limsOrderedTestResultId)
      .where(sql`${t.isReleased}`),
  ],
);

/** Every value a result has had: entries, amendments with their reason. Append-only. */
export const limsResultHistory = pgTable(
  'lims_result_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    limsOrderedTestResultId: integer('lims_ordered_test_result_id')
      .notNull()
      .references(() => limsOrderedTestResults.id),
    action: text('action').notNull(),
    previousResult: text('previous_result'),
    newResult: text('new_result'),
    reason: text('reason'),
    accountId: integer('account_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('lims_result_history_result_idx').on(t.limsOrderedTestResultId, t.id)],
);

/** Per-institution daily counter for generated sample IDs (one atomic upsert per order). */
export const sampleIdCounters = pgTable(
  'sample_id_counters',
  {
    institutionId: integer('institution_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.day] })],
);

/**
 * The released lab results of each donor, reduced to what the query builder's lab criterion asks without a value
 * range (issue 32 item 4, docs/research.md "Query builder"): one row per institution, test, flag and donor that has
 * at least one released result of an enabled test of an enabled order of that donor with that flag (`flag` is the
 * result's flag, '' when it has none; `hasResult` whether that result has a value: flag '' with a value is
 * 'normal'). "Glucose flagged H" is then a semi-join on this table instead of the orders, tests, results and releases
 * per sample. Written ONLY by the database: statement triggers on the orders, ordered tests, results and releases
 * recompute the rows of every donor a statement changes through `patient_lab_flags_refresh` (migration
 * 0057_patient_lab_flags), the one place this reduction is written; never written by the server.
 */
export const patientLabFlags = pgTable(
  'patient_lab_flags',
  {
    institutionId: integer('institution_id').notNull(),
    testId: integer('test_id').notNull(),
    flag: text('flag').notNull(),
    patientId: integer('patient_id').notNull(),
    hasResult: boolean('has_result').notNull(),
  },
  (t) => [
    // The criterion reads one test's flag (a range of the key, then its donors) or probes one donor.
    primaryKey({
      name: 'patient_lab_flags_pk',
      columns: [t.institutionId, t.testId, t.flag, t.patientId, t.hasResult],
    }),
    // The triggers replace a donor's rows: found by patient.
    index('patient_lab_flags_patient_idx').on(t.patientId),
  ],
);
