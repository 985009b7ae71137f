import type { Tree } from './catalogue-type';
import { en } from './en';
import { fr } from './fr';
import type { LanguageCode } from './languages';

/** What a complete language provides: every key of English (en.ts). */
export type Catalogue = Tree<typeof en>;

/** The catalogue namespaces (i18next namespaces), by area. */
export type Namespace = keyof Catalogue;
export const NAMESPACES = [
  'shell',
  'auth',
  'research',
  'messages',
  'fields',
  'records',
  'problems',
  'common',
  'home',
  'participants',
  'requests',
  'orders',
  'reports',
  'labels',
  'samples',
  'storage',
  'shipments',
  'protocols',
  'permissions',
  // administration areas (issue 33)
  'accounts',
  'distribution',
  'audit',
  'setting',
  'imports',
  'indicators',
] as const satisfies readonly Namespace[];

/** Every language's catalogue, by code (languages.ts lists them): one line per language. */
export const CATALOGUES: Record<LanguageCode, Catalogue> = { en, fr };
