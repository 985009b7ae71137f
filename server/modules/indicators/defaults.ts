import { SUGGESTED_NOTE, type CountMode, type IndicatorReport } from '../../../contract/indicators.contract';

// The default indicator definitions each institution starts with (docs/indicators.md).
// Cervical (spec 2 §9): 14 indicators over protocol CCS, counted by the prompts the spec names:
// VIA Screening Result (positive: eligible or non-eligible for cryotherapy or thermocoagulation;
// negative), HPV DNA Screening Result (Positive, Negative), Referral/Linkage, Suspicious for cancer.
// Breast: 25 indicators over protocol BCS; the spec gives a rule for the first only (women screened,
// distinct patients), so the other 24 are suggested rules over common breast-screening prompts,
// marked 'suggested' with a note: the prompts and values must be edited to match the form in use.

/** A default's title and remark in another complete language (issue 33): matching values and prompts stay as data. */
interface Words {
  title: string;
  remark: string;
}

export interface DefaultDefinition {
  title: string;
  /** French title and remark (IVA: inspection visuelle à l'acide acétique, the French for VIA). */
  fr: Words;
  fieldPrompt: string | null;
  matchingValues: string[];
  countMode: CountMode;
  remark: string;
  ruleSource: 'spec' | 'suggested';
}

const VIA = 'VIA Screening Result';
const HPV = 'HPV DNA Screening Result';
export const VIA_VALUES = {
  cryoEligible: 'Positive, eligible for cryotherapy',
  cryoNotEligible: 'Positive, non-eligible for cryotherapy',
  thermoEligible: 'Positive, eligible for thermocoagulation',
  thermoNotEligible: 'Positive, non-eligible for thermocoagulation',
  negative: 'Negative',
};
const VIA_POSITIVE = [
  VIA_VALUES.cryoEligible,
  VIA_VALUES.cryoNotEligible,
  VIA_VALUES.thermoEligible,
  VIA_VALUES.thermoNotEligible,
];

const fr = (title: string, remark: string): Words => ({ title, remark });
const spec = (
  title: string,
  french: Words,
  fieldPrompt: string | null,
  matchingValues: string[],
  remark: string,
  countMode: CountMode = 'patients',
): DefaultDefinition => ({ title, fr: french, fieldPrompt, matchingValues, countMode, remark, ruleSource: 'spec' });
const suggested = (
  title: string,
  french: Words,
  fieldPrompt: string | null,
  matchingValues: string[],
  remark: string,
  countMode: CountMode = 'patients',
): DefaultDefinition => ({
  title,
  fr: french,
  fieldPrompt,
  matchingValues,
  countMode,
  remark,
  ruleSource: 'suggested',
});

