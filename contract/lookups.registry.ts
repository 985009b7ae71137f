// One declaration per configuration list (ARCHITECTURE §3). The table, the zod schemas, the routes,
// the API tests, the menu and the web pages are derived from these entries. To add a list: add an
// entry here, export its table in server/modules/configuration/lookup.tables.ts, run
// `npm run db:generate` (docs/configuration.md).
import { MSG } from './messages';

export type FieldKind = 'text' | 'textarea' | 'regex' | 'number' | 'integer' | 'boolean' | 'reference';

export interface LookupField {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Required only while this boolean field is ticked; cleared when it is not (spec 1 §5). */
  requiredWhen?: string;
  max?: number;
  maxMessage?: string;
  /** Registry key of the list a reference points to. */
  ref?: string;
  /** The referenced record's `refField` must equal this record's `field` (a dependent select). */
  dependsOn?: { field: string; refField: string };
  default?: number | boolean;
  /** A number that must be greater than 0 (a conversion factor). */
  positive?: boolean;
  /** Shown as a list column (titles and references are by default). */
  column?: boolean;
}

export interface LookupEntity {
  key: string;
  label: string;
  /** Web child path under /configuration. */
  path: string;
  /** Nested lists are also served under their parent: `{parent.key}/{parentId}/{key}`. */
  parent?: { key: string; field: string };
  /** The field shown as the record's name; lists without one are named by their references. */
  titleField?: string;
  /** Shown after the name in pickers, e.g. a unit's symbol: 'Millimole per litre (mmol/L)'. */
  symbolField?: string;
  /** Fields whose combination is unique within the institution (text compared case-insensitively). */
  unique?: string[];
  /** One record may be the default; setting it clears the others. */
  hasDefault?: boolean;
  /** spec 1 §2: edit is not offered on panel-test, test-accepted-value, test-result-range. */
  noEdit?: boolean;
  /** `a` must be <= `b`. */
  lte?: { a: string; b: string; message: string };
  /** Other route segments that reach the same list (spec spellings). */
  aliases?: string[];
  /** Configuration menu group (spec 1 §2); 'Advanced' when not given. */
  group?: 'LIMS Configuration' | 'Advanced' | 'Locations';
  fields: LookupField[];
}

const text = (name: string, label: string, max = 200, required = true): LookupField => ({
  name,
  label,
  kind: 'text',
  required,
  max,
});
const title = text('title', 'Title');
const abbreviation = text('abbreviation', 'Abbreviation', 50);
const description: LookupField = {
  name: 'description',
  label: 'Description',
  kind: 'textarea',
  required: true,
  max: 1000,
  column: false,
};
const icdCode: LookupField = { ...text('icdCode', 'ICD Code', 50, false), column: false };
const isDefault: LookupField = {
  name: 'isDefault',
  label: 'Is Default',
  kind: 'boolean',
  default: false,
  column: true,
};
const ref = (name: string, label: string, refKey: string, extra: Partial<LookupField> = {}): LookupField => ({
  name,
  label,
  kind: 'reference',
  ref: refKey,
  required: true,
  ...extra,
});

const simple = (key: string, label: string, path: string, extra: Partial<LookupEntity> = {}): LookupEntity => ({
  key,
  label,
  path,
  titleField: 'title',
  fields: [title, abbreviation, description],
  ...extra,
});

/** A place in the location hierarchy (spec 1 §2 placeholders made real): each under its parent. */
const location = (
  key: string,
  label: string,
  path: string,
  parent?: { key: string; field: string; label: string },
): LookupEntity => ({
  key,
  label,
  path,
  titleField: 'title',
  group: 'Locations',
  ...(parent ? { parent: { key: parent.key, field: parent.field } } : {}),
  fields: [
    ...(parent ? [ref(parent.field, parent.label, parent.key)] : []),
    title,
    abbreviation,
    { ...description, required: false },
  ],
});

