import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n/languages';
import { MSG } from './messages';
import { optionalText } from './common.contract';

/**
 * A lookup record's title per language (issue 33 item 4, docs/languages.md): `titles` `{ "fr": "Sang total" }`
 * beside the default `title`, which stays the institution's own (English) word. The languages that take one are
 * the complete languages other than the default: a third complete language adds its field everywhere by itself.
 */
export const TITLE_LANGUAGES: readonly string[] = LANGUAGES.filter(
  (l) => l.complete && l.code !== DEFAULT_LANGUAGE,
).map((l) => l.code);

/** A record's translations as stored and answered: language code -> title; null when it has none. */
export type LookupTitles = Readonly<Record<string, string>> | null;

/**
 * The `titles` field of a lookup's body: an object whose keys are TITLE_LANGUAGES and whose values are visible
 * text of at most `max` characters (the default title's limit); a blank value means no title in that language.
 * Null or empty: none; left out: unchanged. Anything else is a field message on `titles` (an unknown code or not an
 * object) or `titles.<code>` (too long, control characters).
 */
export function titlesSchema(max: number) {
  return translationsSchema(max, { language: MSG.titleLanguage, object: MSG.titlesObject, lines: 'single' });
}

/**
 * The `descriptions` field of a lookup's body (issue 33, "every word in the user's language"): the description in
 * the other complete languages, `{ "fr": "Sang veineux prélevé sur EDTA" }`, by the rules of `titles` (the same
 * keys, null clears, left out keeps), each value multi-line text within the default description's limit.
 */
export function descriptionsSchema(max: number) {
  return translationsSchema(max, { language: MSG.descriptionLanguage, object: MSG.descriptionsObject, lines: 'multi' });
}

/** A text's translations per language: TITLE_LANGUAGES as keys, `optionalText(max)` values, the two messages given. */
function translationsSchema(max: number, said: { language: string; object: string; lines: 'single' | 'multi' }) {
  const languages = z.enum(TITLE_LANGUAGES as [string, ...string[]]);
  return z
    .partialRecord(languages, optionalText(max, undefined, said.lines), {
      error: (iss) => (iss.code === 'invalid_type' ? said.object : said.language),
    })
    .nullish()
    .transform((texts) => {
      // Left out: the stored texts stay (a client of the spec's calls never sends them); null or {}: none.
      if (texts === undefined) return undefined;
      const kept = Object.entries(texts ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
      return kept.length ? Object.fromEntries(kept) : null;
    });
}

/**
 * The title (or description) to show a reader of `language`: the record's text in it when the institution gave one,
 * else the default.
 */
export function localTitle<T extends string | null>(title: T, titles: unknown, language: string): T | string {
  if (language === DEFAULT_LANGUAGE || !titles || typeof titles !== 'object') return title;
  const said: unknown = Object.hasOwn(titles, language) ? Reflect.get(titles, language) : undefined;
  return typeof said === 'string' && said.trim() !== '' ? said : title;
}

/**
 * The seeded Aliquot lineage's title in each language (server/db/seed/reference-data.ts). A lineage is an aliquot
 * when its title is one of these (any case): the rule reads the title a list shows, which is the reader's language.
 */
export const ALIQUOT_TITLES = { en: 'Aliquot', fr: 'Aliquote' } as const;

/** Whether a lineage's title (default or in a language) names an aliquot (the lineage list is editable per institution). */
export const isAliquotTitle = (title: unknown) => {
  const said = String(title ?? '')
    .trim()
    .toLowerCase();
  return Object.values(ALIQUOT_TITLES).some((t) => t.toLowerCase() === said);
};
