// Issue 33 item 3: names sort as people read them, on PGlite and PostgreSQL alike.
import { expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { testApp, json } from '../test/harness';
import { createAccount, signedIn } from '../test/factories';
import { accounts } from '../modules/accounts/accounts.table';
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

it('lists accounts by last name in that order', async () => {
  const admin = await signedIn(t, ['Institution Administrator']);
  const tag = `Coll${Date.now()}`;
  for (const lastName of [`${tag}Eric`, `${tag}Émile`, `${tag}Eliane`]) {
    const acc = await createAccount(t, { roles: ['Technician'], institutionIds: [admin.institution.id] });
    await t.db.update(accounts).set({ lastName }).where(eq(accounts.id, acc.id));
  }
  const res = await t.call('GET', `/api/users?SearchTerm=${tag}&PageSize=10`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  expect(json<{ lastName: string }[]>(res).map((a) => a.lastName)).toEqual([
    `${tag}Eliane`,
    `${tag}Émile`,
    `${tag}Eric`,
  ]);
});
