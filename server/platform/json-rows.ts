import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { rowDecoder, type SelectBuilder } from './drizzle-internals';

// One statement for many reads (issue 30 item 4, docs/fhir.md "One statement per bundle"): a module's select
// builder (its own tables, its own columns) becomes a json sub-select of positional rows that another module
// can place in a bigger statement without naming the tables, and `decode` turns the json back into exactly
// the rows the builder returns when run alone: the same Drizzle decoders, column by column (drizzle-internals.ts).

export interface JsonRows<T> {
  /** `(select coalesce(json_agg(...), '[]'::json) from (<the builder's statement>) q(c0, c1, ...))`: its rows in order. */
  sql: SQL;
  decode(value: unknown): T[];
}

/** The json value of the sub-select (text or parsed, as the driver gives it) as positional rows. */
function positionalRows(value: unknown): unknown[][] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) throw new Error('json-rows: the sub-select did not give a json array of rows');
  const rows: unknown[] = parsed;
  return rows.map((row) => {
    if (!Array.isArray(row)) throw new Error('json-rows: a row of the sub-select is not a json array');
    const values: unknown[] = row;
    return values;
  });
}

export function jsonRows<T>(query: SelectBuilder<T> & { getSQL(): SQL }): JsonRows<T> {
  const rows = rowDecoder(query);
  const cols = Array.from({ length: rows.width }, (_, i) => `c${i}`);
  return {
    sql: sql`(select coalesce(json_agg(json_build_array(${sql.raw(cols.map((c) => `q.${c}`).join(', '))})), '[]'::json)
      from (${query.getSQL()}) as q(${sql.raw(cols.join(', '))}))`,
    decode: (value) => positionalRows(value).map(rows.decode),
  };
}

/**
 * A table's row read as `row_to_json` (its columns' names as keys) as Drizzle reads it: each value through its
 * column's decoder (a timestamp as a Date), keyed by the columns' keys, in the table's column order.
 */
export function tableRowFromJson(table: Table, json: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const v = json[column.name];
    row[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
  }
  return row;
}
