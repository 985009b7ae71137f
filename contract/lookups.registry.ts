// One declaration per configuration list (ARCHITECTURE §3). The table, the zod schemas, the routes
// and the web pages are derived from these entries; add a list here, export its table in
// server/modules/configuration/lookup.tables.ts and generate a migration.
import { MSG } from './messages';

export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'boolean' | 'reference';

export interface LookupField {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Required only while this boolean field is ticked (spec 1 §5 conditional rules). */
  requiredWhen?: string;
  max?: number;
  maxMessage?: string;
  /** Registry key of the list a reference points to. */
  ref?: string;
  default?: number | boolean;
}

export interface LookupEntity {
  key: string;
  label: string;
  /** Web child path under /configuration. */
  path: string;
  /** Nested lists live under their parent: `{parent.key}/{parentId}/{key}`. */
  parent?: { key: string; field: string };
  titleField: string;
  /** One record of the list may be the default; setting it clears the others. */
  hasDefault?: boolean;
  fields: LookupField[];
}

const title: LookupField = { name: 'title', label: 'Title', kind: 'text', required: true, max: 200 };
const abbreviation: LookupField = { name: 'abbreviation', label: 'Abbreviation', kind: 'text', required: true, max: 50 };
const description: LookupField = { name: 'description', label: 'Description', kind: 'textarea', required: true, max: 1000 };
const isDefault: LookupField = { name: 'isDefault', label: 'Is Default', kind: 'boolean', default: false };

const simple = (key: string, label: string, path: string, extra: Partial<LookupEntity> = {}): LookupEntity => ({
  key, label, path, titleField: 'title', fields: [title, abbreviation, description], ...extra,
});

export const LOOKUPS: LookupEntity[] = [
  simple('genders', 'Gender', 'gender'),
  simple('maritalStatuses', 'Marital Status', 'marital-status'),
  simple('vitalStatuses', 'Vital Status', 'vital-status', { hasDefault: true, fields: [title, abbreviation, description, isDefault] }),
  simple('patientTypes', 'Patient Type', 'patient-type', { hasDefault: true, fields: [title, abbreviation, description, isDefault] }),
  simple('ethnicities', 'Ethnicity', 'ethnicity'),
  simple('races', 'Race', 'race'),
  simple('priorities', 'Priority', 'priority'),
  simple('labelingSchemas', 'Labeling Schema', 'labeling-schema'),
  simple('positionLabelingOptions', 'Position Labeling Option', 'position-labeling-option'),
  simple('anatomicSites', 'Anatomic Site', 'anatomic-site'),
  simple('pathologicalStatuses', 'Pathological Status', 'pathological-status'),
  simple('specimenCollectionProcedures', 'Specimen Collection Procedure', 'specimen-collection-procedure'),
  simple('subSampleLineages', 'Sub Sample Lineage', 'subSampleLineage'),
  simple('paymentCategories', 'Payment Category', 'payment-category'),
  simple('phoneNumberTypeCategories', 'Phone Number Category', 'phone-number-category'),
  simple('phoneNumberTypes', 'Phone Number Type', 'phone-number-type', {
    parent: { key: 'phoneNumberTypeCategories', field: 'phoneNumberTypeCategoryId' },
    fields: [
      { name: 'phoneNumberTypeCategoryId', label: 'Category', kind: 'reference', ref: 'phoneNumberTypeCategories', required: true },
      title, abbreviation, description,
    ],
  }),
  {
    key: 'unitOfMeasurementTypes', label: 'Unit Of Measurement Type', path: 'unit-of-measurement-type', titleField: 'title', hasDefault: true,
    fields: [
      title,
      { name: 'abbreviation', label: 'Abbreviation', kind: 'text', max: 50 },
      { name: 'quantitySymbol', label: 'Quantity Symbol', kind: 'text', required: true, max: 20 },
      { name: 'dimensionSymbol', label: 'Dimension Symbol', kind: 'text', required: true, max: 20 },
      description, isDefault,
    ],
  },
  {
    key: 'unitOfMeasurements', label: 'Unit Of Measurement', path: 'unit-of-measurement', titleField: 'unitName',
    parent: { key: 'unitOfMeasurementTypes', field: 'unitOfMeasurementTypeId' },
    fields: [
      { name: 'unitOfMeasurementTypeId', label: 'Type', kind: 'reference', ref: 'unitOfMeasurementTypes', required: true },
      { name: 'unitName', label: 'Unit Name', kind: 'text', required: true, max: 100 },
      { name: 'unitSymbol', label: 'Unit Symbol', kind: 'text', required: true, max: 20 },
      { name: 'code', label: 'Code', kind: 'text', max: 2, maxMessage: MSG.code2 },
      description,
    ],
  },
  simple('specimenTypeCategories', 'Specimen Type Category', 'specimen-type-category'),
  {
    key: 'specimenTypes', label: 'Specimen Type', path: 'specimen-type', titleField: 'title', hasDefault: true,
    parent: { key: 'specimenTypeCategories', field: 'specimenTypeCategoryId' },
    fields: [
      { name: 'specimenTypeCategoryId', label: 'Specimen Type Category', kind: 'reference', ref: 'specimenTypeCategories', required: true },
      title, abbreviation, description,
      { name: 'unitOfMeasurementId', label: 'Unit Of Measurement', kind: 'reference', ref: 'unitOfMeasurements', required: true },
      { name: 'ordinal', label: 'Ordinal', kind: 'integer', required: true, default: 0 },
      isDefault,
    ],
  },
  {
    key: 'collectionProtocolEventUnitOfMeasurements', label: 'Collection Protocol Event Unit Of Measurement',
    path: 'collection-protocol-event-unit-of-measurement', titleField: 'unitName',
    fields: [
      { name: 'unitName', label: 'Unit Name', kind: 'text', required: true, max: 100 },
      { name: 'unitSymbol', label: 'Unit Symbol', kind: 'text', required: true, max: 20 },
      description,
      { name: 'toMinuteConversionRate', label: 'To Minute Conversion Rate', kind: 'number', required: true, default: 0 },
    ],
  },
  {
    key: 'dataTypes', label: 'Form Data Type', path: 'data-type', titleField: 'title',
    fields: [
      title, abbreviation, description,
      { name: 'hasValidation', label: 'Has Validation', kind: 'boolean', default: false },
      { name: 'dataTypeValidation', label: 'Validation', kind: 'text', requiredWhen: 'hasValidation', max: 500 },
    ],
  },
  {
    key: 'departments', label: 'Department', path: 'department', titleField: 'title',
    fields: [
      title, abbreviation, description,
      { name: 'isSubDepartment', label: 'Is Sub Department', kind: 'boolean', default: false },
      { name: 'parentDepartmentId', label: 'Parent Department', kind: 'reference', ref: 'departments', requiredWhen: 'isSubDepartment' },
    ],
  },
];

export const LOOKUP_BY_KEY: Record<string, LookupEntity> = Object.fromEntries(LOOKUPS.map((e) => [e.key, e]));
