import { auditActionLabel, auditField, auditRecordLabel } from '@contract/audit-labels';
import { CATALOGUES } from '@contract/i18n/catalogues';
import { LANGUAGES } from '@contract/i18n/languages';
import { currentLanguage } from '@/lib/i18n';

// The audit log's labels (contract/audit-labels.ts) in the screens' language, by key: an action by its code, a
// record type by its entity, a field by its English label (the same words name a field of several record types).
// Anything the catalogue lacks (a label added since) stays English.
const words = () => CATALOGUES[currentLanguage()].audit;
const pick = (map: Readonly<Record<string, string>>, key: string) => (Object.hasOwn(map, key) ? map[key] : undefined);

export const actionWords = (action: string) => pick(words().actions, action) ?? auditActionLabel(action);
export const recordWords = (entity: string) => pick(words().records, entity) ?? auditRecordLabel(entity);
export const fieldWords = (label: string) => pick(words().fields, label) ?? label;
export const fieldLabel = (entity: string, field: string) => fieldWords(auditField(entity, field).label);

/** A value written as words of the interface rather than data: an account's roles and language. */
export function valueWords(entity: string, field: string, value: string) {
  if (entity !== 'account') return value;
  if (field === 'roles') return pick(CATALOGUES[currentLanguage()].accounts.roles, value) ?? value;
  if (field === 'language') return LANGUAGES.find((l) => l.code === value)?.nativeName ?? value;
  return value;
}
