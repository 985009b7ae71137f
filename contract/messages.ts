import { LANGUAGE_CHOICES } from './i18n/languages';

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
  idList: 'Ids separated by commas (or the parameter repeated), each a whole number from 1 to 2147483647',
  /** Orders (issue 33: field messages by key): a sample ID prints as Code 128 and scans back unchanged. */
  sampleIdCharacters: 'Use letters, digits and - _ . / only',
  selectParticipant: 'Select at least one participant',
  releaseStateOneOf: 'Release state is one of: pending, partly, released',
  /** Reports: a summary's period. */
  periodOneOf: 'Period is day, week or month',
  /** Configuration, questionnaires, partners and institutions (issue 33: field messages by key). */
  makesCycle: 'This would make a cycle',
  maxBelowMin: 'Maximum Value must not be less than Minimum Value',
  minimumNotNumber: 'Minimum Value must be a number',
  maximumNotNumber: 'Maximum Value must be a number',
  atMostAcceptedValues: 'At most 200 accepted values',
  timeZoneUnknown: 'Not a known time zone (e.g. UTC, Africa/Addis_Ababa)',
  notPem: 'Not a PEM public key',
  notFingerprint: 'Not a key fingerprint (64 hex digits)',
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
  endBeforeStart: 'End date cannot be before the start date',
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
} as const;

/** The title of a 400 for a query parameter the call does not take: names it, as sent. */
export const unknownQueryTitle = (name: string) => `Unknown query parameter '${name}'`;
