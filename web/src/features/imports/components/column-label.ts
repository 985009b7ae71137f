import { IMPORT_COLUMNS, type ImportKind } from '@contract/imports.contract';
import { CATALOGUES } from '@contract/i18n/catalogues';
import { currentLanguage } from '@/lib/i18n';

/** An import field in the screens' language (imports `columns`, by kind and field); a field it lacks keeps its label. */
export function columnLabel(kind: ImportKind, field: string, label: string) {
  const words: Readonly<Record<string, string>> = CATALOGUES[currentLanguage()].imports.columns[kind];
  return Object.hasOwn(words, field) ? words[field] : label;
}

/** A problem's field in words ('Birth date', not birthDate); a field the kind does not know (a whole-row problem) as sent. */
export function fieldLabel(kind: ImportKind, field: string) {
  const column = IMPORT_COLUMNS[kind].find((c) => c.field === field);
  return column ? columnLabel(kind, field, column.label) : field;
}
