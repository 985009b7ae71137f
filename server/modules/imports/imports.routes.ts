import { PassThrough, Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_CONTENT_TYPE,
  MAX_IMPORT_BYTES,
  type ImportKind,
  type ImportStreamLine,
} from '../../../contract/imports.contract';
import { importEndpoints as e } from '../../../contract/imports.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { AppError } from '../../platform/errors';
import { requestLanguage } from '../../platform/i18n';
import { MSG } from '../../../contract/messages';
import { importErrors } from './imports.errors';
import * as svc from './imports.service';
import * as templates from './mapping-templates.service';

/** Media types an upload may be sent as (the file itself). */
const CSV_TYPES = new Set([IMPORT_CONTENT_TYPE, 'application/csv']);

// Every route is 'signedIn': the service checks the kind's own permission (IMPORT_PERMISSION); reading a template needs the same.
export function importRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);

  route(e.template, async (req, ctx, reply) => {
    const kind = req.params.file.replace(/\.csv$/, '') as ImportKind;
    const body = svc.template(ctx, kind);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${kind}-template.csv"`)
      .send(body);
  });

  // Saved column mappings (issue 28 item 10): listed, saved and deleted (disabled) per import kind.
  route(e.mappingTemplates, async (req, ctx) => templates.listTemplates(ctx, req.params.kind));
  route(e.createMappingTemplate, async (req, ctx, reply) =>
    reply.status(201).send(await templates.createTemplate(ctx, req.params.kind, req.body)),
  );
  route(e.disableMappingTemplate, async (req, ctx) =>
    templates.disableTemplate(ctx, req.params.kind, req.params.templateId),
  );

  // Uploads in a scope of their own: no body parser buffers them. Whatever the content type, the body reaches the
  // handler unread (the guard has signed the caller in by then); the handler streams it through the CSV parser,
  // counting bytes (413 past MAX_IMPORT_BYTES). Other routes keep the app's JSON parser and its small limit.
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    router(scope, deps)(
      e.upload,
      async (req, ctx, reply) => {
        const body: unknown = req.body;
        const media = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        if (!(body instanceof Readable) || !CSV_TYPES.has(media)) throw importErrors.not_csv();
        const length = Number(req.headers['content-length']);
        if (Number.isFinite(length) && length > MAX_IMPORT_BYTES) throw importErrors.too_large();
        const upload: svc.Upload = { body, mapping: req.query.mapping, fileName: req.query.fileName };
        if (req.query.dryRun) return svc.dryRun(ctx, req.params.kind, upload, requestLanguage(req));
        const { total, run } = await svc.prepareCommit(ctx, req.params.kind, upload);
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
      },
      {
        bodyLimit: MAX_IMPORT_BYTES,
        description: `The CSV file itself is the body (Content-Type: ${IMPORT_CONTENT_TYPE}), at most ${MAX_IMPORT_BYTES} bytes; mapping (JSON), dryRun and fileName in the query.`,
      },
    );
  });
}
