import { distributionEndpoints as e } from '../../../contract/distribution.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { DOCUMENT_BODY_LIMIT } from './document-bytes';
import { sendPage } from '../../platform/paging';
import * as svc from './distribution.service';
import { catalogueRoutes } from './catalogue.routes';

/** Issue 32 items 1 and 2 (docs/research.md). */
export function distributionRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.list, async (req, ctx, reply) =>
    sendPage(reply, req.query, await svc.listDistributionProtocols(ctx, req.query)),
  );
  route(e.create, async (req, ctx, reply) =>
    reply.status(201).send(await svc.createDistributionProtocol(ctx, req.body)),
  );
  route(e.get, async (req, ctx) => svc.getDistributionProtocol(ctx, req.params.distributionProtocolId));
  route(e.update, async (req, ctx) => svc.updateDistributionProtocol(ctx, req.params.distributionProtocolId, req.body));
  route(e.disable, async (req, ctx) => svc.disableDistributionProtocol(ctx, req.params.distributionProtocolId));
  route(
    e.uploadEthicsDocument,
    async (req, ctx) => svc.uploadEthicsDocument(ctx, req.params.distributionProtocolId, req.body),
    { bodyLimit: DOCUMENT_BODY_LIMIT },
  );
  route(e.ethicsDocument, async (req, ctx, reply) => {
    const d = await svc.ethicsDocument(ctx, req.params.distributionProtocolId);
    const name = d.fileName.replace(/[^\w.\- ]/g, '_');
    return reply
      .type(d.contentType)
      .header('Content-Length', d.size)
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(d.content);
  });
  route(e.eligibilityCount, async (req, ctx) => svc.eligibilityCount(ctx, req.params.distributionProtocolId));
  catalogueRoutes(app, deps);
}
