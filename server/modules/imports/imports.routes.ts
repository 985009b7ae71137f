import { PassThrough, Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DryRunResult, IMPORT_CONTENT_TYPE, ImportKindParam, ImportQuery, MappingTemplate, MappingTemplateInput, MappingTemplateParam, MappingTemplatesParam, MAX_IMPORT_BYTES, TemplateParam, type ImportKind, type ImportStreamLine,
} from '../../../contract/imports.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { MSG } from '../../../contract/messages';
import { importErrors } from './imports.errors';
import * as svc from './imports.service';
import * as templates from './mapping-templates.service';

const tags = ['Imports'];
// The route checks the kind's own permission (IMPORT_PERMISSION); reading a template needs the same.
const signedIn = { permission: 'signedIn' as const };
// A commit answers an NDJSON stream (Fastify pipes streams without the serializer), a dry run JSON.
const NdjsonStream = z.custom<Readable>((v) => v instanceof Readable).meta({ type: 'string' });
/** Media types an upload may be sent as (the file itself). */
const CSV_TYPES = new Set([IMPORT_CONTENT_TYPE, 'application/csv']);

export function importRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);
  const base = '/api/institutions/:instId/imports';

  app.get(`${base}/templates/:file`, { config: signedIn, schema: { tags, params: TemplateParam } }, async (req, reply) => {
    const kind = req.params.file.replace(/\.csv$/, '') as ImportKind;
    const body = svc.template(ctx(req), kind);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${kind}-template.csv"`).send(body);
  });

  // Saved column mappings (issue 28 item 10): listed, saved and deleted (disabled) per import kind.
  const saved = `${base}/:kind/mappingTemplates`;
  app.get(saved, { config: signedIn, schema: { tags, params: MappingTemplatesParam, response: { 200: z.array(MappingTemplate) } } },
    async (req) => templates.listTemplates(ctx(req), req.params.kind));
  app.post(saved, { config: signedIn, schema: { tags, params: MappingTemplatesParam, body: MappingTemplateInput, response: { 201: MappingTemplate } } },
    async (req, reply) => reply.status(201).send(await templates.createTemplate(ctx(req), req.params.kind, req.body)));
  app.post(`${saved}/:templateId/disable`, { config: signedIn, schema: { tags, params: MappingTemplateParam, response: { 200: MappingTemplate } } },
    async (req) => templates.disableTemplate(ctx(req), req.params.kind, req.params.templateId));

  // Uploads in a scope of their own: no body parser buffers them. Whatever the content type, the body reaches the
  // handler unread (the guard has signed the caller in by then); the handler streams it through the CSV parser,
  // counting bytes (413 past MAX_IMPORT_BYTES). Other routes keep the app's JSON parser and its small limit.
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.post(`${base}/:kind`, {
      config: signedIn, bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags, params: ImportKindParam, querystring: ImportQuery, response: { 200: z.union([DryRunResult, NdjsonStream]) },
        description: `The CSV file itself is the body (Content-Type: ${IMPORT_CONTENT_TYPE}), at most ${MAX_IMPORT_BYTES} bytes; mapping (JSON), dryRun and fileName in the query.`,
      },
    }, async (req, reply) => {
      const media = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (!(req.body instanceof Readable) || !CSV_TYPES.has(media)) throw importErrors.not_csv();
      const length = Number(req.headers['content-length']);
      if (Number.isFinite(length) && length > MAX_IMPORT_BYTES) throw importErrors.too_large();
      const upload: svc.Upload = { body: req.body, mapping: req.query.mapping, fileName: req.query.fileName };
      const c = ctx(req);
      if (req.query.dryRun) return svc.dryRun(c, req.params.kind, upload);
      const { total, run } = await svc.prepareCommit(c, req.params.kind, upload);
      // The commit streams NDJSON: {processed,total} after each batch, then {result} or {error}.
      const stream = new PassThrough();
      const line = (l: ImportStreamLine) => stream.write(`${JSON.stringify(l)}\n`);
      line({ processed: 0, total });
      void run((done) => line({ processed: done, total }))
        .then((result) => line({ result }))
        .catch((err: unknown) => {
          const known = err instanceof AppError;
          if (!known) req.log.error({ err }, 'import failed inside its transaction');
          line({ error: { status: known ? err.status : 500, title: known ? err.title : MSG.internal } });
        })
        .finally(() => stream.end());
      return reply.status(200).type('application/x-ndjson; charset=utf-8').send(stream);
    });
  });
}
