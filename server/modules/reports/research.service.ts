import type { DistributedFilter, RangeFilter, ReportCell } from '../../../contract/reports.contract';
import { REQUEST_STATES } from '../../../contract/requests.contract';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { fill, wordsOf } from '../../platform/i18n';
import type { InstCtx } from '../../platform/context';
import { distributedRows, turnaroundRows, type TurnaroundRow } from './research.repository';
import { footerOf, num, start, text, type Report } from './reports.service';

// The research reports (issue 32 item 7, docs/reports.md "Research reports"): what each distribution protocol
// received, and the requests by state with their turnaround. Their routes declare `requests.review` (the staff who
// see every request of the institution) and the router checks it in the path's institution. Words in the caller's
// language (`reports.research`, the request states of `requests.states`).

type Cells = Record<string, ReportCell>;

/** Every row is computed by one grouped statement (a range holds few groups); pages and CSV batches slice it. */
function sliced(all: () => Promise<Cells[]>): Pick<Report, 'slice' | 'count'> {
  let rows: Promise<Cells[]> | null = null;
  const once = () => (rows ??= all());
  return {
    async slice(limit, offset) {
      const every = await once();
      return { rows: every.slice(offset, offset + limit), total: every.length };
    },
    count: async () => (await once()).length,
  };
}

/** Samples distributed per distribution protocol (and month) and unit: requests, samples, quantity, returned. */
export async function researchDistributed(
  ctx: InstCtx,
  q: DistributedFilter,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Report> {
  const w = wordsOf(lng, 'reports');
  const r = w.research;
  const { inst, range, generatedAt } = await start(ctx, q);
  const byMonth = q.period === 'month';
  const columns = [
    text('protocol', r.columns.protocol),
    ...(byMonth ? [text('month', r.columns.month)] : []),
    num('requests', r.columns.requests),
    num('samples', r.columns.samples),
    text('unit', r.columns.unit),
    num('quantity', r.columns.quantity),
    num('returned', r.columns.returned),
  ];
  return {
    title: r.titles['distributed-samples-report'],
    range,
    generatedAt,
    columns,
    csvBatch: 50_000,
    footer: footerOf(w, range, generatedAt, [
      r.footer.distributedWhat,
      ...(byMonth ? [fill(r.footer.distributedMonth, { zone: range.zone })] : []),
      r.footer.distributedReturned,
    ]),
    ...sliced(async () =>
      (await distributedRows(ctx.db, inst, range, q.period, lng)).map((x): Cells => ({
        protocol: x.protocol,
        ...(byMonth ? { month: x.month } : {}),
        requests: x.requests,
        samples: x.samples,
        unit: x.unit ?? r.cells.noUnit,
        quantity: x.quantity,
        returned: x.returned,
      })),
    ),
  };
}

/** Requests created in the range by their state now, with the median and p90 turnarounds in days; then every state. */
export async function researchRequests(
  ctx: InstCtx,
  q: RangeFilter,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Report> {
  const w = wordsOf(lng, 'reports');
  const r = w.research;
  const states = wordsOf(lng, 'requests').states;
  const { inst, range, generatedAt } = await start(ctx, q);
  const c = r.columns;
  const columns = [
    text('state', c.state),
    num('requests', c.requests),
    num('submittedApprovedMedian', c.submittedApprovedMedian),
    num('submittedApprovedP90', c.submittedApprovedP90),
    num('approvedDistributedMedian', c.approvedDistributedMedian),
    num('approvedDistributedP90', c.approvedDistributedP90),
    num('submittedDistributedMedian', c.submittedDistributedMedian),
    num('submittedDistributedP90', c.submittedDistributedP90),
  ];
  const cells = (state: string, x: TurnaroundRow | undefined): Cells => ({
    state,
    requests: x?.requests ?? 0,
    submittedApprovedMedian: x?.sa50 ?? null,
    submittedApprovedP90: x?.sa90 ?? null,
    approvedDistributedMedian: x?.ad50 ?? null,
    approvedDistributedP90: x?.ad90 ?? null,
    submittedDistributedMedian: x?.sd50 ?? null,
    submittedDistributedP90: x?.sd90 ?? null,
  });
  return {
    title: r.titles['request-turnaround-report'],
    range,
    generatedAt,
    columns,
    footer: footerOf(w, range, generatedAt, [r.footer.requestsWhat, r.footer.turnaround]),
    ...sliced(async () => {
      const groups = await turnaroundRows(ctx.db, inst, range);
      const all = groups.find((g) => g.state === null);
      if (!all?.requests) return [];
      // Every state in the workflow's order (a zero is a figure too), then every state together.
      return [
        ...REQUEST_STATES.map((s) =>
          cells(
            states[s],
            groups.find((g) => g.state === s),
          ),
        ),
        cells(r.cells.allStates, all),
      ];
    }),
  };
}
