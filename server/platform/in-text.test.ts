import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inText } from './in-text';

describe('inText', () => {
  it('writes an integer into the text, with no parameter', () => {
    const q = new PgDialect().sqlToQuery(sql`select ${inText(500)} as k, ${inText(-3)} as n`);
    expect(q).toEqual({ sql: 'select 500 as k, -3 as n', params: [] });
  });

  it('refuses anything but a safe integer', () => {
    for (const n of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => inText(n)).toThrow(/integer/);
  });
});
