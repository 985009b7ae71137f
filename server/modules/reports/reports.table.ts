import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The usage and summary reports' daily roll-up (docs/reports.md): how many enabled ordered tests
 * (kind 'test', ref = test id) or ordered panels (kind 'panel', ref = panel id) of enabled orders
 * were ordered on a UTC day, per the order's payment category (0: none). Written only by database
 * triggers on lims_orders, lims_ordered_panels and lims_ordered_tests (migration 0023): every insert,
 * update or delete adds its rows' new contribution and takes away their old one in the same
 * statement, so no write path can make it drift. A count can fall to 0; readers keep sums above 0.
 */
export const reportDailyCounts = pgTable(
  'report_daily_counts',
  {
    institutionId: integer('institution_id').notNull(),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    day: date('day').notNull(),
    paymentCategoryId: integer('payment_category_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'report_daily_counts_pk',
      columns: [t.institutionId, t.kind, t.day, t.refId, t.paymentCategoryId],
    }),
  ],
);
