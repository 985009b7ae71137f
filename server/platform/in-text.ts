import { sql, type SQL } from 'drizzle-orm';

/**
 * An integer written into a statement's text, not bound: a kind or part number (a union's column types come from its
 * first branch), or a limit PostgreSQL must see to keep a generic plan (it takes a bound `limit` for a tenth of the
 * rows). Only a safe integer is written: anything else would be SQL text of the caller's making.
 */
export function inText(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`inText: ${n} is not an integer`);
  return sql.raw(String(n));
}
