import { describe, expect, it, vi } from 'vitest';
import { and, desc, eq, is, Param, sql, SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { testApp, json } from './harness';
import { type Db, rowsOf } from '../db/client';
import { signedIn } from './factories';
import { insertParticipants, participant, referenceIds } from './participants-fixtures';
import { sentNamedStatements, sentStatements } from './sent-statements';
import { anyId, Bindings, insertValues, preparedStatements, tableShape } from '../platform/statement-cache';
import { collectedSamples } from '../modules/samples/samples.table';
import { qualified } from '../platform/qualified';
import { jsonRows } from '../platform/json-rows';
import { inlinesParams, sessionClient } from '../platform/drizzle-internals';
import { genders } from '../platform/lookups/lookup.tables';
import { selectRecords } from '../platform/record-refs';
import { patients } from '../modules/participants/participants.table';

describe('insertValues (a prepared insert binds every key)', () => {
  it('binds the given values; for a key not given the $defaultFn drawn now, the constant default, else null; an SQL default must be given', () => {
    const keys = ['institutionId', 'origin', 'isSubsample', 'parentId', 'concurrencyStamp'] as const;
    const a = insertValues(collectedSamples, keys, { institutionId: 7, parentId: undefined });
    const b = insertValues(collectedSamples, keys, { institutionId: 7, origin: 'received' });
    expect(a).toMatchObject({ institutionId: 7, origin: 'collected', isSubsample: false, parentId: null });
    expect(b.origin).toBe('received');
    expect(typeof a.concurrencyStamp).toBe('string');
    expect(a.concurrencyStamp).not.toBe(b.concurrencyStamp);
    expect(() => insertValues(collectedSamples, ['createdDate'], {})).toThrow(/SQL default/);
  });
});

describe('Bindings.template', () => {
  const where = (inst: number, name: string) =>
    and(eq(patients.institutionId, inst), sql`lower(${patients.firstName}) like ${name}`)!;

  it('takes the values out: the same shape for other values, its values in order', () => {
    const a = new Bindings();
    const b = new Bindings();
    const ta = a.template(where(7, 'ab%'))!;
    const tb = b.template(where(8, 'cd%'))!;
    expect(ta.shape).toBe(tb.shape);
    expect(ta.shape).not.toMatch(/ab%|\b7\b/);
    expect(a.values).toEqual({ p0: 7, p1: 'ab%' });
    expect(b.values).toEqual({ p0: 8, p1: 'cd%' });
    // A text value: PostgreSQL must plan for it each time (no named statement).
    expect(a.onlyNumbers).toBe(false);
  });

  it('names the columns and text in the shape, and gives up on what it does not know', () => {
    const ids = new Bindings();
    expect(ids.template(eq(patients.institutionId, 7))!.shape).not.toBe(
      new Bindings().template(eq(patients.genderId, 7))!.shape,
    );
    expect(ids.onlyNumbers).toBe(true);
    expect(new Bindings().template(sql`${patients.id} > ${1}`)!.shape).not.toBe(
      new Bindings().template(sql`${patients.id} < ${1}`)!.shape,
    );
    // A list of values or a sub-query builder is not taken apart: such a statement is built as before.
    expect(new Bindings().template(sql`${patients.id} in ${[1, 2]}`)).toBeNull();
    expect(
      new Bindings().template(sql`${patients.id} in (${t.db.select({ id: patients.id }).from(patients)})`),
    ).toBeNull();
  });
});

describe('anyId (issue 30: reads by ids prepared by name)', () => {
  it('binds a list of ids as ONE array parameter: one shape for any count above one, all numbers; one id as `= $n`', () => {
    const two = new Bindings();
    const five = new Bindings();
    const t2 = two.template(and(eq(patients.institutionId, 7), anyId(patients.id, [1, 2]))!)!;
    const t5 = five.template(and(eq(patients.institutionId, 7), anyId(patients.id, [1, 2, 3, 4, 5]))!)!;
    expect(t2.shape).toBe(t5.shape);
    expect(two.onlyNumbers && five.onlyNumbers).toBe(true);
    expect(five.values).toEqual({ p0: 7, p1: [1, 2, 3, 4, 5] });
    expect(new PgDialect().sqlToQuery(t5.sql).sql).toBe(
      '("patients"."institution_id" = $1 and "patients"."id" = any($2::int4[]))',
    );
    const one = new Bindings();
    expect(new PgDialect().sqlToQuery(one.template(anyId(patients.id, [9]))!.sql).sql).toBe('"patients"."id" = $1');
    expect(one.values).toEqual({ p0: 9 });
    // Not ids: not taken apart.
    expect(new Bindings().template(sql`${patients.id} = any(${sql.param(['a'])})`)).toBeNull();
  });
});

// The cache walks Drizzle's SQL objects (docs/decisions/0011-statement-cache.md). These are the
// internals it reads; a Drizzle upgrade that changes one fails here, not as wrong rows in production.
describe('the Drizzle internals the cache relies on', () => {
  it('names a table by its Symbol.for keys, an alias marked', () => {
    expect(tableShape(patients)).toBe('.patients');
    expect(tableShape(alias(patients, 'p'))).toBe('.p@');
  });

  it('marks inlined parameters with shouldInlineParams, and gives up on them', () => {
    const inlined = sql`${patients.id} = ${1}`.inlineParams();
    expect(inlinesParams(inlined)).toBe(true);
    expect(new Bindings().template(inlined)).toBeNull();
  });

  it('keeps the decoder set by mapWith on the copy it makes', () => {
    const counted = sql<number>`count(${patients.id})`.mapWith(Number);
    const copy = new Bindings().template(counted)!.sql as unknown as {
      decoder: { mapFromDriverValue(v: unknown): unknown };
    };
    expect(copy.decoder).toBe((counted as unknown as { decoder: unknown }).decoder);
    expect(copy.decoder.mapFromDriverValue('3')).toBe(3);
  });

  it("keeps a column's encoder on the parameter it replaces", () => {
    const templated = new Bindings().template(eq(patients.birthDate, '2000-01-02'))!.sql;
    const params = templated.queryChunks
      .flatMap(function flat(c): unknown[] {
        return is(c, SQL) ? c.queryChunks.flatMap(flat) : [c];
      })
      .filter((c) => is(c, Param));
    expect(params).toHaveLength(1);
    expect(params[0]).toBeInstanceOf(Param);
    expect(is(params[0], Param) && params[0].encoder).toBe(patients.birthDate);
  });

  it('qualified() renders the table and column that the cache sees as plain text', () => {
    const b = new Bindings();
    const out = b.template(sql`${qualified(patients.id)} = ${5}`)!;
    expect(out.shape).toContain('"patients"."id"');
    expect(new PgDialect().sqlToQuery(out.sql).sql).toBe('"patients"."id" = $1');
  });
});

const t = await testApp();
const one = await signedIn(t);
const other = await signedIn(t);
for (const s of [one, other]) {
  const refs = await referenceIds(t, s.institution.id, s.token);
  for (const firstName of ['Alpha', 'Beta']) {
    const res = await t.call('POST', `/api/institutions/${s.institution.id}/patients`, {
      token: s.token,
      body: participant(refs, { FirstName: `${firstName}${s.institution.id}` }),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('a list statement built once', () => {
  it("is run again with each request's values: each institution sees its own rows, and nothing is rebuilt", async () => {
    const page = (inst: number) =>
      selectRecords(t.db, patients, {
        where: eq(patients.institutionId, inst),
        orderBy: desc(patients.id),
        limit: 10,
        offset: 0,
      });
    const first = await page(one.institution.id);
    const build = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      let second: Awaited<ReturnType<typeof page>> | undefined;
      const sent = await sentStatements(t.db, async () => {
        second = await page(other.institution.id);
      });
      expect(build).not.toHaveBeenCalled();
      expect(sent).toHaveLength(1);
      expect(first.rows.map((r) => r.firstName)).toEqual([`Beta${one.institution.id}`, `Alpha${one.institution.id}`]);
      expect(second!.rows.map((r) => r.firstName)).toEqual([
        `Beta${other.institution.id}`,
        `Alpha${other.institution.id}`,
      ]);
    } finally {
      build.mockRestore();
    }
  });

  it('through the API too: a search and the first page of either institution answer their own rows', async () => {
    for (const s of [one, other, one]) {
      const all = json<{ firstName: string }[]>(
        await t.call('GET', `/api/institutions/${s.institution.id}/patients?PageSize=5`, { token: s.token }),
      );
      expect(all.map((p) => p.firstName)).toEqual([`Beta${s.institution.id}`, `Alpha${s.institution.id}`]);
      const found = json<{ firstName: string }[]>(
        await t.call('GET', `/api/institutions/${s.institution.id}/patients?SearchTerm=alp`, { token: s.token }),
      );
      expect(found.map((p) => p.firstName)).toEqual([`Alpha${s.institution.id}`]);
    }
  });
});

describe("a search's page of records (issue 30)", () => {
  it('is one text prepared by name for one id or several, not a text per count built on every search', async () => {
    const s = await signedIn(t);
    const inst = s.institution.id;
    const refs = await referenceIds(t, inst, s.token);
    for (const firstName of ['Gamma', 'Gammon', 'Gammut']) {
      const body = participant(refs, { FirstName: firstName });
      expect((await t.call('POST', `/api/institutions/${inst}/patients`, { token: s.token, body })).statusCode).toBe(
        201,
      );
    }
    const records = async (term: string, found: string[]) => {
      let rows: { firstName: string }[] = [];
      const sent = await sentNamedStatements(t.db, async () => {
        rows = json(await t.call('GET', `/api/institutions/${inst}/patients?SearchTerm=${term}`, { token: s.token }));
      });
      expect(rows.map((r) => r.firstName).sort()).toEqual(found);
      // The page's records after the tiers (the one-statement searches, which carry `pg.final`, read them too).
      return sent.filter((q) => q.text.includes('"creator"."first_name"') && !q.text.includes('pg.final'));
    };
    const single = await records('gamma', ['Gamma']);
    const both = await records('gammo', ['Gammon']).then(() => records('gam', ['Gamma', 'Gammon', 'Gammut']));
    const again = await records('gamm', ['Gamma', 'Gammon', 'Gammut']);
    for (const read of [single, both, again]) {
      expect(read).toHaveLength(1);
      expect(read[0].name).not.toBe('');
    }
    expect(both[0].text).toBe(again[0].text);
    expect(both[0].text).toMatch(/= any\(\$\d+::int4\[\]\)/);
  });
});

describe("a transaction's prepared statements (issue 30)", () => {
  it('are built once per connection, not once per transaction: the next transaction on a pool client reuses them', async () => {
    let builds = 0;
    const byId = preparedStatements('test.transaction.patient', (db: Db) => {
      builds++;
      return db
        .select({ firstName: patients.firstName })
        .from(patients)
        .where(
          and(eq(patients.institutionId, sql.placeholder('inst')), eq(patients.firstName, sql.placeholder('name'))),
        );
    });
    const connections = new Set<object>();
    for (const s of [one, other, one, other, one, other]) {
      const rows = await t.db.transaction((tx) => {
        connections.add(sessionClient(tx));
        return byId(tx, '', false).execute({ inst: s.institution.id, name: `Alpha${s.institution.id}` });
      });
      // Each institution's own row, whichever transaction built the statement.
      expect(rows).toEqual([{ firstName: `Alpha${s.institution.id}` }]);
    }
    expect(builds).toBe(connections.size);
    // node-postgres hands the same idle client to transaction after transaction; PGlite has one handle per transaction.
    if (process.env.DATABASE_URL) expect(connections.size).toBeLessThan(6);
  });
});

// json-rows.ts decodes a select's json rows with Drizzle's own mapResultRow and orderSelectedFields (run-time
// exports left out of Drizzle's types) and reads a builder's joinsNotNullableMap
// (docs/decisions/0011-statement-cache.md "json-rows").
describe('the Drizzle internals json-rows relies on', () => {
  it("decodes positional rows as the builder's own rows: column decoders, nested objects, a left join's null", () => {
    const q = t.db
      .select({
        id: patients.id,
        born: patients.birthDate,
        n: sql<number>`1`.mapWith(Number),
        gender: { id: genders.id, title: genders.title },
      })
      .from(patients)
      .leftJoin(genders, eq(genders.id, patients.genderId));
    const { decode } = jsonRows(q);
    expect(decode([[5, '2000-01-02', '7', 3, 'Female']])).toEqual([
      { id: 5, born: '2000-01-02', n: 7, gender: { id: 3, title: 'Female' } },
    ]);
    // A left-joined table whose columns are all null is null, as when the builder runs alone.
    expect(decode(JSON.stringify([[6, null, '1', null, null]]))).toEqual([{ id: 6, born: null, n: 1, gender: null }]);
  });
});

// PGlite's driver ignores a statement's name: the database handle prepares the named texts itself and runs them
// by EXECUTE with their generic plan (db/client.ts nameStatements). On PostgreSQL pg names them per connection.
describe.skipIf(process.env.DATABASE_URL)('named statements on PGlite', () => {
  it('are prepared once and run with their generic plan, never planned again for their values', async () => {
    for (let i = 0; i < 7; i++)
      expect(
        (await t.call('GET', `/api/institutions/${one.institution.id}/genders?PageSize=10`, { token: one.token }))
          .statusCode,
      ).toBe(200);
    const prepared = await rowsOf<{ name: string; generic: number; custom: number }>(
      t.db,
      sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 's\_%'`,
    );
    expect(prepared.length).toBeGreaterThan(0);
    expect(prepared.every((p) => p.custom === 0)).toBe(true);
    expect(Math.max(...prepared.map((p) => p.generic))).toBeGreaterThanOrEqual(7);
  });

  it('take text values as they are: quotes and backslashes are values, not SQL', async () => {
    const inst = one.institution.id;
    const byName = (firstName: string) =>
      selectRecords(t.db, patients, {
        where: and(eq(patients.institutionId, inst), eq(patients.firstName, firstName)),
        orderBy: desc(patients.id),
        limit: 10,
        offset: 0,
        genericPlan: true,
      });
    expect((await byName(`Alpha${inst}`)).rows.map((r) => r.firstName)).toEqual([`Alpha${inst}`]);
    for (const hostile of [`Alpha${inst}' or 'x'='x`, `x\\' or true --`, `'; drop table patients; --`])
      expect((await byName(hostile)).rows).toEqual([]);
    expect((await byName(`Beta${inst}`)).rows.map((r) => r.firstName)).toEqual([`Beta${inst}`]);
  });
});

// pg names a statement per connection and PostgreSQL decides per statement: five plans for the values, then the
// generic plan if it looks no dearer. A bound `limit $n` looks like a tenth of the matching rows to it, so a list's
// first page was planned again on every request (2-3 ms at full size, issue 30).
describe.skipIf(!process.env.DATABASE_URL)('named statements on PostgreSQL', () => {
  it("a list's first page keeps its generic plan after PostgreSQL's first five: it is not planned again for its values", async () => {
    const big = await signedIn(t);
    const ro = await referenceIds(t, big.institution.id, big.token);
    await insertParticipants(t, big.institution.id, ro, 20_000, { first: 'Many' });
    await t.db.execute(sql`analyze patients`);
    // One connection for the pages and the look at its prepared statements (a transaction's statements are named too).
    const [before, after] = await t.db.transaction(async (tx) => {
      const pages = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const page = await selectRecords(tx, patients, {
            where: eq(patients.institutionId, big.institution.id),
            byId: { desc: true },
            limit: 10,
            offset: 0,
          });
          expect(page.rows).toHaveLength(10);
        }
        return rowsOf<{ generic: number; custom: number }>(
          tx,
          sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where statement like 'select "patients"."id", %' and generic_plans + custom_plans >= 8`,
        );
      };
      return [await pages(12), await pages(4)];
    });
    // After its first plans (five for the values; a few more when the connection ran it before the rows above, whose
    // cheaper plans weigh in the average PostgreSQL holds the generic plan's cost against: CI saw six), every call
    // runs the generic plan: the last four added no custom plan (the code before 09a4443a: custom plans only).
    expect(before).toHaveLength(1);
    expect(after).toHaveLength(1);
    expect(after[0].generic - before[0].generic).toBe(4);
    expect(after[0].custom).toBe(before[0].custom);
  });
});
