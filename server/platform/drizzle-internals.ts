import * as drizzle from 'drizzle-orm';
import { is, SQL, type Table } from 'drizzle-orm';

/**
 * Every read of Drizzle's internals, in one file (issue 29; docs/decisions/0011-statement-cache.md "What it relies
 * on in Drizzle"). The statement cache (statement-cache.ts) and json-rows (json-rows.ts) need a few things Drizzle
 * has at run time but leaves out of its type declarations. Each is checked here where it is read, by narrowing
 * (`in`, `typeof`), never by a cast: a Drizzle upgrade that renames or retypes one throws DrizzleInternalsChanged,
 * at start-up for the functions json-rows calls and on first use for the rest, instead of a cache that silently
 * renders wrong SQL. drizzle-internals.test.ts plants each change.
 */
export class DrizzleInternalsChanged extends Error {
  constructor(what: string) {
    super(
      `Drizzle no longer has ${what}, which server/platform/drizzle-internals.ts relies on: re-check the list in docs/decisions/0011-statement-cache.md before upgrading Drizzle.`,
    );
    this.name = 'DrizzleInternalsChanged';
  }
}

// Drizzle's own keys (Symbol.for, so the same symbols as its table.js): a table's name, schema and alias mark.
const SCHEMA = Symbol.for('drizzle:Schema');
const NAME = Symbol.for('drizzle:Name');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

/** What names a table in SQL text: its schema (undefined: the default), its name, and whether it is an alias. */
export interface TableNaming {
  schema: string | undefined;
  name: string;
  isAlias: boolean;
}

export function tableNaming(t: Table): TableNaming {
  if (!(SCHEMA in t) || !(NAME in t) || !(IS_ALIAS in t))
    throw new DrizzleInternalsChanged("a table's Symbol.for keys");
  const schema = t[SCHEMA];
  const name = t[NAME];
  const isAlias = t[IS_ALIAS];
  if (typeof name !== 'string') throw new DrizzleInternalsChanged("a table's name under Symbol.for('drizzle:Name')");
  if (schema !== undefined && typeof schema !== 'string')
    throw new DrizzleInternalsChanged("a table's schema under Symbol.for('drizzle:Schema')");
  if (typeof isAlias !== 'boolean')
    throw new DrizzleInternalsChanged("an alias mark under Symbol.for('drizzle:IsAlias')");
  return { schema, name, isAlias };
}

/** Whether `inlineParams()` was called on the fragment: its values are rendered into the text, not bound. */
export function inlinesParams(s: SQL): boolean {
  // Declared private in Drizzle's types: read as an own property, checked. Called for every fragment the statement
  // cache walks on each request, so it reads the one key rather than listing the object's entries.
  const inline: unknown = Object.hasOwn(s, 'shouldInlineParams') ? Reflect.get(s, 'shouldInlineParams') : undefined;
  if (typeof inline !== 'boolean') throw new DrizzleInternalsChanged('SQL.shouldInlineParams as a boolean');
  return inline;
}

/** A fragment's value decoder (an object with `mapFromDriverValue`), as `mapWith()` sets it and a select applies it. */
function decoderOf(s: SQL): object {
  if (!('decoder' in s)) throw new DrizzleInternalsChanged('SQL.decoder');
  const d = s.decoder;
  if (typeof d !== 'object' || d === null || !('mapFromDriverValue' in d) || typeof d.mapFromDriverValue !== 'function')
    throw new DrizzleInternalsChanged('SQL.decoder with a mapFromDriverValue function');
  return d;
}

/** The decoder of `from` (set by `mapWith()`) set on `to` too, so a rebuilt fragment is still mapped when selected. */
export function copyDecoder(from: SQL, to: SQL): void {
  const d = decoderOf(from);
  if (!('decoder' in to)) throw new DrizzleInternalsChanged('SQL.decoder');
  to.decoder = d;
}

