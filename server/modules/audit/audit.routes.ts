import { z } from 'zod';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { InstParam, PagingQuery } from '../../../contract/common.contract';
import { AuditEvent, AuditQuery } from '../../../contract/audit.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { instOf, ctxOf } from '../../platform/context';
import { offsetOf, sendPage } from '../../platform/paging';
import { auditEvents } from '../../platform/audit.table';
import { accountNames as accounts } from '../../platform/account-names';
import { sql } from 'drizzle-orm';

export function auditRoutes(app: App, { db, now }: AppDeps) {
  app.get('/api/institutions/:instId/auditEvents', {
    config: { permission: 'audit.read' },
    schema: { tags: ['Audit'], params: InstParam, querystring: PagingQuery.extend(AuditQuery.shape), response: { 200: z.array(AuditEvent) } },
  }, async (req, reply) => {
    const ctx = ctxOf(req, db, now);
    const q = req.query;
    const parts: SQL[] = [eq(auditEvents.institutionId, instOf(ctx))];
    if (q.entity) parts.push(sql`lower(${auditEvents.entity}) = ${q.entity.toLowerCase()}`);
    if (q.entityId) parts.push(eq(auditEvents.entityId, q.entityId));
    const rows = await db.select({
      id: auditEvents.id, at: auditEvents.at, institutionId: auditEvents.institutionId, entity: auditEvents.entity,
      entityId: auditEvents.entityId, action: auditEvents.action, before: auditEvents.before, after: auditEvents.after,
      firstName: accounts.firstName, lastName: accounts.lastName,
    }).from(auditEvents).leftJoin(accounts, eq(accounts.id, auditEvents.accountId))
      .where(and(...parts)).orderBy(desc(auditEvents.id)).limit(q.pageSize).offset(offsetOf(q));
    const where = and(...parts);
    const total = offsetOf(q) === 0 && rows.length < q.pageSize
      ? rows.length
      : (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditEvents).where(where))[0].n;
    return sendPage(reply, q, {
      total,
      rows: rows.map(({ firstName, lastName, at, ...r }) => ({
        ...r, at: at.toISOString(), account: firstName ? { firstName, lastName: lastName ?? '' } : null,
      })),
    });
  });
}
