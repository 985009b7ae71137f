import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { EARLIER_SAMPLES, WITHDRAWAL_EFFECTS } from '../../../contract/protocol-participants.contract';
import { recordColumns, ts } from '../../platform/records';
import { patients } from '../../db/referenced-tables';

// Collection protocols (spec 2 §3). Every row carries institution_id: every query is scoped by it.

/** A study. The code (<= 2 characters) is unique per institution, whatever its case. */
export const collectionProtocols = pgTable(
  'collection_protocols',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    title: text('title').notNull(),
    abbreviation: text('abbreviation').notNull(),
    code: text('code').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    expectedParticipants: integer('expected_participants').notNull().default(0),
  },
  (t) => [
    uniqueIndex('collection_protocols_code_uq').on(t.institutionId, sql`lower(${t.code})`),
    index('collection_protocols_inst_idx').on(t.institutionId, t.id),
  ],
);

const inProtocol = () => ({
  ...recordColumns(),
  institutionId: integer('institution_id').notNull(),
  collectionProtocolId: integer('collection_protocol_id')
    .notNull()
    .references(() => collectionProtocols.id),
});

/** A consent form of a protocol; its text lives in versions (the newest is current). */
export const protocolConsents = pgTable(
  'collection_protocol_consents',
  {
    ...inProtocol(),
    title: text('title').notNull(),
  },
  (t) => [index('collection_protocol_consents_protocol_idx').on(t.collectionProtocolId, t.id)],
);

/** One text of a consent, sanitised HTML. A version someone signed is never changed again. */
export const consentVersions = pgTable(
  'collection_protocol_consent_versions',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    consentId: integer('consent_id')
      .notNull()
      .references(() => protocolConsents.id),
    version: integer('version').notNull(),
    html: text('html').notNull(),
  },
  (t) => [uniqueIndex('consent_versions_uq').on(t.consentId, t.version)],
);

/** A site (of any institution) where the protocol collects. One enabled row per site. */
export const protocolSites = pgTable(
  'collection_protocol_sites',
  {
    ...inProtocol(),
    institutionSiteId: integer('institution_site_id').notNull(),
  },
  (t) => [
    uniqueIndex('collection_protocol_sites_uq')
      .on(t.collectionProtocolId, t.institutionSiteId)
      .where(sql`${t.isEnabled}`),
  ],
);

/** A collection time point; code unique in the protocol, whatever its case. */
export const protocolEvents = pgTable(
  'collection_protocol_events',
  {
    ...inProtocol(),
    label: text('label').notNull(),
    eventCode: text('event_code').notNull(),
    eventPoint: doublePrecision('event_point').notNull().default(0),
    unitId: integer('unit_id').notNull(),
    institutionSiteId: integer('institution_site_id'),
  },
  (t) => [uniqueIndex('collection_protocol_events_code_uq').on(t.collectionProtocolId, sql`lower(${t.eventCode})`)],
);

/** What an event collects: the root of a specimen requirement tree. */
export const specimenRequirements = pgTable(
  'event_specimen_requirements',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => protocolEvents.id),
    title: text('title').notNull(),
    code: text('code').notNull(),
    initialQuantity: doublePrecision('initial_quantity').notNull().default(0),
    unitId: integer('unit_id').notNull(),
    specimenTypeId: integer('specimen_type_id').notNull(),
    anatomicSiteId: integer('anatomic_site_id'),
    pathologicalStatusId: integer('pathological_status_id'),
    procedureId: integer('procedure_id'),
  },
  (t) => [index('event_specimen_requirements_event_idx').on(t.eventId, t.id)],
);

/** A child of a requirement (parentItemId null) or of another item: an aliquot or a derived specimen. */
export const requirementItems = pgTable(
  'event_specimen_requirement_items',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => specimenRequirements.id),
    parentItemId: integer('parent_item_id'),
    lineageId: integer('lineage_id').notNull(),
    specimenTypeId: integer('specimen_type_id').notNull(),
    initialQuantity: doublePrecision('initial_quantity').notNull().default(0),
    unitId: integer('unit_id').notNull(),
  },
  (t) => [index('event_specimen_requirement_items_req_idx').on(t.requirementId, t.id)],
);

