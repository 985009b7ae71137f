import { customType, index, integer, pgTable, primaryKey, text, date } from 'drizzle-orm/pg-core';
import { recordColumns, ts } from '../../platform/records';
import { accounts } from '../../db/referenced-tables';

// Distribution protocols (issue 32 item 1, docs/research.md). Every row carries institution_id.

/** A study that may receive samples. Never deleted, only disabled. */
export const distributionProtocols = pgTable(
  'distribution_protocols',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    title: text('title').notNull(),
    principalInvestigatorId: integer('principal_investigator_id')
      .notNull()
      .references(() => accounts.id),
    institutionName: text('institution_name').notNull(),
    ethicsApprovalNumber: text('ethics_approval_number').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
  },
  (t) => [index('distribution_protocols_inst_idx').on(t.institutionId, t.id)],
);

/** The consent purposes (Consent Purpose list) a protocol needs: a donor must have granted every one. */
export const distributionProtocolPurposes = pgTable(
  'distribution_protocol_purposes',
  {
    institutionId: integer('institution_id').notNull(),
    distributionProtocolId: integer('distribution_protocol_id')
      .notNull()
      .references(() => distributionProtocols.id),
    purposeId: integer('purpose_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.distributionProtocolId, t.purposeId] })],
);

/** Accounts of the institution who may approve requests under the protocol. */
export const distributionProtocolApprovers = pgTable(
  'distribution_protocol_approvers',
  {
    institutionId: integer('institution_id').notNull(),
    distributionProtocolId: integer('distribution_protocol_id')
      .notNull()
      .references(() => distributionProtocols.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [primaryKey({ columns: [t.distributionProtocolId, t.accountId] })],
);

/** PostgreSQL bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => Buffer.from(v),
});

/**
 * The ethics approval documents of a protocol, as uploaded (at most 5 MB each: the contract's bound). Each
 * upload is a new row, the newest is current: a replaced approval stays on file. The bytes live apart from
 * the protocol row so lists and reads never carry them.
 */
export const distributionProtocolDocuments = pgTable(
  'distribution_protocol_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    distributionProtocolId: integer('distribution_protocol_id')
      .notNull()
      .references(() => distributionProtocols.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    creatorId: integer('creator_id'),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [index('distribution_protocol_documents_protocol_idx').on(t.distributionProtocolId, t.id)],
);
