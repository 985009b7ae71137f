import { accountEndpoints as e } from '../../../contract/accounts.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import type { SessionEnder } from './accounts.service';
import * as svc from './accounts.service';

/**
 * `endSessions` comes from server/app.ts (auth owns the sessions table): accounts never imports auth,
 * auth imports accounts' index for what a sign-in needs to know.
 */
export function accountRoutes(app: App, deps: AppDeps, endSessions: SessionEnder) {
  const route = router(app, deps);
  route(e.list, async (req, ctx, reply) => sendPage(reply, req.query, await svc.listUsers(ctx, req.query)));
  route(e.get, async (req, ctx) => svc.getUser(ctx, req.params.id));
  route(e.create, async (req, ctx, reply) => reply.status(201).send(await svc.createUser(ctx, req.body)));
  route(e.overwritePassword, async (req, ctx) => svc.overwritePassword(ctx, req.body, endSessions));
  route(e.setRoles, async (req, ctx) => svc.setRoles(ctx, req.params.id, req.body));
  route(e.setSuperAdmin, async (req, ctx) => svc.setSuperAdmin(ctx, req.params.id, req.body));
  route(e.addMembership, async (req, ctx) => svc.addMembership(ctx, req.params.id, req.body));
  route(e.disable, async (req, ctx) => svc.setUserEnabled(ctx, req.params.id, false, endSessions));
  route(e.enable, async (req, ctx) => svc.setUserEnabled(ctx, req.params.id, true, endSessions));

  route(e.invitations, async (_req, ctx) => svc.myInvitations(ctx));
  route(e.acceptInvitation, async (req, ctx) => svc.answerInvitation(ctx, req.params.id, true));
  route(e.declineInvitation, async (req, ctx) => svc.answerInvitation(ctx, req.params.id, false));
}
