import { getTableName } from 'drizzle-orm';
import type { Db } from '../client';
import { lookupTables as T } from '../../platform/lookups/lookup.tables';
import { LOOKUP_BY_KEY } from '../../../contract/lookups.registry';
import { insertLookups, type LookupFields, type LookupRecord } from '../../platform/lookups/lookup-writes';
import { ALIQUOT_TITLES } from '../../../contract/lookup-titles';

/**
 * A seeded row: its default (English) title, abbreviation, description, and its title in French (issue 33: a
 * French-speaking technician never meets an English word). The French title goes into the row's `titles` (migration
 * 0056_lookup_titles) only where it differs from the English; existing institutions got theirs from migration
 * 0059_seeded_lookup_french_titles (written from seededFrenchTitles(), server/test/seeded-french-titles.test.ts keeps
 * them equal). The description's French is FRENCH_DESCRIPTIONS' (below), in the row's `descriptions`, the same way.
 */
type Simple = [title: string, abbreviation: string, description: string, french: string];

const GENDERS: Simple[] = [
  ['Female', 'F', 'Female', 'Femme'],
  ['Male', 'M', 'Male', 'Homme'],
  ['Other', 'O', 'Other or undisclosed gender', 'Autre'],
  ['Unknown', 'U', 'Not recorded', 'Inconnu'],
];
const MARITAL: Simple[] = [
  ['Single', 'S', 'Never married', 'Célibataire'],
  ['Married', 'M', 'Married or in a civil partnership', 'Marié(e)'],
  ['Divorced', 'D', 'Divorced', 'Divorcé(e)'],
  ['Widowed', 'W', 'Widowed', 'Veuf ou veuve'],
  ['Separated', 'SP', 'Legally separated', 'Séparé(e)'],
  ['Unknown', 'U', 'Not recorded', 'Inconnu'],
];
const VITAL: Simple[] = [
  ['Alive', 'A', 'Living participant', 'Vivant'],
  ['Dead', 'D', 'Deceased participant', 'Décédé'],
  ['Unknown', 'U', 'Vital status not known', 'Inconnu'],
];
const PATIENT_TYPES: Simple[] = [
  ['Outpatient', 'OP', 'Seen without admission', 'Ambulatoire'],
  ['Inpatient', 'IP', 'Admitted to a ward', 'Hospitalisé'],
  ['Research Participant', 'RP', 'Enrolled for research only', 'Participant à la recherche'],
  ['Healthy Volunteer', 'HV', 'Healthy control participant', 'Volontaire sain'],
];
const PRIORITIES: Simple[] = [
  ['Routine', 'R', 'Processed in normal turnaround', 'Routine'],
  ['Urgent', 'U', 'Processed ahead of routine work', 'Urgent'],
  ['STAT', 'S', 'Immediate processing required', 'Immédiat'],
];
/** Urgency of each priority (the orders list sorts and marks urgent work by it). */
const PRIORITY_URGENCY: Record<string, number> = { Routine: 0, Urgent: 1, STAT: 2 };
const LABELING: Simple[] = [
  ['Numbers', '1', '1, 2, 3, ...', 'Chiffres'],
  ['Letters Upper Case', 'A', 'A, B, C, ...', 'Lettres majuscules'],
  ['Letters Lower Case', 'a', 'a, b, c, ...', 'Lettres minuscules'],
  ['Roman Upper Case', 'I', 'I, II, III, ...', 'Chiffres romains majuscules'],
  ['Roman Lower Case', 'i', 'i, ii, iii, ...', 'Chiffres romains minuscules'],
];
const POSITION_OPTIONS: Simple[] = [
  ['Linear', 'L', 'Positions numbered in one sequence', 'Linéaire'],
  ['Two Dimensional', '2D', 'Positions addressed by row and column', 'Deux dimensions'],
];
const ANATOMIC: Simple[] = [
  ['Blood', 'BLD', 'Peripheral blood', 'Sang'],
  ['Breast', 'BRS', 'Breast tissue', 'Sein'],
  ['Cervix Uteri', 'CRV', 'Uterine cervix', "Col de l'utérus"],
  ['Colon', 'COL', 'Large intestine', 'Côlon'],
  ['Lung', 'LNG', 'Lung', 'Poumon'],
  ['Liver', 'LVR', 'Liver', 'Foie'],
  ['Prostate', 'PRS', 'Prostate gland', 'Prostate'],
  ['Skin', 'SKN', 'Skin', 'Peau'],
  ['Oral Cavity', 'ORL', 'Mouth and saliva', 'Cavité buccale'],
  ['Not Specified', 'NS', 'Site not specified', 'Non précisé'],
];
const PATHOLOGICAL: Simple[] = [
  ['Malignant', 'MAL', 'Tumour tissue', 'Malin'],
  ['Non-Malignant', 'NML', 'Normal tissue', 'Non malin'],
  ['Benign', 'BEN', 'Benign lesion', 'Bénin'],
  ['Pre-Malignant', 'PRE', 'Dysplasia or pre-malignant lesion', 'Prémalin'],
  ['Not Specified', 'NS', 'Status not specified', 'Non précisé'],
];
const PROCEDURES: Simple[] = [
  ['Venipuncture', 'VEN', 'Blood drawn from a vein', 'Ponction veineuse'],
  ['Biopsy', 'BIO', 'Needle or incisional biopsy', 'Biopsie'],
  ['Surgical Resection', 'RES', 'Tissue removed at surgery', 'Résection chirurgicale'],
  ['Fine Needle Aspiration', 'FNA', 'Aspirate with a fine needle', "Cytoponction à l'aiguille fine"],
  ['Swab', 'SWB', 'Swab collection', 'Écouvillonnage'],
  ['Urine Collection', 'URC', 'Clean-catch urine', "Recueil d'urine"],
  ['Saliva Collection', 'SAL', 'Passive drool or spit kit', 'Recueil de salive'],
];
const LINEAGES: Simple[] = [
  [ALIQUOT_TITLES.en, 'ALQ', 'Part of the parent sample, same specimen type', ALIQUOT_TITLES.fr],
  ['Derived', 'DRV', 'New specimen type derived from the parent sample', 'Dérivé'],
];
/** Issue 32 item 2: what a consent may grant (each institution edits its own list). */
export const CONSENT_PURPOSES: Simple[] = [
  ['Future research', 'FR', 'Use of the samples and data in future research studies', 'Recherche future'],
  ['Genetic research', 'GEN', 'Genetic and genomic analysis of the samples', 'Recherche génétique'],
  ['Commercial use', 'COM', 'Use by or with commercial partners', 'Usage commercial'],
];
const PAYMENTS: Simple[] = [
  ['Out of Pocket', 'OOP', 'Paid by the participant', 'À la charge du participant'],
  ['Free', 'FRE', 'No charge', 'Gratuit'],
  ['Half', 'HLF', 'Half of the tariff', 'Demi-tarif'],
  ['Post Payment', 'PP', 'Billed after service', 'Paiement différé'],
  ['Insurance', 'INS', 'Covered by an insurer', 'Assurance'],
];
// Widely used (OMB) categories; each institution edits them to its population.
const RACES: Simple[] = [
  ['American Indian or Alaska Native', 'AIAN', 'American Indian or Alaska Native', "Amérindien ou autochtone d'Alaska"],
  ['Asian', 'ASN', 'Asian', 'Asiatique'],
  ['Black or African American', 'BAA', 'Black or African American', 'Noir ou Afro-Américain'],
  [
    'Native Hawaiian or Other Pacific Islander',
    'NHPI',
    'Native Hawaiian or Other Pacific Islander',
    "Autochtone d'Hawaï ou d'une autre île du Pacifique",
  ],
  ['White', 'WHT', 'White', 'Blanc'],
  ['Other', 'OTH', 'Another race', 'Autre'],
  ['Unknown', 'UNK', 'Not reported', 'Inconnu'],
];
const ETHNICITIES: Simple[] = [
  ['Hispanic or Latino', 'HL', 'Hispanic or Latino', 'Hispanique ou latino'],
  ['Not Hispanic or Latino', 'NHL', 'Not Hispanic or Latino', 'Ni hispanique ni latino'],
  ['Unknown', 'UNK', 'Not reported', 'Inconnu'],
];
const DATA_TYPES: Simple[] = [
  ['Single Line Text', 'TB', 'One line of free text', 'Texte sur une ligne'],
  ['Multi Line Text', 'TA', 'Several lines of free text', 'Texte sur plusieurs lignes'],
  ['Time Picker', 'TP', 'A time of day', 'Heure'],
  ['Date Picker', 'DP', 'A calendar date', 'Date'],
  ['Date Time Picker', 'DTP', 'A date with a time', 'Date et heure'],
  ['Checkbox', 'CB', 'A yes/no tick', 'Case à cocher'],
  ['Checkbox List', 'CBL', 'Several choices from a list', 'Cases à cocher'],
  ['Radio List', 'RL', 'One choice from a list', 'Boutons radio'],
  ['Select', 'SL', 'One choice from a drop-down', 'Liste déroulante'],
];

