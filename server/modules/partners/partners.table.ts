import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns, ts } from '../../platform/records';
import { institutions, shipments } from '../../db/referenced-tables';

// Signed manifests and receipts (issue 31 item 3, docs/shipments.md "Signed manifests and receipts").

/**
 * An institution's Ed25519 signing keys: one `active` (a partial unique index), the rotated ones `retired` and
 * kept so that what they signed stays verifiable. `private_key` is the PKCS#8 PEM sealed by key-store.ts
 * (AES-256-GCM under LIMS_KEY_ENCRYPTION_KEY when set, else marked plain): no API returns it, no audit row holds it.
 */
export const institutionSigningKeys = pgTable(
  'institution_signing_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** SHA-256 (hex) of the public key's DER SubjectPublicKeyInfo: the `kid` of everything it signs. */
    keyId: text('key_id').notNull(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    status: text('status').notNull().default('active'),
    createdDate: ts('created_date').notNull().defaultNow(),
    creatorId: integer('creator_id'),
    retiredDate: ts('retired_date'),
  },
  (t) => [
    check('institution_signing_keys_status_ck', sql`${t.status} in ('active', 'retired')`),
    uniqueIndex('institution_signing_keys_key_uq').on(t.keyId),
    uniqueIndex('institution_signing_keys_active_uq')
      .on(t.institutionId)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** A partner's public key an administrator imported: one row per key, several for a partner that rotated. */
export const trustedPartnerKeys = pgTable(
  'trusted_partner_keys',
  {
    ...recordColumns(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    title: text('title').notNull(),
    abbreviation: text('abbreviation').notNull(),
    installation: text('installation'),
    keyId: text('key_id').notNull(),
    keyStatus: text('key_status').notNull(),
    publicKey: text('public_key').notNull(),
  },
  (t) => [
    check('trusted_partner_keys_status_ck', sql`${t.keyStatus} in ('active', 'retired')`),
    uniqueIndex('trusted_partner_keys_uq').on(t.institutionId, t.keyId),
  ],
);

/**
 * What this institution's keys signed (kind `manifest` or `receipt`, the shipment, the SHA-256 of the signed
 * canonical bytes): the sender checks a receipt answers a manifest it signed for that shipment.
 */
export const signedDocuments = pgTable(
  'signed_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    kind: text('kind').notNull(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    sha256: text('sha256').notNull(),
    keyId: text('key_id').notNull(),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [
    check('signed_documents_kind_ck', sql`${t.kind} in ('manifest', 'receipt')`),
    index('signed_documents_lookup_idx').on(t.institutionId, t.kind, t.sha256),
  ],
);
