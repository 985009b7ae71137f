import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns, ts } from '../../platform/records';
import { collectionProtocols, patients, protocolParticipants } from '../../db/referenced-tables';

// Collected samples and their quantity ledger (docs/samples.md). Every row carries institution_id.

/**
 * A specimen collected from a protocol participant, or a sub-sample of one (`parent_id`). The sample
 * ID is unique per institution whatever its case. `remaining_amount` = collected - the sum of the
 * sample's draws (sample_draws), changed only in the transaction that writes the draw, under a lock.
 */
export const collectedSamples = pgTable(
  'collected_samples',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    // Null only on a received sample (origin 'received', docs/decisions/0014-received-samples.md): the donor,
    // protocol, site and event are the sender's, never copied to the receiver (check collected_samples_origin_ck).
    collectionProtocolId: integer('collection_protocol_id').references(() => collectionProtocols.id),
    participantId: integer('participant_id').references(() => protocolParticipants.id),
    patientId: integer('patient_id').references(() => patients.id),
    institutionSiteId: integer('institution_site_id'),
    collectionProtocolEventId: integer('collection_protocol_event_id'),
    /** collected (here, from a participant) | received (accepted from another institution's shipment: sample_origins). */
    origin: text('origin').notNull().default('collected'),
    sampleId: text('sample_id').notNull(),
    /** primary | aliquot | derivative */
    kind: text('kind').notNull(),
    specimenTypeId: integer('specimen_type_id').notNull(),
    collectedAmount: doublePrecision('collected_amount').notNull(),
    remainingAmount: doublePrecision('remaining_amount').notNull(),
    unitId: integer('unit_id').notNull(),
    collectedDate: date('collected_date', { mode: 'string' }).notNull(),
    collectedTime: text('collected_time').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => collectedSamples.id),
    isSubsample: boolean('is_subsample').notNull().default(false),
    subSampleLineageId: integer('sub_sample_lineage_id'),
    /** A derivative's amount taken from its parent, in the parent's unit (its own amount is new material). */
    parentAmountUsed: doublePrecision('parent_amount_used'),
    /** Collected outside the protocol's dates after the user confirmed it (a primary sample; sub-samples inherit nothing). */
    collectedOutsideDates: boolean('collected_outside_dates').notNull().default(false),
    // Custody (docs/shipments.md "Custody"), stored once and written only by custody.repository.ts, which shipments
    // call in the transaction of each status change; every reader (sample page, storage, sub-samples,
    // shipping checks) reads these columns, never the shipment tables.
    /** The institution holding the tube now: the owner (set at creation), or the receiver that accepted it. */
    heldByInstitutionId: integer('held_by_institution_id').notNull(),
    /** held | packed (in a draft shipment, still at the holder's) | in_transit (sent, not yet accepted or rejected). */
    custodyStatus: text('custody_status').notNull().default('held'),
    /** The open shipment holding it (packed or in transit) and its name, for messages; null while held. */
    custodyShipmentId: integer('custody_shipment_id'),
    custodyShipmentName: text('custody_shipment_name'),
  },
  (t) => [
    uniqueIndex('collected_samples_sample_id_uq').on(t.institutionId, sql`lower(${t.sampleId})`),
    index('collected_samples_protocol_idx').on(t.collectionProtocolId, t.id),
    index('collected_samples_patient_idx').on(t.institutionId, t.patientId),
    index('collected_samples_parent_idx').on(t.parentId),
    index('collected_samples_date_idx').on(t.collectionProtocolId, t.collectedDate),
    // The query builder's sample criteria (docs/research.md "Query builder"): specimen type, collection dates.
    index('collected_samples_type_idx').on(t.institutionId, t.specimenTypeId),
    index('collected_samples_inst_date_idx').on(t.institutionId, t.collectedDate),
    check(
      'collected_samples_remaining_ck',
      sql`${t.remainingAmount} >= 0 and ${t.remainingAmount} <= ${t.collectedAmount}`,
    ),
    check('collected_samples_collected_ck', sql`${t.collectedAmount} >= 0`),
    check('collected_samples_kind_ck', sql`${t.kind} in ('primary', 'aliquot', 'derivative')`),
    check(
      'collected_samples_origin_ck',
      sql`${t.origin} = 'received' or (${t.origin} = 'collected' and ${t.collectionProtocolId} is not null
    and ${t.participantId} is not null and ${t.patientId} is not null and ${t.institutionSiteId} is not null
    and ${t.collectionProtocolEventId} is not null)`,
    ),
    check(
      'collected_samples_custody_ck',
      sql`${t.custodyStatus} in ('held', 'packed', 'in_transit')
    and (${t.custodyStatus} = 'held') = (${t.custodyShipmentId} is null) and (${t.custodyShipmentId} is null) = (${t.custodyShipmentName} is null)`,
    ),
    // Samples held by another institution than their owner (received), by ID: what the receiver's storage finds them by.
    index('collected_samples_held_elsewhere_idx')
      .on(t.heldByInstitutionId, sql`lower(${t.sampleId})`)
      .where(sql`${t.heldByInstitutionId} <> ${t.institutionId}`),
  ],
);

