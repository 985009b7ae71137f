import { sql, type SQL } from 'drizzle-orm';
import {
  NO_RESULT,
  NOT_ORDERED,
  ORDER_REPORTS,
  PAYMENT_COLUMNS,
  type ChartBar,
  type RangeFilter,
  type ReportCell,
  type ReportColumn,
  type ReportPage,
  type ReportPeriod,
  type SummaryFilter,
  type TestResultFilter,
} from '../../../contract/reports.contract';
import type { PageQuery } from '../../../contract/common.contract';
import { requirePermission, type InstCtx } from '../../platform/context';
import { type Db, rowsOf } from '../../db/client';
import { resolveRange, type Range } from './range';
import { reportErrors } from './reports.errors';

// The order reports (spec 2 §2 Reports, §9), each one SQL statement over the orders tables (a read
// model: no service call per order), scoped to the institution, over whole UTC days.

type Row = Record<string, unknown>;
type Cells = Record<string, ReportCell>;

/** A report before paging: what it shows and how to read any slice of its rows (the page, or CSV batches). */
export interface Report {
  title: string;
  range: Range;
  generatedAt: Date;
  columns: ReportColumn[];
  footer: string[];
  /** Rows [offset, offset + limit); the total when it is known for free; a summary's chart when asked (the page, not CSV batches). */
  slice(
    limit: number,
    offset: number,
    withChart?: boolean,
  ): Promise<{ rows: Cells[]; total: number | null; chart?: ChartBar[] }>;
  /** Rows per CSV batch: a grouped report regroups on every slice, so it reads many at once (its groups are bounded by the range). */
  csvBatch?: number;
  /** The number of rows, asked only when a slice cannot tell (an empty page past the end). */
  count(): Promise<number>;
}

const text = (key: string, title: string): ReportColumn => ({ key, title, numeric: false });
const num = (key: string, title: string): ReportColumn => ({ key, title, numeric: true });

const UTC_MINUTE = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`;
const within = (col: SQL, r: Range) =>
  sql`${col} >= ${r.start.toISOString()}::timestamptz and ${col} < ${r.end.toISOString()}::timestamptz`;

function footerOf(r: Range, generatedAt: Date, lines: string[]) {
  return [
    `From ${r.from} to ${r.to}, both days included (dates in UTC: institutions have no time zone).`,
    ...lines,
    `Generated at ${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  ];
}

async function start(ctx: InstCtx, q: RangeFilter) {
  requirePermission(ctx, 'reports.run');
  const generatedAt = ctx.now();
  return { inst: ctx.institutionId, range: resolveRange(q, generatedAt), generatedAt };
}

// Usage and summaries ---------------------------------------------------------------------------

const PAYMENT_NOTE = `Payment categories are matched by title (${PAYMENT_COLUMNS.map((c) => c.title).join(', ')}); orders with another or no payment category count in Total only.`;

/**
 * Where the counts come from: the daily roll-up report_daily_counts (kept by triggers on the orders
 * tables, migration 0023; checked against the direct count in reports.test.ts), a few thousand rows a
 * year per test or panel instead of every ordered test. The roll-up's rows of the range are summed per
 * (period, test or panel, payment category) first, then named: the joins see a few hundred rows.
 */
function usageSource(kind: 'test' | 'panel', inst: number, r: Range, period?: ReportPeriod) {
  const bucket = period ? sql`date_trunc(${sql.raw(`'${period}'`)}, c.day::timestamp)` : null;
  return {
    bucket: bucket ? sql`c.bucket` : null,
    from: sql`from (select ${bucket ? sql`${bucket} as bucket, ` : sql``}c.ref_id, c.payment_category_id, sum(c.n)::int as n from report_daily_counts c
        where c.institution_id = ${inst} and c.kind = ${kind} and c.day >= ${r.from}::date and c.day <= ${r.to}::date
        group by ${bucket ? sql`1, ` : sql``}c.ref_id, c.payment_category_id) c
      left join payment_categories pc on pc.id = c.payment_category_id
      ${kind === 'test' ? sql`join tests tt on tt.id = c.ref_id` : sql`join panels tt on tt.id = c.ref_id`}`,
  };
}