// The factor is how many of the type's base unit (mL, g, mg/dL) one unit is; null: never converted.
const UNIT_TYPES: {
  type: [title: string, quantitySymbol: string, dimensionSymbol: string, description: string, french: string];
  units: [name: string, symbol: string, code: string, description: string, factor: number | null, french: string][];
}[] = [
  {
    type: ['Volume', 'V', 'L3', 'Liquid volume', 'Volume'],
    units: [
      ['Millilitre', 'mL', 'ml', 'One thousandth of a litre', 1, 'Millilitre'],
      ['Microlitre', 'µL', 'ul', 'One millionth of a litre', 0.001, 'Microlitre'],
      ['Litre', 'L', 'l', 'Litre', 1000, 'Litre'],
    ],
  },
  {
    type: ['Mass', 'm', 'M', 'Weight of a specimen', 'Masse'],
    units: [
      ['Milligram', 'mg', 'mg', 'One thousandth of a gram', 0.001, 'Milligramme'],
      ['Gram', 'g', 'g', 'Gram', 1, 'Gramme'],
      ['Microgram', 'µg', 'ug', 'One millionth of a gram', 1e-6, 'Microgramme'],
    ],
  },
  {
    type: ['Count', 'N', '1', 'Number of items', 'Nombre'],
    units: [
      ['Count', 'ea', 'ea', 'Number of pieces, slides or cores', null, 'Nombre'],
      ['Cells', 'cells', 'ce', 'Number of cells', null, 'Cellules'],
    ],
  },
  {
    type: ['Concentration', 'c', 'N/L3', 'Amount per volume', 'Concentration'],
    units: [
      ['Milligram per decilitre', 'mg/dL', 'md', 'Clinical chemistry concentration', 1, 'Milligramme par décilitre'],
      ['Millimole per litre', 'mmol/L', 'mm', 'Molar concentration', null, 'Millimole par litre'],
      ['Gram per decilitre', 'g/dL', 'gd', 'Haemoglobin concentration', 1000, 'Gramme par décilitre'],
      ['Cells per microlitre', 'cells/µL', 'cu', 'Cell count', null, 'Cellules par microlitre'],
    ],
  },
];

