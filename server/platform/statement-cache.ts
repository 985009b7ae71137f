import { createHash } from 'node:crypto';
import { Column, is, Name, Param, type Placeholder, SQL, sql, type SQLChunk, StringChunk, Table } from 'drizzle-orm';
import { type Db, nameStatement } from '../db/client';
import { copyDecoder, inlinesParams, tableNaming } from './drizzle-internals';

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
    if (typeof value !== 'number' && typeof value !== 'boolean') this.onlyNumbers = false;
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

/** Statements per database handle (the pool, or one transaction) and call site, at most MAX_SHAPES each. */
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
  const byDb = new WeakMap<Db, Map<string, S>>();
  return (db, shape, onlyNumbers, ...args) => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
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
