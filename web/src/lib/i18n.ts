import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES, NAMESPACES, type Catalogue } from '@contract/i18n/catalogues';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGES,
  matchLanguage,
  type LanguageCode,
  type TextDirection,
} from '@contract/i18n/languages';

/**
 * The web's one i18next instance (issue 33, docs/languages.md), initialised at import with the catalogues
 * the server uses too (contract/i18n). Keys are typed: `t('account.logout')` in the `shell` namespace,
 * `t('login.submit', { ns: 'auth' })`; a key English lacks fails the compiler.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    resources: Catalogue;
  }
}

/** The browser's preferred language we speak (navigator.languages), else English: the language until signed in. */
export function browserLanguage(): LanguageCode {
  const tags =
    typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return matchLanguage(tags) ?? DEFAULT_LANGUAGE;
}

/** `<html lang dir>` follow the language: screen readers pronounce it, a right-to-left language mirrors the layout. */
function applyToDocument(lng: string) {
  if (typeof document === 'undefined' || !isLanguage(lng)) return;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}

/** Unicode's FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: the text between them takes its own direction. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/** A language's direction by its tag as i18next passes it ('fr', an unknown tag: left-to-right). */
const directionOfTag = (lng: string | undefined): TextDirection => (isLanguage(lng) ? directionOf(lng) : 'ltr');

/**
 * i18next's own formatter (`{{max, number}}`, currency, dates, lists), taken from a bare instance so that the
 * formatter below can add to it instead of replacing it (i18next exports the class only as a module type).
 */
const bare = i18next.createInstance();
void bare.init({ initAsync: false });
const builtIn = bare.services.formatter;
if (!builtIn) throw new Error('i18next initialised without its formatter');

/**
 * Every value put into a translated sentence (`{{sampleId}}`, `{{date}}`, `{{count}}`, `{{max, number}}`) passes
 * here (`alwaysFormat`): in a right-to-left language it is isolated between FSI and PDI once formatted, so
 * '2026-11-29' or 'S-2026-000123' inside an Arabic sentence keeps its order (issue 33 item 5, docs/languages.md);
 * in a left-to-right language it is i18next's own formatting, byte for byte. Only text is added: React renders the
 * sentence as text, and `<Trans>` still escapes its values before reading its tags (escapeValue stays false, so
 * react-i18next's Trans escapes them itself), so a value never becomes markup.
 */
export const isolatingFormatter: FormatterModule = {
  type: 'formatter',
  init: (services, options) => builtIn.init(services, options),
  add: (name, fc) => builtIn.add(name, fc),
  addCached: (name, fc) => builtIn.addCached(name, fc),
  // Without a format, i18next's formatter gives the value back as it is: a number stays a number, a missing value
  // stays undefined (i18next's missing-value handling), whatever its type says.
  format: (value, format, lng, options) => {
    const formatted = builtIn.format(value, format, lng, options);
    return formatted === undefined || formatted === null || directionOfTag(lng) === 'ltr'
      ? formatted
      : `${FSI}${formatted}${PDI}`;
  },
};

i18next.on('languageChanged', applyToDocument);
void i18next
  .use(initReactI18next)
  .use(isolatingFormatter)
  .init({
    resources: CATALOGUES,
    ns: [...NAMESPACES],
    defaultNS: 'shell',
    lng: browserLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    // React escapes; `alwaysFormat` passes every value through isolatingFormatter (right-to-left isolation).
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    initAsync: false,
  });
applyToDocument(i18next.language);

export { i18next };

/** The language the screens are in now (a registry code). */
export const currentLanguage = (): LanguageCode => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

/** Switch the screens to a language (the account's choice, or the browser's when it has none). */
export function switchLanguage(language: LanguageCode | null) {
  const wanted = language ?? browserLanguage();
  if (i18next.language !== wanted) void i18next.changeLanguage(wanted);
}