type SpecimenType = [title: string, abbr: string, description: string, unitName: string, french: string];
const SPECIMENS: { category: Simple; types: SpecimenType[] }[] = [
  {
    category: ['Fluid', 'FLD', 'Body fluids', 'Liquide biologique'],
    types: [
      ['Whole Blood', 'WB', 'EDTA whole blood', 'Millilitre', 'Sang total'],
      ['Serum', 'SER', 'Serum from clotted blood', 'Millilitre', 'Sérum'],
      ['Plasma', 'PLS', 'EDTA plasma', 'Millilitre', 'Plasma'],
      ['Urine', 'UR', 'Clean-catch urine', 'Millilitre', 'Urine'],
      ['Saliva', 'SAL', 'Whole saliva', 'Millilitre', 'Salive'],
      ['Buffy Coat', 'BC', 'Leukocyte layer', 'Microlitre', 'Couche leucocytaire'],
    ],
  },
  {
    category: ['Tissue', 'TIS', 'Solid tissue', 'Tissu'],
    types: [
      ['Fresh Frozen Tissue', 'FFT', 'Snap-frozen tissue', 'Milligram', 'Tissu congelé frais'],
      ['FFPE Block', 'FFPE', 'Formalin-fixed paraffin-embedded block', 'Count', 'Bloc FFPE'],
      ['Tissue Slide', 'SLD', 'Stained or unstained section', 'Count', 'Lame de tissu'],
    ],
  },
  {
    category: ['Cell', 'CEL', 'Cells', 'Cellules'],
    types: [
      ['PBMC', 'PBMC', 'Peripheral blood mononuclear cells', 'Cells', 'PBMC'],
      ['Cervical Cells', 'CC', 'Liquid-based cytology cells', 'Millilitre', 'Cellules cervicales'],
    ],
  },
  {
    category: ['Molecular', 'MOL', 'Extracted nucleic acids', 'Moléculaire'],
    types: [
      ['DNA', 'DNA', 'Extracted DNA', 'Microgram', 'ADN'],
      ['RNA', 'RNA', 'Extracted RNA', 'Microgram', 'ARN'],
    ],
  },
];

