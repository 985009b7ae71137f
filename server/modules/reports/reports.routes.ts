import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InstParam, type PageQuery } from '../../../contract/common.contract';
import { pagedReportQuery, RangeFilter, ReportPage, SummaryFilter, TestResultFilter } from '../../../contract/reports.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { type Ctx, ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as reports from './reports.service';
import { reportCsv } from './report-csv';

/** A streamed CSV body (documented as text; the serializer never sees it). */
const CsvStream = z.custom<Readable>((v) => v instanceof Readable).meta({ type: 'string' });
const tags = ['Reports'];
const config = { permission: 'reports.run' as const };

/**
 * The order reports (docs/reports.md): each at `reports/{name}` (one page, X-Pagination) and
 * `reports/{name}.csv` (the whole report, named after its title).
 */
export function reportRoutes(app: App, deps: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, deps.db, deps.now);
  const base = '/api/institutions/:instId/reports';

  function both<S extends z.ZodRawShape, F>(name: string, filter: z.ZodObject<S>, build: (c: Ctx, q: F) => Promise<reports.Report>) {
    app.get(`${base}/${name}`, { config, schema: { tags, params: InstParam, querystring: pagedReportQuery(filter), response: { 200: ReportPage } } },
      async (req: FastifyRequest, reply: FastifyReply) => {
        const q = req.query as F & PageQuery;
        const { page, total } = await reports.pageOfReport(await build(ctx(req), q), q);
        sendPage(reply, q, { rows: [], total });
        return page;
      });
    app.get(`${base}/${name}.csv`, {
      config,
      schema: { tags, params: InstParam, querystring: filter, response: { 200: { description: 'The whole report as RFC 4180 CSV, footer lines last', content: { 'text/csv': { schema: CsvStream } } } } },
    }, async (req: FastifyRequest, reply: FastifyReply) => {
      const { disposition, lines } = reportCsv(await build(ctx(req), req.query as F));
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', disposition).send(Readable.from(lines()));
    });
  }

  both('test-results', TestResultFilter, reports.testResults);
  both('test-usage', RangeFilter, reports.testUsage);
  both('panel-usage', RangeFilter, reports.panelUsage);
  both('test-summary', SummaryFilter, reports.testSummary);
  both('panel-summary', SummaryFilter, reports.panelSummary);
  both('unreleased-panels', RangeFilter, reports.unreleasedPanels);
}
