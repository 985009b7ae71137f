import { AUDIT_RECORD_TYPES, SITES } from '../../../contract/audit-labels';
import { LOOKUP_BY_KEY } from '../../../contract/lookups.registry';
import type { Db } from '../../db/client';
import { siteTitles } from '../institutions';
import { lookupTitlesById } from './audit.repository';
import { parseId } from '../../../contract/common.contract';

type Row = { entity: string; before: unknown; after: unknown };

/** The lookup ids an event's before/after name, by list key (fields declared with `lookup` in audit-labels.ts). */
function collect(rows: Row[]) {
  const ids = new Map<string, Set<number>>();
  const add = (key: string, v: unknown) => {
    const id = parseId(v);
    if (id === null) return;
    if (!ids.has(key)) ids.set(key, new Set());
    ids.get(key)!.add(id);
  };
  for (const r of rows) {
    const fields = AUDIT_RECORD_TYPES[r.entity]?.fields ?? {};
    for (const side of [r.before, r.after]) {
      if (!side || typeof side !== 'object') continue;
      for (const [name, value] of Object.entries(side as Record<string, unknown>)) {
        const f = fields[name];
        if (!f?.lookup) continue;
        if (f.item && Array.isArray(value))
          for (const item of value) add(f.lookup, (item as Record<string, unknown> | null)?.[f.item]);
        else if (Array.isArray(value)) for (const id of value) add(f.lookup, id);
        else add(f.lookup, value);
      }
    }
  }
  return ids;
}

/**
 * Titles of the lookup records a page of audit events names, as '<list key>:<id>' → title: the log
 * shows "Gender: Female → Male", not ids. Only this institution's records are read.
 */
export async function auditTitles(db: Db, institutionId: number, rows: Row[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [key, set] of collect(rows)) {
    const ids = [...set];
    if (key === SITES) {
      for (const [id, title] of await siteTitles(db, institutionId, ids)) out[`${key}:${id}`] = title;
      continue;
    }
    const e = LOOKUP_BY_KEY[key];
    if (!e?.titleField) continue;
    for (const r of await lookupTitlesById(db, e, institutionId, ids)) out[`${key}:${r.id}`] = String(r.title);
  }
  return out;
}
