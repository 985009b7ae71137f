import { DEFAULT_LANGUAGE, LANGUAGE_CHOICES, LANGUAGES } from './i18n/languages';

/** The languages a lookup's translated title may be in, as a 400 names them: 'fr (Français)' (contract/lookup-titles.ts). */
export const TITLE_CHOICES = LANGUAGES.filter((l) => l.complete && l.code !== DEFAULT_LANGUAGE)
  .map((l) => `${l.code} (${l.nativeName})`)
  .join(', ');

// spec 1 §5 / §8 and spec 2 §5: every user-facing validation text, written once. Other languages translate
// them by key (contract/i18n/<language>.ts `messages`); the server translates a field message it sends by its key.
export const MSG = {
  required: '*required',
  requiredSelect: '*Required',
  code2: 'Code must be 2 characters or less',
  // spec 1 §8 says 'Code must be 4 characters or less' on the Abbreviation field (docs/spec-deviations.md).
  abbreviation4: 'Abbreviation must be 4 characters or less',
  badLogin: 'Incorrect username or password.',
  oldPasswordWrong: 'The old password is incorrect.',
  internal: 'Internal server error.',
  invalidIp: 'Invalid IP address',
  invalidId: 'Must be a whole number from 1 to 2147483647',
  nulCharacter: 'Must not contain a NUL character',
  controlCharacter: 'Must not contain control characters, line breaks or invisible direction marks',
  controlCharacterMultiline:
    'Must not contain control characters (other than tab and line break) or invisible direction overrides',
  invalidDate: 'Not a valid date',
  dateFormat: 'Use the date format YYYY-MM-DD',
  enterNumber: 'Enter a number',
  enterWholeNumber: 'Enter a whole number',
  /** Issue 28 item 2: a collection happened at most today (the institution's day). */
  collectedFuture: 'Collected date cannot be in the future',
  wholeNumber: 'Must be a whole number from -2147483648 to 2147483647',
  badValue: 'A value in the request cannot be stored.',
  /** The field message of a query parameter the call does not take (issue 27 item 6: never ignored). */
  unknownQueryParameter: 'Not a query parameter of this call',
  noQueryParameters: 'This call takes no query parameters',
  /** Issue 33: PUT /Authentication/language with a code contract/i18n/languages.ts does not list. */
  unknownLanguage: `Not a language of this server: choose one of ${LANGUAGE_CHOICES}`,
  // Issue 33 item 4: a lookup's titles per language (contract/lookup-titles.ts).
  titleLanguage: `A title in another language takes one of the codes ${TITLE_CHOICES}`,
  titlesObject: 'Titles per language: an object such as {"fr": "..."}',
  idList: 'Ids separated by commas (or the parameter repeated), each a whole number from 1 to 2147483647',
  /** Orders (issue 33: field messages by key): a sample ID prints as Code 128 and scans back unchanged. */
  sampleIdCharacters: 'Use letters, digits and - _ . / only',
  selectParticipant: 'Select at least one participant',
  releaseStateOneOf: 'Release state is one of: pending, partly, released',
  /** Reports: a summary's period. */
  periodOneOf: 'Period is day, week or month',
  /** Issue 33: the literal field messages of the converted areas' contracts, moved here to be translated by key. */
  sampleIdCharactersDotted: 'Use letters, digits and . _ - / only',
  timeFormat: 'Use the time format HH:MM',
  adjustmentZero: 'An adjustment of 0 changes nothing',
  addRow: 'Add at least one row',
  bothDates: 'Give both the start and the end date',
  endBeforeStart: 'The end date cannot be before the start date',
  chooseSample: 'Choose at least one sample',
  chooseItem: 'Choose at least one item',
  chooseAtLeastOne: 'Choose at least one',
  chooseLineage: 'Choose a lineage',
  amountWithUnit: 'Give the amount and its unit together',
  pickSample: 'Pick at least one sample',
  eachSampleOnce: 'Each sample once',
  eachItemOnce: 'Each item once',
  chooseShipment: 'Choose the shipment',
  handoverNoShipment: 'A handover has no shipment',
  returnItem: 'Return at least one item',
  dateDayMonthYear: 'Date must be DD-MM-YYYY',
  labelsOrGenerator: 'Give the labels to print or a generator request.',
  passwordsDiffer: 'Passwords do not match',
  mustBeNumber: 'Must be a number',
  tooSmall: 'Too small',
  tooLarge: 'Too large',
  maxBelowMin: 'The maximum cannot be below the minimum',
  groupNeedsCriterion: 'A group needs at least one criterion',
  webAddress: 'Enter a web address starting with http:// or https://',
  sampleListedTwice: 'A sample is listed twice',
  searchSampleBy: 'Search by sample ID, patient MRN or two dates',
  notSha256: 'Not a SHA-256 (64 hex digits)',
  deathBeforeBirth: 'Death date cannot be before the birth date',
  phoneListed: 'This phone number is already listed',
  trueOrFalse: 'Must be true or false',
  sortDirection: 'Sort direction is asc or desc',
  notTimeZone: 'Not a known time zone (e.g. UTC, Africa/Addis_Ababa)',
  portNumber: 'Port must be a number',
  portRange: 'Port must be 1 to 65535',
  copiesNumber: 'Copies must be a number',
  copiesAtLeastOne: 'Copies must be at least 1',
  startIndexNumber: 'Start Index must be a number',
  startIndexMin: 'Start Index must be 0 or more',
  startIndexTooLarge: 'Start Index is too large',
  quantityNumber: 'Quantity must be a number',
  quantityAtLeastOne: 'Quantity must be at least 1',
  notPem: 'Not a PEM public key',
  notFingerprint: 'Not a key fingerprint (64 hex digits)',
  addItem: 'Add at least one item',
  groupOp: "A group's op is 'and' or 'or'",
  chooseDimension: 'Choose a dimension to group by',
  moreThanZero: 'Must be more than 0',
  listOfCriteria: 'A list of specimen criteria',
  listOfSamples: 'A list of samples',
  handoverOrShipment: 'Handover or shipment',
  listOfReturned: 'A list of returned items',
  acceptOutsideDatesBoolean: 'acceptOutsideDates must be true or false',
  listOfSampleIds: 'Must be a list of sample ids',
  listOfItems: 'Must be a list of items',
  wholeNumberShort: 'Must be a whole number',
  fillOrder: 'Fill order is row or column',
  giveSampleIds: 'Give a list of collected sample ids',
  giveSample: 'Give at least one sample',
  /** Research reports: the distributed samples report's grouping. */
  distributionPeriodOneOf: 'Period is range or month',
  /** Collection protocols, events, enrolment and consents (issue 33: field messages by key). */
  endDateBeforeStart: 'End date cannot be before the start date',
  purposeList: 'A list of consent purposes',
  purposesAtMost50: 'At most 50 consent purposes',
  purposeOnce: 'Each consent purpose once',
  sitesAtMost500: 'At most 500 sites at once',
  participantsAtMost500: 'At most 500 participants at once',
  earlierSamplesChoice: 'Choose keep_blocked or covered for the samples collected before this re-consent',
  signatureTooLarge: 'The signature image is too large',
  yesOrNo: 'Yes or no (true or false)',
  purposeAnswers: 'A list of {purposeId, granted}',
  requiredOrPatientId: '*Required (or PatientId)',
  requiredOrConsentId: '*Required (or CollectionProtocolConsentId)',
  withdrawalEffectOneOf: 'Choose stop_use, keep_anonymised or destroy_samples',
  // ---- administration areas (issue 33): accounts, distribution protocols, indicators ----
  validEmail: 'Enter a valid e-mail address',
  phoneDigits: 'Digits only, optional leading +, at most 15',
  approverList: 'A list of approvers',
  approverMax: 'At most 50 approvers',
  approverOnce: 'Each of the approvers once',
  notBase64: 'Not base64',
  emptyFile: 'Empty file',
  notPdf: 'Not a PDF file',
  notPng: 'Not a PNG file',
  notJpeg: 'Not a JPEG file',
  pdfPngJpeg: 'A PDF, PNG or JPEG file',
  documentTooLarge: 'The file is larger than 5 MB',
  indicatorReport: 'Unknown report: use breast or cervical',
  toBeforeFrom: 'To cannot be before From',
  valueList: 'Must be a list of values',
  valuesMax: 'At most 50 values',
  countModeOneOf: 'Choose distinct participants or submitted forms',
  // ---- end of the administration areas ----
  /** Configuration, questionnaires, partners and institutions (issue 33: field messages by key). */
  makesCycle: 'This would make a cycle',
  maxValueBelowMin: 'Maximum Value must not be less than Minimum Value',
  minimumNotNumber: 'Minimum Value must be a number',
  maximumNotNumber: 'Maximum Value must be a number',
  atMostAcceptedValues: 'At most 200 accepted values',
  ordinalNumber: 'Ordinal must be a number',
  ordinalMin: 'Ordinal must be 0 or more',
  ordinalMax: 'Ordinal must be at most 1000000',
  patternUnsupportedSyntax:
    'The answer check does not support this regular expression (RE2 syntax: no look-ahead, look-behind or back-references; counts {n,m} up to 1000)',
  patternInvalid: 'This regular expression is not valid',
  patternTooLarge:
    'This regular expression is too large to check quickly (for example, smaller counts in {n,m}): simplify it',
  patternSlow: 'This regular expression could take very long to check (a repeated group holds a repeat): simplify it',
  orientationOneOf: 'Orientation is vertical or horizontal',
  orientationNotBoth: 'Choose vertical or horizontal, not both',
  optionTwice: 'This option is listed twice',
  fieldOrder: 'List the fields in their new order',
  atMostFields: 'At most 1000 fields',
  submissionIds: 'Give a list of submitted questionnaire ids',
  patternOverBudget: 'The answers are too long to check against their patterns: shorten this one',
  patternUncheckable:
    "This field's pattern cannot be checked (syntax no longer supported): ask the form's designer to change it",
  tickOrEmpty: 'Tick the box or leave it empty',
  chooseListed: 'Choose from the listed options',
  enterText: 'Enter text',
  notExpectedFormat: 'Not in the expected format',
  timeAnswer: 'Enter a time as HH:mm (00:00 to 23:59)',
  dateTimeAnswer: 'Enter a date and time as YYYY-MM-DDTHH:mm',
  chooseOneListed: 'Choose one of the listed options',
  unknownFieldType: 'Unknown field type',
  answeredTwice: 'Answered twice',
  fieldNotOnForm: 'This field is not on the questionnaire',
  // ---- issue 33, server side: the imports and rack-scan contracts' field messages ----
  importKindOneOf: 'Choose participants, samples or storage',
  importFileOneOf: 'Choose participants.csv, samples.csv or storage.csv',
  dryRunTrueFalse: 'dryRun is true or false',
  mappingTooLong: 'The mapping is too long',
  mappingJson: 'The mapping is a JSON object of CSV header -> field',
  mappingNoColumn: 'The mapping names no column',
  rackScanBody: "Send the rack scanner's CSV file as the request body (text/csv).",
  rackScanTooLarge: 'The scan file is larger than 1 MiB.',
  scanStampRequired: 'scanStamp: *Required',
  /** The import dry run's row problems (server/modules/imports, storage-import). */
  boxAndPosition: 'Give both the box and the position, or neither',
  boxPath:
    'Give the box as its code path joined by / (container/shelf/box, container/shelf/rack/box or container/shelf/rack/drawer/box)',
  boxTooDeep: 'A box holds positions, not storage: the parent path is too deep',
  // ---- end of issue 33, server side ----
} as const;

