import { Readable } from 'node:stream';
import type { PageQuery } from '../../../contract/common.contract';
import { reportEndpoints as e } from '../../../contract/reports.endpoints';
import type { FastifyReply } from 'fastify';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import { requestLanguage } from '../../platform/i18n';
import * as reports from './reports.service';
import { reportCsv } from './report-csv';
import * as research from './research.service';

/**
 * The order reports (docs/reports.md): each at `reports/{name}` (one page, X-Pagination) and
 * `reports/{name}.csv` (the whole report streamed, named after its title). Every report is a heavy read: the replica
 * when there is one, else deps.reportDb (the report budget; platform/heavy-reads.ts).
 */
export function reportRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps, { heavyReads: true });
  /** One page of the report, its total in X-Pagination. */
  const page = async (reply: FastifyReply, q: PageQuery, report: Promise<reports.Report>) => {
    const { page: body, total } = await reports.pageOfReport(await report, q);
    sendPage(reply, q, { rows: [], total });
    return body;
  };
  /** The whole report as a CSV stream: the event loop stays free while it is written (server/test/event-loop.test.ts). */
  const csv = async <R extends FastifyReply>(reply: R, report: Promise<reports.Report>) => {
    const { disposition, lines } = reportCsv(await report);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', disposition)
      .send(Readable.from(lines()));
  };

  route(e.testResults, async (req, ctx, reply) =>
    page(reply, req.query, reports.testResults(ctx, req.query, requestLanguage(req))),
  );
  route(e.testResultsCsv, async (req, ctx, reply) =>
    csv(reply, reports.testResults(ctx, req.query, requestLanguage(req))),
  );
  route(e.testUsage, async (req, ctx, reply) =>
    page(reply, req.query, reports.testUsage(ctx, req.query, requestLanguage(req))),
  );
  route(e.testUsageCsv, async (req, ctx, reply) => csv(reply, reports.testUsage(ctx, req.query, requestLanguage(req))));
  route(e.panelUsage, async (req, ctx, reply) =>
    page(reply, req.query, reports.panelUsage(ctx, req.query, requestLanguage(req))),
  );
  route(e.panelUsageCsv, async (req, ctx, reply) =>
    csv(reply, reports.panelUsage(ctx, req.query, requestLanguage(req))),
  );
  route(e.testSummary, async (req, ctx, reply) =>
    page(reply, req.query, reports.testSummary(ctx, req.query, requestLanguage(req))),
  );
  route(e.testSummaryCsv, async (req, ctx, reply) =>
    csv(reply, reports.testSummary(ctx, req.query, requestLanguage(req))),
  );
  route(e.panelSummary, async (req, ctx, reply) =>
    page(reply, req.query, reports.panelSummary(ctx, req.query, requestLanguage(req))),
  );
  route(e.panelSummaryCsv, async (req, ctx, reply) =>
    csv(reply, reports.panelSummary(ctx, req.query, requestLanguage(req))),
  );
  route(e.unreleasedPanels, async (req, ctx, reply) =>
    page(reply, req.query, reports.unreleasedPanels(ctx, req.query, requestLanguage(req))),
  );
  route(e.unreleasedPanelsCsv, async (req, ctx, reply) =>
    csv(reply, reports.unreleasedPanels(ctx, req.query, requestLanguage(req))),
  );
  // Research reports (issue 32 item 7): `requests.review`, declared by their endpoints.
  route(e.researchDistributed, async (req, ctx, reply) =>
    page(reply, req.query, research.researchDistributed(ctx, req.query, requestLanguage(req))),
  );
  route(e.researchDistributedCsv, async (req, ctx, reply) =>
    csv(reply, research.researchDistributed(ctx, req.query, requestLanguage(req))),
  );
  route(e.researchRequests, async (req, ctx, reply) =>
    page(reply, req.query, research.researchRequests(ctx, req.query, requestLanguage(req))),
  );
  route(e.researchRequestsCsv, async (req, ctx, reply) =>
    csv(reply, research.researchRequests(ctx, req.query, requestLanguage(req))),
  );
}
