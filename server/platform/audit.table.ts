import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './records';

/** Append-only: who changed what, when, in which institution; written in the change's own transaction. */
export const auditEvents = pgTable('audit_events', {
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
}, (t) => [
  index('audit_events_entity_idx').on(t.institutionId, t.entity, t.entityId, t.id),
  index('audit_events_inst_idx').on(t.institutionId, t.id),
  // The audit log's filters (issue 11): record type and date range within an institution, and one account's changes.
  index('audit_events_inst_entity_at_idx').on(t.institutionId, t.entity, t.at),
  index('audit_events_account_at_idx').on(t.accountId, t.at),
]);
