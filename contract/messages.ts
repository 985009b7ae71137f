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
  /** Research reports: the distributed samples report's grouping. */
  distributionPeriodOneOf: 'Period is range or month',
} as const;

/** The title of a 400 for a query parameter the call does not take: names it, as sent. */
export const unknownQueryTitle = (name: string) => `Unknown query parameter '${name}'`;
