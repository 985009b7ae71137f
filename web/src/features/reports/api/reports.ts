import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ORDER_REPORTS, ReportPage, ReportPeriod } from '@contract/reports.contract';
import { reportRowsByName } from '@contract/reports.endpoints';
import { callFile, callPaged } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveBlob } from '@/lib/download';

/** What Generate Report asks for: the range (inclusive UTC days), and the panel or the period where the report has one. */
export interface ReportCriteria {
  from: string;
  to: string;
  panelId?: number;
  period?: ReportPeriod;
}
export interface ReportPaging {
  page: number;
  pageSize: number;
}

/** A report row as the paged table keys it (its position on the page). */
export type ReportTableRow = ReportPage['rows'][number] & { id: number };

/** A report's API name (`reports/{name}`). */
export type ReportName = (typeof ORDER_REPORTS)[keyof typeof ORDER_REPORTS]['api'];
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