const PHONES: { category: Simple; types: Simple[] }[] = [
  {
    category: ['Personal', 'PER', "The participant's own numbers", 'Personnel'],
    types: [
      ['Mobile', 'MOB', 'Mobile phone', 'Portable'],
      ['Home', 'HOM', 'Home landline', 'Domicile'],
    ],
  },
  {
    category: ['Work', 'WRK', 'Work numbers', 'Professionnel'],
    types: [
      ['Office', 'OFF', 'Office landline', 'Bureau'],
      ['Work Mobile', 'WMB', 'Mobile phone issued by an employer', 'Portable professionnel'],
    ],
  },
  {
    category: ['Emergency Contact', 'EMC', 'Someone to call in an emergency', "Contact d'urgence"],
    types: [
      ['Next of Kin', 'NOK', 'Closest relative', 'Proche parent'],
      ['Caregiver', 'CG', 'Person caring for the participant', 'Aidant'],
    ],
  },
];

// The French are the words the protocols' time points use (contract/i18n fr `protocols.timePoint.units`).
const EVENT_UNITS: [name: string, symbol: string, description: string, minutes: number, french: string][] = [
  ['Minute', 'min', 'Minutes after enrolment', 1, 'Minute'],
  ['Hour', 'h', 'Hours after enrolment', 60, 'Heure'],
  ['Day', 'd', 'Days after enrolment', 1440, 'Jour'],
  ['Week', 'wk', 'Weeks after enrolment', 10080, 'Semaine'],
  ['Month', 'mo', 'Months (30 days) after enrolment', 43200, 'Mois'],
  ['Year', 'yr', 'Years (365 days) after enrolment', 525600, 'An'],
];

/**
 * The French of every seeded description, by its English text (issue 33, "every word in the user's language",
 * i33desc): stored in the row's `descriptions` (`{ "fr": ... }`, migration 0060_lookup_descriptions) where it
 * differs from the English. A description that reads the same in French ('1, 2, 3, ...', 'Litre') is listed too,
 * so server/test/seeded-french-descriptions.test.ts can tell that no seeded description was left out.
 */
