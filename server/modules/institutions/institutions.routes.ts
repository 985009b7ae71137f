import { institutionEndpoints as e } from '../../../contract/institutions.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import * as svc from './institutions.service';

export function institutionRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.list, async (req, ctx, reply) => sendPage(reply, req.query, await svc.listInstitutions(ctx, req.query)));
  route(e.get, async (req, ctx) => svc.getInstitution(ctx, req.params.instId));
  route(e.create, async (req, ctx, reply) => reply.status(201).send(await svc.createInstitution(ctx, req.body)));
  route(e.updateByBody, async (req, ctx) => svc.updateInstitution(ctx, req.body.id, req.body));
  route(e.update, async (req, ctx) => svc.updateInstitution(ctx, req.params.instId, req.body));
  route(e.disable, async (req, ctx) => svc.setInstitutionEnabled(ctx, false));
  route(e.enable, async (req, ctx) => svc.setInstitutionEnabled(ctx, true));

  route(e.sites, async (req, ctx, reply) => sendPage(reply, req.query, await svc.listSites(ctx, req.query)));
  route(e.site, async (req, ctx) => svc.getSite(ctx, req.params.siteId));
  route(e.createSite, async (req, ctx, reply) => reply.status(201).send(await svc.createSite(ctx, req.body)));
  route(e.updateSite, async (req, ctx) => svc.updateSite(ctx, req.params.siteId, req.body));
  route(e.disableSite, async (req, ctx) => svc.setSiteEnabled(ctx, req.params.siteId, false));
  route(e.enableSite, async (req, ctx) => svc.setSiteEnabled(ctx, req.params.siteId, true));
}
