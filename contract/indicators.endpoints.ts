import { z } from 'zod';
import { endpoint, type EndpointDef } from './endpoint';
import {
  DefinitionParams,
  IndicatorDefinition,
  IndicatorDefinitionInput,
  IndicatorQuery,
  IndicatorReportDto,
  ReportParam,
} from './indicators.contract';

const tags = ['Screening indicator reports'];

/** Breast and cervical cancer reports per date range (spec 2 §2 Reports, §9) and their editable definitions (docs/indicators.md). */
export const indicatorEndpoints = {
  report: endpoint({
    method: 'GET',
    path: '/institutions/:instId/indicators/:report',
    params: ReportParam,
    query: IndicatorQuery,
    response: { 200: IndicatorReportDto },
    permission: 'reports.run',
    tags,
  }),
  // `:report.csv`: the parameter is `report` (the router reads up to the dot); endpoint()'s compile-time check would
  // read the name as `report.csv`, so this row is checked by server/test/endpoint-table.test.ts only.
  csv: {
    method: 'GET',
    path: '/institutions/:instId/indicators/:report.csv',
    params: ReportParam,
    query: IndicatorQuery,
    response: { 200: { description: 'The report as RFC 4180 CSV', content: { 'text/csv': { schema: z.string() } } } },
    permission: 'reports.run',
    tags,
  } as const satisfies EndpointDef,
  definitions: endpoint({
    method: 'GET',
    path: '/institutions/:instId/indicators/:report/definitions',
    params: ReportParam,
    response: { 200: z.array(IndicatorDefinition) },
    permission: 'reports.run',
    tags,
  }),
  definition: endpoint({
    method: 'GET',
    path: '/institutions/:instId/indicators/:report/definitions/:definitionId',
    params: DefinitionParams,
    response: { 200: IndicatorDefinition },
    permission: 'reports.run',
    tags,
  }),
  updateDefinition: endpoint({
    method: 'PUT',
    path: '/institutions/:instId/indicators/:report/definitions/:definitionId',
    params: DefinitionParams,
    body: IndicatorDefinitionInput,
    response: { 200: IndicatorDefinition },
    permission: 'protocols.manage',
    tags,
  }),
};
