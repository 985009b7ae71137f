import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '../../../contract/audit.contract';
import type { PageQuery } from '../../../contract/common.contract';
import { requirePermission, type InstCtx } from '../../platform/context';
import { offsetOf } from '../../platform/paging';
import { auditEvents } from '../../platform/audit.table';
import { accountNames as accounts } from '../../platform/account-names';
import { auditTitles } from './audit-titles';
import { verifyInstitutionChain } from './audit-chain';

const DAY_MS = 86_400_000;
/** A day's start (from) or the next day's start (to: the day is included); an instant as it is. */
const instant = (v: string, end: boolean) =>
  v.length === 10 ? new Date(Date.parse(`${v}T00:00:00Z`) + (end ? DAY_MS : 0)) : new Date(v);

/**
 * One page of the institution's audit events, newest first, filtered by record type, record id,
 * account and time (indexes: institution + record type + time, account + time). Only rows of the
 * current institution are ever read.
 */
export async function listAuditEvents(ctx: InstCtx, q: PageQuery & AuditQuery) {
  requirePermission(ctx, 'audit.read');
  const inst = ctx.institutionId;
  const parts: SQL[] = [eq(auditEvents.institutionId, inst)];
  if (q.entity) parts.push(sql`lower(${auditEvents.entity}) = ${q.entity.toLowerCase()}`);
  if (q.entityId) parts.push(eq(auditEvents.entityId, q.entityId));
  if (q.accountId) parts.push(eq(auditEvents.accountId, q.accountId));
  if (q.from) parts.push(gte(auditEvents.at, instant(q.from, false)));
  if (q.to) parts.push(lt(auditEvents.at, instant(q.to, true)));
  const where = and(...parts);
  const rows = await ctx.db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      institutionId: auditEvents.institutionId,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      action: auditEvents.action,
      before: auditEvents.before,
      after: auditEvents.after,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    })
    .from(auditEvents)
    .leftJoin(accounts, eq(accounts.id, auditEvents.accountId))
    .where(where)
    .orderBy(desc(auditEvents.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total =
    offsetOf(q) === 0 && rows.length < q.pageSize
      ? rows.length
      : (
          await ctx.db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(auditEvents)
            .where(where)
        )[0].n;
  // One map for the page (a few titles), given to every event so a row renders on its own.
  const titles = await auditTitles(ctx.db, inst, rows);
  return {
    total,
    rows: rows.map(({ firstName, lastName, at, ...r }) => ({
      ...r,
      at: at.toISOString(),
      account: firstName ? { firstName, lastName: lastName ?? '' } : null,
      titles,
    })),
  };
}

/** Checks the institution's audit hash chain and names the first broken row (docs/audit.md). */
export async function verifyAudit(ctx: InstCtx) {
  requirePermission(ctx, 'audit.read');
  return verifyInstitutionChain(ctx.db, ctx.institutionId);
}
