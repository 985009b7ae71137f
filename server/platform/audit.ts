import { desc, eq, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Ctx } from './context';
import { auditEvents } from './audit.table';
import { auditRowHash } from './audit-hash';

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
  institutionId?: number | null;
}

const SECRET_KEYS = /password|token|hash/i;
/** pg_advisory_xact_lock(class, key): the first key names the audit chain locks, the second the institution (-1: none). */
const AUDIT_CHAIN_LOCK = 7_271_018;

function scrub(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  return JSON.parse(JSON.stringify(v, (k, val) => (SECRET_KEYS.test(k) ? undefined : val)));
}

/**
 * Writes one audit row; call it with the transaction of the change it records. The row joins its
 * institution's hash chain (docs/audit.md): under a per-institution transaction lock (held to the end
 * of the transaction, so chained rows commit in chain order) it reads the chain's last hash and stores
 * it as prev_hash, with its own SHA-256 over the row and prev_hash. Called outside a transaction, it
 * opens one for the lock, the read and the insert.
 */
export async function audit(tx: Db, ctx: Pick<Ctx, 'account' | 'institutionId' | 'address'> | { account: null; institutionId: number | null; address: string }, e: AuditEntry): Promise<void> {
  if (!(tx instanceof PgTransaction)) return tx.transaction((t) => audit(t, ctx, e));
  const institutionId = e.institutionId !== undefined ? e.institutionId : ctx.institutionId;
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}::int4, ${institutionId ?? -1}::int4)`);
  const [head] = await tx.select({ hash: auditEvents.hash }).from(auditEvents)
    .where(institutionId === null ? isNull(auditEvents.institutionId) : eq(auditEvents.institutionId, institutionId))
    .orderBy(desc(auditEvents.id)).limit(1);
  const row = {
    accountId: ctx.account?.id ?? null,
    institutionId,
    // Milliseconds, as JavaScript reads the column back: the hash is computed over exactly this instant.
    at: new Date(),
    entity: e.entity,
    entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
    action: e.action,
    before: scrub(e.before),
    after: scrub(e.after),
    address: ctx.address,
  };
  const prevHash = head?.hash ?? null;
  await tx.insert(auditEvents).values({ ...row, prevHash, hash: auditRowHash(row, prevHash) });
}

type AuditCtx = Parameters<typeof audit>[1];

/**
 * An account-wide event (a sign-in, a password change, disabling the account) is written once in each
 * institution the account belongs to, so every institution's audit log shows it; with none, once
 * without an institution. Institutions in ascending order: two transactions take the chain locks in
 * the same order, so they cannot deadlock on them.
 */
export async function auditInEach(tx: Db, ctx: AuditCtx, institutionIds: readonly number[], e: Omit<AuditEntry, 'institutionId'>) {
  const ids = [...institutionIds].sort((a, b) => a - b);
  for (const institutionId of ids.length ? ids : [null]) await audit(tx, ctx, { ...e, institutionId });
}
