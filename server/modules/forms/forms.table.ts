import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns } from '../../platform/records';

// Questionnaires (spec 2 §3). Every row carries institution_id: every query is scoped by it.
// The protocol, patient and site ids point into other modules; they are checked through those
// modules' functions (no foreign key into another module's tables).

/**
 * A questionnaire of a protocol. `currentVersion` is the version the next submission is filled with;
 * it moves on when a field or option changes after the current version has submissions (docs/forms.md).
 */
export const protocolForms = pgTable(
  'collection_protocol_forms',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    collectionProtocolId: integer('collection_protocol_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    currentVersion: integer('current_version').notNull().default(1),
    /**
     * Its list answers may be counted in the research catalogue (issue 32 item 3, docs/research.md): set by an
     * administrator (distribution.manage), audited; off until then.
     */
    shareable: boolean('shareable').notNull().default(false),
  },
  (t) => [
    index('collection_protocol_forms_protocol_idx').on(t.institutionId, t.collectionProtocolId, t.id),
    index('collection_protocol_forms_name_idx').on(t.institutionId, sql`lower(${t.name})`),
  ],
);

/**
 * The live field set. Ids are stable: a field keeps its id across versions, so the editor, the
 * submitted values and the report columns all name a field by it.
 */
export const formFields = pgTable(
  'collection_protocol_form_fields',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    formId: integer('form_id')
      .notNull()
      .references(() => protocolForms.id),
    dataTypeId: integer('data_type_id').notNull(),
    /** The data type's abbreviation when the field was made: the rules never change under a field. */
    kind: text('kind').notNull(),
    name: text('name'),
    prompt: text('prompt').notNull(),
    placeholder: text('placeholder'),
    responseTitle: text('response_title').notNull(),
    ordinal: integer('ordinal').notNull(),
    onNewLine: boolean('on_new_line').notNull().default(false),
    required: boolean('required').notNull().default(false),
    requiredMessage: text('required_message'),
    hasValidation: boolean('has_validation').notNull().default(false),
    regularExpression: text('regular_expression'),
    regularExpressionMessage: text('regular_expression_message'),
    orientation: text('orientation'),
  },
  (t) => [index('collection_protocol_form_fields_form_idx').on(t.formId, t.ordinal, t.id)],
);

/** An option of a list field; values are unique among a field's enabled options (checked under the form's lock). */
export const fieldOptions = pgTable(
  'collection_protocol_form_field_options',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    fieldId: integer('field_id')
      .notNull()
      .references(() => formFields.id),
    value: text('value').notNull(),
    ordinal: integer('ordinal').notNull(),
    selected: boolean('selected').notNull().default(false),
  },
  (t) => [index('collection_protocol_form_field_options_field_idx').on(t.fieldId, t.ordinal, t.id)],
);

/**
 * A version someone filled: the field set (fields with their options, as the API shows them) frozen
 * by the first submission of that version. Never changed afterwards.
 */
export const formVersions = pgTable(
  'collection_protocol_form_versions',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    formId: integer('form_id')
      .notNull()
      .references(() => protocolForms.id),
    version: integer('version').notNull(),
    fields: jsonb('fields').notNull(),
  },
  (t) => [uniqueIndex('collection_protocol_form_versions_uq').on(t.formId, t.version)],
);

/** A filled questionnaire. `sampleId` is text until the samples module validates it. */
export const submittedForms = pgTable(
  'submitted_collection_protocol_forms',
  {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    collectionProtocolId: integer('collection_protocol_id').notNull(),
    formId: integer('form_id')
      .notNull()
      .references(() => protocolForms.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => formVersions.id),
    patientId: integer('patient_id').notNull(),
    institutionSiteId: integer('institution_site_id').notNull(),
    sampleId: text('sample_id'),
  },
  (t) => [
    index('submitted_forms_form_idx').on(t.formId, t.createdDate, t.id),
    index('submitted_forms_patient_idx').on(t.institutionId, t.patientId, t.id),
    // The screening indicator reports (docs/indicators.md) read a protocol's submissions of a date range.
    index('submitted_forms_protocol_date_idx').on(t.institutionId, t.collectionProtocolId, t.createdDate),
  ],
);

/** One answer, with the prompt as filled; a checkbox list holds a JSON array of the chosen values. */
export const submittedValues = pgTable(
  'submitted_collection_protocol_form_values',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').notNull(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submittedForms.id),
    fieldId: integer('field_id')
      .notNull()
      .references(() => formFields.id),
    prompt: text('prompt').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('submitted_values_uq').on(t.submissionId, t.fieldId)],
);

/**
 * The answers as the screening indicators match them (docs/indicators.md): one row per normalised
 * value of an answer (prompt and value trimmed and lower-cased; a checkbox list gives one row per
 * chosen value, a checkbox 'yes' or 'no', an empty answer none), with its submission's protocol,
 * participant, date and enabled flag copied. Written only by database triggers (migration
 * 0022_answer_keys_triggers): inserting, changing or deleting an answer rewrites its rows, changing a
 * submission's date, participant, protocol or enabled flag updates them, so no write path can make it
 * drift. An indicator then reads only its matching answers by an index range.
 */
export const answerKeys = pgTable(
  'submitted_answer_keys',
  {
    institutionId: integer('institution_id').notNull(),
    protocolId: integer('protocol_id').notNull(),
    prompt: text('prompt').notNull(),
    value: text('value').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull(),
    patientId: integer('patient_id').notNull(),
    submissionId: integer('submission_id').notNull(),
    fieldId: integer('field_id').notNull(),
    isEnabled: boolean('is_enabled').notNull(),
  },
  (t) => [
    index('submitted_answer_keys_match_idx')
      .on(t.institutionId, t.protocolId, t.prompt, t.value, t.createdDate, t.patientId, t.submissionId)
      .where(sql`${t.isEnabled}`),
    index('submitted_answer_keys_answer_idx').on(t.submissionId, t.fieldId),
    // The query builder's answer criterion (docs/research.md): one field's answers equal to a value, by donor.
    index('submitted_answer_keys_field_idx')
      .on(t.institutionId, t.fieldId, t.value, t.patientId)
      .where(sql`${t.isEnabled}`),
  ],
);
