import { bigint, check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
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
    /**
     * Linked-chain rows only (ids up to audit_chain_start.linked_through): the hash of the previous audit row of
     * the same institution (null: the first row of its chain). Null on every later row (sealed in blocks).
     */
    prevHash: text('prev_hash'),
    /**
     * SHA-256 over the row's canonical form (server/platform/audit-hash.ts, docs/audit.md): with prev_hash up to
     * linked_through ('audit-v1'), the row's content only after it ('audit-v2', sealed into audit_blocks).
     */
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
 * outside the chain (not covered by verify); later rows up to linked_through are linked by prev_hash
 * (migrations 0019/0024); every row after linked_through is hashed on its own and sealed into audit_blocks.
 */
export const auditChainStart = pgTable(
  'audit_chain_start',
  {
    id: integer('id').primaryKey().default(1),
    legacyThrough: bigint('legacy_through', { mode: 'number' }).notNull(),
    /** The last row of the linked chain (prev_hash) era: the highest audit id when migration 0035 ran. */
    linkedThrough: bigint('linked_through', { mode: 'number' }),
    /** The sealer's watermark: every audit row with an id up to this one is sealed into a block (or pre-dates the blocks). */
    sealedThrough: bigint('sealed_through', { mode: 'number' }),
  },
  (t) => [check('audit_chain_start_one_row', sql`${t.id} = 1`)],
);

/**
 * The blocks that seal audit rows (issue 30, docs/audit.md): per institution (null: rows without one), block
 * `seq` covers that institution's rows with ids first_id..last_id, row_count of them, whose Merkle root
 * (RFC 6962 shape over `id:hash` leaves) is merkle_root; prev_hash is the previous block's hash, hash the
 * SHA-256 of this block's canonical form (auditBlockHash). Written only by the sealer (platform/audit-seal.ts).
 */
export const auditBlocks = pgTable(
  'audit_blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id'),
    seq: integer('seq').notNull(),
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    rowCount: integer('row_count').notNull(),
    merkleRoot: text('merkle_root').notNull(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull(),
    sealedAt: ts('sealed_at').notNull().defaultNow(),
  },
  (t) => [unique('audit_blocks_inst_seq_key').on(t.institutionId, t.seq).nullsNotDistinct()],
);