const FRENCH_DESCRIPTIONS: Record<string, string> = {
  // Genders, marital and vital statuses, participant types
  Female: 'Femme',
  Male: 'Homme',
  'Other or undisclosed gender': 'Autre genre ou genre non déclaré',
  'Not recorded': 'Non renseigné',
  'Never married': 'Jamais marié(e)',
  'Married or in a civil partnership': 'Marié(e) ou lié(e) par une union civile',
  Divorced: 'Divorcé(e)',
  Widowed: 'Veuf ou veuve',
  'Legally separated': 'Séparé(e) légalement',
  'Living participant': 'Participant vivant',
  'Deceased participant': 'Participant décédé',
  'Vital status not known': 'Statut vital inconnu',
  'Seen without admission': 'Vu sans hospitalisation',
  'Admitted to a ward': 'Hospitalisé dans un service',
  'Enrolled for research only': 'Inclus uniquement pour la recherche',
  'Healthy control participant': 'Participant témoin en bonne santé',
  // Priorities
  'Processed in normal turnaround': 'Traité dans le délai habituel',
  'Processed ahead of routine work': 'Traité avant le travail de routine',
  'Immediate processing required': 'Traitement immédiat requis',
  // Labeling schemas and position options
  '1, 2, 3, ...': '1, 2, 3, ...',
  'A, B, C, ...': 'A, B, C, ...',
  'a, b, c, ...': 'a, b, c, ...',
  'I, II, III, ...': 'I, II, III, ...',
  'i, ii, iii, ...': 'i, ii, iii, ...',
  'Positions numbered in one sequence': 'Positions numérotées en une seule suite',
  'Positions addressed by row and column': 'Positions repérées par ligne et par colonne',
  // Anatomic sites, pathological statuses, collection procedures, lineages
  'Peripheral blood': 'Sang périphérique',
  'Breast tissue': 'Tissu mammaire',
  'Uterine cervix': 'Col utérin',
  'Large intestine': 'Gros intestin',
  Lung: 'Poumon',
  Liver: 'Foie',
  'Prostate gland': 'Glande prostatique',
  Skin: 'Peau',
  'Mouth and saliva': 'Bouche et salive',
  'Site not specified': 'Site non précisé',
  'Tumour tissue': 'Tissu tumoral',
  'Normal tissue': 'Tissu normal',
  'Benign lesion': 'Lésion bénigne',
  'Dysplasia or pre-malignant lesion': 'Dysplasie ou lésion prémaligne',
  'Status not specified': 'Statut non précisé',
  'Blood drawn from a vein': 'Sang prélevé dans une veine',
  'Needle or incisional biopsy': "Biopsie à l'aiguille ou incisionnelle",
  'Tissue removed at surgery': "Tissu retiré lors d'une chirurgie",
  'Aspirate with a fine needle': "Aspiration à l'aiguille fine",
  'Swab collection': 'Prélèvement par écouvillon',
  'Clean-catch urine': 'Urine de milieu de jet',
  'Passive drool or spit kit': 'Salive recueillie par écoulement passif ou kit de crachat',
  'Part of the parent sample, same specimen type': "Partie de l'échantillon parent, même type d'échantillon",
  'New specimen type derived from the parent sample': "Nouveau type d'échantillon dérivé de l'échantillon parent",
  // Consent purposes, payment categories
  'Use of the samples and data in future research studies':
    'Utilisation des échantillons et des données dans de futures études de recherche',
  'Genetic and genomic analysis of the samples': 'Analyse génétique et génomique des échantillons',
  'Use by or with commercial partners': 'Utilisation par des partenaires commerciaux ou avec eux',
  'Paid by the participant': 'Payé par le participant',
  'No charge': 'Sans frais',
  'Half of the tariff': 'Moitié du tarif',
  'Billed after service': 'Facturé après le service',
  'Covered by an insurer': 'Pris en charge par un assureur',
  // Races and ethnicities
  'American Indian or Alaska Native': "Amérindien ou autochtone d'Alaska",
  Asian: 'Asiatique',
  'Black or African American': 'Noir ou Afro-Américain',
  'Native Hawaiian or Other Pacific Islander': "Autochtone d'Hawaï ou d'une autre île du Pacifique",
  White: 'Blanc',
  'Another race': 'Autre race',
  'Not reported': 'Non déclaré',
  'Hispanic or Latino': 'Hispanique ou latino',
  'Not Hispanic or Latino': 'Ni hispanique ni latino',
  // Form data types
  'One line of free text': 'Une ligne de texte libre',
  'Several lines of free text': 'Plusieurs lignes de texte libre',
  'A time of day': 'Une heure de la journée',
  'A calendar date': 'Une date du calendrier',
  'A date with a time': 'Une date avec une heure',
  'A yes/no tick': 'Une case à cocher oui/non',
  'Several choices from a list': 'Plusieurs choix dans une liste',
  'One choice from a list': 'Un choix dans une liste',
  'One choice from a drop-down': 'Un choix dans une liste déroulante',
  // Unit types and units
  'Liquid volume': 'Volume de liquide',
  'Weight of a specimen': "Poids d'un échantillon",
  'Number of items': "Nombre d'éléments",
  'Amount per volume': 'Quantité par volume',
  'One thousandth of a litre': 'Un millième de litre',
  'One millionth of a litre': 'Un millionième de litre',
  Litre: 'Litre',
  'One thousandth of a gram': 'Un millième de gramme',
  Gram: 'Gramme',
  'One millionth of a gram': 'Un millionième de gramme',
  'Number of pieces, slides or cores': 'Nombre de pièces, de lames ou de carottes',
  'Number of cells': 'Nombre de cellules',
  'Clinical chemistry concentration': 'Concentration en biochimie clinique',
  'Molar concentration': 'Concentration molaire',
  'Haemoglobin concentration': "Concentration d'hémoglobine",
  'Cell count': 'Numération cellulaire',
  // Specimen categories and types
  'Body fluids': 'Liquides biologiques',
  'Solid tissue': 'Tissu solide',
  Cells: 'Cellules',
  'Extracted nucleic acids': 'Acides nucléiques extraits',
  'EDTA whole blood': 'Sang total sur EDTA',
  'Serum from clotted blood': 'Sérum de sang coagulé',
  'EDTA plasma': 'Plasma sur EDTA',
  'Whole saliva': 'Salive totale',
  'Leukocyte layer': 'Couche de leucocytes',
  'Snap-frozen tissue': 'Tissu congelé instantanément',
  'Formalin-fixed paraffin-embedded block': 'Bloc fixé au formol et inclus en paraffine',
  'Stained or unstained section': 'Coupe colorée ou non colorée',
  'Peripheral blood mononuclear cells': 'Cellules mononucléées du sang périphérique',
  'Liquid-based cytology cells': 'Cellules de cytologie en milieu liquide',
  'Extracted DNA': 'ADN extrait',
  'Extracted RNA': 'ARN extrait',
  // Phone categories and types
  "The participant's own numbers": 'Numéros du participant lui-même',
  'Work numbers': 'Numéros professionnels',
  'Someone to call in an emergency': "Personne à appeler en cas d'urgence",
  'Mobile phone': 'Téléphone portable',
  'Home landline': 'Téléphone fixe du domicile',
  'Office landline': 'Téléphone fixe du bureau',
  'Mobile phone issued by an employer': 'Téléphone portable fourni par un employeur',
  'Closest relative': 'Parent le plus proche',
  'Person caring for the participant': "Personne qui s'occupe du participant",
  // Time point units of the protocols' events
  'Minutes after enrolment': "Minutes après l'inclusion",
  'Hours after enrolment': "Heures après l'inclusion",
  'Days after enrolment': "Jours après l'inclusion",
  'Weeks after enrolment': "Semaines après l'inclusion",
  'Months (30 days) after enrolment': "Mois (30 jours) après l'inclusion",
  'Years (365 days) after enrolment': "Années (365 jours) après l'inclusion",
};

