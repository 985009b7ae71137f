import { SUGGESTED_NOTE, type CountMode, type IndicatorReport } from '../../../contract/indicators.contract';

// The default indicator definitions each institution starts with (docs/indicators.md).
// Cervical (spec 2 §9): 14 indicators over protocol CCS, counted by the prompts the spec names:
// VIA Screening Result (positive: eligible or non-eligible for cryotherapy or thermocoagulation;
// negative), HPV DNA Screening Result (Positive, Negative), Referral/Linkage, Suspicious for cancer.
// Breast: 25 indicators over protocol BCS; the spec gives a rule for the first only (women screened,
// distinct patients), so the other 24 are suggested rules over common breast-screening prompts,
// marked 'suggested' with a note: the prompts and values must be edited to match the form in use.

export interface DefaultDefinition {
  title: string;
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

const spec = (
  title: string,
  fieldPrompt: string | null,
  matchingValues: string[],
  remark: string,
  countMode: CountMode = 'patients',
): DefaultDefinition => ({ title, fieldPrompt, matchingValues, countMode, remark, ruleSource: 'spec' });
const suggested = (
  title: string,
  fieldPrompt: string | null,
  matchingValues: string[],
  remark: string,
  countMode: CountMode = 'patients',
): DefaultDefinition => ({ title, fieldPrompt, matchingValues, countMode, remark, ruleSource: 'suggested' });

const CERVICAL: DefaultDefinition[] = [
  spec('Women screened for cervical cancer', null, [], 'Distinct women with any CCS form in the range'),
  spec('Women screened with VIA', VIA, [], 'Any VIA result recorded'),
  spec('VIA negative', VIA, [VIA_VALUES.negative], 'VIA Screening Result: Negative'),
  spec('VIA positive', VIA, VIA_POSITIVE, 'Any of the four positive VIA results'),
  spec('VIA positive, eligible for cryotherapy', VIA, [VIA_VALUES.cryoEligible], VIA_VALUES.cryoEligible),
  spec('VIA positive, non-eligible for cryotherapy', VIA, [VIA_VALUES.cryoNotEligible], VIA_VALUES.cryoNotEligible),
  spec('VIA positive, eligible for thermocoagulation', VIA, [VIA_VALUES.thermoEligible], VIA_VALUES.thermoEligible),
  spec(
    'VIA positive, non-eligible for thermocoagulation',
    VIA,
    [VIA_VALUES.thermoNotEligible],
    VIA_VALUES.thermoNotEligible,
  ),
  spec('Women tested for HPV DNA', HPV, [], 'Any HPV DNA result recorded'),
  spec('HPV DNA positive', HPV, ['Positive'], 'HPV DNA Screening Result: Positive'),
  spec('HPV DNA negative', HPV, ['Negative'], 'HPV DNA Screening Result: Negative'),
  spec('Suspicious for cancer', 'Suspicious for cancer', ['Yes'], 'Suspicious for cancer: Yes'),
  spec('Referred or linked to care', 'Referral/Linkage', ['Yes'], 'Referral/Linkage: Yes'),
  // How many CCS forms were filled (visits), not women: a woman may come back within the range.
  spec('Cervical screening visits', null, [], 'CCS forms submitted (a woman may have several)', 'submissions'),
];

const CBE = 'Clinical Breast Examination Result';
const BIRADS = 'BI-RADS Category';
const BIOPSY = 'Biopsy Result';
const BREAST: DefaultDefinition[] = [
  spec('Women screened for breast cancer', null, [], 'Distinct women with any BCS form in the range'),
  suggested('Clinical breast examination done', CBE, [], 'Any CBE result recorded'),
  suggested('Clinical breast examination normal', CBE, ['Normal'], 'CBE: Normal'),
  suggested('Clinical breast examination abnormal', CBE, ['Abnormal'], 'CBE: Abnormal'),
  suggested('Breast lump found', 'Breast Lump', ['Yes'], 'Breast Lump: Yes'),
  suggested('Nipple discharge', 'Nipple Discharge', ['Yes'], 'Nipple Discharge: Yes'),
  suggested('Skin changes of the breast', 'Skin Changes', ['Yes'], 'Skin Changes: Yes'),
  suggested('Palpable axillary lymph nodes', 'Axillary Lymph Nodes', ['Palpable'], 'Axillary Lymph Nodes: Palpable'),
  suggested('Breast ultrasound done', 'Breast Ultrasound Result', [], 'Any ultrasound result recorded'),
  suggested(
    'Breast ultrasound suspicious',
    'Breast Ultrasound Result',
    ['Suspicious', 'Abnormal'],
    'Ultrasound: Suspicious or Abnormal',
  ),
  suggested('Mammography done', 'Mammography Result', [], 'Any mammography result recorded'),
  suggested('BI-RADS 0 (incomplete)', BIRADS, ['0'], 'BI-RADS 0'),
  suggested('BI-RADS 1-2 (negative or benign)', BIRADS, ['1', '2'], 'BI-RADS 1 or 2'),
  suggested('BI-RADS 3 (probably benign)', BIRADS, ['3'], 'BI-RADS 3'),
  suggested('BI-RADS 4-5 (suspicious for malignancy)', BIRADS, ['4', '4A', '4B', '4C', '5'], 'BI-RADS 4, 4A-4C or 5'),
  suggested('Fine needle aspiration done', 'Fine Needle Aspiration Result', [], 'Any FNA result recorded'),
  suggested('Biopsy done', BIOPSY, [], 'Any biopsy result recorded'),
  suggested('Biopsy malignant', BIOPSY, ['Malignant'], 'Biopsy: Malignant'),
  suggested('Biopsy benign', BIOPSY, ['Benign'], 'Biopsy: Benign'),
  suggested('Referred for further evaluation', 'Referred', ['Yes'], 'Referred: Yes'),
  suggested(
    'Referred for surgery or oncology',
    'Referred To',
    ['Surgery', 'Oncology'],
    'Referred To: Surgery or Oncology',
  ),
  suggested(
    'Family history of breast cancer',
    'Family History of Breast Cancer',
    ['Yes'],
    'Family History of Breast Cancer: Yes',
  ),
  suggested('Practises breast self-examination', 'Breast Self-Examination', ['Yes'], 'Breast Self-Examination: Yes'),
  suggested('Screened before', 'Previously Screened', ['Yes'], 'Previously Screened: Yes'),
  suggested('Breast screening visits', null, [], 'BCS forms submitted (a woman may have several)', 'submissions'),
];

export const DEFAULTS: Record<IndicatorReport, { protocol: string; definitions: DefaultDefinition[] }> = {
  cervical: { protocol: 'CCS', definitions: CERVICAL },
  breast: { protocol: 'BCS', definitions: BREAST },
};

export const noteOf = (d: DefaultDefinition) => (d.ruleSource === 'suggested' ? SUGGESTED_NOTE : null);
