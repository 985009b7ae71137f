import type { Db } from '../client';
import { lookupTables as T } from '../../platform/lookups/lookup.tables';
import { insertLookups, type LookupFields, type LookupRecord } from '../../platform/lookups/lookup-writes';

type Simple = [title: string, abbreviation: string, description: string];

const GENDERS: Simple[] = [
  ['Female', 'F', 'Female'],
  ['Male', 'M', 'Male'],
  ['Other', 'O', 'Other or undisclosed gender'],
  ['Unknown', 'U', 'Not recorded'],
];
const MARITAL: Simple[] = [
  ['Single', 'S', 'Never married'],
  ['Married', 'M', 'Married or in a civil partnership'],
  ['Divorced', 'D', 'Divorced'],
  ['Widowed', 'W', 'Widowed'],
  ['Separated', 'SP', 'Legally separated'],
  ['Unknown', 'U', 'Not recorded'],
];
const VITAL: Simple[] = [
  ['Alive', 'A', 'Living participant'],
  ['Dead', 'D', 'Deceased participant'],
  ['Unknown', 'U', 'Vital status not known'],
];
const PATIENT_TYPES: Simple[] = [
  ['Outpatient', 'OP', 'Seen without admission'],
  ['Inpatient', 'IP', 'Admitted to a ward'],
  ['Research Participant', 'RP', 'Enrolled for research only'],
  ['Healthy Volunteer', 'HV', 'Healthy control participant'],
];
const PRIORITIES: Simple[] = [
  ['Routine', 'R', 'Processed in normal turnaround'],
  ['Urgent', 'U', 'Processed ahead of routine work'],
  ['STAT', 'S', 'Immediate processing required'],
];
/** Urgency of each priority (the orders list sorts and marks urgent work by it). */
const PRIORITY_URGENCY: Record<string, number> = { Routine: 0, Urgent: 1, STAT: 2 };
const LABELING: Simple[] = [
  ['Numbers', '1', '1, 2, 3, ...'],
  ['Letters Upper Case', 'A', 'A, B, C, ...'],
  ['Letters Lower Case', 'a', 'a, b, c, ...'],
  ['Roman Upper Case', 'I', 'I, II, III, ...'],
  ['Roman Lower Case', 'i', 'i, ii, iii, ...'],
];
const POSITION_OPTIONS: Simple[] = [
  ['Linear', 'L', 'Positions numbered in one sequence'],
  ['Two Dimensional', '2D', 'Positions addressed by row and column'],
];
const ANATOMIC: Simple[] = [
  ['Blood', 'BLD', 'Peripheral blood'],
  ['Breast', 'BRS', 'Breast tissue'],
  ['Cervix Uteri', 'CRV', 'Uterine cervix'],
  ['Colon', 'COL', 'Large intestine'],
  ['Lung', 'LNG', 'Lung'],
  ['Liver', 'LVR', 'Liver'],
  ['Prostate', 'PRS', 'Prostate gland'],
  ['Skin', 'SKN', 'Skin'],
  ['Oral Cavity', 'ORL', 'Mouth and saliva'],
  ['Not Specified', 'NS', 'Site not specified'],
];
const PATHOLOGICAL: Simple[] = [
  ['Malignant', 'MAL', 'Tumour tissue'],
  ['Non-Malignant', 'NML', 'Normal tissue'],
  ['Benign', 'BEN', 'Benign lesion'],
  ['Pre-Malignant', 'PRE', 'Dysplasia or pre-malignant lesion'],
  ['Not Specified', 'NS', 'Status not specified'],
];
const PROCEDURES: Simple[] = [
  ['Venipuncture', 'VEN', 'Blood drawn from a vein'],
  ['Biopsy', 'BIO', 'Needle or incisional biopsy'],
  ['Surgical Resection', 'RES', 'Tissue removed at surgery'],
  ['Fine Needle Aspiration', 'FNA', 'Aspirate with a fine needle'],
  ['Swab', 'SWB', 'Swab collection'],
  ['Urine Collection', 'URC', 'Clean-catch urine'],
  ['Saliva Collection', 'SAL', 'Passive drool or spit kit'],
];
const LINEAGES: Simple[] = [
  ['Aliquot', 'ALQ', 'Part of the parent sample, same specimen type'],
  ['Derived', 'DRV', 'New specimen type derived from the parent sample'],
];
/** Issue 32 item 2: what a consent may grant (each institution edits its own list). */
export const CONSENT_PURPOSES: Simple[] = [
  ['Future research', 'FR', 'Use of the samples and data in future research studies'],
  ['Genetic research', 'GEN', 'Genetic and genomic analysis of the samples'],
  ['Commercial use', 'COM', 'Use by or with commercial partners'],
];
const PAYMENTS: Simple[] = [
  ['Out of Pocket', 'OOP', 'Paid by the participant'],
  ['Free', 'FRE', 'No charge'],
  ['Half', 'HLF', 'Half of the tariff'],
  ['Post Payment', 'PP', 'Billed after service'],
  ['Insurance', 'INS', 'Covered by an insurer'],
];
// Widely used (OMB) categories; each institution edits them to its population.
const RACES: Simple[] = [
  ['American Indian or Alaska Native', 'AIAN', 'American Indian or Alaska Native'],
  ['Asian', 'ASN', 'Asian'],
  ['Black or African American', 'BAA', 'Black or African American'],
  ['Native Hawaiian or Other Pacific Islander', 'NHPI', 'Native Hawaiian or Other Pacific Islander'],
  ['White', 'WHT', 'White'],
  ['Other', 'OTH', 'Another race'],
  ['Unknown', 'UNK', 'Not reported'],
];
const ETHNICITIES: Simple[] = [
  ['Hispanic or Latino', 'HL', 'Hispanic or Latino'],
  ['Not Hispanic or Latino', 'NHL', 'Not Hispanic or Latino'],
  ['Unknown', 'UNK', 'Not reported'],
];
const DATA_TYPES: Simple[] = [
  ['Single Line Text', 'TB', 'One line of free text'],
  ['Multi Line Text', 'TA', 'Several lines of free text'],
  ['Time Picker', 'TP', 'A time of day'],
  ['Date Picker', 'DP', 'A calendar date'],
  ['Date Time Picker', 'DTP', 'A date with a time'],
  ['Checkbox', 'CB', 'A yes/no tick'],
  ['Checkbox List', 'CBL', 'Several choices from a list'],
  ['Radio List', 'RL', 'One choice from a list'],
  ['Select', 'SL', 'One choice from a drop-down'],
];