const pair = (row: Simple): [string, string] => [row[0], row[3]];

/** The `titles` of a seeded row: its French when it differs from the English (the same word needs none). */
const titlesOf = (title: string, french: string) => ({ titles: french === title ? null : { fr: french } });

/**
 * The French title of every seeded row whose French differs from its English, per registry list (its key, e.g.
 * `genders`) and English title: what seedReferenceData gives a new institution and migration 0059 gave the
 * existing ones (seededFrenchTitlesSql).
 */
export function seededFrenchTitles(): Record<string, Record<string, string>> {
  const lists: Record<string, [english: string, french: string][]> = {
    genders: GENDERS.map(pair),
    maritalStatuses: MARITAL.map(pair),
    vitalStatuses: VITAL.map(pair),
    patientTypes: PATIENT_TYPES.map(pair),
    priorities: PRIORITIES.map(pair),
    races: RACES.map(pair),
    ethnicities: ETHNICITIES.map(pair),
    consentPurposes: CONSENT_PURPOSES.map(pair),
    labelingSchemas: LABELING.map(pair),
    positionLabelingOptions: POSITION_OPTIONS.map(pair),
    anatomicSites: ANATOMIC.map(pair),
    pathologicalStatuses: PATHOLOGICAL.map(pair),
    specimenCollectionProcedures: PROCEDURES.map(pair),
    subSampleLineages: LINEAGES.map(pair),
    paymentCategories: PAYMENTS.map(pair),
    dataTypes: DATA_TYPES.map(pair),
    collectionProtocolEventUnitOfMeasurements: EVENT_UNITS.map((u) => [u[0], u[4]]),
    unitOfMeasurementTypes: UNIT_TYPES.map(({ type }) => [type[0], type[4]]),
    unitOfMeasurements: UNIT_TYPES.flatMap(({ units }) => units.map((u): [string, string] => [u[0], u[5]])),
    specimenTypeCategories: SPECIMENS.map(({ category }) => pair(category)),
    specimenTypes: SPECIMENS.flatMap(({ types }) => types.map((t): [string, string] => [t[0], t[4]])),
    phoneNumberTypeCategories: PHONES.map(({ category }) => pair(category)),
    phoneNumberTypes: PHONES.flatMap(({ types }) => types.map(pair)),
  };
  return Object.fromEntries(
    Object.entries(lists).map(([key, rows]) => [
      key,
      Object.fromEntries(rows.filter(([english, french]) => english !== french)),
    ]),
  );
}
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The statements of migration 0059_seeded_lookup_french_titles (its file is this text; reference-data.test.ts
 * compares them): in every institution, a seeded list's row that still has its seeded English title and no French
 * title gets the seeded French one. An institution's own title (an edited English title, a French title it gave)
 * is never overwritten. Plain SQL that PGlite and PostgreSQL both run.
 */
