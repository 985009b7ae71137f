import { createInstance, type i18n } from 'i18next';
import type { FastifyRequest } from 'fastify';
import { CATALOGUES, NAMESPACES, type Catalogue, type Namespace } from '../../contract/i18n/catalogues';
import {
  acceptedLanguages,
  DEFAULT_LANGUAGE,
  isLanguage,
  matchLanguage,
  type LanguageCode,
} from '../../contract/i18n/languages';
import { catalogueText, matchMessage } from '../../contract/i18n/message-match';
import { AppError } from './errors';

/**
 * The server's side of issue 33 (docs/languages.md): one i18next instance over the catalogues the web uses
 * too (contract/i18n), and the caller's language. Only problem titles and field messages are translated
 * here so far: sendProblem (errors.ts) is the one path every problem takes.
 */
const translator: i18n = createInstance();
void translator.init({
  resources: CATALOGUES,
  ns: [...NAMESPACES],
  defaultNS: 'problems',
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  // Answers are JSON, never HTML: no escaping (the web renders titles as text).
  interpolation: { escapeValue: false },
  // Keys are codes such as 'auth.invalid_credentials': the dot is part of the code, not a path.
  keySeparator: false,
  returnNull: false,
  initAsync: false,
});

/**
 * The caller's language: the signed-in account's stored choice, else the best match of the request's
 * Accept-Language header (for scripts and signed-out screens), else English.
 */
export function requestLanguage(req: Pick<FastifyRequest, 'auth' | 'headers'>): LanguageCode {
  const stored = req.auth?.language;
  if (isLanguage(stored)) return stored;
  const header = req.headers['accept-language'];
  return matchLanguage(acceptedLanguages(Array.isArray(header) ? header.join(',') : header)) ?? DEFAULT_LANGUAGE;
}

/** A catalogue text of a language, or undefined when that language lacks the key (no fallback: English is the caller's). */
function text(lng: LanguageCode, ns: Namespace, key: string, values?: Record<string, unknown>): string | undefined {
  if (!translator.exists(key, { lng, ns })) return undefined;
  return translator.t(key, { lng, ns, defaultValue: key, ...values });
}

/**
 * A record's name in a language: `records`, else the registry's list and field names (`configuration.labels`, the
 * names the configuration screens show); undefined when the language has neither.
 */
function recordName(lng: LanguageCode, what: string): string | undefined {
  const labels: Readonly<Record<string, string>> = CATALOGUES[lng].configuration.labels;
  return text(lng, 'records', what) ?? (Object.hasOwn(labels, what) ? labels[what] : undefined);
}

/**
 * A field message in a language: found back in the catalogues by its English (contract/messages.ts, with the
 * values a MSG_FORMATS text carried; the password rules; contract/i18n/message-match.ts); any other text stays
 * as it is (English).
 */
export function translateMessage(message: string, lng: LanguageCode): string {
  if (lng === DEFAULT_LANGUAGE) return message;
  const entry = matchMessage(message);
  return (entry && catalogueText(CATALOGUES[lng], entry)) || message;
}

/**
 * A validation title's field in a language (`fields`): a body, query or params key as validationProblem names it
 * ('PatientTypeId'), or a nested one's path ('Items.0.amount': 'Éléments › 0 › Quantité', each name by its
 * capitalised key, positions as sent); undefined when the language lacks a name of it (never half and half).
 * contract/i18n/field-names.test.ts keeps every name the endpoint table can produce in `fields`.
 */
function fieldName(lng: LanguageCode, field: string): string | undefined {
  const whole = text(lng, 'fields', field);
  if (whole !== undefined || !field.includes('.')) return whole;
  const said: string[] = [];
  for (const part of field.split('.')) {
    const name = /^\d+$/.test(part) ? part : text(lng, 'fields', `${part.charAt(0).toUpperCase()}${part.slice(1)}`);
    if (name === undefined) return undefined;
    said.push(name);
  }
  return said.join(' › ');
}

function translateTitle(problem: AppError, lng: LanguageCode): string {
  const spec = problem.text;
  if (!spec) return translateMessage(problem.title, lng);
  const values: Record<string, unknown> = { ...spec.values };
  if (spec.key === 'not_found') {
    // 'Shipment not found.' stays English until 'Shipment' has a name in this language: never half and half.
    const what = recordName(lng, String(values.what));
    if (!what) return problem.title;
    values.what = what;
  }
  // Named `...Record` / `...Message`: a record or list name said through recordName, a field message through
  // `messages`; a language lacking either keeps the whole English title (never half and half).
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith('Record')) {
      const said = recordName(lng, String(value));
      if (!said) return problem.title;
      values[name] = said;
    } else if (name.endsWith('Message')) {
      const said = translateMessage(String(value), lng);
      if (said === value) return problem.title;
      values[name] = said;
    }
  }
  if (spec.key === 'forbidden_permission') {
    // 'You need permission to release results.' with the permission's words of the language (`permissions.labels`).
    const [area, verb] = String(values.permission).split('.');
    const labels: Readonly<Record<string, Readonly<Record<string, string>>>> = CATALOGUES[lng].permissions.labels;
    const said = Object.hasOwn(labels, area) && Object.hasOwn(labels[area], verb) ? labels[area][verb] : undefined;
    if (!said) return problem.title;
    values.permission = said;
  }
  if (spec.key === 'validation' || spec.key === 'validation_unnamed') {
    const message = String(values.message);
    const translated = translateMessage(message, lng);
    if (translated === message && lng !== DEFAULT_LANGUAGE) return problem.title;
    values.message = translated;
    values.field = fieldName(lng, String(values.field)) ?? values.field;
  }
  return text(lng, 'problems', spec.key, values) ?? problem.title;
}

/**
 * The problem in a language: its title by its key (or its message key), its field messages by theirs;
 * whatever the language lacks stays English. English itself is the problem as thrown.
 */
export function translateProblem(problem: AppError, lng: LanguageCode): AppError {
  if (lng === DEFAULT_LANGUAGE) return problem;
  const errors = problem.errors
    ? Object.fromEntries(
        Object.entries(problem.errors).map(([field, messages]) => [
          field,
          messages.map((m) => translateMessage(m, lng)),
        ]),
      )
    : undefined;
  return new AppError(
    problem.status,
    translateTitle(problem, lng),
    errors,
    problem.code,
    problem.retryAfter,
    problem.extensions,
    problem.text,
  );
}

/**
 * A namespace's words in a language, typed as English's (contract/i18n), for what the server writes itself in
 * the caller's language: report titles, column headings, cells and footers, CSV included (docs/languages.md).
 */
export const wordsOf = <N extends Namespace>(lng: LanguageCode, ns: N): Catalogue[N] => CATALOGUES[lng][ns];

/** The `_one` or `_other` form of a count's sentence in a language (Intl.PluralRules: French says 0 and 1 alike). */
export const pluralOf = (lng: LanguageCode, count: number, forms: { one: string; other: string }) =>
  new Intl.PluralRules(lng).select(count) === 'one' ? forms.one : forms.other;

/** A catalogue text with its `{{values}}` filled in (i18next's interpolation syntax; no escaping: plain text). */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
