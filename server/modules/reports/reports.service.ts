import {
  NO_RESULT,
  NOT_ORDERED,
  ORDER_REPORTS,
  PAYMENT_COLUMNS,
  type ChartBar,
  type PaymentKey,
  type RangeFilter,
  type ReportCell,
  type ReportColumn,
  type ReportPage,
  type ReportPeriod,
  type SummaryFilter,
  type TestResultFilter,
} from '../../../contract/reports.contract';
import type { PageQuery } from '../../../contract/common.contract';
import type { InstCtx } from '../../platform/context';
import { institutionTimeZone } from '../institutions';
import { momentIn } from '../../platform/today';
import { resolveRange, type Range } from './range';
import { reportErrors } from './reports.errors';
import {
  panelOrderCount,
  panelOrderRows,
  panelTestColumns,
  panelTitle,
  unreleasedCount,
  unreleasedRows,
  usageCount,
  usageSlice,
  type UsageSpec,
} from './reports.repository';

// The order reports (spec 2 §2 Reports, §9): what each shows (columns, cells, footer) over the read model
// of reports.repository.ts, scoped to the institution, over whole days of the institution's time zone
// (issue 31 item 6; timestamps stay UTC in the database and the API, the JSON `generatedAt` too). Their routes declare
// 'reports.run' and the router checks it in the path's institution before the handler, so no check here.

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

function footerOf(r: Range, generatedAt: Date, lines: string[]) {
  return [
    `From ${r.from} to ${r.to}, both days included (dates in ${r.zone}, the institution's time zone).`,
    ...lines,
    `Generated at ${momentIn(r.zone, generatedAt)}.`,
  ];
}

async function start(ctx: InstCtx, q: RangeFilter) {
  const generatedAt = ctx.now();
  const zone = await institutionTimeZone(ctx.db, ctx.institutionId);
  return { inst: ctx.institutionId, range: resolveRange(q, generatedAt, zone), generatedAt };
}

// Usage and summaries ---------------------------------------------------------------------------

const PAYMENT_NOTE = `Payment categories are matched by title (${PAYMENT_COLUMNS.map((c) => c.title).join(', ')}); orders with another or no payment category count in Total only.`;

const PERIOD_NOTE: Record<ReportPeriod, string> = {
  day: 'Period: day.',
  week: 'Period: week (ISO weeks, Monday to Sunday; the first and last weeks may hold only part of the range).',
  month: 'Period: month (the first and last months may hold only part of the range).',
};

/** A row's or bar's counts per payment category alone (the JSON rows also hold their bucket and ref_id). */
const paymentCounts = (r: Record<PaymentKey, number>): Record<PaymentKey, number> => ({
  outOfPocket: r.outOfPocket,
  free: r.free,
  half: r.half,
  postPayment: r.postPayment,
  insurance: r.insurance,
});

/** Test or panel usage by payment category; with a period, the summary (one row per period and test or panel). */
async function usageReport(
  ctx: InstCtx,
  kind: 'test' | 'panel',
  q: RangeFilter,
  period?: ReportPeriod,
): Promise<Report> {
  const { inst, range, generatedAt } = await start(ctx, q);
  const spec: UsageSpec = { kind, institutionId: inst, range, period };
  const name = kind === 'test' ? 'Test Name' : 'Panel Name';
  const columns = [
    ...(period ? [text('period', 'Period')] : []),
    text('name', name),
    ...PAYMENT_COLUMNS.map((c) => num(c.key, c.title)),
    num('total', 'Total'),
  ];
  const title = ORDER_REPORTS[`${kind}-${period ? 'summary' : 'usage'}-report`].title;
  const what = kind === 'test' ? 'Each ordered test counts once.' : 'Each ordered panel counts once.';
  return {
    title,
    range,
    generatedAt,
    columns,
    csvBatch: 50_000,
    footer: footerOf(range, generatedAt, [...(period ? [PERIOD_NOTE[period]] : []), what, PAYMENT_NOTE]),
    async slice(limit, offset, withChart = false) {
      const res = await usageSlice(ctx.db, spec, limit, offset, withChart);
      const chart = res.chart?.map((b): ChartBar => {
        const counts = paymentCounts(b);
        return {
          period: b.period,
          ...counts,
          other: b.total - PAYMENT_COLUMNS.reduce((sum, c) => sum + counts[c.key], 0),
        };
      });
      return {
        total: res.total,
        chart,
        rows: res.rows.map((r) => ({
          ...(period ? { period: r.period ?? null } : {}),
          name: r.name,
          ...paymentCounts(r),
          total: r.total,
        })),
      };
    },
    count: () => usageCount(ctx.db, spec),
  };
}