/**
 * The connection a database handle's statements go to: its session's `client` (declared private in Drizzle's types).
 * node-postgres: the pool for the database's own handle, the pool client a transaction checked out for a transaction
 * (the same few clients serve every transaction); PGlite: the instance, or a handle of one transaction.
 */
export function sessionClient(db: { _: { session: object } }): object {
  const session = db._.session;
  const client: unknown = 'client' in session ? session.client : undefined;
  if (typeof client !== 'object' || client === null) throw new DrizzleInternalsChanged("a session's client");
  return client;
}

/** A selected field in Drizzle's order, with its path in the result row (`['gender', 'title']`). */
interface OrderedField {
  path: string[];
  field: unknown;
}

/** A run-time export of drizzle-orm left out of its type declarations (marked internal), checked at start-up. */
function untypedExport(name: string): (...args: unknown[]) => unknown {
  const exports: object = drizzle;
  const found: unknown = Object.entries(exports).find(([k]) => k === name)?.[1];
  if (typeof found !== 'function') throw new DrizzleInternalsChanged(`the function ${name} among its exports`);
  return (...args) => Reflect.apply(found, undefined, args);
}
const mapResultRow = untypedExport('mapResultRow');
const orderSelectedFields = untypedExport('orderSelectedFields');

/** A select's fields (`builder._.selectedFields`) in the order Drizzle selects them, each with its row path. */
function orderedFields(selectedFields: unknown): OrderedField[] {
  const out: unknown = orderSelectedFields(selectedFields);
  if (!Array.isArray(out)) throw new DrizzleInternalsChanged('orderSelectedFields returning a list');
  const items: unknown[] = out;
  return items.map((f) => {
    if (typeof f !== 'object' || f === null || !('path' in f) || !('field' in f) || !Array.isArray(f.path))
      throw new DrizzleInternalsChanged('orderSelectedFields returning {path, field}');
    const path: unknown[] = f.path;
    if (!path.every((p) => typeof p === 'string')) throw new DrizzleInternalsChanged('selected field paths of names');
    // A fragment's value is mapped by its decoder (mapWith): check it is where mapResultRow reads it.
    if (is(f.field, SQL)) decoderOf(f.field);
    return { path: path.map(String), field: f.field };
  });
}

/** Which joined tables may be null (a left join's): a select builder's `joinsNotNullableMap`; undefined without joins. */
function joinsNotNullable(builder: object): Record<string, boolean> | undefined {
  const map = 'joinsNotNullableMap' in builder ? builder.joinsNotNullableMap : undefined;
  if (map === undefined) return undefined;
  if (typeof map !== 'object' || map === null)
    throw new DrizzleInternalsChanged('joinsNotNullableMap as an object on a select builder');
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v === true]));
}

/** What a select builder exposes (typed): its selected fields and, as a type only, its rows. */
export interface SelectBuilder<T> {
  _: { selectedFields: unknown; result: T[] };
}

/**
 * How a select builder decodes its rows, for its rows sent another way (json-rows.ts): `width` values per row, in
 * the select's order, and `decode` maps one positional row (the values as the driver gives them) exactly as the
 * select itself does: each value through its column's or fragment's decoder, nested objects by path, a left
 * join's all-null table as null (Drizzle's own mapResultRow).
 */
export function rowDecoder<T>(query: SelectBuilder<T>): { width: number; decode(row: unknown[]): T } {
  const fields = orderedFields(query._.selectedFields);
  const joins = joinsNotNullable(query);
  return {
    width: fields.length,
    decode: (row) => {
      const decoded: unknown = mapResultRow(fields, row, joins);
      if (typeof decoded !== 'object' || decoded === null)
        throw new DrizzleInternalsChanged('mapResultRow returning a row object');
      // The one cast of the server's Drizzle code: T, the builder's row type, exists only in Drizzle's types
      // (`_.result` is never set at run time), so no run-time check can prove a row is a T. The row is built by
      // the same function, from the same fields, as Drizzle's own select builds the rows it types as T.
      return decoded as T;
    },
  };
}