const CERVICAL: DefaultDefinition[] = [
  spec(
    'Women screened for cervical cancer',
    fr(
      "Femmes dépistées pour le cancer du col de l'utérus",
      'Femmes distinctes ayant un formulaire CCS dans la période',
    ),
    null,
    [],
    'Distinct women with any CCS form in the range',
  ),
  spec(
    'Women screened with VIA',
    fr('Femmes dépistées par IVA', "Tout résultat d'IVA enregistré"),
    VIA,
    [],
    'Any VIA result recorded',
  ),
  spec(
    'VIA negative',
    fr('IVA négative', 'Résultat du dépistage par IVA\u00a0: négatif'),
    VIA,
    [VIA_VALUES.negative],
    'VIA Screening Result: Negative',
  ),
  spec(
    'VIA positive',
    fr('IVA positive', "L'un des quatre résultats positifs d'IVA"),
    VIA,
    VIA_POSITIVE,
    'Any of the four positive VIA results',
  ),
  spec(
    'VIA positive, eligible for cryotherapy',
    fr('IVA positive, éligible à la cryothérapie', 'Positif, éligible à la cryothérapie'),
    VIA,
    [VIA_VALUES.cryoEligible],
    VIA_VALUES.cryoEligible,
  ),
  spec(
    'VIA positive, non-eligible for cryotherapy',
    fr('IVA positive, non éligible à la cryothérapie', 'Positif, non éligible à la cryothérapie'),
    VIA,
    [VIA_VALUES.cryoNotEligible],
    VIA_VALUES.cryoNotEligible,
  ),
  spec(
    'VIA positive, eligible for thermocoagulation',
    fr('IVA positive, éligible à la thermocoagulation', 'Positif, éligible à la thermocoagulation'),
    VIA,
    [VIA_VALUES.thermoEligible],
    VIA_VALUES.thermoEligible,
  ),
  spec(
    'VIA positive, non-eligible for thermocoagulation',
    fr('IVA positive, non éligible à la thermocoagulation', 'Positif, non éligible à la thermocoagulation'),
    VIA,
    [VIA_VALUES.thermoNotEligible],
    VIA_VALUES.thermoNotEligible,
  ),
  spec(
    'Women tested for HPV DNA',
    fr("Femmes testées pour l'ADN du VPH", "Tout résultat d'ADN du VPH enregistré"),
    HPV,
    [],
    'Any HPV DNA result recorded',
  ),
  spec(
    'HPV DNA positive',
    fr('ADN du VPH positif', "Résultat du dépistage de l'ADN du VPH\u00a0: positif"),
    HPV,
    ['Positive'],
    'HPV DNA Screening Result: Positive',
  ),
  spec(
    'HPV DNA negative',
    fr('ADN du VPH négatif', "Résultat du dépistage de l'ADN du VPH\u00a0: négatif"),
    HPV,
    ['Negative'],
    'HPV DNA Screening Result: Negative',
  ),
  spec(
    'Suspicious for cancer',
    fr('Suspicion de cancer', 'Suspicion de cancer\u00a0: oui'),
    'Suspicious for cancer',
    ['Yes'],
    'Suspicious for cancer: Yes',
  ),
  spec(
    'Referred or linked to care',
    fr('Orientées ou reliées aux soins', 'Orientation ou mise en lien avec les soins\u00a0: oui'),
    'Referral/Linkage',
    ['Yes'],
    'Referral/Linkage: Yes',
  ),
  // How many CCS forms were filled (visits), not women: a woman may come back within the range.
  spec(
    'Cervical screening visits',
    fr(
      "Visites de dépistage du cancer du col de l'utérus",
      'Formulaires CCS soumis (une femme peut en avoir plusieurs)',
    ),
    null,
    [],
    'CCS forms submitted (a woman may have several)',
    'submissions',
  ),
];

