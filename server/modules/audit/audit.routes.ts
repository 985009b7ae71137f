import { auditEndpoints as e } from '../../../contract/audit.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import { listAuditEvents, verifyAudit } from './audit.service';

export function auditRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  // The audit log is a heavy read (the replica when there is one); verifying seals new rows first: the primary.
  const heavy = router(app, deps, { heavyReads: true });
  heavy(e.events, async (req, ctx, reply) => sendPage(reply, req.query, await listAuditEvents(ctx, req.query)));
  route(e.verify, async (_req, ctx) => verifyAudit(ctx));
}