const categoryCounts = sql.join(
  PAYMENT_COLUMNS.map(
    (c) =>
      sql`coalesce(sum(c.n) filter (where lower(trim(pc.title)) = ${c.title.toLowerCase()}), 0)::int as ${sql.identifier(c.key)}`,
  ),
  sql`, `,
);
const periodLabel = (p: ReportPeriod, bucket: SQL) =>
  p === 'month'
    ? sql`to_char(${bucket}, 'YYYY-MM')`
    : p === 'week'
      ? sql`'Week of ' || to_char(${bucket}, 'YYYY-MM-DD')`
      : sql`to_char(${bucket}, 'YYYY-MM-DD')`;

const PERIOD_NOTE: Record<ReportPeriod, string> = {
  day: 'Period: day.',
  week: 'Period: week (ISO weeks, Monday to Sunday; the first and last weeks may hold only part of the range).',
  month: 'Period: month (the first and last months may hold only part of the range).',
};

/** Test or panel usage by payment category; with a period, the summary (one row per period and test or panel). */
async function usageReport(
  ctx: InstCtx,
  kind: 'test' | 'panel',
  q: RangeFilter,
  period?: ReportPeriod,
): Promise<Report> {
  const { inst, range, generatedAt } = await start(ctx, q);
  // The period unit is written into the statement (from the enum), not bound: GROUP BY must see the same expression as SELECT.
  const src = usageSource(kind, inst, range, period);
  const bucket = src.bucket;
  const grouped = sql`select ${bucket ? sql`${periodLabel(period!, bucket)} as period, ${bucket} as bucket,` : sql``}
      tt.title as name, c.ref_id, ${categoryCounts}, sum(c.n)::int as total
    ${src.from} group by ${bucket ? sql`${bucket}, ` : sql``}c.ref_id, tt.title having sum(c.n) > 0`;
  const name = kind === 'test' ? 'Test Name' : 'Panel Name';
  const columns = [
    ...(period ? [text('period', 'Period')] : []),
    text('name', name),
    ...PAYMENT_COLUMNS.map((c) => num(c.key, c.title)),
    num('total', 'Total'),
  ];
  const order = sql`${bucket ? sql`bucket, ` : sql``}lower(name), ref_id`;
  const title = ORDER_REPORTS[`${kind}-${period ? 'summary' : 'usage'}-report`].title;
  const what = kind === 'test' ? 'Each ordered test counts once.' : 'Each ordered panel counts once.';
  const sums = sql.join(
    [...PAYMENT_COLUMNS.map((c) => c.key), 'total'].map(
      (k) => sql`sum(${sql.identifier(k)})::int as ${sql.identifier(k)}`,
    ),
    sql`, `,
  );
  return {
    title,
    range,
    generatedAt,
    columns,
    csvBatch: 50_000,
    footer: footerOf(range, generatedAt, [...(period ? [PERIOD_NOTE[period]] : []), what, PAYMENT_NOTE]),
    async slice(limit, offset, withChart) {
      // The grouping runs once (a materialised CTE) for the page, the total and a summary's chart of every period.
      const chartSql =
        period && withChart
          ? sql`(select coalesce(json_agg(b order by b.bucket), '[]'::json) from (select period, bucket, ${sums} from g group by period, bucket) b)`
          : sql`null::json`;
      const [res] = await rowsOf<Row>(
        ctx.db,
        sql`with g as materialized (${grouped})
        select (select coalesce(json_agg(r), '[]'::json) from (select * from g order by ${order} limit ${limit} offset ${offset}) r) as rows,
          (select count(*)::int from g) as total, ${chartSql} as chart`,
      );
      const rows = res.rows as Row[];
      const chart = (res.chart as Row[] | null)?.map((b): ChartBar => {
        const counts = Object.fromEntries(PAYMENT_COLUMNS.map((c) => [c.key, Number(b[c.key])])) as Record<
          (typeof PAYMENT_COLUMNS)[number]['key'],
          number
        >;
        return {
          period: String(b.period),
          ...counts,
          other: Number(b.total) - PAYMENT_COLUMNS.reduce((sum, c) => sum + counts[c.key], 0),
        };
      });
      return {
        total: Number(res.total),
        chart,
        rows: rows.map((r) =>
          Object.fromEntries(columns.map((c) => [c.key, c.numeric ? Number(r[c.key]) : String(r[c.key])])),
        ),
      };
    },
    count: async () => Number((await rowsOf<Row>(ctx.db, sql`select count(*)::int as n from (${grouped}) g`))[0].n),
  };
}

