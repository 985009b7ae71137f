/**
 * The languages this server speaks (issue 33, docs/languages.md). Adding one is its catalogue file
 * (`<code>.ts` beside this one) and one line here and in `catalogues.ts`.
 * `complete`: every key of English is translated (the compiler checks the catalogue's type); a language
 * that is not complete yet falls back to English key by key and is not offered in the picker.
 */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English', dir: 'ltr', complete: true },
  { code: 'fr', nativeName: 'Français', dir: 'ltr', complete: true },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);

/** The languages a person may choose, as a 400 names them: 'en (English), fr (Français)'. */
export const LANGUAGE_CHOICES = LANGUAGES.map((l) => `${l.code} (${l.nativeName})`).join(', ');

export const isLanguage = (code: unknown): code is LanguageCode =>
  typeof code === 'string' && LANGUAGES.some((l) => l.code === code);

export const languageOf = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];

export const directionOf = (code: LanguageCode): TextDirection => languageOf(code).dir;

/**
 * The best of our languages for a list of language tags in order of preference ('fr-CA', 'en'): the first
 * whose primary subtag we speak (fr-CA -> fr), else undefined. Tags are case-insensitive (RFC 5646).
 */
export function matchLanguage(tags: readonly string[]): LanguageCode | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    const found = LANGUAGES.find((l) => l.code === primary);
    if (found) return found.code;
  }
  return undefined;
}

/**
 * The tags of an Accept-Language header by preference: `fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5` -> fr-CH, fr, en.
 * Tags with q=0 are refused (never chosen); `*` adds nothing (we answer English then anyway).
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}
