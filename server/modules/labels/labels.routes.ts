import { labelEndpoints as e } from '../../../contract/labels.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { requestLanguage } from '../../platform/i18n';
import * as svc from './labels.service';

/** spec 2 §7 Printing, done on the server too: the printer setting, ZPL, PDF sheets and raw-port printing. */
export function labelRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  const { config } = deps;
  const printerTimeouts = {
    connectTimeoutMs: config.printerConnectTimeoutMs,
    totalTimeoutMs: config.printerTimeoutMs,
    allowedPorts: config.printerPorts,
  };

  route(e.printer, async (req, ctx) => svc.getPrinter(ctx));
  route(e.savePrinter, async (req, ctx) => svc.savePrinter(ctx, req.body, config.printerPorts));
  route(e.zpl, async (req, ctx, reply) =>
    reply.type('text/plain; charset=utf-8').send(svc.renderZpl(ctx, req.body, requestLanguage(req))),
  );
  route(e.pdf, async (req, ctx, reply) => {
    const pdf = await svc.renderPdf(ctx, req.body, requestLanguage(req));
    return reply
      .type('application/pdf')
      .header('Content-Disposition', 'attachment; filename="labels.pdf"')
      .send(Buffer.from(pdf));
  });
  route(e.print, async (req, ctx) => svc.printLabels(ctx, req.body, printerTimeouts, requestLanguage(req)));
}