export function seededFrenchTitlesSql(): string {
  const statements = Object.entries(seededFrenchTitles())
    .filter(([, titles]) => Object.keys(titles).length)
    .map(([key, titles]) => {
      const table = T[key];
      const title = table[LOOKUP_BY_KEY[key].titleField ?? 'title'].name;
      const values = Object.entries(titles)
        .map(([english, french]) => `(${literal(english)}, ${literal(french)})`)
        .join(',\n  ');
      return (
        `UPDATE "${getTableName(table)}" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)\n` +
        `FROM (VALUES\n  ${values}\n) AS v(en, fr)\n` +
        `WHERE t."${title}" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;`
      );
    });
  const header =
    "-- Issue 33: the seeded lists' French titles for the institutions created before them. Written by\n" +
    '-- seededFrenchTitlesSql() in server/db/seed/reference-data.ts (server/test/seeded-french-titles.test.ts keeps them equal).\n';
  return `${header}${statements.join('--> statement-breakpoint\n')}\n`;
}

/** The English description of every seeded row, per registry list (the lists seedReferenceData fills). */
function seededDescriptions(): Record<string, string[]> {
  const of = (rows: Simple[]) => rows.map((r) => r[2]);
  return {
    genders: of(GENDERS),
    maritalStatuses: of(MARITAL),
    vitalStatuses: of(VITAL),
    patientTypes: of(PATIENT_TYPES),
    priorities: of(PRIORITIES),
    races: of(RACES),
    ethnicities: of(ETHNICITIES),
    consentPurposes: of(CONSENT_PURPOSES),
    labelingSchemas: of(LABELING),
    positionLabelingOptions: of(POSITION_OPTIONS),
    anatomicSites: of(ANATOMIC),
    pathologicalStatuses: of(PATHOLOGICAL),
    specimenCollectionProcedures: of(PROCEDURES),
    subSampleLineages: of(LINEAGES),
    paymentCategories: of(PAYMENTS),
    dataTypes: of(DATA_TYPES),
    collectionProtocolEventUnitOfMeasurements: EVENT_UNITS.map((u) => u[2]),
    unitOfMeasurementTypes: UNIT_TYPES.map(({ type }) => type[3]),
    unitOfMeasurements: UNIT_TYPES.flatMap(({ units }) => units.map((u) => u[3])),
    specimenTypeCategories: of(SPECIMENS.map(({ category }) => category)),
    specimenTypes: SPECIMENS.flatMap(({ types }) => types.map((t) => t[2])),
    phoneNumberTypeCategories: of(PHONES.map(({ category }) => category)),
    phoneNumberTypes: PHONES.flatMap(({ types }) => of(types)),
  };
}

