import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DistributionPeriod,
  ORDER_REPORTS,
  RESEARCH_REPORTS,
  ReportPage,
  ReportPeriod,
} from '@contract/reports.contract';
import { reportRowsByName } from '@contract/reports.endpoints';
import { todayIn } from '@contract/common.contract';
import { callFile, callPaged } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveBlob } from '@/lib/download';

// The reports' API as a screen calls it (the order reports of features/reports and the research reports of
// features/research-requests): one page of a report by its API name, and its whole CSV.

/** What Generate Report asks for: the range (inclusive days of the institution), and the panel or the period where the report has one. */
export interface ReportCriteria {
  from: string;
  to: string;
  panelId?: number;
  period?: ReportPeriod | DistributionPeriod;
}
export interface ReportPaging {
  page: number;
  pageSize: number;
}

const DAY = 86_400_000;
/** Today in the institution's time zone (the server's days, issue 31 item 6), or `offset` days from it. */
export const institutionDay = (timeZone: string, offset = 0) =>
  new Date(Date.parse(`${todayIn(timeZone)}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

/** A report row as the paged table keys it (its position on the page). */
export type ReportTableRow = ReportPage['rows'][number] & { id: number };

/** A report's API name (`reports/{name}`). */
export type ReportName =
  | (typeof ORDER_REPORTS)[keyof typeof ORDER_REPORTS]['api']
  | (typeof RESEARCH_REPORTS)[keyof typeof RESEARCH_REPORTS]['api'];
const queryOf = (c: ReportCriteria) => ({ from: c.from, to: c.to, panelId: c.panelId, period: c.period });

/** GET reports/{report}: one page (X-Pagination) with the columns, footer and, for summaries, the chart of every period. */
export function useReport(instId: number, report: ReportName, c: ReportCriteria | null, paging: ReportPaging) {
  return useQuery({
    queryKey: queryKeys.reports.page(instId, report, { ...c, ...paging }),
    queryFn: async () => {
      const res = await callPaged(
        reportRowsByName[report].page,
        {
          params: { instId },
          query: { ...queryOf(c!), pageNumber: paging.page, pageSize: paging.pageSize },
        },
        { notify: false },
      );
      // The body is the report ({columns, rows, footer, ...}), not a bare array: X-Pagination still counts its rows.
      // callPage types a paged answer's items as its rows; a report's answer is the one object, so it is read as such.
      const body = res.body;
      const first = (paging.page - 1) * paging.pageSize;
      return {
        report: body,
        items: body.rows.map((r, i): ReportTableRow => ({ ...r, id: first + i + 1 })),
        pagination: res.pagination ?? {
          TotalCount: body.rows.length,
          PageSize: body.rows.length,
          CurrentPage: 1,
          TotalPages: 1,
        },
      };
    },
    enabled: c !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET reports/{report}.csv: the whole report, saved under the name the server gives (the report's title). */
export async function downloadReportCsv(instId: number, report: ReportName, c: ReportCriteria, fallbackName: string) {
  const { blob, filename } = await callFile(
    reportRowsByName[report].csv,
    { params: { instId }, query: queryOf(c) },
    { notify: false },
  );
  saveBlob(blob, filename ?? `${fallbackName}.csv`);
}