// The factor is how many of the type's base unit (mL, g, mg/dL) one unit is; null: never converted.
const UNIT_TYPES: {
  type: [string, string, string, string];
  units: [name: string, symbol: string, code: string, description: string, factor: number | null][];
}[] = [
  {
    type: ['Volume', 'V', 'L3', 'Liquid volume'],
    units: [
      ['Millilitre', 'mL', 'ml', 'One thousandth of a litre', 1],
      ['Microlitre', 'µL', 'ul', 'One millionth of a litre', 0.001],
      ['Litre', 'L', 'l', 'Litre', 1000],
    ],
  },
  {
    type: ['Mass', 'm', 'M', 'Weight of a specimen'],
    units: [
      ['Milligram', 'mg', 'mg', 'One thousandth of a gram', 0.001],
      ['Gram', 'g', 'g', 'Gram', 1],
      ['Microgram', 'µg', 'ug', 'One millionth of a gram', 1e-6],
    ],
  },
  {
    type: ['Count', 'N', '1', 'Number of items'],
    units: [
      ['Count', 'ea', 'ea', 'Number of pieces, slides or cores', null],
      ['Cells', 'cells', 'ce', 'Number of cells', null],
    ],
  },
  {
    type: ['Concentration', 'c', 'N/L3', 'Amount per volume'],
    units: [
      ['Milligram per decilitre', 'mg/dL', 'md', 'Clinical chemistry concentration', 1],
      ['Millimole per litre', 'mmol/L', 'mm', 'Molar concentration', null],
      ['Gram per decilitre', 'g/dL', 'gd', 'Haemoglobin concentration', 1000],
      ['Cells per microlitre', 'cells/µL', 'cu', 'Cell count', null],
    ],
  },
];

const SPECIMENS: { category: Simple; types: [title: string, abbr: string, description: string, unitName: string][] }[] =
  [
    {
      category: ['Fluid', 'FLD', 'Body fluids'],
      types: [
        ['Whole Blood', 'WB', 'EDTA whole blood', 'Millilitre'],
        ['Serum', 'SER', 'Serum from clotted blood', 'Millilitre'],
        ['Plasma', 'PLS', 'EDTA plasma', 'Millilitre'],
        ['Urine', 'UR', 'Clean-catch urine', 'Millilitre'],
        ['Saliva', 'SAL', 'Whole saliva', 'Millilitre'],
        ['Buffy Coat', 'BC', 'Leukocyte layer', 'Microlitre'],
      ],
    },
    {
      category: ['Tissue', 'TIS', 'Solid tissue'],
      types: [
        ['Fresh Frozen Tissue', 'FFT', 'Snap-frozen tissue', 'Milligram'],
        ['FFPE Block', 'FFPE', 'Formalin-fixed paraffin-embedded block', 'Count'],
        ['Tissue Slide', 'SLD', 'Stained or unstained section', 'Count'],
      ],
    },
    {
      category: ['Cell', 'CEL', 'Cells'],
      types: [
        ['PBMC', 'PBMC', 'Peripheral blood mononuclear cells', 'Cells'],
        ['Cervical Cells', 'CC', 'Liquid-based cytology cells', 'Millilitre'],
      ],
    },
    {
      category: ['Molecular', 'MOL', 'Extracted nucleic acids'],
      types: [
        ['DNA', 'DNA', 'Extracted DNA', 'Microgram'],
        ['RNA', 'RNA', 'Extracted RNA', 'Microgram'],
      ],
    },
  ];

