import { z } from 'zod';
import { Id, optionalIsoDate, PageQuery } from './common.contract';
import { MSG } from './messages';

// Lab-order reports (spec 2 §2 Reports, §9; spec 1 §2 report paths): computed in SQL on the server,
// scoped to the institution, over a date range of whole UTC days (institutions have no time zone).
// The screening indicators (breast, cervical) are another module's (indicators).

/** The web's child paths under /report (spec 1 §2) of the order reports, with their titles (CSV file names). */
export const ORDER_REPORTS = {
  'test-result-report': { title: 'Test Results', api: 'test-results' },
  'test-usage-report': { title: 'Test Usage Report', api: 'test-usage' },
  'panel-usage-report': { title: 'Panel Usage Report', api: 'panel-usage' },
  'test-summary-report': { title: 'Test Summary Report', api: 'test-summary' },
  'panel-summary-report': { title: 'Panel Summary Report', api: 'panel-summary' },
  'unreleased-panels-report': { title: 'Unreleased Panels Report', api: 'unreleased-panels' },
} as const;
export type OrderReportPath = keyof typeof ORDER_REPORTS;

/** Spec 2 §9 payment categories: an order's category counts in its column when its title is one of these (any case). */
export const PAYMENT_COLUMNS = [
  { key: 'outOfPocket', title: 'Out of Pocket' },
  { key: 'free', title: 'Free' },
  { key: 'half', title: 'Half' },
  { key: 'postPayment', title: 'Post Payment' },
  { key: 'insurance', title: 'Insurance' },
] as const;
export type PaymentKey = (typeof PAYMENT_COLUMNS)[number]['key'];

export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The longest range one report covers: a year and a day (a leap year's whole span). */
export const MAX_REPORT_DAYS = 366;
/** Spec 2 §9: the default range is the last 7 days, today included. */
export const DEFAULT_REPORT_DAYS = 7;

/** From and To are inclusive calendar days (UTC); either may be left out (default: the last 7 days). */
export const RangeFilter = z.object({ from: optionalIsoDate, to: optionalIsoDate });
export type RangeFilter = z.output<typeof RangeFilter>;
export const TestResultFilter = RangeFilter.extend({ panelId: Id });
export type TestResultFilter = z.output<typeof TestResultFilter>;
export const SummaryFilter = RangeFilter.extend({
  period: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(REPORT_PERIODS, { error: MSG.periodOneOf }),
    )
    .default('day'),
});
export type SummaryFilter = z.output<typeof SummaryFilter>;
/** A report's page (`reports/{name}`): its filter plus PageNumber and PageSize; the CSV takes the filter alone. */
export const pagedReportQuery = <S extends z.ZodRawShape>(filter: z.ZodObject<S>) => PageQuery.extend(filter.shape);

export const ReportColumn = z.object({ key: z.string(), title: z.string(), numeric: z.boolean() });
export type ReportColumn = z.infer<typeof ReportColumn>;
export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;
/** One bar of a summary's chart: a period's counts by payment category (other: another or no category). */
export const ChartBar = z.object({
  period: z.string(),
  outOfPocket: z.number(),
  free: z.number(),
  half: z.number(),
  postPayment: z.number(),
  insurance: z.number(),
  other: z.number(),
});
export type ChartBar = z.infer<typeof ChartBar>;

/**
 * One page of a report: its columns, the page's rows (cells by column key), and the footer lines
 * (parameters, rules, generated at) the screen and the CSV both show. The total is in X-Pagination.
 */
export const ReportPage = z.object({
  title: z.string(),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(z.record(z.string(), ReportCell)),
  footer: z.array(z.string()),
  /** Summaries: every period of the range (not only this page), for the stacked bar chart. */
  chart: z.array(ChartBar).optional(),
});
export type ReportPage = z.infer<typeof ReportPage>;

/** Cell texts of the test result report (spec 2 §2). */
export const NO_RESULT = 'No Result';
export const NOT_ORDERED = 'Not Ordered';

// Research reports (issue 32 item 7, docs/reports.md "Research reports"): what was distributed under each
// distribution protocol, and the research requests by state with their turnaround. Staff who see every request of
// the institution run them (`requests.review`), not `reports.run`: a Researcher holds that one and sees only its own
// requests.

/** The web's child paths of the research reports (under /research-requests/reports), with their API names. */
export const RESEARCH_REPORTS = {
  'distributed-samples-report': { api: 'research-distributed' },
  'request-turnaround-report': { api: 'research-requests' },
} as const;
export type ResearchReportPath = keyof typeof RESEARCH_REPORTS;

/** The distributed samples report groups by protocol over the whole range, or by protocol and month. */
export const DISTRIBUTION_PERIODS = ['range', 'month'] as const;
export type DistributionPeriod = (typeof DISTRIBUTION_PERIODS)[number];
export const DistributedFilter = RangeFilter.extend({
  period: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(DISTRIBUTION_PERIODS, { error: MSG.distributionPeriodOneOf }),
    )
    .default('range'),
});
export type DistributedFilter = z.output<typeof DistributedFilter>;