export const testUsage = (ctx: InstCtx, q: RangeFilter) => usageReport(ctx, 'test', q);
export const panelUsage = (ctx: InstCtx, q: RangeFilter) => usageReport(ctx, 'panel', q);
export const testSummary = (ctx: InstCtx, q: SummaryFilter) => usageReport(ctx, 'test', q, q.period);
export const panelSummary = (ctx: InstCtx, q: SummaryFilter) => usageReport(ctx, 'panel', q, q.period);

// Test results per date range -------------------------------------------------------------------

/**
 * The panel's columns: its enabled tests in the order they were added, then tests ordered with the
 * panel in the range that are no longer part of it (their results stay visible). Headed by abbreviation.
 */
/**
 * The test columns of a panel's report: the panel's enabled tests in panel order, then tests since
 * removed from it that an order of the range still holds. Ordered tests are only ever made from the
 * panel's panel_tests rows (order-placement.ts), which are never edited or deleted, only disabled: so
 * the candidates are the panel's own rows, and only a disabled one needs a look at the orders (scanning
 * every ordered test of the range for its distinct tests took 0.5-1 s for 7 days at 2M orders a year).
 */
async function testColumns(db: Db, inst: number, panelId: number, r: Range) {
  const rows = await rowsOf<Row>(
    db,
    sql`select tt.id, coalesce(nullif(trim(tt.abbreviation), ''), tt.title) as head, c.ord
    from (
      select pt.test_id, min(pt.id) filter (where pt.is_enabled) as ord from panel_tests pt
      where pt.panel_id = ${panelId} and pt.institution_id = ${inst}
      group by pt.test_id
      having bool_or(pt.is_enabled) or exists (select 1 from lims_ordered_panels op
        join lims_ordered_tests t on t.lims_ordered_panel_id = op.id and t.is_enabled and t.test_id = pt.test_id
        where op.institution_id = ${inst} and op.panel_id = ${panelId} and op.is_enabled and ${within(sql`op.created_date`, r)})
    ) c join tests tt on tt.id = c.test_id
    order by c.ord nulls last, lower(tt.title), tt.id`,
  );
  const seen = new Set<number>();
  return rows
    .filter((x) => !seen.has(Number(x.id)) && seen.add(Number(x.id)))
    .map((x) => ({ testId: Number(x.id), head: String(x.head) }));
}

