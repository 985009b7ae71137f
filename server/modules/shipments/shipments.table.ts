import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns, ts } from '../../platform/records';
import { collectedSamples } from '../../db/referenced-tables';

// Shipments of collected samples between institutions (docs/shipments.md). `institution_id` is the sender,
// except for a shipment imported from another installation's manifest ("Manifest exchange"): the sender
// is then `external_sender` (not an institution of this database) and `institution_id` is the receiver.

/** The sender of an imported shipment, as its manifest names it. */
export interface ExternalSender {
  title: string;
  abbreviation: string;
  site: string | null;
  installation: string | null;
}
/** What an imported item's manifest says of the sample (no local sample row exists). */
export interface ExternalSample {
  sampleId: string;
  specimenType: string | null;
  amount: number;
  unit: string | null;
  collectedDate: string | null;
  parentSampleId: string | null;
  donor: { firstName: string; fatherName: string; grandFatherName: string; mrn: string | null } | null;
  /** Read from manifests since issue 31 (absent on items imported before): what the receiver's record is made of. */
  kind?: 'primary' | 'aliquot' | 'derivative';
  collectedTime?: string;
  /** The sender's pseudonymous donor reference (never a name or MRN). */
  donorCode?: string | null;
  /** The sample's custody timeline so far (the manifest's Provenance resources), oldest first. */
  timeline?: { at: string; kind: string; summary: string; institution: string; reason: string | null }[];
}

export const shipments = pgTable(
  'shipments',
  {
    ...recordColumns(),
    /** The sending institution (the owner of the samples). */
    institutionId: integer('institution_id').notNull(),
    /** Null for an imported shipment (the external sender's site is in `external_sender`). */
    sendingInstitutionSiteId: integer('sending_institution_site_id'),
    receivingInstitutionId: integer('receiving_institution_id').notNull(),
    receivingInstitutionSiteId: integer('receiving_institution_site_id').notNull(),
    name: text('name').notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    shippedDate: date('shipped_date', { mode: 'string' }).notNull(),
    shippedTime: text('shipped_time').notNull(),
    /** draft | shipped | partially_received | received | cancelled */
    status: text('status').notNull(),
    includeDonorIdentity: boolean('include_donor_identity').notNull().default(false),
    collectionProtocolId: integer('collection_protocol_id'),
    /**
     * Created by the spec's call (a shipped date, no samples, not `draft`): it is sent when its first item
     * is added, and items may be added while nothing is processed (docs/shipments.md).
     */
    sendsOnFirstItem: boolean('sends_on_first_item').notNull().default(false),
    /** When it left draft (the receiver sees it from then on). */
    sentAt: ts('sent_at'),
    /** When the last pending item was processed. */
    receivedAt: ts('received_at'),
    /** When an item was last received or rejected. */
    processedAt: ts('processed_at'),
    cancelledAt: ts('cancelled_at'),
    /** Set on a shipment imported from a manifest: who sent it (another installation). */
    externalSender: jsonb('external_sender').$type<ExternalSender>(),
    /** The imported manifest's SHA-256 (hex): one import per manifest and receiving institution. */
    manifestSha256: text('manifest_sha256'),
  },
  (t) => [
    index('shipments_sender_idx').on(t.institutionId, t.id),
    index('shipments_receiver_idx').on(t.receivingInstitutionId, t.id),
    check(
      'shipments_status_ck',
      sql`${t.status} in ('draft', 'shipped', 'partially_received', 'received', 'cancelled')`,
    ),
    check(
      'shipments_other_institution_ck',
      sql`${t.institutionId} <> ${t.receivingInstitutionId} or ${t.externalSender} is not null`,
    ),
    check(
      'shipments_sending_site_ck',
      sql`${t.sendingInstitutionSiteId} is not null or ${t.externalSender} is not null`,
    ),
    uniqueIndex('shipments_manifest_uq')
      .on(t.receivingInstitutionId, t.manifestSha256)
      .where(sql`${t.manifestSha256} is not null`),
  ],
);

/**
 * One sample of a shipment. `amount`, `unit_id` and `specimen_type_id` are what was sent (the sample's
 * remaining amount when it was added). A sample is in at most one open (pending) item across all
 * shipments: the partial unique index settles parallel creates.
 */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    /** Null for an item of an imported shipment: the sample is another installation's (`external_sample`). */
    collectedSampleId: integer('collected_sample_id').references(() => collectedSamples.id),
    specimenTypeId: integer('specimen_type_id'),
    amount: doublePrecision('amount').notNull(),
    unitId: integer('unit_id'),
    externalSample: jsonb('external_sample').$type<ExternalSample>(),
    /** The receiver's own record made when it accepted the item (docs/decisions/0014-received-samples.md). */
    receivedSampleId: integer('received_sample_id').references(() => collectedSamples.id),
    /** pending | received | rejected | cancelled */
    status: text('status').notNull().default('pending'),
    /** Why it was rejected; optional on the API (the spec's reject has none), the screen asks for it. */
    reason: text('reason'),
    processedById: integer('processed_by_id'),
    processedAt: ts('processed_at'),
    creatorId: integer('creator_id'),
    createdDate: ts('created_date').notNull().defaultNow(),
    concurrencyStamp: text('concurrency_stamp').notNull(),
  },
  (t) => [
    index('shipment_items_shipment_idx').on(t.shipmentId, t.id),
    index('shipment_items_sample_idx').on(t.collectedSampleId),
    uniqueIndex('shipment_items_open_uq')
      .on(t.collectedSampleId)
      .where(sql`${t.status} = 'pending'`),
    check('shipment_items_status_ck', sql`${t.status} in ('pending', 'received', 'rejected', 'cancelled')`),
    check(
      'shipment_items_sample_ck',
      sql`(${t.collectedSampleId} is not null and ${t.specimenTypeId} is not null and ${t.unitId} is not null) or ${t.externalSample} is not null`,
    ),
  ],
);