/**
 * The ledger: every draw from a sample, never changed. `amount` is in the sample's unit; an adjustment
 * may be negative (quantity given back) and always has a reason.
 */
export const sampleDraws = pgTable(
  'sample_draws',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => collectedSamples.id),
    /** aliquot | derivative | adjustment */
    kind: text('kind').notNull(),
    amount: doublePrecision('amount').notNull(),
    unitId: integer('unit_id').notNull(),
    reason: text('reason'),
    childSampleId: integer('child_sample_id').references(() => collectedSamples.id),
    creatorId: integer('creator_id'),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('sample_draws_sample_idx').on(t.sampleId, t.id),
    check('sample_draws_kind_ck', sql`${t.kind} in ('aliquot', 'derivative', 'adjustment')`),
    check('sample_draws_reason_ck', sql`${t.kind} <> 'adjustment' or ${t.reason} is not null`),
  ],
);

/** A sample's timeline (collected, aliquoted, derived, adjusted), written in the transaction of the change. */
export const sampleEvents = pgTable(
  'sample_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => collectedSamples.id),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull(),
    creatorId: integer('creator_id'),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [index('sample_events_sample_idx').on(t.sampleId, t.id)],
);

/**
 * Where a received sample came from (origin 'received'), one row per such sample, written once at receipt
 * (docs/decisions/0014-received-samples.md). Same server: `source_sample_id` is the sender's record; imported
 * from a manifest: null, and `source_installation` names the other installation. `sender_sample_code` is the
 * sender's sample ID (the external ID); `donor_code` a pseudonymous donor reference, never a name or MRN.
 */
export const sampleOrigins = pgTable(
  'sample_origins',
  {
    sampleId: integer('sample_id')
      .primaryKey()
      .references(() => collectedSamples.id),
    institutionId: integer('institution_id').notNull(),
    sourceSampleId: integer('source_sample_id').references((): AnyPgColumn => collectedSamples.id),
    sourceInstitutionId: integer('source_institution_id'),
    sourceInstitution: text('source_institution').notNull(),
    sourceInstallation: text('source_installation'),
    senderSampleCode: text('sender_sample_code').notNull(),
    shipmentId: integer('shipment_id').notNull(),
    shipmentItemId: integer('shipment_item_id').notNull(),
    donorCode: text('donor_code'),
    /** The consent state at shipping: always 'usable' (a blocked sample cannot be shipped). */
    consentState: text('consent_state').notNull().default('usable'),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('sample_origins_item_uq').on(t.shipmentItemId),
    index('sample_origins_source_idx').on(t.sourceSampleId),
  ],
);

/** Running numbers of generated sample IDs, per institution and prefix (the row is the lock). */
export const collectedSampleIdCounters = pgTable(
  'collected_sample_id_counters',
  {
    institutionId: integer('institution_id').notNull(),
    prefix: text('prefix').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.prefix] })],
);
