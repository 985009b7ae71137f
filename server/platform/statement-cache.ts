import { createHash } from 'node:crypto';
import type { Placeholder } from 'drizzle-orm';
import { Column, getTableColumns, is, Name, Param, SQL, sql, type SQLChunk, StringChunk, Table } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { type Db, nameStatement } from '../db/client';
import { copyDecoder, inlinesParams, sessionClient, tableNaming } from './drizzle-internals';

/**
 * Statements built once per shape instead of on every request. Drizzle turned the query builders of a
 * list page into SQL text on every call (18% of a first page's server CPU, profiled). Here a caller's
 * SQL fragments (where, order by, computed columns) are walked once per request, which is cheap: each
 * bound value becomes a placeholder and the rest of the fragment names the statement's shape. The
 * statement of a shape is built and prepared once per database handle and then executed with the
 * values. A fragment holding anything the walk does not know (a sub-query builder, an inlined
 * parameter) gives null, and the caller builds the statement as before.
 */
export class Bindings {
  readonly values: Record<string, unknown> = {};
  /** Every value so far is a number or a boolean (ids, flags, page sizes): see `prepare`. */
  onlyNumbers = true;
  private n = 0;

  bind(value: unknown): Placeholder<string> {
    const name = `p${this.n++}`;
    this.values[name] = value;
    if (typeof value !== 'number' && typeof value !== 'boolean' && !isIdArray(value)) this.onlyNumbers = false;
    return sql.placeholder(name);
  }

  /**
   * The fragment with its values as placeholders, and its shape (the text it renders, values as `?`); null if not
   * understood. A column stays itself; a fragment is rebuilt, with the same value type.
   */
  template<T>(fragment: SQL<T>): Templated<SQL<T>> | null;
  template<C extends Column>(fragment: C): Templated<C> | null;
  template<T, C extends Column>(fragment: SQL<T> | C): Templated<SQL<T> | C> | null;
  template<T, C extends Column>(fragment: SQL<T> | C): Templated<SQL<T> | C> | null {
    const parts: string[] = [];
    if (is(fragment, Column)) {
      walk(fragment, parts, this);
      return { shape: parts.join(''), sql: fragment };
    }
    const out = walkSql(fragment, parts, this);
    return out === NOT_UNDERSTOOD ? null : { shape: parts.join(''), sql: out };
  }
}

/** A list of integer ids (record ids are int4), in the form anyId binds. */
function isIdArray(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => Number.isInteger(x));
}

/**
 * The ids as a statement-cache-friendly condition: one id as `column = $n`, more as `column = any($n::int4[])` (ONE
 * array parameter), where Drizzle's `inArray` sends `in ($1, $2, ...)`, a text per count that the statement cache does
 * not take. So a read by ids has two texts whatever the count, each prepared by name (issue 30, the write read-backs).
 * One id keeps its own text because PostgreSQL guesses ten elements for an array parameter: the generic plan of
 * `= any($n)` then looks dearer than a plan for the values, and it plans every call again (pg_prepared_statements:
 * custom plans only), where the generic plan of `= $n` is chosen after the first five calls.
 */
export function anyId(column: Column | SQL, ids: readonly number[]): SQL {
  return ids.length === 1 ? sql`${column} = ${sql.param(ids[0])}` : idArray(column, sql.param([...ids]));
}

/** `column = any(<ids>::int4[])`, the ids a parameter or a placeholder of a prepared statement. */
export const idArray = (column: Column | SQL, ids: SQLChunk) => sql`${column} = any(${ids}::int4[])`;

/** A prepared statement's read by ids has two texts, like anyId: one id, or several. */
export type IdCount = 'one' | 'many';
export const idCount = (ids: readonly unknown[]): IdCount => (ids.length === 1 ? 'one' : 'many');

/** anyId for a prepared statement: the condition on placeholder `name`, to be bound with `idsValue`. */
export const idsPlaceholder = (column: Column | SQL, count: IdCount, name = 'ids'): SQL =>
  count === 'one' ? sql`${column} = ${sql.placeholder(name)}` : idArray(column, sql.placeholder(name));

/** The value bound to `idsPlaceholder` for these ids. */
export const idsValue = (ids: readonly number[]): number | number[] => (ids.length === 1 ? ids[0] : [...ids]);

/**
 * A row of placeholders, each named by its key: the values of an insert built and prepared once per connection
 * (`preparedStatements`), bound on each request by `insertValues` (issue 30: Drizzle rebuilt a collection's and an
 * allocation's inserts on every request, 8 % of a collection's server CPU, profiled). Columns left out of `keys` keep
 * their database default.
 */
export function placeholders<K extends string>(keys: readonly K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as Record<K, Placeholder<K>>;
}

