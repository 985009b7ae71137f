import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InstParam } from '../../../contract/common.contract';
import { RangeQuery, ReportPage, SummaryQuery, TestResultQuery } from '../../../contract/reports.contract';
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

  function both<Q extends z.ZodType<RangeQuery>>(name: string, querystring: Q, build: (c: Ctx, q: z.infer<Q>) => Promise<reports.Report>) {
    app.get(`${base}/${name}`, { config, schema: { tags, params: InstParam, querystring, response: { 200: ReportPage } } },
      async (req: FastifyRequest, reply: FastifyReply) => {
        const q = req.query as z.infer<Q>;
        const { page, total } = await reports.pageOfReport(await build(ctx(req), q), q);
        sendPage(reply, q, { rows: [], total });
        return page;
      });
    app.get(`${base}/${name}.csv`, {
      config,
      schema: { tags, params: InstParam, querystring, response: { 200: { description: 'The whole report as RFC 4180 CSV, footer lines last', content: { 'text/csv': { schema: CsvStream } } } } },
    }, async (req: FastifyRequest, reply: FastifyReply) => {
      const { disposition, lines } = reportCsv(await build(ctx(req), req.query as z.infer<Q>));
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', disposition).send(Readable.from(lines()));
    });
  }

  both('test-results', TestResultQuery, reports.testResults);
  both('test-usage', RangeQuery, reports.testUsage);
  both('panel-usage', RangeQuery, reports.panelUsage);
  both('test-summary', SummaryQuery, reports.testSummary);
  both('panel-summary', SummaryQuery, reports.panelSummary);
  both('unreleased-panels', RangeQuery, reports.unreleasedPanels);
}
