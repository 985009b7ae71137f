import { partnerEndpoints as e } from '../../../contract/partners.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import * as svc from './partners.service';

/** Issue 31 item 3: signing keys and trusted partners (docs/shipments.md "Signed manifests and receipts"). */
export function partnerRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.signingKeys, async (req, ctx) => svc.listKeys(ctx));
  route(e.rotateKey, async (req, ctx) => svc.rotateKey(ctx));
  route(e.publicKeyFile, async (req, ctx, reply) => {
    const file = await svc.publicKeyFile(ctx, req.hostname);
    const name = `${file.institution.abbreviation.replace(/[^A-Za-z0-9_-]+/g, '_') || 'institution'} public keys.json`;
    return reply.header('Content-Disposition', `attachment; filename="${name}"`).send(file);
  });
  route(e.list, async (req, ctx, reply) => sendPage(reply, req.query, await svc.listPartners(ctx, req.query)));
  route(e.add, async (req, ctx, reply) => reply.status(201).send(await svc.addPartner(ctx, req.body)));
  route(e.disable, async (req, ctx) => svc.setPartnerEnabled(ctx, req.params.partnerKeyId, false));
  route(e.enable, async (req, ctx) => svc.setPartnerEnabled(ctx, req.params.partnerKeyId, true));
}
