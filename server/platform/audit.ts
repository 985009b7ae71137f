import type { Db } from '../db/client';
import type { Ctx } from './context';
import { auditEvents } from './audit.table';

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
  institutionId?: number | null;
}

const SECRET_KEYS = /password|token|hash/i;

function scrub(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  return JSON.parse(JSON.stringify(v, (k, val) => (SECRET_KEYS.test(k) ? undefined : val)));
}

/** Writes one audit row; call it with the transaction of the change it records. */
export async function audit(tx: Db, ctx: Pick<Ctx, 'account' | 'institutionId' | 'address'> | { account: null; institutionId: number | null; address: string }, e: AuditEntry) {
  await tx.insert(auditEvents).values({
    accountId: ctx.account?.id ?? null,
    institutionId: e.institutionId !== undefined ? e.institutionId : ctx.institutionId,
    entity: e.entity,
    entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
    action: e.action,
    before: scrub(e.before),
    after: scrub(e.after),
    address: ctx.address,
  });
}

type AuditCtx = Parameters<typeof audit>[1];

/**
 * An account-wide event (a sign-in, a password change, disabling the account) is written once in each
 * institution the account belongs to, so every institution's audit log shows it; with none, once
 * without an institution.
 */
export async function auditInEach(tx: Db, ctx: AuditCtx, institutionIds: readonly number[], e: Omit<AuditEntry, 'institutionId'>) {
  for (const institutionId of institutionIds.length ? institutionIds : [null]) await audit(tx, ctx, { ...e, institutionId });
}