const PHONES: { category: Simple; types: Simple[] }[] = [
  {
    category: ['Personal', 'PER', "The participant's own numbers"],
    types: [
      ['Mobile', 'MOB', 'Mobile phone'],
      ['Home', 'HOM', 'Home landline'],
    ],
  },
  {
    category: ['Work', 'WRK', 'Work numbers'],
    types: [
      ['Office', 'OFF', 'Office landline'],
      ['Work Mobile', 'WMB', 'Mobile phone issued by an employer'],
    ],
  },
  {
    category: ['Emergency Contact', 'EMC', 'Someone to call in an emergency'],
    types: [
      ['Next of Kin', 'NOK', 'Closest relative'],
      ['Caregiver', 'CG', 'Person caring for the participant'],
    ],
  },
];

const EVENT_UNITS: [string, string, string, number][] = [
  ['Minute', 'min', 'Minutes after enrolment', 1],
  ['Hour', 'h', 'Hours after enrolment', 60],
  ['Day', 'd', 'Days after enrolment', 1440],
  ['Week', 'wk', 'Weeks after enrolment', 10080],
  ['Month', 'mo', 'Months (30 days) after enrolment', 43200],
  ['Year', 'yr', 'Years (365 days) after enrolment', 525600],
];

/** Reference data every new institution starts with (platform issue), inside the creating transaction. */
export async function seedReferenceData(tx: Db, institutionId: number, creatorId: number | null) {
  const base: LookupRecord = { institutionId, creatorId, enablerId: creatorId };
  const simple = (rows: Simple[], defaultTitle?: string) =>
    rows.map(([title, abbreviation, description]) => ({
      title,
      abbreviation,
      description,
      ...(defaultTitle ? { isDefault: title === defaultTitle } : {}),
    }));
  const ins = (table: (typeof T)[keyof typeof T], rows: LookupFields[]) => insertLookups(tx, table, base, rows);

  await ins(T.genders, simple(GENDERS));
  await ins(T.maritalStatuses, simple(MARITAL));
  await ins(T.vitalStatuses, simple(VITAL, 'Alive'));
  await ins(T.patientTypes, simple(PATIENT_TYPES, 'Outpatient'));
  await ins(
    T.priorities,
    simple(PRIORITIES).map((r) => ({ ...r, urgency: PRIORITY_URGENCY[r.title] ?? 0 })),
  );
  await ins(T.races, simple(RACES));
  await ins(T.ethnicities, simple(ETHNICITIES));
  await ins(T.consentPurposes, simple(CONSENT_PURPOSES));
  await ins(T.labelingSchemas, simple(LABELING));
  await ins(T.positionLabelingOptions, simple(POSITION_OPTIONS));
  await ins(T.anatomicSites, simple(ANATOMIC));
  await ins(T.pathologicalStatuses, simple(PATHOLOGICAL));
  await ins(T.specimenCollectionProcedures, simple(PROCEDURES));
  await ins(T.subSampleLineages, simple(LINEAGES));
  await ins(T.paymentCategories, simple(PAYMENTS));
  await ins(
    T.dataTypes,
    simple(DATA_TYPES).map((r) => ({ ...r, hasValidation: false })),
  );
  await ins(
    T.collectionProtocolEventUnitOfMeasurements,
    EVENT_UNITS.map(([unitName, unitSymbol, description, toMinuteConversionRate]) => ({
      unitName,
      unitSymbol,
      description,
      toMinuteConversionRate,
    })),
  );

  const unitIds = new Map<string, number>();
  for (const [i, { type, units }] of UNIT_TYPES.entries()) {
    const [t] = await ins(T.unitOfMeasurementTypes, [
      {
        title: type[0],
        quantitySymbol: type[1],
        dimensionSymbol: type[2],
        description: type[3],
        abbreviation: type[0].slice(0, 3).toUpperCase(),
        isDefault: i === 0,
      },
    ]);
    const rows = await ins(
      T.unitOfMeasurements,
      units.map(([unitName, unitSymbol, code, description, conversionFactor]) => ({
        unitOfMeasurementTypeId: t.id,
        unitName,
        unitSymbol,
        code,
        description,
        conversionFactor,
      })),
    );
    for (const r of rows) unitIds.set(String(r.unitName), Number(r.id));
  }
  let ordinal = 0;
  for (const { category, types } of SPECIMENS) {
    const [c] = await ins(T.specimenTypeCategories, simple([category]));
    await ins(
      T.specimenTypes,
      types.map(([title, abbreviation, description, unit]) => ({
        specimenTypeCategoryId: c.id,
        title,
        abbreviation,
        description,
        unitOfMeasurementId: unitIds.get(unit),
        ordinal: ordinal++,
        isDefault: title === 'Whole Blood',
      })),
    );
  }
  for (const { category, types } of PHONES) {
    const [c] = await ins(T.phoneNumberTypeCategories, simple([category]));
    await ins(
      T.phoneNumberTypes,
      simple(types).map((r) => ({ ...r, phoneNumberTypeCategoryId: c.id })),
    );
  }
}