export async function testResults(ctx: InstCtx, q: TestResultFilter): Promise<Report> {
  const { inst, range, generatedAt } = await start(ctx, q);
  const [panel] = await rowsOf<Row>(
    ctx.db,
    sql`select id, title from panels where id = ${q.panelId} and institution_id = ${inst}`,
  );
  if (!panel) throw reportErrors.panel_not_found();
  const tests = await testColumns(ctx.db, inst, q.panelId, range);
  const where = sql`from lims_ordered_panels op join lims_orders o on o.id = op.lims_order_id and o.is_enabled
    where op.institution_id = ${inst} and op.panel_id = ${q.panelId} and op.is_enabled and ${within(sql`op.created_date`, range)}`;
  const columns = [
    num('serialNumber', 'Serial Number'),
    text('sampleId', 'Sample ID'),
    ...tests.map((x) => text(`test${x.testId}`, x.head)),
    text('remarks', 'Remarks'),
    text('orderedDate', 'Ordered Date'),
  ];
  // The rows are the enabled ordered panels of enabled orders by UTC day: exactly what the roll-up counts
  // as 'panel' (migration 0023), a few rows per day instead of joining every order of the range.
  const count = async () =>
    Number(
      (
        await rowsOf<Row>(
          ctx.db,
          sql`select coalesce(sum(c.n), 0)::int as n from report_daily_counts c
    where c.institution_id = ${inst} and c.kind = 'panel' and c.ref_id = ${q.panelId} and c.day >= ${range.from}::date and c.day <= ${range.to}::date`,
        )
      )[0].n,
    );
  return {
    title: ORDER_REPORTS['test-result-report'].title,
    range,
    generatedAt,
    columns,
    csvBatch: 5000,
    footer: footerOf(range, generatedAt, [
      `Panel: ${String(panel.title)}. One row per order of the panel, oldest first; Ordered Date is when the panel was ordered (UTC).`,
      `${NO_RESULT}: the test was ordered but its result is not released yet. ${NOT_ORDERED}: the test was not part of this order of the panel.`,
    ]),
    count,
    async slice(limit, offset) {
      // The page's ordered panels first (index on institution, panel, date), then their tests for those rows only.
      const rows = await rowsOf<Row>(
        ctx.db,
        sql`select op.id, o.sample_id, op.comment, ${UTC_MINUTE(sql`op.created_date`)} as ordered_date,
        coalesce((select json_agg(json_build_object('t', t.test_id, 'r', case when rel.is_released then res.result end, 'c', t.comment,
            'a', coalesce(nullif(trim(tt.abbreviation), ''), tt.title)) order by t.id)
          from lims_ordered_tests t
          join lims_ordered_test_results res on res.lims_ordered_test_id = t.id
          join lims_ordered_test_result_releases rel on rel.lims_ordered_test_result_id = res.id
          join tests tt on tt.id = t.test_id
          where t.lims_ordered_panel_id = op.id and t.is_enabled), '[]'::json) as tests
        from (select op.id ${where} order by op.created_date, op.id limit ${limit} offset ${offset}) page
        join lims_ordered_panels op on op.id = page.id join lims_orders o on o.id = op.lims_order_id
        order by op.created_date, op.id`,
      );
      const out = rows.map((r, i) => {
        const ordered = new Map(
          (r.tests as { t: number; r: string | null; c: string | null; a: string }[]).map((x) => [Number(x.t), x]),
        );
        const remarks = [
          r.comment as string | null,
          ...[...ordered.values()].filter((x) => x.c).map((x) => `${x.a}: ${x.c}`),
        ]
          .filter(Boolean)
          .join('; ');
        const cells: Cells = {
          serialNumber: offset + i + 1,
          sampleId: String(r.sample_id),
          remarks,
          orderedDate: String(r.ordered_date),
        };
        for (const x of tests) {
          const t = ordered.get(x.testId);
          cells[`test${x.testId}`] = !t ? NOT_ORDERED : t.r !== null && t.r !== '' ? t.r : NO_RESULT;
        }
        return cells;
      });
      return { rows: out, total: out.length < limit && (out.length || offset === 0) ? offset + out.length : null };
    },
  };
}

// Unreleased panels -----------------------------------------------------------------------------

