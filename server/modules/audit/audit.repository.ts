import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { LookupEntity } from '../../../contract/lookups.registry';
import type { Db } from '../../db/client';
import { accountNames as accounts } from '../../platform/account-names';
import { auditEvents } from '../../platform/audit.table';
import { tableOf } from '../../platform/lookups/lookup-refs';

// The audit log's SQL: its pages and the titles they name (audit-chain.repository.ts: the chain check's reads).

/** What a page of the log is filtered by; `from` inclusive, `to` exclusive. */
export interface AuditFilter {
  entity?: string;
  entityId?: string;
  accountId?: number | null;
  from?: Date;
  to?: Date;
}

/**
 * One page of the institution's audit events, newest first, with the names of who made them
 * (indexes: institution + record type + time, account + time). Only rows of that institution are read.
 * The total is counted only when the page does not tell it (a first page shorter than a page).
 */
export async function auditEventPage(
  db: Db,
  institutionId: number,
  f: AuditFilter,
  page: { limit: number; offset: number },
) {
  const parts: SQL[] = [eq(auditEvents.institutionId, institutionId)];
  if (f.entity) parts.push(sql`lower(${auditEvents.entity}) = ${f.entity.toLowerCase()}`);
  if (f.entityId) parts.push(eq(auditEvents.entityId, f.entityId));
  if (f.accountId) parts.push(eq(auditEvents.accountId, f.accountId));
  if (f.from) parts.push(gte(auditEvents.at, f.from));
  if (f.to) parts.push(lt(auditEvents.at, f.to));
  const where = and(...parts);
  const rows = await db
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
    .limit(page.limit)
    .offset(page.offset);
  const total =
    page.offset === 0 && rows.length < page.limit
      ? rows.length
      : (
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(auditEvents)
            .where(where)
        )[0].n;
  return { total, rows };
}

/** Titles of one configuration list's records in the institution, by id (records of other institutions are not read). */
export async function lookupTitlesById(db: Db, e: LookupEntity, institutionId: number, ids: number[]) {
  const t = tableOf(e);
  return db
    .select({ id: t.id, title: t[e.titleField ?? 'title'] })
    .from(t)
    .where(and(eq(t.institutionId, institutionId), inArray(t.id, ids)));
}
