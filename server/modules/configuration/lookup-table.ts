import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { LookupEntity, LookupField } from '../../../contract/lookups.registry';
import { recordColumns } from '../../platform/records';

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function column(f: LookupField) {
  const name = snake(f.name);
  switch (f.kind) {
    case 'boolean': return boolean(name).notNull().default(Boolean(f.default));
    case 'integer': return f.default !== undefined ? integer(name).notNull().default(Number(f.default)) : integer(name);
    case 'number': return f.default !== undefined ? doublePrecision(name).notNull().default(Number(f.default)) : doublePrecision(name);
    case 'reference': return integer(name);
    default: return f.required ? text(name).notNull() : text(name);
  }
}

/** The Drizzle table of a registry entry: record columns, institution, then its fields. */
export function lookupTable(entity: LookupEntity) {
  const fields = Object.fromEntries(entity.fields.map((f) => [f.name, column(f)]));
  return pgTable(snake(entity.key), {
    ...recordColumns(),
    institutionId: integer('institution_id').notNull(),
    ...fields,
  }, (t) => {
    const cols = t as unknown as Record<string, Parameters<typeof index>[0] & object>;
    const out = [
      uniqueIndex(`${snake(entity.key)}_title_uq`).on(t.institutionId, sql`lower(${cols[entity.titleField]})`),
      index(`${snake(entity.key)}_inst_idx`).on(t.institutionId, t.isEnabled, t.id),
    ];
    if (entity.parent) out.push(index(`${snake(entity.key)}_parent_idx`).on(cols[entity.parent.field] as never, t.id));
    return out;
  });
}

export type LookupTable = ReturnType<typeof lookupTable>;
