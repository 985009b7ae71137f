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
  const languages = z.enum(TITLE_LANGUAGES as [string, ...string[]]);
  return z
    .partialRecord(languages, optionalText(max), {
      error: (iss) => (iss.code === 'invalid_type' ? MSG.titlesObject : MSG.titleLanguage),
    })
    .nullish()
    .transform((titles) => {
      // Left out: the stored titles stay (a client of the spec's calls never sends them); null or {}: none.
      if (titles === undefined) return undefined;
      const kept = Object.entries(titles ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
      return kept.length ? Object.fromEntries(kept) : null;
    });
}

/** The title to show a reader of `language`: the record's title in it when the institution gave one, else the default. */
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
