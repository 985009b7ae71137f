import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './records';

/** Append-only: who changed what, when, in which institution; written in the change's own transaction. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull().defaultNow(),
    accountId: integer('account_id'),
    institutionId: integer('institution_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
    /** The hash of the previous audit row of the same institution (null: the first row of its chain). */
    prevHash: text('prev_hash'),
    /** SHA-256 over the row's canonical form and prev_hash (server/platform/audit-hash.ts, docs/audit.md). */
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.institutionId, t.entity, t.entityId, t.id),
    index('audit_events_inst_idx').on(t.institutionId, t.id),
    // The audit log's filters (issue 11): record type and date range within an institution, and one account's changes.
    index('audit_events_inst_entity_at_idx').on(t.institutionId, t.entity, t.at),
    index('audit_events_account_at_idx').on(t.accountId, t.at),
  ],
);

/**
 * One row: the last audit id written before the hash chain existed (migration 0017). Those rows are
 * outside the chain (not covered by verify); every later row of an institution is chained.
 */
export const auditChainStart = pgTable(
  'audit_chain_start',
  {
    id: integer('id').primaryKey().default(1),
    legacyThrough: bigint('legacy_through', { mode: 'number' }).notNull(),
  },
  (t) => [check('audit_chain_start_one_row', sql`${t.id} = 1`)],
);
