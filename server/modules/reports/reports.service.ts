import {
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
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { fill, wordsOf } from '../../platform/i18n';
import { timeZoneOf, type InstCtx } from '../../platform/context';
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
// Every word a report writes (title, headings, cells, footer: the page and the CSV alike) is in the caller's
// language (contract/i18n `reports`, issue 33); the routes pass requestLanguage(req), English by default.

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

export const text = (key: string, title: string): ReportColumn => ({ key, title, numeric: false });
export const num = (key: string, title: string): ReportColumn => ({ key, title, numeric: true });

export type Words = ReturnType<typeof wordsOf<'reports'>>;

/** The footer every report ends with: the range and zone, its own lines, when it was generated. */
export function footerOf(w: Words, r: Range, generatedAt: Date, lines: string[]) {
  return [
    fill(w.footer.range, { from: r.from, to: r.to, zone: r.zone }),
    ...lines,
    fill(w.footer.generated, { at: momentIn(r.zone, generatedAt) }),
  ];
}

/** The report's institution, its range on the institution's calendar, and when it is generated. */
export async function start(ctx: InstCtx, q: RangeFilter) {
  const generatedAt = ctx.now();
  return { inst: ctx.institutionId, range: resolveRange(q, generatedAt, timeZoneOf(ctx)), generatedAt };
}

// Usage and summaries ---------------------------------------------------------------------------

/** The payment titles are matched as the institution names its categories (spec 2 §9's English words), in every language. */
const paymentNote = (w: Words) => fill(w.footer.payment, { titles: PAYMENT_COLUMNS.map((c) => c.title).join(', ') });

const periodNote = (w: Words, period: ReportPeriod) =>
  ({ day: w.footer.periodDay, week: w.footer.periodWeek, month: w.footer.periodMonth })[period];

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
  period: ReportPeriod | undefined,
  lng: LanguageCode,
): Promise<Report> {
  const w = wordsOf(lng, 'reports');
  const { inst, range, generatedAt } = await start(ctx, q);
  const spec: UsageSpec = { kind, institutionId: inst, range, period, language: lng };
  const name = kind === 'test' ? w.columns.testName : w.columns.panelName;
  const columns = [
    ...(period ? [text('period', w.columns.period)] : []),
    text('name', name),
    ...PAYMENT_COLUMNS.map((c) => num(c.key, w.payment[c.key])),
    num('total', w.columns.total),
  ];
  const title = w.titles[`${kind}-${period ? 'summary' : 'usage'}-report`];
  const what = kind === 'test' ? w.footer.eachTest : w.footer.eachPanel;
  return {
    title,
    range,
    generatedAt,
    columns,
    csvBatch: 50_000,
    footer: footerOf(w, range, generatedAt, [...(period ? [periodNote(w, period)] : []), what, paymentNote(w)]),
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

export const testUsage = (ctx: InstCtx, q: RangeFilter, lng: LanguageCode = DEFAULT_LANGUAGE) =>
  usageReport(ctx, 'test', q, undefined, lng);
export const panelUsage = (ctx: InstCtx, q: RangeFilter, lng: LanguageCode = DEFAULT_LANGUAGE) =>
  usageReport(ctx, 'panel', q, undefined, lng);
export const testSummary = (ctx: InstCtx, q: SummaryFilter, lng: LanguageCode = DEFAULT_LANGUAGE) =>
  usageReport(ctx, 'test', q, q.period, lng);
export const panelSummary = (ctx: InstCtx, q: SummaryFilter, lng: LanguageCode = DEFAULT_LANGUAGE) =>
  usageReport(ctx, 'panel', q, q.period, lng);

// Test results per date range -------------------------------------------------------------------

export async function testResults(
  ctx: InstCtx,
  q: TestResultFilter,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Report> {
  const w = wordsOf(lng, 'reports');
  const { noResult, notOrdered } = w.cells;
  const { inst, range, generatedAt } = await start(ctx, q);
  const panel = await panelTitle(ctx.db, inst, q.panelId, lng);
  if (panel === undefined) throw reportErrors.panel_not_found();
  const tests = await panelTestColumns(ctx.db, inst, q.panelId, range, lng);
  const columns = [
    num('serialNumber', w.columns.serialNumber),
    text('sampleId', w.columns.sampleId),
    ...tests.map((x) => text(`test${x.testId}`, x.head)),
    text('remarks', w.columns.remarks),
    text('orderedDate', w.columns.orderedDate),
  ];
  return {
    title: w.titles['test-result-report'],
    range,
    generatedAt,
    columns,
    csvBatch: 5000,
    footer: footerOf(w, range, generatedAt, [
      fill(w.footer.testResultPanel, { panel, zone: range.zone }),
      fill(w.footer.testResultCells, { noResult, notOrdered }),
    ]),
    count: () => panelOrderCount(ctx.db, inst, q.panelId, range),
    async slice(limit, offset) {
      const rows = await panelOrderRows(ctx.db, inst, q.panelId, range, limit, offset, lng);
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
          cells[`test${x.testId}`] = !t ? notOrdered : t.r !== null && t.r !== '' ? t.r : noResult;
        }
        return cells;
      });
      return { rows: out, total: out.length < limit && (out.length || offset === 0) ? offset + out.length : null };
    },
  };
}

// Unreleased panels -----------------------------------------------------------------------------

/** '3 d 4 h', '5 h 12 min', '7 min' (French '3 j 4 h'): how long a panel has waited. */
export function ageText(seconds: number, lng: LanguageCode = DEFAULT_LANGUAGE) {
  const { waited } = wordsOf(lng, 'reports');
  const m = Math.max(0, Math.floor(seconds / 60));
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  if (d) return fill(waited.days, { d, h });
  if (h) return fill(waited.hours, { h, m: m % 60 });
  return fill(waited.minutes, { m });
}

export async function unreleasedPanels(
  ctx: InstCtx,
  q: RangeFilter,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Report> {
  const w = wordsOf(lng, 'reports');
  const { inst, range, generatedAt } = await start(ctx, q);
  const columns = [
    text('patientName', w.columns.patientName),
    text('patientId', w.columns.patientId),
    text('sampleId', w.columns.sampleId),
    text('orderedOn', w.columns.orderedOn),
    text('orderedBy', w.columns.orderedBy),
    text('panelName', w.columns.panelName),
    text('departmentName', w.columns.departmentName),
    text('age', w.columns.age),
  ];
  return {
    title: w.titles['unreleased-panels-report'],
    range,
    generatedAt,
    columns,
    count: () => unreleasedCount(ctx.db, inst, range),
    csvBatch: 5000,
    footer: footerOf(w, range, generatedAt, [
      w.footer.unreleasedWhat,
      fill(w.footer.unreleasedAge, { zone: range.zone, at: momentIn(range.zone, generatedAt) }),
    ]),
    async slice(limit, offset) {
      const rows = await unreleasedRows(ctx.db, inst, range, generatedAt, limit, offset, lng);
      const out = rows.map((r): Cells => ({
        patientName: r.patient_name,
        patientId: r.mrn ?? '',
        sampleId: r.sample_id,
        orderedOn: r.ordered_on,
        orderedBy: r.ordered_by,
        panelName: r.panel_name ?? '',
        departmentName: r.department_name ?? '',
        age: ageText(r.age_seconds, lng),
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
