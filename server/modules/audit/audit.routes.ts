import { z } from 'zod';
import { InstParam, PageQuery } from '../../../contract/common.contract';
import { AuditChainReport, AuditEvent, AuditQuery } from '../../../contract/audit.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import { listAuditEvents, verifyAudit } from './audit.service';

export function auditRoutes(app: App, { db, now }: AppDeps) {
  app.get('/api/institutions/:instId/auditEvents', {
    config: { permission: 'audit.read' },
    schema: { tags: ['Audit'], params: InstParam, querystring: PageQuery.extend(AuditQuery.shape), response: { 200: z.array(AuditEvent) } },
  }, async (req, reply) => sendPage(reply, req.query, await listAuditEvents(ctxOf(req, db, now), req.query)));

  app.get('/api/institutions/:instId/audit/verify', {
    config: { permission: 'audit.read' },
    schema: { tags: ['Audit'], params: InstParam, response: { 200: AuditChainReport } },
  }, async (req) => verifyAudit(ctxOf(req, db, now)));
}
