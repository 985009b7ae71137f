import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Ctx } from './context';
import { auditHashPrefix } from './audit-hash';

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
  institutionId?: number | null;
}

const SECRET_KEYS = /password|token|hash/i;

/** jsonb as text for the function call; SQL null stays null (not the JSON value null). */
const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

function scrub(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  return JSON.parse(JSON.stringify(v, (k, val) => (SECRET_KEYS.test(k) ? undefined : val)));
}

/**
 * Writes one audit row; call it with the transaction of the change it records. The row joins its
 * institution's hash chain (docs/audit.md) in one call of audit_chain_append (migration 0024): under a
 * per-institution transaction lock (held to the end of the transaction, so chained rows commit in chain
 * order) it reads the chain's last hash, stores it as prev_hash and the row's SHA-256 over its canonical
 * form and prev_hash (audit-hash.ts). Called outside a transaction, it opens one.
 */
export async function audit(
  tx: Db,
  ctx:
    | Pick<Ctx, 'account' | 'institutionId' | 'address'>
    | { account: null; institutionId: number | null; address: string },
  e: AuditEntry,
): Promise<void> {
  if (!(tx instanceof PgTransaction)) return tx.transaction((t) => audit(t, ctx, e));
  const row = {
    accountId: ctx.account?.id ?? null,
    institutionId: e.institutionId !== undefined ? e.institutionId : ctx.institutionId,
    // Milliseconds, as JavaScript reads the column back: the hash is computed over exactly this instant.
    at: new Date(),
    entity: e.entity,
    entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
    action: e.action,
    before: scrub(e.before),
    after: scrub(e.after),
    address: ctx.address,
  };
  await tx.execute(sql`select audit_chain_append(${row.institutionId}::int4, ${row.accountId}::int4, ${row.at.toISOString()}::timestamptz, ${row.entity}::text,
    ${row.entityId}::text, ${row.action}::text, ${json(row.before)}::jsonb, ${json(row.after)}::jsonb, ${row.address}::text, ${auditHashPrefix(row)}::text)`);
}

type AuditCtx = Parameters<typeof audit>[1];

/**
 * An account-wide event (a sign-in, a password change, disabling the account) is written once in each
 * institution the account belongs to, so every institution's audit log shows it; with none, once
 * without an institution. Institutions in ascending order: two transactions take the chain locks in
 * the same order, so they cannot deadlock on them.
 */
export async function auditInEach(
  tx: Db,
  ctx: AuditCtx,
  institutionIds: readonly number[],
  e: Omit<AuditEntry, 'institutionId'>,
) {
  const ids = [...institutionIds].sort((a, b) => a - b);
  for (const institutionId of ids.length ? ids : [null]) await audit(tx, ctx, { ...e, institutionId });
}