export const LOOKUPS: LookupEntity[] = [
  // LIMS configuration
  {
    key: 'panels',
    group: 'LIMS Configuration',
    label: 'Panel',
    path: 'panel',
    titleField: 'title',
    fields: [
      title,
      abbreviation,
      description,
      icdCode,
      ref('specimenTypeCategoryId', 'Specimen Type Category', 'specimenTypeCategories', { column: false }),
      ref('specimenTypeId', 'Specimen Type', 'specimenTypes', {
        dependsOn: { field: 'specimenTypeCategoryId', refField: 'specimenTypeCategoryId' },
      }),
      ref('departmentId', 'Department', 'departments'),
    ],
  },
  {
    key: 'tests',
    group: 'LIMS Configuration',
    label: 'Test',
    path: 'test',
    titleField: 'title',
    fields: [
      title,
      abbreviation,
      description,
      icdCode,
      { name: 'hasUnitOfMeasurement', label: 'Has Unit Of Measurement', kind: 'boolean', default: false },
      ref('unitOfMeasurementTypeId', 'Unit Of Measurement Type', 'unitOfMeasurementTypes', {
        required: false,
        requiredWhen: 'hasUnitOfMeasurement',
        column: false,
      }),
      ref('unitOfMeasurementId', 'Unit Of Measurement', 'unitOfMeasurements', {
        required: false,
        requiredWhen: 'hasUnitOfMeasurement',
        dependsOn: { field: 'unitOfMeasurementTypeId', refField: 'unitOfMeasurementTypeId' },
      }),
      { name: 'hasRange', label: 'Has Range', kind: 'boolean', default: false, column: true },
      { name: 'hasAcceptedValue', label: 'Has Accepted Value', kind: 'boolean', default: false, column: true },
    ],
  },
  {
    key: 'panelTests',
    group: 'LIMS Configuration',
    label: 'Panel Test',
    path: 'panel-test',
    unique: ['panelId', 'testId'],
    noEdit: true,
    fields: [ref('panelId', 'Panel', 'panels'), ref('testId', 'Test', 'tests')],
  },
  {
    key: 'testAcceptedValues',
    group: 'LIMS Configuration',
    label: 'Test Accepted Value',
    path: 'test-accepted-value',
    titleField: 'title',
    noEdit: true,
    parent: { key: 'tests', field: 'testId' },
    unique: ['testId', 'title'],
    fields: [ref('testId', 'Test', 'tests'), title, abbreviation, description],
  },
  {
    key: 'testResultRanges',
    group: 'LIMS Configuration',
    label: 'Test Result Range',
    path: 'test-result-range',
    noEdit: true,
    unique: [],
    parent: { key: 'tests', field: 'testId' },
    lte: { a: 'minimumValue', b: 'maximumValue', message: MSG.maxValueBelowMin },
    fields: [
      ref('testId', 'Test', 'tests'),
      { name: 'minimumValue', label: 'Minimum Value', kind: 'number', required: true, column: true },
      { name: 'maximumValue', label: 'Maximum Value', kind: 'number', required: true, column: true },
    ],
  },
  {
    key: 'limsOrderCommentTypes',
    group: 'LIMS Configuration',
    label: 'Order Comment Type',
    path: 'order-comment-type',
    titleField: 'title',
    fields: [
      title,
      abbreviation,
      description,
      { name: 'hasValidation', label: 'Has Validation', kind: 'boolean', default: false, column: true },
      {
        name: 'regularExpression',
        label: 'Regular Expression',
        kind: 'regex',
        requiredWhen: 'hasValidation',
        max: 500,
      },
      {
        name: 'regularExpressionMessage',
        label: 'Regular Expression Message',
        kind: 'text',
        requiredWhen: 'hasValidation',
        max: 500,
        column: false,
      },
    ],
  },
  // Advanced
  {
    key: 'departments',
    label: 'Department',
    path: 'department',
    titleField: 'title',
    fields: [
      title,
      abbreviation,
      description,
      { name: 'isSubDepartment', label: 'Is Sub Department', kind: 'boolean', default: false, column: false },
      ref('parentDepartmentId', 'Parent Department', 'departments', {
        required: false,
        requiredWhen: 'isSubDepartment',
      }),
    ],
  },
  simple('ethnicities', 'Ethnicity', 'ethnicity'),
  simple('genders', 'Gender', 'gender'),
  simple('subSampleLineages', 'Sub Sample Lineage', 'subSampleLineage'),
  simple('labelingSchemas', 'Labeling Schema', 'labeling-schema'),
  simple('maritalStatuses', 'Marital Status', 'marital-status'),
  simple('patientTypes', 'Patient Type', 'patient-type', {
    hasDefault: true,
    fields: [title, abbreviation, description, isDefault],
  }),
  simple('positionLabelingOptions', 'Position Labeling Option', 'position-labeling-option'),
  // Urgency orders the orders list and marks urgent work (0 routine; Urgent 1, STAT 2 as seeded): not in the spec (docs/spec-deviations.md),
  // so the spec's priority body (Title, Abbreviation, Description) leaves it out and gets 0.
  simple('priorities', 'Priority', 'priority', {
    fields: [
      title,
      abbreviation,
      description,
      { name: 'urgency', label: 'Urgency', kind: 'integer', default: 0, column: true },
    ],
  }),
  simple('races', 'Race', 'race'),
  simple('specimenTypeCategories', 'Specimen Type Category', 'specimen-type-category'),
  {
    key: 'specimenTypes',
    label: 'Specimen Type',
    path: 'specimen-type',
    titleField: 'title',
    hasDefault: true,
    parent: { key: 'specimenTypeCategories', field: 'specimenTypeCategoryId' },
    fields: [
      ref('specimenTypeCategoryId', 'Specimen Type Category', 'specimenTypeCategories'),
      title,
      abbreviation,
      description,
      ref('unitOfMeasurementTypeId', 'Unit Of Measurement Type', 'unitOfMeasurementTypes', { column: false }),
      ref('unitOfMeasurementId', 'Unit Of Measurement', 'unitOfMeasurements', {
        dependsOn: { field: 'unitOfMeasurementTypeId', refField: 'unitOfMeasurementTypeId' },
      }),
      { name: 'ordinal', label: 'Ordinal', kind: 'integer', required: true, default: 0, column: true },
      isDefault,
    ],
  },
  {
    key: 'unitOfMeasurements',
    label: 'Unit Of Measurement',
    path: 'unit-of-measurement',
    titleField: 'unitName',
    symbolField: 'unitSymbol',
    parent: { key: 'unitOfMeasurementTypes', field: 'unitOfMeasurementTypeId' },
    fields: [
      ref('unitOfMeasurementTypeId', 'Type', 'unitOfMeasurementTypes'),
      text('unitName', 'Unit Name', 100),
      { ...text('unitSymbol', 'Unit Symbol', 20), column: true },
      { name: 'code', label: 'Code', kind: 'text', max: 2, maxMessage: MSG.code2, column: true },
      // How many of the type's base unit one of this unit is (mL = 1, L = 1000); empty: never converted.
      { name: 'conversionFactor', label: 'Conversion Factor', kind: 'number', positive: true, column: true },
      description,
    ],
  },
  {
    key: 'unitOfMeasurementTypes',
    label: 'Unit Of Measurement Type',
    path: 'unit-of-measurement-type',
    titleField: 'title',
    hasDefault: true,
    fields: [
      title,
      { ...text('quantitySymbol', 'Quantity Symbol', 20), column: true },
      { ...text('dimensionSymbol', 'Dimension Symbol', 20), column: true },
      { ...text('abbreviation', 'Abbreviation', 50, false), column: false },
      description,
      isDefault,
    ],
  },
  simple('vitalStatuses', 'Vital Status', 'vital-status', {
    hasDefault: true,
    fields: [title, abbreviation, description, isDefault],
  }),
  simple('anatomicSites', 'Anatomic Site', 'anatomic-site'),
  simple('pathologicalStatuses', 'Pathological Status', 'pathological-status'),
  simple('specimenCollectionProcedures', 'Specimen Collection Procedure', 'specimen-collection-procedure'),
  {
    key: 'collectionProtocolEventUnitOfMeasurements',
    label: 'Collection Protocol Event Unit Of Measurement',
    path: 'collection-protocol-event-unit-of-measurement',
    titleField: 'unitName',
    fields: [
      text('unitName', 'Unit Name', 100),
      { ...text('unitSymbol', 'Unit Symbol', 20), column: true },
      description,
      {
        name: 'toMinuteConversionRate',
        label: 'To Minute Conversion Rate',
        kind: 'number',
        required: true,
        default: 0,
        column: true,
      },
    ],
  },
  simple('paymentCategories', 'Payment Category', 'payment-category'),
  simple('phoneNumberTypeCategories', 'Phone Number Category', 'phone-number-category', {
    aliases: ['phoneNumberCategories'],
  }),
  {
    key: 'phoneNumberTypes',
    label: 'Phone Number Type',
    path: 'phone-number-type',
    titleField: 'title',
    parent: { key: 'phoneNumberTypeCategories', field: 'phoneNumberTypeCategoryId' },
    fields: [
      ref('phoneNumberTypeCategoryId', 'Category', 'phoneNumberTypeCategories'),
      title,
      abbreviation,
      description,
    ],
  },
  {
    key: 'dataTypes',
    label: 'Form Data Type',
    path: 'data-type',
    titleField: 'title',
    fields: [
      title,
      abbreviation,
      description,
      { name: 'hasValidation', label: 'Has Validation', kind: 'boolean', default: false },
      { name: 'dataTypeValidation', label: 'Validation', kind: 'regex', requiredWhen: 'hasValidation', max: 500 },
    ],
  },
  // Issue 32 item 2: what a consent version grants and a distribution protocol needs (docs/research.md).
  simple('consentPurposes', 'Consent Purpose', 'consent-purpose'),
  // Locations (spec 1 §2 shows them only as placeholders; here they are real, each under its parent)
  location('serviceLocations', 'Service Location', 'service-location'),
  location('facilities', 'Facility', 'facility'),
  location('buildings', 'Building', 'building', { key: 'facilities', field: 'facilityId', label: 'Facility' }),
  location('floors', 'Floor', 'floor', { key: 'buildings', field: 'buildingId', label: 'Building' }),
  location('wings', 'Wing', 'wing', { key: 'floors', field: 'floorId', label: 'Floor' }),
  location('rooms', 'Room', 'room', { key: 'wings', field: 'wingId', label: 'Wing' }),
  location('devices', 'Device', 'device', { key: 'rooms', field: 'roomId', label: 'Room' }),
  location('shelfs', 'Shelf', 'shelf', { key: 'devices', field: 'deviceId', label: 'Device' }),
  location('positions', 'Position', 'position', { key: 'shelfs', field: 'shelfId', label: 'Shelf' }),
];

export const LOOKUP_BY_KEY: Record<string, LookupEntity> = Object.fromEntries(LOOKUPS.map((e) => [e.key, e]));
export const LOOKUP_BY_PATH: Record<string, LookupEntity> = Object.fromEntries(LOOKUPS.map((e) => [e.path, e]));

/** The unique key of an entity: its title by default. */
export const uniqueFields = (e: LookupEntity) => e.unique ?? (e.titleField ? [e.titleField] : []);
/** `specimenTypeId` -> `specimenType`: where a reference's {id, title} appears in responses. */
/** A list's description field, when it has one: its text per language is kept beside it (`descriptions`, issue 33). */
export const descriptionField = (e: LookupEntity) => e.fields.find((f) => f.name === 'description');
export const refObjectName = (f: LookupField) => f.name.replace(/Id$/, '');
/** Whether a field is a list column. */
export const isColumn = (e: LookupEntity, f: LookupField) =>
  f.column ?? (f.name === e.titleField || f.name === 'abbreviation' || f.kind === 'reference');
