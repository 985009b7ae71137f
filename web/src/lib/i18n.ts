import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES, NAMESPACES, type Catalogue } from '@contract/i18n/catalogues';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGES,
  matchLanguage,
  type LanguageCode,
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

i18next.on('languageChanged', applyToDocument);
void i18next.use(initReactI18next).init({
  resources: CATALOGUES,
  ns: [...NAMESPACES],
  defaultNS: 'shell',
  lng: browserLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  interpolation: { escapeValue: false }, // React escapes
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
