import { PassThrough, Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { DryRunResult, ImportKindParam, ImportRequest, MAX_IMPORT_BYTES, TemplateParam, type ImportKind, type ImportStreamLine } from '../../../contract/imports.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { MSG } from '../../../contract/messages';
import * as svc from './imports.service';

const tags = ['Imports'];
// The route checks the kind's own permission (IMPORT_PERMISSION); reading a template needs the same.
const signedIn = { permission: 'signedIn' as const };
// A commit answers an NDJSON stream (Fastify pipes streams without the serializer), a dry run JSON.
const NdjsonStream = z.custom<Readable>((v) => v instanceof Readable).meta({ type: 'string' });

export function importRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);
  const base = '/api/institutions/:instId/imports';

  app.get(`${base}/templates/:file`, { config: signedIn, schema: { tags, params: TemplateParam } }, async (req, reply) => {
    const kind = req.params.file.replace(/\.csv$/, '') as ImportKind;
    const body = svc.template(ctx(req), kind);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${kind}-template.csv"`).send(body);
  });

  // JSON body (the app's parser) with the CSV text: 20 MB of CSV plus the JSON escaping.
  app.post(`${base}/:kind`, {
    config: signedIn, bodyLimit: Math.ceil(MAX_IMPORT_BYTES * 1.2) + 64 * 1024,
    schema: { tags, params: ImportKindParam, body: ImportRequest, response: { 200: z.union([DryRunResult, NdjsonStream]) } },
  }, async (req, reply) => {
    const c = ctx(req);
    if (req.body.dryRun) return svc.dryRun(c, req.params.kind, req.body);
    const { total, run } = await svc.prepareCommit(c, req.params.kind, req.body);
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
}
