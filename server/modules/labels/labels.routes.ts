import { z } from 'zod';
import { InstParam } from '../../../contract/common.contract';
import { LabelJob, Printer, PrinterInput, PrintResult } from '../../../contract/labels.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import * as svc from './labels.service';

/** The PDF's bytes: typed as a Buffer for the handler, documented as a binary string. */
const PdfBytes = z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ type: 'string', format: 'binary' });
const tags = ['Labels'];
const base = '/api/institutions/:instId/labels';

/** spec 2 §7 Printing, done on the server too: the printer setting, ZPL, PDF sheets and raw-port printing. */
export function labelRoutes(app: App, { db, now, config }: AppDeps) {
  const ctx = (req: Parameters<typeof ctxOf>[0]) => ctxOf(req, db, now);
  const printerTimeouts = { connectTimeoutMs: config.printerConnectTimeoutMs, totalTimeoutMs: config.printerTimeoutMs, allowedPorts: config.printerPorts };

  app.get(`${base}/printer`, {
    config: { permission: 'labels.print' },
    schema: { tags, params: InstParam, response: { 200: Printer.nullable() } },
  }, async (req) => (await svc.getPrinter(ctx(req))));

  app.put(`${base}/printer`, {
    config: { permission: 'printer.configure' },
    schema: { tags, params: InstParam, body: PrinterInput, response: { 200: Printer } },
  }, async (req) => (await svc.savePrinter(ctx(req), req.body, config.printerPorts)));

  app.post(`${base}/zpl`, {
    config: { permission: 'labels.print' },
    schema: { tags, params: InstParam, body: LabelJob, response: { 200: { description: 'ZPL II text', content: { 'text/plain': { schema: z.string() } } } } },
  }, async (req, reply) => reply.type('text/plain; charset=utf-8').send(svc.renderZpl(ctx(req), req.body)));

  app.post(`${base}/pdf`, {
    config: { permission: 'labels.print' },
    schema: { tags, params: InstParam, body: LabelJob, response: { 200: { description: 'A PDF sheet of labels', content: { 'application/pdf': { schema: PdfBytes } } } } },
  }, async (req, reply) => {
    const pdf = await svc.renderPdf(ctx(req), req.body);
    return reply.type('application/pdf').header('Content-Disposition', 'attachment; filename="labels.pdf"').send(Buffer.from(pdf));
  });

  app.post(`${base}/print`, {
    config: { permission: 'labels.print' },
    schema: { tags, params: InstParam, body: LabelJob, response: { 200: PrintResult } },
  }, async (req) => (await svc.printLabels(ctx(req), req.body, printerTimeouts)));
}
