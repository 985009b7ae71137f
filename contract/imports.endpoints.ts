import { z } from 'zod';
import { endpoint, type FileResponse } from './endpoint';
import {
  DryRunResult,
  ImportKindParam,
  ImportQuery,
  MappingTemplate,
  MappingTemplateInput,
  MappingTemplateParam,
  MappingTemplatesParam,
  TemplateParam,
} from './imports.contract';

const tags = ['Imports'];
const csvTemplate: FileResponse = {
  description: "The kind's CSV template: the header row and an example row",
  content: { 'text/csv': { schema: z.string() } },
};
/** A dry run answers JSON; a commit an NDJSON stream of progress lines (documented as text: Fastify pipes a stream past the serializer). */
const Ndjson = z
  .custom<AsyncIterable<unknown>>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v)
  .meta({ type: 'string' });

/**
 * CSV imports (docs/imports.md). Every route is 'signedIn': the service checks the kind's own permission
 * (IMPORT_PERMISSION); reading a template needs the same. The upload's body is the CSV file itself
 * (Content-Type: text/csv), streamed, not JSON: the web sends it with its own fetch.
 */
export const importEndpoints = {
  template: endpoint({
    method: 'GET',
    path: '/institutions/:instId/imports/templates/:file',
    params: TemplateParam,
    response: { 200: csvTemplate },
    permission: 'signedIn',
    tags,
  }),
  // Saved column mappings (issue 28 item 10): listed, saved and deleted (disabled) per import kind.
  mappingTemplates: endpoint({
    method: 'GET',
    path: '/institutions/:instId/imports/:kind/mappingTemplates',
    params: MappingTemplatesParam,
    response: { 200: z.array(MappingTemplate) },
    permission: 'signedIn',
    tags,
  }),
  createMappingTemplate: endpoint({
    method: 'POST',
    path: '/institutions/:instId/imports/:kind/mappingTemplates',
    params: MappingTemplatesParam,
    body: MappingTemplateInput,
    response: { 201: MappingTemplate },
    permission: 'signedIn',
    tags,
  }),
  disableMappingTemplate: endpoint({
    method: 'POST',
    path: '/institutions/:instId/imports/:kind/mappingTemplates/:templateId/disable',
    params: MappingTemplateParam,
    response: { 200: MappingTemplate },
    permission: 'signedIn',
    tags,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/institutions/:instId/imports/:kind',
    params: ImportKindParam,
    query: ImportQuery,
    response: { 200: z.union([DryRunResult, Ndjson]) },
    permission: 'signedIn',
    tags,
  }),
};