/**
 * The values of an insert written with `placeholders(keys)`: every key is bound on every request, with its given
 * value, or for a key given as undefined what Drizzle's insert would have written: the column's `$defaultFn` drawn
 * now (a concurrency stamp), its constant default, else null. A column whose default is SQL (`defaultNow()`) cannot be
 * bound: such a key must be given.
 */
export function insertValues<K extends string>(
  table: Table,
  keys: readonly K[],
  values: Partial<Record<K, unknown>>,
): Record<string, unknown> {
  const columns = getTableColumns(table);
  const row: Record<string, unknown> = {};
  for (const k of keys) {
    const given = values[k];
    if (given !== undefined) {
      row[k] = given;
      continue;
    }
    const col = columns[k];
    if (col.defaultFn) row[k] = col.defaultFn();
    else if (is(col.default, SQL)) throw new Error(`insertValues: ${k} has an SQL default and must be given`);
    else row[k] = col.default ?? null;
  }
  return row;
}

export interface Templated<F> {
  shape: string;
  sql: F;
}

const NOT_UNDERSTOOD = Symbol('not understood');

/** What names a table in SQL text: schema, name, and whether it is an alias (drizzle renders those unqualified). */
export function tableShape(t: Table): string {
  const { schema, name, isAlias } = tableNaming(t);
  return `${schema ?? ''}.${name}${isAlias ? '@' : ''}`;
}
export const columnShape = (c: Column) => `${tableShape(c.table)}.${c.name}`;

/** A fragment rebuilt with its values as placeholders (its decoder kept), or NOT_UNDERSTOOD. */
function walkSql<T>(fragment: SQL<T>, parts: string[], b: Bindings): SQL<T> | typeof NOT_UNDERSTOOD {
  if (inlinesParams(fragment)) return NOT_UNDERSTOOD;
  parts.push('{');
  const chunks: SQLChunk[] = [];
  for (const c of fragment.queryChunks) {
    const w = walk(c, parts, b);
    if (w === NOT_UNDERSTOOD) return NOT_UNDERSTOOD;
    chunks.push(w);
  }
  parts.push('}');
  const copy = new SQL<T>(chunks);
  // The decoder (mapWith) maps the column's values when it is selected.
  copyDecoder(fragment, copy);
  return copy;
}

function walk(chunk: SQLChunk, parts: string[], b: Bindings): SQLChunk | typeof NOT_UNDERSTOOD {
  if (is(chunk, StringChunk)) {
    parts.push(chunk.value.join(''));
    return chunk;
  }
  if (is(chunk, SQL)) return walkSql(chunk, parts, b);
  if (is(chunk, Column)) {
    parts.push(`[${columnShape(chunk)}]`);
    return chunk;
  }
  if (is(chunk, Table)) {
    parts.push(`[${tableShape(chunk)}]`);
    return chunk;
  }
  if (is(chunk, Name)) {
    parts.push(`"${chunk.value}"`);
    return chunk;
  }
  if (is(chunk, Param)) {
    // A value the column maps itself (Param): the placeholder keeps the column's encoder.
    const v = chunk.value;
    // A list of ids (anyId): one parameter whatever its length, so one statement for any count.
    if (isIdArray(v)) {
      parts.push('?int[]');
      return new Param(b.bind(v), chunk.encoder);
    }
    if (v === null || v === undefined || typeof v === 'object' || typeof v === 'function') return NOT_UNDERSTOOD;
    parts.push(`?${typeof v}`);
    return new Param(b.bind(v), chunk.encoder);
  }
  // A bare value in sql``: sent as a parameter as it is.
  if (typeof chunk === 'number' || typeof chunk === 'boolean' || typeof chunk === 'string') {
    parts.push(`?${typeof chunk}`);
    return b.bind(chunk);
  }
  if (chunk === undefined) return chunk;
  return NOT_UNDERSTOOD;
}

interface Executable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
  /** Drizzle's prepared query: its SQL text. */
  getQuery?(): { sql: string };
}
interface Preparable<S extends Executable> {
  prepare(name: string): S;
}

/** Statements per database handle (the pool, or a transaction's connection) and call site, at most MAX_SHAPES each. */
const MAX_SHAPES = 500;

/**
 * A call site's prepared statements: `build(db, ...args)` makes its statement for a shape the first time, and
 * `statement(db, shape, onlyNumbers, ...args)` answers it from then on (`shape`: `''` for a site of one shape).
 * Each site keeps its own statements, all of the one type its builder returns, so the statement comes back typed
 * without a cast. Statements whose values are all
 * numbers and booleans are prepared by name on PostgreSQL (each connection parses and plans them once:
 * planning a list page took 1.6 ms against 0.3-0.6 ms to run it, measured at 1M participants); one plan
 * fits every id and flag. A statement with a text value (a search pattern) stays unnamed, so PostgreSQL
 * plans it for its values each time: the best plan for a common name and for a rare one differ. On PGlite the same
 * statements are prepared by name too (db/client.ts `nameStatement`), since its driver ignores the name.
 */
