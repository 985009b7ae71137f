import { en } from '../../../contract/i18n/en';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { templateMatcher } from '../../../contract/i18n/message-match';
import { fill, wordsOf } from '../../platform/i18n';

/**
 * The sample ledger's history sentences (issue 33, docs/languages.md). A sentence is stored as English, written with
 * the English catalogue's template (`samples.ledger`), and travels as written (copied into a receiver's history, in
 * FHIR custody Provenance); when a history is read, `sayLedger` finds the template and its values back and says it
 * in the reader's language. A sentence no template matches (written before a template changed) stays as stored.
 */
export type LedgerSentence = keyof typeof en.samples.ledger;

/** The English sentence to store. */
export const ledgerText = (key: LedgerSentence, values: Record<string, string | number> = {}) =>
  fill(en.samples.ledger[key], values);

const matchLedger = templateMatcher(en.samples.ledger);
const isSentence = (key: string): key is LedgerSentence => Object.hasOwn(en.samples.ledger, key);

/** A stored sentence in a language: the same names, amounts and reasons, the language's words around them. */
export function sayLedger(summary: string, lng: LanguageCode): string {
  if (lng === DEFAULT_LANGUAGE) return summary;
  const found = matchLedger(summary);
  if (!found || !isSentence(found.key)) return summary;
  return fill(wordsOf(lng, 'samples').ledger[found.key], found.values);
}