/** The seeded English descriptions FRENCH_DESCRIPTIONS does not translate (none: the test keeps it so). */
export const untranslatedSeededDescriptions = () =>
  Object.values(seededDescriptions())
    .flat()
    .filter((english) => !Object.hasOwn(FRENCH_DESCRIPTIONS, english));

/** The `descriptions` of a seeded row: its French when it differs from the English (the same text needs none). */
const descriptionsOf = (description: string) => {
  const french = Object.hasOwn(FRENCH_DESCRIPTIONS, description) ? FRENCH_DESCRIPTIONS[description] : description;
  return { descriptions: french === description ? null : { fr: french } };
};

/**
 * The French description of every seeded row whose French differs from its English, per registry list (its key)
 * and English description: what seedReferenceData gives a new institution and migration 0061 gave the existing
 * ones (seededFrenchDescriptionsSql).
 */
export function seededFrenchDescriptions(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(seededDescriptions()).map(([key, descriptions]) => [
      key,
      Object.fromEntries(
        descriptions.flatMap((english) => {
          const french = descriptionsOf(english).descriptions?.fr;
          return french ? [[english, french]] : [];
        }),
      ),
    ]),
  );
}

/**
 * The statements of migration 0061_seeded_lookup_french_descriptions (its file is this text;
 * server/test/seeded-french-descriptions.test.ts compares them): in every institution, a seeded list's row that
 * still has a seeded English description and no French description gets the seeded French one. An institution's own
 * description (an edited English one, a French one it gave) is never overwritten; a second run changes nothing.
 */
export function seededFrenchDescriptionsSql(): string {
  const statements = Object.entries(seededFrenchDescriptions())
    .filter(([, descriptions]) => Object.keys(descriptions).length)
    .map(([key, descriptions]) => {
      const values = Object.entries(descriptions)
        .map(([english, french]) => `(${literal(english)}, ${literal(french)})`)
        .join(',\n  ');
      return (
        `UPDATE "${getTableName(T[key])}" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)\n` +
        `FROM (VALUES\n  ${values}\n) AS v(en, fr)\n` +
        `WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;`
      );
    });
  const header =
    "-- Issue 33: the seeded lists' French descriptions for the institutions created before them. Written by\n" +
    '-- seededFrenchDescriptionsSql() in server/db/seed/reference-data.ts (server/test/seeded-french-descriptions.test.ts keeps them equal).\n';
  return `${header}${statements.join('--> statement-breakpoint\n')}\n`;
}

/** Reference data every new institution starts with (platform issue), inside the creating transaction. */
export async function seedReferenceData(tx: Db, institutionId: number, creatorId: number | null) {
  const base: LookupRecord = { institutionId, creatorId, enablerId: creatorId };
  const simple = (rows: Simple[], defaultTitle?: string) =>
    rows.map(([title, abbreviation, description, french]) => ({
      title,
      abbreviation,
      description,
      ...descriptionsOf(description),
      ...titlesOf(title, french),
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
    EVENT_UNITS.map(([unitName, unitSymbol, description, toMinuteConversionRate, french]) => ({
      unitName,
      ...titlesOf(unitName, french),
      unitSymbol,
      description,
      ...descriptionsOf(description),
      toMinuteConversionRate,
    })),
  );

  const unitIds = new Map<string, number>();
  for (const [i, { type, units }] of UNIT_TYPES.entries()) {
    const [t] = await ins(T.unitOfMeasurementTypes, [
      {
        title: type[0],
        ...titlesOf(type[0], type[4]),
        quantitySymbol: type[1],
        dimensionSymbol: type[2],
        description: type[3],
        ...descriptionsOf(type[3]),
        abbreviation: type[0].slice(0, 3).toUpperCase(),
        isDefault: i === 0,
      },
    ]);
    const rows = await ins(
      T.unitOfMeasurements,
      units.map(([unitName, unitSymbol, code, description, conversionFactor, french]) => ({
        unitOfMeasurementTypeId: t.id,
        unitName,
        ...titlesOf(unitName, french),
        unitSymbol,
        code,
        description,
        ...descriptionsOf(description),
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
      types.map(([title, abbreviation, description, unit, french]) => ({
        specimenTypeCategoryId: c.id,
        title,
        ...titlesOf(title, french),
        abbreviation,
        description,
        ...descriptionsOf(description),
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
