import dayjs from 'dayjs';
import type { AuditEvent } from '@contract/audit.contract';
import { AUDIT_HIDDEN_FIELDS, AUDIT_RECORD_TYPES, auditField, type AuditField } from '@contract/audit-labels';
import { TITLE_LANGUAGES } from '@contract/lookup-titles';
import { formatDateTime } from '@/lib/format';
import { i18next } from '@/lib/i18n';
import { fieldWords, valueWords } from './audit-words';

/** One line of an event: a field in plain words, its value before (edits) and after. */
export interface FieldChange {
  field: string;
  label: string;
  before?: string;
  after: string;
}

const EMPTY = '—';
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A value as a person reads it: lookup ids as their titles, lists joined, yes/no, times local; never JSON. */
function show(e: AuditEvent, field: string, f: AuditField, v: unknown): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  const titled = (x: unknown) =>
    f.lookup && (typeof x === 'number' || typeof x === 'string')
      ? (e.titles[`${f.lookup}:${x}`] ?? `#${x}`)
      : valueWords(e.entity, field, plain(x));
  if (Array.isArray(v)) {
    const items = v.map((x) =>
      f.item && x && typeof x === 'object' ? titled((x as Record<string, unknown>)[f.item]) : titled(x),
    );
    return items.length ? items.join(', ') : EMPTY;
  }
  return titled(v);
}

/**
 * A text's translations (a record's `titles` or `descriptions`, an indicator's `remarks`: issue 33) as a person reads
 * them: each language by its name in the screens' language, 'French: Sang total', never 'Fr: Sang total'.
 */
function translations(v: object): string | null {
  const entries = Object.entries(v);
  if (!entries.length || !entries.every(([k, x]) => TITLE_LANGUAGES.includes(k) && typeof x === 'string')) return null;
  const names = new Intl.DisplayNames([i18next.language || 'en'], { type: 'language' });
  return entries.map(([k, x]) => `${names.of(k) ?? k}: ${String(x)}`).join('; ');
}

function plain(v: unknown): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const said = translations(v);
    if (said !== null) return said;
  }
  if (typeof v === 'boolean') return i18next.t(v ? 'yes' : 'no', { ns: 'audit' });
  if (typeof v === 'string' && INSTANT.test(v) && dayjs(v).isValid()) return formatDateTime(v);
  if (Array.isArray(v)) return v.map(plain).join(', ') || EMPTY;
  if (typeof v === 'object') {
    // A nested record (rare): its own fields in words, bookkeeping left out.
    return (
      Object.entries(v as Record<string, unknown>)
        .filter(([k]) => !AUDIT_HIDDEN_FIELDS.has(k))
        .map(([k, x]) => `${fieldWords(auditField('', k).label)}: ${plain(x)}`)
        .join('; ') || EMPTY
    );
  }
  return String(v);
}

/**
 * What an event changed, field by field, in the order the record type declares its fields: an edit
 * lists the fields whose value differs (before → after); a create or a one-sided event lists what it
 * wrote. Bookkeeping (ids, stamps, dates the server sets) is left out.
 */
export function fieldChanges(e: AuditEvent): FieldChange[] {
  const before = (e.before && typeof e.before === 'object' ? e.before : null) as Record<string, unknown> | null;
  const after = (e.after && typeof e.after === 'object' ? e.after : null) as Record<string, unknown> | null;
  // The declared order (the form's), not the stored one: jsonb keeps keys sorted by length.
  const declared = Object.keys(AUDIT_RECORD_TYPES[e.entity]?.fields ?? {});
  const rank = (k: string) => (declared.includes(k) ? declared.indexOf(k) : declared.length);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((k) => !AUDIT_HIDDEN_FIELDS.has(k))
    .sort((a, b) => rank(a) - rank(b));
  const out: FieldChange[] = [];
  for (const k of keys) {
    const f = auditField(e.entity, k);
    if (before && after) {
      if (!same(before[k], after[k]))
        out.push({
          field: k,
          label: fieldWords(f.label),
          before: show(e, k, f, before[k]),
          after: show(e, k, f, after[k]),
        });
    } else {
      const v = (after ?? before)![k];
      if (v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length))
        out.push({ field: k, label: fieldWords(f.label), after: show(e, k, f, v) });
    }
  }
  return out;
}
