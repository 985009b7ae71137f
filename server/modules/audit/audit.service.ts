import type { AuditQuery } from '../../../contract/audit.contract';
import type { PageQuery } from '../../../contract/common.contract';
import type { InstCtx } from '../../platform/context';
import { offsetOf } from '../../platform/paging';
import { auditTitles } from './audit-titles';
import { verifyInstitutionChain } from './audit-chain';
import { auditEventPage } from './audit.repository';

const DAY_MS = 86_400_000;
/** A day's start (from) or the next day's start (to: the day is included); an instant as it is. */
const instant = (v: string, end: boolean) =>
  v.length === 10 ? new Date(Date.parse(`${v}T00:00:00Z`) + (end ? DAY_MS : 0)) : new Date(v);

/**
 * One page of the institution's audit events, newest first, filtered by record type, record id,
 * account and time. Only rows of the current institution are ever read. The route checked audit.read
 * in this institution.
 */
export async function listAuditEvents(ctx: InstCtx, q: PageQuery & AuditQuery) {
  const inst = ctx.institutionId;
  const { total, rows } = await auditEventPage(
    ctx.db,
    inst,
    {
      entity: q.entity,
      entityId: q.entityId,
      accountId: q.accountId,
      from: q.from ? instant(q.from, false) : undefined,
      to: q.to ? instant(q.to, true) : undefined,
    },
    { limit: q.pageSize, offset: offsetOf(q) },
  );
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

/**
 * Seals the institution's committed audit rows, then checks its chain and names the first broken row
 * (docs/audit.md). The route checked audit.read.
 */
export async function verifyAudit(ctx: InstCtx) {
  // The break's detail in the caller's language (i33server).
  return verifyInstitutionChain(ctx.db, ctx.institutionId, { language: ctx.language });
}