/** '3 d 4 h', '5 h 12 min', '7 min': how long a panel has waited. */
export function ageText(seconds: number) {
  const m = Math.max(0, Math.floor(seconds / 60));
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m % 60} min`;
  return `${m} min`;
}

export async function unreleasedPanels(ctx: InstCtx, q: RangeFilter): Promise<Report> {
  const { inst, range, generatedAt } = await start(ctx, q);
  // The panel's stored has_unreleased (orders' release-state.ts keeps it with each release) and its partial
  // index: only unreleased panels are read (joining every panel of the range to its order took 0.25 s for
  // 7 days at 2M orders a year).
  const flagged = sql`op.institution_id = ${inst} and op.is_enabled and op.has_unreleased and ${within(sql`op.created_date`, range)}`;
  const where = sql`from lims_ordered_panels op join lims_orders o on o.id = op.lims_order_id and o.is_enabled and o.institution_id = ${inst} where ${flagged}`;
  const columns = [
    text('patientName', 'Patient Name'),
    text('patientId', 'Patient ID'),
    text('sampleId', 'Sample ID'),
    text('orderedOn', 'Ordered On'),
    text('orderedBy', 'Ordered By'),
    text('panelName', 'Panel Name'),
    text('departmentName', 'Department Name'),
    text('age', 'Age'),
  ];
  // The total without reading each panel's order: the flagged panels of the range (index-only on the
  // partial index) less those of disabled orders (a partial index holds the few disabled orders).
  const count = async () =>
    Number(
      (
        await rowsOf<Row>(
          ctx.db,
          sql`select
      (select count(*) from lims_ordered_panels op where ${flagged})
      - (select count(*) from lims_orders o join lims_ordered_panels op on op.lims_order_id = o.id where o.institution_id = ${inst} and not o.is_enabled and ${flagged}) as n`,
        )
      )[0].n,
    );
  return {
    title: ORDER_REPORTS['unreleased-panels-report'].title,
    range,
    generatedAt,
    columns,
    count,
    csvBatch: 5000,
    footer: footerOf(range, generatedAt, [
      'Panels ordered in these dates with at least one test not released yet, oldest first. Patient Id is the main MRN.',
      `Age is the time since the panel was ordered, at ${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (the turnaround so far).`,
    ]),
    async slice(limit, offset) {
      const rows = await rowsOf<Row>(
        ctx.db,
        sql`select concat_ws(' ', p.first_name, p.father_name, p.grand_father_name) as patient_name,
          (select m.mrn from patient_mrns m where m.patient_id = p.id and m.institution_site_id is null and m.is_enabled order by m.id limit 1) as mrn,
          o.sample_id, ${UTC_MINUTE(sql`op.created_date`)} as ordered_on, concat_ws(' ', a.first_name, a.last_name) as ordered_by,
          pn.title as panel_name, d.title as department_name,
          extract(epoch from (${generatedAt.toISOString()}::timestamptz - op.created_date))::float8 as age_seconds
        from (select op.id ${where} order by op.created_date, op.id limit ${limit} offset ${offset}) page
        join lims_ordered_panels op on op.id = page.id join lims_orders o on o.id = op.lims_order_id
        join patients p on p.id = o.patient_id
        left join accounts a on a.id = op.creator_id
        left join panels pn on pn.id = op.panel_id
        left join departments d on d.id = pn.department_id
        order by op.created_date, op.id`,
      );
      const out = rows.map((r): Cells => ({
        patientName: String(r.patient_name),
        patientId: (r.mrn as string | null) ?? '',
        sampleId: String(r.sample_id),
        orderedOn: String(r.ordered_on),
        orderedBy: String(r.ordered_by ?? ''),
        panelName: String(r.panel_name ?? ''),
        departmentName: String(r.department_name ?? ''),
        age: ageText(Number(r.age_seconds)),
      }));
      return { rows: out, total: out.length < limit && (out.length || offset === 0) ? offset + out.length : null };
    },
  };
}

// Paging and CSV --------------------------------------------------------------------------------

/** One page: the rows, the exact total (from the slice when it can tell, else counted). */
export async function pageOfReport(report: Report, q: PageQuery): Promise<{ page: ReportPage; total: number }> {
  const offset = (q.pageNumber - 1) * q.pageSize;
  const { rows, total, chart } = await report.slice(q.pageSize, offset, true);
  return {
    total: total ?? (await report.count()),
    page: {
      title: report.title,
      from: report.range.from,
      to: report.range.to,
      generatedAt: report.generatedAt.toISOString(),
      columns: report.columns,
      rows,
      footer: report.footer,
      chart,
    },
  };
}
