import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  descriptionField,
  uniqueFields,
  type LookupEntity,
  type LookupField,
} from '../../../contract/lookups.registry';
import { recordColumns } from '../records';

export const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function column(f: LookupField) {
  const name = snake(f.name);
  switch (f.kind) {
    case 'boolean':
      return boolean(name).notNull().default(Boolean(f.default));
    case 'integer':
      return f.default !== undefined ? integer(name).notNull().default(Number(f.default)) : integer(name);
    case 'number':
      return f.default !== undefined
        ? doublePrecision(name).notNull().default(Number(f.default))
        : doublePrecision(name);
    case 'reference':
      return integer(name);
    default:
      return f.required && !f.requiredWhen ? text(name).notNull() : text(name);
  }
}

const titlesColumn = () => jsonb('titles').$type<Record<string, string>>();
const descriptionsColumn = () => jsonb('descriptions').$type<Record<string, string>>();

/** The Drizzle table of a registry entry: record columns, institution, then its fields (typed loosely: they come from data). */
export function lookupTable(entity: LookupEntity) {
  return makeTable(entity) as ReturnType<typeof makeTable> & { [field: string]: AnyPgColumn };
}

function makeTable(entity: LookupEntity) {
  const fields = Object.fromEntries(entity.fields.map((f) => [f.name, column(f)]));
  // A titled list's title per language, `{ "fr": "Sang total" }` (issue 33 item 4, contract/lookup-titles.ts);
  // null: the default title in every language. Nullable without a default, so adding it rewrites no row.
  const titles: Record<string, ReturnType<typeof titlesColumn>> = entity.titleField ? { titles: titlesColumn() } : {};
  // A described list's description per language, the same way (issue 33, i33desc): null, the default everywhere.
  const descriptions: Record<string, ReturnType<typeof descriptionsColumn>> = descriptionField(entity)
    ? { descriptions: descriptionsColumn() }
    : {};
  const t = snake(entity.key);
  return pgTable(
    t,
    {
      ...recordColumns(),
      institutionId: integer('institution_id').notNull(),
      ...fields,
      ...titles,
      ...descriptions,
    },
    (table) => {
      // The registry's fields are data, so the builder's type does not name them: look them up by name.
      const columns: Record<string, ExtraConfigColumn> = table;
      const col = (name: string) => {
        const c = columns[name];
        if (!c) throw new Error(`${t} has no column ${name}`);
        return c;
      };
      const out = [index(`${t}_inst_idx`).on(table.institutionId, table.isEnabled, table.id)];
      const key = uniqueFields(entity);
      if (key.length) {
        const parts = key.map((name) => {
          const f = entity.fields.find((x) => x.name === name);
          return f && (f.kind === 'text' || f.kind === 'textarea') ? sql`lower(${col(name)})` : col(name);
        });
        out.push(uniqueIndex(`${t}_unique`).on(table.institutionId, ...parts));
      }
      for (const f of entity.fields.filter((x) => x.kind === 'reference')) {
        out.push(index(`${t}_${snake(f.name)}_idx`).on(col(f.name), table.id));
      }
      return out;
    },
  );
}

export type LookupTable = ReturnType<typeof lookupTable>;