export const testUsage = (ctx: InstCtx, q: RangeFilter) => usageReport(ctx, 'test', q);
export const panelUsage = (ctx: InstCtx, q: RangeFilter) => usageReport(ctx, 'panel', q);
export const testSummary = (ctx: InstCtx, q: SummaryFilter) => usageReport(ctx, 'test', q, q.period);
export const panelSummary = (ctx: InstCtx, q: SummaryFilter) => usageReport(ctx, 'panel', q, q.period);

// Test results per date range -------------------------------------------------------------------

export async function testResults(ctx: InstCtx, q: TestResultFilter): Promise<Report> {
  const { inst, range, generatedAt } = await start(ctx, q);
  const panel = await panelTitle(ctx.db, inst, q.panelId);
  if (panel === undefined) throw reportErrors.panel_not_found();
  const tests = await panelTestColumns(ctx.db, inst, q.panelId, range);
  const columns = [
    num('serialNumber', 'Serial Number'),
    text('sampleId', 'Sample ID'),
    ...tests.map((x) => text(`test${x.testId}`, x.head)),
    text('remarks', 'Remarks'),
    text('orderedDate', 'Ordered Date'),
  ];
  return {
    title: ORDER_REPORTS['test-result-report'].title,
    range,
    generatedAt,
    columns,
    csvBatch: 5000,
    footer: footerOf(range, generatedAt, [
      `Panel: ${panel}. One row per order of the panel, oldest first; Ordered Date is when the panel was ordered (${range.zone}).`,
      `${NO_RESULT}: the test was ordered but its result is not released yet. ${NOT_ORDERED}: the test was not part of this order of the panel.`,
    ]),
    count: () => panelOrderCount(ctx.db, inst, q.panelId, range),
    async slice(limit, offset) {
      const rows = await panelOrderRows(ctx.db, inst, q.panelId, range, limit, offset);
      const out = rows.map((r, i) => {
        const ordered = new Map(r.tests.map((x) => [x.t, x]));
        const remarks = [r.comment, ...[...ordered.values()].filter((x) => x.c).map((x) => `${x.a}: ${x.c}`)]
          .filter(Boolean)
          .join('; ');
        const cells: Cells = {
          serialNumber: offset + i + 1,
          sampleId: r.sample_id,
          remarks,
          orderedDate: r.ordered_date,
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
  return {
    title: ORDER_REPORTS['unreleased-panels-report'].title,
    range,
    generatedAt,
    columns,
    count: () => unreleasedCount(ctx.db, inst, range),
    csvBatch: 5000,
    footer: footerOf(range, generatedAt, [
      'Panels ordered in these dates with at least one test not released yet, oldest first. Patient Id is the main MRN.',
      `Ordered On is in ${range.zone}. Age is the time since the panel was ordered, at ${momentIn(range.zone, generatedAt)} (the turnaround so far).`,
    ]),
    async slice(limit, offset) {
      const rows = await unreleasedRows(ctx.db, inst, range, generatedAt, limit, offset);
      const out = rows.map((r): Cells => ({
        patientName: r.patient_name,
        patientId: r.mrn ?? '',
        sampleId: r.sample_id,
        orderedOn: r.ordered_on,
        orderedBy: r.ordered_by,
        panelName: r.panel_name ?? '',
        departmentName: r.department_name ?? '',
        age: ageText(r.age_seconds),
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
