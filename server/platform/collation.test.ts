// Issue 33 item 3: names sort as people read them, on PGlite and PostgreSQL alike.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { testApp } from '../test/harness';
import { collated } from './collation';

const t = await testApp();

it("sorts 'Émile' between 'Eliane' and 'Eric', not after 'Z'", async () => {
  const names = sql`(values ('Eric'), ('Zoé'), ('Émile'), ('eliane'), ('Eliane'), ('Zacharie')) as v(name)`;
  const rows = await rowsOf<{ name: string }>(
    t.db,
    sql`select name from ${names} order by ${collated(sql.raw('name'))}, name`,
  );
  expect(rows.map((r) => r.name)).toEqual(['eliane', 'Eliane', 'Émile', 'Eric', 'Zacharie', 'Zoé']);
  // The bytes order this replaces: every accented name after 'Z'.
  const bytes = await rowsOf<{ name: string }>(t.db, sql`select name from ${names} order by name collate "C"`);
  expect(bytes.map((r) => r.name).at(-1)).toBe('Émile');
});