const CBE = 'Clinical Breast Examination Result';
const BIRADS = 'BI-RADS Category';
const BIOPSY = 'Biopsy Result';
const BREAST: DefaultDefinition[] = [
  spec(
    'Women screened for breast cancer',
    fr('Femmes dépistées pour le cancer du sein', 'Femmes distinctes ayant un formulaire BCS dans la période'),
    null,
    [],
    'Distinct women with any BCS form in the range',
  ),
  suggested(
    'Clinical breast examination done',
    fr('Examen clinique des seins réalisé', "Tout résultat d'examen clinique des seins enregistré"),
    CBE,
    [],
    'Any CBE result recorded',
  ),
  suggested(
    'Clinical breast examination normal',
    fr('Examen clinique des seins normal', 'Examen clinique des seins\u00a0: normal'),
    CBE,
    ['Normal'],
    'CBE: Normal',
  ),
  suggested(
    'Clinical breast examination abnormal',
    fr('Examen clinique des seins anormal', 'Examen clinique des seins\u00a0: anormal'),
    CBE,
    ['Abnormal'],
    'CBE: Abnormal',
  ),
  suggested(
    'Breast lump found',
    fr('Masse mammaire trouvée', 'Masse mammaire\u00a0: oui'),
    'Breast Lump',
    ['Yes'],
    'Breast Lump: Yes',
  ),
  suggested(
    'Nipple discharge',
    fr('Écoulement mamelonnaire', 'Écoulement mamelonnaire\u00a0: oui'),
    'Nipple Discharge',
    ['Yes'],
    'Nipple Discharge: Yes',
  ),
  suggested(
    'Skin changes of the breast',
    fr('Modifications cutanées du sein', 'Modifications cutanées\u00a0: oui'),
    'Skin Changes',
    ['Yes'],
    'Skin Changes: Yes',
  ),
  suggested(
    'Palpable axillary lymph nodes',
    fr('Ganglions axillaires palpables', 'Ganglions axillaires\u00a0: palpables'),
    'Axillary Lymph Nodes',
    ['Palpable'],
    'Axillary Lymph Nodes: Palpable',
  ),
  suggested(
    'Breast ultrasound done',
    fr('Échographie mammaire réalisée', "Tout résultat d'échographie enregistré"),
    'Breast Ultrasound Result',
    [],
    'Any ultrasound result recorded',
  ),
  suggested(
    'Breast ultrasound suspicious',
    fr('Échographie mammaire suspecte', 'Échographie\u00a0: suspecte ou anormale'),
    'Breast Ultrasound Result',
    ['Suspicious', 'Abnormal'],
    'Ultrasound: Suspicious or Abnormal',
  ),
  suggested(
    'Mammography done',
    fr('Mammographie réalisée', 'Tout résultat de mammographie enregistré'),
    'Mammography Result',
    [],
    'Any mammography result recorded',
  ),
  suggested('BI-RADS 0 (incomplete)', fr('BI-RADS 0 (incomplet)', 'BI-RADS 0'), BIRADS, ['0'], 'BI-RADS 0'),
  suggested(
    'BI-RADS 1-2 (negative or benign)',
    fr('BI-RADS 1-2 (négatif ou bénin)', 'BI-RADS 1 ou 2'),
    BIRADS,
    ['1', '2'],
    'BI-RADS 1 or 2',
  ),
  suggested(
    'BI-RADS 3 (probably benign)',
    fr('BI-RADS 3 (probablement bénin)', 'BI-RADS 3'),
    BIRADS,
    ['3'],
    'BI-RADS 3',
  ),
  suggested(
    'BI-RADS 4-5 (suspicious for malignancy)',
    fr('BI-RADS 4-5 (suspect de malignité)', 'BI-RADS 4, 4A à 4C ou 5'),
    BIRADS,
    ['4', '4A', '4B', '4C', '5'],
    'BI-RADS 4, 4A-4C or 5',
  ),
  suggested(
    'Fine needle aspiration done',
    fr('Cytoponction réalisée', 'Tout résultat de cytoponction enregistré'),
    'Fine Needle Aspiration Result',
    [],
    'Any FNA result recorded',
  ),
  suggested(
    'Biopsy done',
    fr('Biopsie réalisée', 'Tout résultat de biopsie enregistré'),
    BIOPSY,
    [],
    'Any biopsy result recorded',
  ),
  suggested(
    'Biopsy malignant',
    fr('Biopsie maligne', 'Biopsie\u00a0: maligne'),
    BIOPSY,
    ['Malignant'],
    'Biopsy: Malignant',
  ),
  suggested('Biopsy benign', fr('Biopsie bénigne', 'Biopsie\u00a0: bénigne'), BIOPSY, ['Benign'], 'Biopsy: Benign'),
  suggested(
    'Referred for further evaluation',
    fr('Orientées pour un bilan complémentaire', 'Orientée\u00a0: oui'),
    'Referred',
    ['Yes'],
    'Referred: Yes',
  ),
  suggested(
    'Referred for surgery or oncology',
    fr("Orientées vers la chirurgie ou l'oncologie", 'Orientée vers\u00a0: chirurgie ou oncologie'),
    'Referred To',
    ['Surgery', 'Oncology'],
    'Referred To: Surgery or Oncology',
  ),
  suggested(
    'Family history of breast cancer',
    fr('Antécédents familiaux de cancer du sein', 'Antécédents familiaux de cancer du sein\u00a0: oui'),
    'Family History of Breast Cancer',
    ['Yes'],
    'Family History of Breast Cancer: Yes',
  ),
  suggested(
    'Practises breast self-examination',
    fr("Pratique l'autoexamen des seins", 'Autoexamen des seins\u00a0: oui'),
    'Breast Self-Examination',
    ['Yes'],
    'Breast Self-Examination: Yes',
  ),
  suggested(
    'Screened before',
    fr('Déjà dépistée', 'Dépistage antérieur\u00a0: oui'),
    'Previously Screened',
    ['Yes'],
    'Previously Screened: Yes',
  ),
  suggested(
    'Breast screening visits',
    fr('Visites de dépistage du cancer du sein', 'Formulaires BCS soumis (une femme peut en avoir plusieurs)'),
    null,
    [],
    'BCS forms submitted (a woman may have several)',
    'submissions',
  ),
];

export const DEFAULTS: Record<IndicatorReport, { protocol: string; definitions: DefaultDefinition[] }> = {
  cervical: { protocol: 'CCS', definitions: CERVICAL },
  breast: { protocol: 'BCS', definitions: BREAST },
};

export const noteOf = (d: DefaultDefinition) => (d.ruleSource === 'suggested' ? SUGGESTED_NOTE : null);

/** A default's `titles` and `remarks` as stored (the jsonb columns, contract/lookup-titles.ts's shape). */
export const titlesOf = (d: DefaultDefinition) => ({ fr: d.fr.title });
export const remarksOf = (d: DefaultDefinition) => ({ fr: d.fr.remark });