export function preparedStatements<A extends unknown[], S extends Executable>(
  site: string,
  build: (db: Db, ...args: A) => Preparable<S>,
): (db: Db, shape: string, onlyNumbers: boolean, ...args: A) => S {
  const byDb = new WeakMap<object, Map<string, S>>();
  return (db, shape, onlyNumbers, ...args) => {
    // A transaction is a new handle each time, but a prepared statement belongs to the connection it runs on, so a
    // transaction's are kept by its connection (a pool client serves transaction after transaction) instead of being
    // built again for each one (issue 30: 13.6 % of a result save's server CPU was Drizzle re-building them).
    const connection = db instanceof PgTransaction ? sessionClient(db) : db;
    let statements = byDb.get(connection);
    if (!statements) byDb.set(connection, (statements = new Map()));
    const key = `${onlyNumbers ? 'n' : 't'}${shape}`;
    let s = statements.get(key);
    if (!s) {
      if (statements.size >= MAX_SHAPES) statements.delete(statements.keys().next().value!);
      const name = onlyNumbers
        ? `s_${createHash('sha1').update(`${site}\u0000${shape}`).digest('hex').slice(0, 30)}`
        : '';
      s = build(db, ...args).prepare(name);
      // PGlite's driver ignores the name: the database handle prepares the text by it instead (db/client.ts).
      const text = name ? s.getQuery?.().sql : undefined;
      if (text) nameStatement(db, text, name);
      statements.set(key, s);
    }
    return s;
  };
}

/**
 * A raw statement (a data-modifying WITH, which Drizzle's builders cannot prepare) as preparedStatements' `build`
 * answers one: its values given as `sql.placeholder`s, bound on each run. Its rows typed `R` (both drivers answer
 * `{ rows }`, as rowsOf reads them). Prepared by name, PostgreSQL parses and plans it once per connection (issue 30:
 * a collection's ID draw and a write's audit insert were planned on every request, 0.16-0.25 ms each).
 */
export function rawStatement<R>(db: Db, query: SQL) {
  return {
    prepare: (name: string) =>
      db._.session.prepareQuery<{ execute: { rows: R[] }; all: unknown; values: unknown }>(
        dialect.sqlToQuery(query),
        undefined,
        name || undefined,
        false,
      ),
  };
}

/**
 * The rows of an insert with their values as placeholders, for a statement prepared per shape (rawStatement,
 * preparedStatements): Drizzle built a multi-table insert's text on every request (9% of a registration's server CPU,
 * profiled). `row` answers the row to build the statement from once per shape, and notes this request's values and
 * the shape: which keys each row gives (a key left out, or undefined, is the column's default as Drizzle writes it:
 * `default`, or its `$defaultFn` / `$onUpdateFn` run for each request, as Drizzle runs it for each insert). An SQL
 * value is written into the text: only constants (the same fragment for every request of the shape).
 */
export class InsertBindings {
  readonly values: Record<string, unknown> = {};
  private readonly parts: string[] = [];

  get shape() {
    return this.parts.join('\u0001');
  }

  row(table: Table, values: Record<string, unknown>, name: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const shape: string[] = [name];
    for (const [key, v] of Object.entries(values)) {
      if (v === undefined) continue;
      if (is(v, SQL)) {
        out[key] = v;
        shape.push(`${key}=sql`);
        continue;
      }
      const p = `${name}.${key}`;
      this.values[p] = v;
      out[key] = sql.placeholder(p);
      shape.push(key);
    }
    for (const [key, fn] of defaultFns(table)) {
      if (values[key] !== undefined) continue;
      const made = fn();
      // A default that is SQL (none today) stays in the text as Drizzle writes it.
      if (is(made, SQL)) continue;
      const p = `${name}.${key}`;
      this.values[p] = made;
      out[key] = sql.placeholder(p);
      shape.push(`${key}=fn`);
    }
    this.parts.push(shape.join(','));
    return out;
  }
}

/** A table's columns whose value Drizzle makes per insert when none is given ($defaultFn; $onUpdateFn without a default). */
const defaultFnsOf = new WeakMap<Table, [string, () => unknown][]>();
function defaultFns(table: Table): [string, () => unknown][] {
  let fns = defaultFnsOf.get(table);
  if (!fns) {
    fns = [];
    for (const [key, col] of Object.entries(getTableColumns(table))) {
      if (col.defaultFn) fns.push([key, col.defaultFn]);
      else if (!col.hasDefault && col.onUpdateFn) fns.push([key, col.onUpdateFn]);
    }
    defaultFnsOf.set(table, fns);
  }
  return fns;
}

const dialect = new PgDialect();