/**
 * Field messages that carry values (issue 33): the English once, `{{name}}` where a value goes. The contract
 * writes its English with `msgf`; contract/i18n/message-match.ts finds the key and the values back in that
 * English, so the server and the web say it in the reader's language with the same values.
 */
export const MSG_FORMATS = {
  atMostCharacters: 'At most {{max}} characters',
  atMost: 'At most {{max}}',
  atLeast: 'Must be {{min}} or more',
  atMostIds: 'At most {{max}} ids',
  atMostRows: 'At most {{max}} rows',
  atMostSamplesAtOnce: 'At most {{max}} samples at once',
  atMostItemsAtOnce: 'At most {{max}} items at once',
  atMostLabelsPerPrint: 'At most {{max}} labels per print',
  atMostSpecimenCriteria: 'At most {{max}} specimen criteria',
  atMostSamplesInShipment: 'At most {{max}} samples in one shipment',
  atMostItemsInCall: 'At most {{max}} items in one call',
  itemListedTwice: 'Item {{id}} is listed twice',
  statusesOneOf: 'Comma-separated, each one of {{choices}}',
  groupAtMost: 'A group holds at most {{max}} items',
  queryDepth: 'A query nests groups at most {{max}} levels deep',
  queryCriteria: 'A query holds at most {{max}} criteria',
  prefixAtMost: 'Prefix must be {{max}} characters or less',
  sortByOneOf: 'Sort by one of: {{choices}}',
  atLeastValue: 'At least {{min}}',
  atMostItems: 'At most {{max}} items',
  oneOf: 'One of {{choices}}',
  atMostCopies: 'At most {{max}} copies',
  templateBoxes: 'At most {{max}} boxes in one template',
  rackHolds: 'A {{rows}} x {{columns}} rack holds at most {{max}} boxes',
  templatePositions:
    '{{count}} boxes of {{rows}} x {{columns}} make {{positions}} positions: at most {{max}} in one template',
  // ---- issue 33, server side: questionnaires, imports, the registry's numbers, test set-up ----
  atMostOptions: 'At most {{max}} options',
  atMostAnswers: 'At most {{max}} answers',
  atMostSubmissions: 'At most {{max}} submitted questionnaires at once',
  mappingAtMostColumns: 'A mapping names at most {{max}} columns',
  /** `fieldLabel`: a registry field's English label, said through `configuration.labels` (message-match.ts). */
  labelNotNumber: '{{fieldLabel}} must be a number',
  labelNotWhole: '{{fieldLabel}} must be a whole number',
  labelPositive: '{{fieldLabel}} must be greater than 0',
  valueListedTwice: "'{{value}}' is listed twice",
  /** A dependent select's value outside the chosen parent (configuration's lookup service). */
  notInChosen: 'Not in the chosen {{listLabel}}',
  /** The import dry run's row problems (server/modules/imports, storage-import, platform/lookups). */
  unknownTitle: 'No {{listLabel}} titled "{{title}}" in this institution',
  importNoColumn: 'No column is mapped to {{column}} (required)',
  importRowCells: 'This row has {{cells}} cells; the header has {{width}}',
  importParentRefused: 'The parent {{sampleId}} is the row on line {{line}}, which has problems',
  importNoSample: 'No sample {{sampleId}} in this institution',
  importNoParticipant: 'No participant with MRN {{mrn}} in this institution',
  importOtherParticipant: "Sample {{sampleId}} is not this participant's",
  importProtocolAmbiguous: 'More than one protocol is titled "{{protocol}}": use its code',
  importNoProtocol: 'No protocol with code or title "{{protocol}}" in this institution',
  importOtherProtocol: 'Sample {{sampleId}} is of another protocol',
  importNoEvent: 'The protocol has no event labelled or coded "{{event}}"',
  importGiveEvent: 'The protocol has {{count}} events: give the event',
  importEventSites: 'The event has no site and the protocol has {{count}} sites: give the event a site',
  importNotABox: '{{path}} is a {{level}}, not a box',
  importNoPosition: 'Box {{path}} has no position {{position}}',
  importNoContainer: 'No container with code {{code}} at {{path}} in this institution',
  importNoStorage: 'No storage with code {{code}} at {{path}} in this institution',
  importBoxInPath: '{{path}} is a box: it holds positions, not storage',
  importLevelOneOf: 'Level is one of {{choices}}',
  // ---- end of issue 33, server side ----
} as const;
export type MessageFormat = keyof typeof MSG_FORMATS;

/** A field message with values, in English (the contract's language); translated by its key downstream. */
export const msgf = (key: MessageFormat, values: Readonly<Record<string, string | number>>): string =>
  MSG_FORMATS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** The title of a 400 for a query parameter the call does not take: names it, as sent. */
export const unknownQueryTitle = (name: string) => `Unknown query parameter '${name}'`;