/** A patient enrolled in a protocol; once per protocol (a disabled enrolment still counts). */
export const protocolParticipants = pgTable(
  'collection_protocol_participants',
  {
    ...inProtocol(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /** Enrolled on a day outside the protocol's start/end dates, confirmed by the user (docs/protocols.md). */
    enrolledOutsideDates: boolean('enrolled_outside_dates').notNull().default(false),
  },
  (t) => [
    uniqueIndex('collection_protocol_participants_uq').on(t.collectionProtocolId, t.patientId),
    index('collection_protocol_participants_patient_idx').on(t.institutionId, t.patientId),
  ],
);

/**
 * A signed consent: the exact version signed, the signature image and a SHA-256 of both. Withdrawal
 * fills the withdrawal columns; the row is never changed otherwise. A re-consent (the same consent
 * signed again after a withdrawal) is a new row naming the withdrawn one (`previous_signature_id`):
 * each enrolment's signatures of one consent form a chain whose newest row decides (docs/protocols.md
 * "Re-consent").
 */
export const participantConsents = pgTable(
  'collection_protocol_participant_consents',
  {
    ...inProtocol(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => protocolParticipants.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    consentId: integer('consent_id')
      .notNull()
      .references(() => protocolConsents.id),
    consentVersionId: integer('consent_version_id')
      .notNull()
      .references(() => consentVersions.id),
    signature: text('signature').notNull(),
    sha256: text('sha256').notNull(),
    withdrawnDate: date('withdrawn_date', { mode: 'string' }),
    withdrawalReason: text('withdrawal_reason'),
    /** One of WITHDRAWAL_EFFECTS: the withdraw body is checked against them before it is stored. */
    withdrawalEffect: text('withdrawal_effect').$type<(typeof WITHDRAWAL_EFFECTS)[number]>(),
    withdrawnAt: ts('withdrawn_at'),
    withdrawnById: integer('withdrawn_by_id'),
    /** Re-consent: the withdrawn signature this one follows (at most one follower each: a unique index). */
    previousSignatureId: integer('previous_signature_id').references((): AnyPgColumn => participantConsents.id),
    /** Re-consent: the explicit choice for samples collected before it (one of EARLIER_SAMPLES); null on a first signature. */
    earlierSamples: text('earlier_samples').$type<(typeof EARLIER_SAMPLES)[number]>(),
    /**
     * Re-consent: the institution's wall-clock minute it was signed (the time zone of collection dates and
     * times); a sample collected (date + time) before it is an earlier sample.
     */
    coversSamplesFrom: timestamp('covers_samples_from', { mode: 'string' }),
  },
  (t) => [
    index('participant_consents_participant_idx').on(t.participantId, t.id),
    // A donor's signatures in every protocol: participant_purposes_now's triggers recompute a donor's rows by it.
    index('participant_consents_patient_idx').on(t.patientId),
    // The rows that can block a sample: withdrawn, or a re-consent that keeps earlier samples blocked.
    index('participant_consents_blocking_idx')
      .on(t.institutionId, t.patientId)
      .where(sql`${t.withdrawnDate} is not null or ${t.earlierSamples} = 'keep_blocked'`),
    // Two users re-consenting after the same withdrawal: the second insert finds this and is refused (409).
    uniqueIndex('participant_consents_previous_uq').on(t.previousSignatureId),
    check(
      'participant_consents_reconsent_ck',
      sql`(${t.previousSignatureId} is null) = (${t.earlierSamples} is null)
    and (${t.earlierSamples} is null) = (${t.coversSamplesFrom} is null)
    and (${t.earlierSamples} is null or ${t.earlierSamples} in ('keep_blocked', 'covered'))`,
    ),
  ],
);

/**
 * Issue 32 item 2: the consent purposes (Consent Purpose list) a consent text version grants. Part of what is
 * signed: a signed version's purposes never change (an edit makes a new version, like its text).
 */
export const consentVersionPurposes = pgTable(
  'consent_version_purposes',
  {
    institutionId: integer('institution_id').notNull(),
    consentVersionId: integer('consent_version_id')
      .notNull()
      .references(() => consentVersions.id),
    purposeId: integer('purpose_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.consentVersionId, t.purposeId] })],
);

/**
 * Issue 32 item 2: the participant's yes or no for each purpose of the version signed, written with the
 * signature and never changed. Only a signature in force (not withdrawn, no re-consent after it) grants
 * anything (docs/research.md "Eligibility").
 */
export const participantConsentPurposes = pgTable(
  'participant_consent_purposes',
  {
    institutionId: integer('institution_id').notNull(),
    participantConsentId: integer('participant_consent_id')
      .notNull()
      .references(() => participantConsents.id),
    purposeId: integer('purpose_id').notNull(),
    granted: boolean('granted').notNull(),
  },
  // Eligibility looks a signature's choice up by (signature, purpose): the primary key. A count over every sample
  // (the query builder's consent purpose criterion) reads one purpose's granted choices: the partial index (issue 32
  // item 4's benchmark, docs/performance.md).
  (t) => [
    primaryKey({ columns: [t.participantConsentId, t.purposeId] }),
    index('participant_consent_purposes_granted_idx')
      .on(t.purposeId, t.participantConsentId)
      .where(sql`${t.granted}`),
  ],
);

/**
 * Issue 32 item 4: what THE eligibility rule (docs/research.md "Eligibility") reads, stored per enrolment so a count
 * over millions of samples probes one small row per sample instead of the signatures' sub-plans. A row exists while
 * the enrolment has a signature in force (not withdrawn, no re-consent after it) and its donor no withdrawal in force
 * (in any protocol); `purposeIds` are the purposes its signatures in force grant (sorted, possibly none);
 * `blockedBefore` the latest minute a re-consent in force keeps the donor's earlier samples blocked from (a sample
 * collected before it is not usable). Written ONLY by the database: triggers on the signatures and their choices
 * recompute the rows of every donor a statement touches through `participant_purposes_now_refresh` (migration
 * 0054_participant_purposes_now), the one place the rule's consent half is written; never written by the server.
 */
export const participantPurposesNow = pgTable(
  'participant_purposes_now',
  {
    participantId: integer('participant_id').primaryKey(),
    patientId: integer('patient_id').notNull(),
    purposeIds: integer('purpose_ids').array().notNull(),
    blockedBefore: timestamp('blocked_before', { mode: 'string' }),
  },
  // The triggers replace a donor's rows: found by patient.
  (t) => [index('participant_purposes_now_patient_idx').on(t.patientId)],
);
