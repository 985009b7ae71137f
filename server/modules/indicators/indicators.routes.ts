import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  DefinitionParams, IndicatorDefinition, IndicatorDefinitionInput, IndicatorQuery, IndicatorReportDto, ReportParam,
} from '../../../contract/indicators.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { csvDisposition, csvRecord } from '../../platform/csv';
import * as svc from './indicators.service';
import { BASE, edit, read, tags } from './route-config';

/** The report as CSV (platform/csv.ts: counts as numbers, titles and remarks as defused text): the table, an empty record, then the footer lines (parameters, generated at). */
function reportCsv(r: IndicatorReportDto) {
  return `\uFEFF${csvRecord(['S.no', 'Indicator', 'Frequency', 'Remark'])}${r.rows.map((x) => csvRecord([x.sNo, x.indicator, x.frequency, x.remark])).join('')}`
    + `${csvRecord([])}${r.footer.map((line) => csvRecord([line])).join('')}`;
}

/** Breast and cervical cancer reports per date range (spec 2 §2 Reports, §9) and their editable definitions (docs/indicators.md). */
export function indicatorRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);

  app.get(`${BASE}/:report`, { config: read, schema: { tags, params: ReportParam, querystring: IndicatorQuery, response: { 200: IndicatorReportDto } } },
    async (req) => svc.runReport(ctx(req), req.params.report, req.query));
  app.get(`${BASE}/:report.csv`, {
    config: read,
    schema: { tags, params: ReportParam, querystring: IndicatorQuery, response: { 200: { description: 'The report as RFC 4180 CSV', content: { 'text/csv': { schema: z.string() } } } } },
  }, async (req, reply) => {
    const r = await svc.runReport(ctx(req), req.params.report, req.query);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', csvDisposition(r.title, 'report')).send(reportCsv(r));
  });
  app.get(`${BASE}/:report/definitions`, { config: read, schema: { tags, params: ReportParam, response: { 200: z.array(IndicatorDefinition) } } },
    async (req) => svc.listDefinitions(ctx(req), req.params.report));
  app.get(`${BASE}/:report/definitions/:definitionId`, { config: read, schema: { tags, params: DefinitionParams, response: { 200: IndicatorDefinition } } },
    async (req) => svc.getDefinition(ctx(req), req.params.report, req.params.definitionId));
  app.put(`${BASE}/:report/definitions/:definitionId`, { config: edit, schema: { tags, params: DefinitionParams, body: IndicatorDefinitionInput, response: { 200: IndicatorDefinition } } },
    async (req) => svc.updateDefinition(ctx(req), req.params.report, req.params.definitionId, req.body));
}
