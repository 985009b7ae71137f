import { requestEndpoints as e } from '../../../contract/requests.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { DOCUMENT_BODY_LIMIT } from './document-bytes';
import { sendPage } from '../../platform/paging';
import { requestLanguage } from '../../platform/i18n';
import * as svc from './requests.service';

/** Issue 32 item 5 (docs/research.md "Requests"). */
export function requestRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  const id = (p: { researchRequestId: number }) => p.researchRequestId;
  route(e.list, async (req, ctx, reply) => sendPage(reply, req.query, await svc.listRequests(ctx, req.query)));
  route(e.create, async (req, ctx, reply) => reply.status(201).send(await svc.createRequest(ctx, req.body)));
  route(e.get, async (req, ctx) => svc.getRequest(ctx, id(req.params)));
  route(e.update, async (req, ctx) => svc.updateRequest(ctx, id(req.params), req.body));
  route(e.submit, async (req, ctx) => svc.submitRequest(ctx, id(req.params), req.body));
  route(e.cancel, async (req, ctx) => svc.cancelRequest(ctx, id(req.params), req.body));
  route(e.approve, async (req, ctx) => svc.approveRequest(ctx, id(req.params), req.body));
  route(e.reject, async (req, ctx) => svc.rejectRequest(ctx, id(req.params), req.body));
  route(e.requestChanges, async (req, ctx) => svc.requestChanges(ctx, id(req.params), req.body));
  route(e.suggestions, async (req, ctx, reply) =>
    sendPage(reply, req.query, await svc.suggestions(ctx, id(req.params), req.query)),
  );
  route(e.items, async (req, ctx) => svc.requestItems(ctx, id(req.params)));
  route(e.pick, async (req, ctx) => svc.pick(ctx, id(req.params), req.body));
  route(e.releaseItem, async (req, ctx) => svc.releaseItem(ctx, id(req.params), req.params.itemId, req.body));
  route(e.uploadMta, async (req, ctx) => svc.uploadMta(ctx, id(req.params), req.body), {
    bodyLimit: DOCUMENT_BODY_LIMIT,
  });
  route(e.mta, async (req, ctx, reply) => {
    const d = await svc.mtaDocument(ctx, id(req.params));
    const name = d.fileName.replace(/[^\w.\- ]/g, '_');
    return reply
      .type(d.contentType)
      .header('Content-Length', d.size)
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(d.content);
  });
  route(e.distribute, async (req, ctx) => svc.distribute(ctx, id(req.params), req.body));
  route(e.returns, async (req, ctx) => svc.returnMaterial(ctx, id(req.params), req.body));
  route(e.close, async (req, ctx) => svc.closeRequest(ctx, id(req.params), req.body));
  route(e.distributedSamples, async (req, ctx) => svc.distributedSamples(ctx, id(req.params)));
  route(e.exportCsv, async (req, ctx, reply) => {
    const { disposition, body } = await svc.exportCsv(ctx, id(req.params), requestLanguage(req));
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', disposition).send(body);
  });
  route(e.exportFhir, async (req, ctx, reply) => {
    const { disposition, bundle } = await svc.exportFhir(ctx, id(req.params));
    return reply.type('application/fhir+json; charset=utf-8').header('Content-Disposition', disposition).send(bundle);
  });
}
