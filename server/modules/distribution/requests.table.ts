import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REQUEST_ITEM_STATES, REQUEST_STATES, type RequestLine } from '../../../contract/requests.contract';
import { recordColumns, ts } from '../../platform/records';
import { accounts, collectedSamples, savedQueries, shipments } from '../../db/referenced-tables';
import { distributionProtocols } from './distribution.table';

// Research requests (issue 32 item 5, docs/research.md "Requests"). Every row carries institution_id.

/** A researcher's request for samples under a distribution protocol. Never deleted: cancelled, rejected or closed. */
export const researchRequests = pgTable(
  'research_requests',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    distributionProtocolId: integer('distribution_protocol_id')
      .notNull()
      .references(() => distributionProtocols.id),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => accounts.id),
    title: text('title').notNull(),
    description: text('description'),
    savedQueryId: integer('saved_query_id').references(() => savedQueries.id),
    /** The specimen criteria as the contract's RequestLine validated them. */
    lines: jsonb('lines').$type<RequestLine[]>().notNull().default([]),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('draft'),
    stateReason: text('state_reason'),
    submittedDate: ts('submitted_date'),
    decidedDate: ts('decided_date'),
    decidedById: integer('decided_by_id').references(() => accounts.id),
    distributedDate: ts('distributed_date'),
    deliveryMethod: text('delivery_method'),
    shipmentId: integer('shipment_id').references(() => shipments.id),
    deliveryNote: text('delivery_note'),
  },
  (t) => [
    index('research_requests_inst_idx').on(t.institutionId, t.id),
    index('research_requests_requester_idx').on(t.institutionId, t.requesterId, t.id),
    // The research reports' ranges (server/modules/reports/research.repository.ts, issue 32 item 7).
    index('research_requests_created_idx').on(t.institutionId, t.createdDate),
    index('research_requests_distributed_idx')
      .on(t.institutionId, t.distributedDate)
      .where(sql`${t.distributedDate} is not null`),
    check(
      'research_requests_state_ck',
      sql`${t.state} in ('draft', 'submitted', 'changes_requested', 'approved', 'rejected', 'cancelled', 'distributed', 'returned', 'closed')`,
    ),
    check(
      'research_requests_delivery_ck',
      sql`${t.deliveryMethod} is null or ${t.deliveryMethod} in ('handover', 'shipment')`,
    ),
  ],
);

/**
 * A sample picked for a request. While `reserved` it is held for that request alone: the partial unique index
 * `research_request_items_open_uq` lets at most one open reservation exist per sample, so two requests picking the
 * same sample at once cannot both win (the loser's insert fails and its transaction rolls back). `code` is the
 * pseudonymous name the researcher sees, random and unique per request, given at distribution.
 */
export const researchRequestItems = pgTable(
  'research_request_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    researchRequestId: integer('research_request_id')
      .notNull()
      .references(() => researchRequests.id),
    collectedSampleId: integer('collected_sample_id')
      .notNull()
      .references(() => collectedSamples.id),
    /** In the sample's unit: to distribute (reserved), distributed (distributed). */
    amount: doublePrecision('amount').notNull(),
    returnedAmount: doublePrecision('returned_amount').notNull().default(0),
    state: text('state', { enum: REQUEST_ITEM_STATES }).notNull().default('reserved'),
    code: text('code'),
    creatorId: integer('creator_id'),
    reservedDate: ts('reserved_date').notNull().defaultNow(),
    releasedDate: ts('released_date'),
    releasedReason: text('released_reason'),
    distributedDate: ts('distributed_date'),
  },
  (t) => [
    index('research_request_items_request_idx').on(t.researchRequestId, t.id),
    uniqueIndex('research_request_items_open_uq')
      .on(t.collectedSampleId)
      .where(sql`${t.state} = 'reserved'`),
    uniqueIndex('research_request_items_code_uq')
      .on(t.researchRequestId, t.code)
      .where(sql`${t.code} is not null`),
    check('research_request_items_state_ck', sql`${t.state} in ('reserved', 'released', 'distributed')`),
    check(
      'research_request_items_amount_ck',
      sql`${t.amount} > 0 and ${t.returnedAmount} >= 0 and ${t.returnedAmount} <= ${t.amount}`,
    ),
  ],
);

/** A request's steps (submitted, approved, rejected with its reason...), shown as its history. Never changed. */
export const researchRequestEvents = pgTable(
  'research_request_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    researchRequestId: integer('research_request_id')
      .notNull()
      .references(() => researchRequests.id),
    action: text('action').notNull(),
    reason: text('reason'),
    accountId: integer('account_id'),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [index('research_request_events_request_idx').on(t.researchRequestId, t.id)],
);

/** PostgreSQL bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => Buffer.from(v),
});

/**
 * The signed material transfer agreements of a request, stored like a protocol's ethics documents (the same
 * checks and the same writing and chunked reading code: documents.repository.ts): the newest is current.
 */
export const researchRequestDocuments = pgTable(
  'research_request_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    researchRequestId: integer('research_request_id')
      .notNull()
      .references(() => researchRequests.id),
    signedDate: date('signed_date', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    creatorId: integer('creator_id'),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [index('research_request_documents_request_idx').on(t.researchRequestId, t.id)],
);
