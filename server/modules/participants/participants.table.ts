import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type Column, sql } from 'drizzle-orm';
import { recordColumns } from '../../platform/records';
import { foldedNames } from './folded-names.table';

// Search is by prefix of any name part, MRN, phone or external subject id (spec 1 §2, issue 4):
// btree indexes on lower(...) with text_pattern_ops serve `like 'abc%'` on any PostgreSQL.
const prefix = (name: string, col: unknown) =>
  index(name).using('btree', sql`institution_id`, sql`lower(${col}) text_pattern_ops`);
// Name parts are searched accent-insensitively (issue 33 item 3: 'helene' finds 'Hélène') by their folded text, stored
// as generated columns (migration 0063; folded-names.table.ts says why they are not declared here).
const foldPrefix = (name: string, folded: Column) =>
  index(name).using('btree', sql`institution_id`, sql.raw(`"${folded.name}" text_pattern_ops`));
// The previous release's name indexes (lims_fold computed per row, migration 0050): its processes still search by them
// during an upgrade (CONTRIBUTING.md "Expand first"). Nothing in this release reads them: drop them in the next.
const namePrefix = (name: string, col: unknown) =>
  index(name).using('btree', sql`institution_id`, sql`lims_fold(${col}) text_pattern_ops`);

export const patients = pgTable(
  'patients',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    firstName: text('first_name').notNull(),
    fatherName: text('father_name').notNull(),
    grandFatherName: text('grand_father_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    birthTime: text('birth_time').notNull(),
    deathDate: date('death_date', { mode: 'string' }),
    socialSecurityNumber: text('social_security_number'),
    externalSubjectId: text('external_subject_id'),
    patientTypeId: integer('patient_type_id').notNull(),
    genderId: integer('gender_id').notNull(),
    maritalStatusId: integer('marital_status_id').notNull(),
    vitalStatusId: integer('vital_status_id').notNull(),
    institutionSiteId: integer('institution_site_id'),
  },
  (t) => [
    index('patients_inst_idx').on(t.institutionId, t.id),
    foldPrefix('patients_first_name_fold_idx', foldedNames.firstName),
    foldPrefix('patients_father_name_fold_idx', foldedNames.fatherName),
    foldPrefix('patients_grand_father_name_fold_idx', foldedNames.grandFatherName),
    namePrefix('patients_first_name_idx', t.firstName),
    namePrefix('patients_father_name_idx', t.fatherName),
    namePrefix('patients_grand_father_name_idx', t.grandFatherName),
    prefix('patients_external_id_idx', t.externalSubjectId),
  ],
);

const child = () => ({
  ...recordColumns(),
  institutionId: integer('institution_id').notNull(),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patients.id),
  institutionSiteId: integer('institution_site_id'),
});

/** institution_site_id null is the participant's main MRN; an MRN is unique per site (main: per institution). */
export const patientMrns = pgTable(
  'patient_mrns',
  {
    ...child(),
    mrn: text('mrn').notNull(),
  },
  (t) => [
    uniqueIndex('patient_mrns_unique').on(
      t.institutionId,
      sql`coalesce(${t.institutionSiteId}, 0)`,
      sql`lower(${t.mrn})`,
    ),
    index('patient_mrns_prefix_idx').using('btree', t.institutionId, sql`lower(${t.mrn}) text_pattern_ops`),
    index('patient_mrns_patient_idx').on(t.patientId),
    // Any part of an MRN (issue 11): pg_trgm serves `mrn ilike '%term%'` for terms of 3+ characters.
    index('patient_mrns_trgm_idx').using('gin', sql`${t.mrn} gin_trgm_ops`),
  ],
);

export const patientPhoneNumbers = pgTable(
  'patient_phone_numbers',
  {
    ...child(),
    phoneNumberTypeId: integer('phone_number_type_id').notNull(),
    phoneNumber: text('phone_number').notNull(),
  },
  (t) => [
    uniqueIndex('patient_phone_numbers_unique')
      .on(t.patientId, t.phoneNumber)
      .where(sql`${t.isEnabled}`),
    index('patient_phone_numbers_lookup_idx').using('btree', t.institutionId, sql`${t.phoneNumber} text_pattern_ops`),
    index('patient_phone_numbers_trgm_idx').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
  ],
);

export const patientRaces = pgTable(
  'patient_races',
  {
    ...child(),
    raceId: integer('race_id').notNull(),
  },
  (t) => [
    uniqueIndex('patient_races_unique')
      .on(t.patientId, t.raceId)
      .where(sql`${t.isEnabled}`),
  ],
);

export const patientEthnicities = pgTable(
  'patient_ethnicities',
  {
    ...child(),
    ethnicityId: integer('ethnicity_id').notNull(),
  },
  (t) => [
    uniqueIndex('patient_ethnicities_unique')
      .on(t.patientId, t.ethnicityId)
      .where(sql`${t.isEnabled}`),
  ],
);
