import { z } from 'zod';
import { InstParam } from './common.contract';
import { endpoint, type EndpointDef, type FileResponse } from './endpoint';
import {
  DistributedFilter,
  pagedReportQuery,
  RangeFilter,
  ReportPage,
  SummaryFilter,
  TestResultFilter,
  type ORDER_REPORTS,
  type RESEARCH_REPORTS,
} from './reports.contract';

const tags = ['Reports'];
/** The whole report streamed as CSV (a Node stream on the server, documented as text; the serializer never sees it). */
const CsvStream = z
  .custom<AsyncIterable<unknown>>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v)
  .meta({ type: 'string' });
const csv = {
  description: 'The whole report as RFC 4180 CSV, footer lines last',
  content: { 'text/csv': { schema: CsvStream } },
} satisfies FileResponse;
const TestResultQuery = pagedReportQuery(TestResultFilter);
const RangeQuery = pagedReportQuery(RangeFilter);
const SummaryQuery = pagedReportQuery(SummaryFilter);
const DistributedQuery = pagedReportQuery(DistributedFilter);

/**
 * The order reports (docs/reports.md): each at `reports/{name}` (one page, the total in X-Pagination) and
 * `reports/{name}.csv` (the whole report, named after its title). Reports read other modules' tables (ADR 0012).
 */
export const reportEndpoints = {
  testResults: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/test-results',
    params: InstParam,
    query: TestResultQuery,
    response: { 200: ReportPage },
    permission: 'reports.run',
    paged: true,
    tags,
  }),
  testResultsCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/test-results.csv',
    params: InstParam,
    query: TestResultFilter,
    response: { 200: csv },
    permission: 'reports.run',
    tags,
  }),
  testUsage: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/test-usage',
    params: InstParam,
    query: RangeQuery,
    response: { 200: ReportPage },
    permission: 'reports.run',
    paged: true,
    tags,
  }),
  testUsageCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/test-usage.csv',
    params: InstParam,
    query: RangeFilter,
    response: { 200: csv },
    permission: 'reports.run',
    tags,
  }),
  panelUsage: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/panel-usage',
    params: InstParam,
    query: RangeQuery,
    response: { 200: ReportPage },
    permission: 'reports.run',
    paged: true,
    tags,
  }),
  panelUsageCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/panel-usage.csv',
    params: InstParam,
    query: RangeFilter,
    response: { 200: csv },
    permission: 'reports.run',
    tags,
  }),
  testSummary: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/test-summary',
    params: InstParam,
    query: SummaryQuery,
    response: { 200: ReportPage },
    permission: 'reports.run',
    paged: true,
    tags,
  }),
  testSummaryCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/test-summary.csv',
    params: InstParam,
    query: SummaryFilter,
    response: { 200: csv },
    permission: 'reports.run',
    tags,
  }),
  panelSummary: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/panel-summary',
    params: InstParam,
    query: SummaryQuery,
    response: { 200: ReportPage },
    permission: 'reports.run',
    paged: true,
    tags,
  }),
  panelSummaryCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/panel-summary.csv',
    params: InstParam,
    query: SummaryFilter,
    response: { 200: csv },
    permission: 'reports.run',
    tags,
  }),
  unreleasedPanels: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/unreleased-panels',
    params: InstParam,
    query: RangeQuery,
    response: { 200: ReportPage },
    permission: 'reports.run',
    paged: true,
    tags,
  }),
  unreleasedPanelsCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/unreleased-panels.csv',
    params: InstParam,
    query: RangeFilter,
    response: { 200: csv },
    permission: 'reports.run',
    tags,
  }),
  // Research reports (issue 32 item 7): every request of the institution, so `requests.review` (the staff who see them
  // all), not `reports.run` (which a Researcher holds, who sees only its own requests).
  researchDistributed: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/research-distributed',
    params: InstParam,
    query: DistributedQuery,
    response: { 200: ReportPage },
    permission: 'requests.review',
    paged: true,
    tags,
  }),
  researchDistributedCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/research-distributed.csv',
    params: InstParam,
    query: DistributedFilter,
    response: { 200: csv },
    permission: 'requests.review',
    tags,
  }),
  researchRequests: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/research-requests',
    params: InstParam,
    query: RangeQuery,
    response: { 200: ReportPage },
    permission: 'requests.review',
    paged: true,
    tags,
  }),
  researchRequestsCsv: endpoint({
    method: 'GET',
    path: '/institutions/:instId/reports/research-requests.csv',
    params: InstParam,
    query: RangeFilter,
    response: { 200: csv },
    permission: 'requests.review',
    tags,
  }),
};

/** A report's two rows as a screen picks them by the report's API name: the page (X-Pagination) and the CSV. */
export interface ReportRows {
  page: EndpointDef & { params: typeof InstParam; query: z.ZodType; response: { 200: typeof ReportPage }; paged: true };
  csv: EndpointDef & { params: typeof InstParam; query: z.ZodType };
}
type ReportName =
  | (typeof ORDER_REPORTS)[keyof typeof ORDER_REPORTS]['api']
  | (typeof RESEARCH_REPORTS)[keyof typeof RESEARCH_REPORTS]['api'];
export const reportRowsByName: Record<ReportName, ReportRows> = {
  'test-results': { page: reportEndpoints.testResults, csv: reportEndpoints.testResultsCsv },
  'test-usage': { page: reportEndpoints.testUsage, csv: reportEndpoints.testUsageCsv },
  'panel-usage': { page: reportEndpoints.panelUsage, csv: reportEndpoints.panelUsageCsv },
  'test-summary': { page: reportEndpoints.testSummary, csv: reportEndpoints.testSummaryCsv },
  'panel-summary': { page: reportEndpoints.panelSummary, csv: reportEndpoints.panelSummaryCsv },
  'unreleased-panels': { page: reportEndpoints.unreleasedPanels, csv: reportEndpoints.unreleasedPanelsCsv },
  'research-distributed': { page: reportEndpoints.researchDistributed, csv: reportEndpoints.researchDistributedCsv },
  'research-requests': { page: reportEndpoints.researchRequests, csv: reportEndpoints.researchRequestsCsv },
};
