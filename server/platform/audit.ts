import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Ctx } from './context';
import { auditContentHash } from './audit-hash';
import { AUDIT_WRITER_LOCK, auditChainKey } from './audit-seal';
import { auditAppendDuration, timed } from './metrics';
import { placeholders, preparedStatements, rawStatement } from './statement-cache';

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
 * Writes one audit row; call it with the transaction of the change it records. The row's hash covers its
 * content only (auditContentHash, computed here), so writers of one institution no longer queue on a chain
 * lock: the sealer (audit-seal.ts) later seals committed rows into the institution's chain of blocks
 * (docs/audit.md). In the same statement, before the row draws its id, the transaction takes the shared
 * advisory lock (AUDIT_WRITER_LOCK, institution): shared locks never wait for each other; the sealer reads
 * who holds it to know which institutions may still commit a row with a lower id than it has seen.
 * Called outside a transaction, it opens one.
 */
export async function audit(
  tx: Db,
  ctx:
    | Pick<Ctx, 'account' | 'institutionId' | 'address'>
    | { account: null; institutionId: number | null; address: string },
  e: AuditEntry,
): Promise<void> {
  await auditAll(tx, ctx, [e]);
}

type AuditCtx = Parameters<typeof audit>[1];

/** The stored content of an audit row, as its hash covers it. */
function auditRow(ctx: AuditCtx, e: AuditEntry) {
  return {
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
}

/** What the audit insert binds: the institutions' lock keys, then one array per column. */
const APPEND_KEYS = [
  'keys',
  'at',
  'accountId',
  'institutionId',
  'entity',
  'entityId',
  'action',
  'before',
  'after',
  'address',
  'hash',
] as const;
const p = placeholders(APPEND_KEYS);

/**
 * The audit insert, prepared by name (issue 30: planned on every write before, 0.16-0.2 ms): one array per column,
 * so one text for any number of rows, and one plan fits every value. The materialized CTE is read before the rows
 * are formed, so the locks are held before nextval.
 */
const appendStatement = preparedStatements('audit.append', (db: Db) =>
  rawStatement<never>(
    db,
    sql`with announce as materialized (select count(pg_advisory_xact_lock_shared(${AUDIT_WRITER_LOCK}::int4, k)) as n
      from unnest(${p.keys}::int4[]) k)
    insert into audit_events (at, account_id, institution_id, entity, entity_id, action, before, after, address, hash)
    select v.at, v.account_id, v.institution_id, v.entity, v.entity_id, v.action, v.before, v.after, v.address, v.hash
    from announce, unnest(${p.at}::timestamptz[], ${p.accountId}::int4[], ${p.institutionId}::int4[],
      ${p.entity}::text[], ${p.entityId}::text[], ${p.action}::text[], ${p.before}::jsonb[], ${p.after}::jsonb[],
      ${p.address}::text[], ${p.hash}::text[]) with ordinality
      v(at, account_id, institution_id, entity, entity_id, action, before, after, address, hash, ord)
    order by v.ord`,
  ),
);

/**
 * The audit rows of one change in ONE statement (issue 30: one round trip instead of one per row), in the order
 * given (their ids follow it): each row hashed on its own as `audit` does, the shared writer lock of each of their
 * institutions taken in the same statement before any of them draws its id. Called outside a transaction, it opens one.
 */
export async function auditAll(tx: Db, ctx: AuditCtx, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  // Kept as Db: `instanceof` narrows `tx` to a transaction type the statement cache does not take.
  const db: Db = tx;
  if (!(tx instanceof PgTransaction)) return tx.transaction((t) => auditAll(t, ctx, entries));
  const rows = entries.map((e) => auditRow(ctx, e));
  const values: Record<(typeof APPEND_KEYS)[number], unknown[]> = {
    keys: [...new Set(rows.map((r) => auditChainKey(r.institutionId)))].sort((a, b) => a - b),
    at: rows.map((r) => r.at.toISOString()),
    accountId: rows.map((r) => r.accountId),
    institutionId: rows.map((r) => r.institutionId),
    entity: rows.map((r) => r.entity),
    entityId: rows.map((r) => r.entityId),
    action: rows.map((r) => r.action),
    before: rows.map((r) => json(r.before)),
    after: rows.map((r) => json(r.after)),
    address: rows.map((r) => r.address),
    hash: rows.map((r) => auditContentHash(r)),
  };
  await timed(auditAppendDuration, { rows: rows.length === 1 ? 'one' : 'several' }, () =>
    appendStatement(db, '', true).execute(values),
  );
}

/**
 * An account-wide event (a sign-in, a password change, disabling the account) is written once in each
 * institution the account belongs to, so every institution's audit log shows it; with none, once
 * without an institution, in ascending institution order.
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
