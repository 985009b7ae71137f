import * as drizzle from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';

// Drizzle's own row decoding (exported at run time, untyped: marked internal), the one every select uses.
type Field = { path: string[]; field: unknown };
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow(fields: Field[], row: unknown[], joins: Record<string, boolean> | undefined): unknown;
  orderSelectedFields(fields: unknown): Field[];
};

// One statement for many reads (issue 30 item 4, docs/fhir.md "One statement per bundle"): a module's select
// builder (its own tables, its own columns) becomes a json sub-select of positional rows that another module
// can place in a bigger statement without naming the tables, and `decode` turns the json back into exactly
// the rows the builder returns when run alone: the same Drizzle decoders, column by column.

/** What a module's export builder exposes: its SQL, its selected fields and which joins may be null. */
interface SelectBuilder<T> {
  getSQL(): SQL;
  _: { selectedFields: unknown; result: T[] };
}

export interface JsonRows<T> {
  /** `(select coalesce(json_agg(...), '[]'::json) from (<the builder's statement>) q(c0, c1, ...))`: its rows in order. */
  sql: SQL;
  decode(value: unknown): T[];
}

export function jsonRows<T>(query: SelectBuilder<T>): JsonRows<T> {
  const fields = orderSelectedFields(query._.selectedFields);
  // Which joined tables may be null (a left join's): set on a select builder with joins, absent without.
  const map = 'joinsNotNullableMap' in query ? query.joinsNotNullableMap : undefined;
  const joins =
    map && typeof map === 'object'
      ? Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v === true]))
      : undefined;
  const cols = fields.map((_, i) => `c${i}`);
  return {
    sql: sql`(select coalesce(json_agg(json_build_array(${sql.raw(cols.map((c) => `q.${c}`).join(', '))})), '[]'::json)
      from (${query.getSQL()}) as q(${sql.raw(cols.join(', '))}))`,
    decode: (value) =>
      ((typeof value === 'string' ? JSON.parse(value) : value) as unknown[][]).map(
        (row) => mapResultRow(fields, row, joins) as T,
      ),
  };
}
