import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { freshDatabase, testApp } from '../test/harness';
import { signedIn } from '../test/factories';
import { participant, referenceIds } from '../test/participants-fixtures';
import { rowsOf } from './client';
import { pgCode } from '../platform/errors';
import { PgliteThread } from './pglite-thread-client';

// PGlite on a thread of its own (pglite-thread-client.ts, ADR 0017), as the API server runs it by default
// (PGLITE_THREAD). The rest of the suite opens PGlite on the test's thread, where sentStatements can watch it.
const onPglite = !process.env.DATABASE_URL;
const limits = loadConfig({}).databaseLimits;

describe.skipIf(!onPglite)('PGlite on its own thread (PGlite only)', () => {
  it('runs a statement while the event loop goes on: timers fire and requests are answered meanwhile', async () => {
    const t = await testApp({ PGLITE_THREAD: 'worker' });
    let finished = false;
    // Two seconds inside PostgreSQL however fast the machine: on the caller's thread nothing else would run meanwhile.
    const slow = t.db.execute(sql`select pg_sleep(2)`).then(() => (finished = true));
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waited = performance.now() - started;
    // A request that needs no database: refused before any statement (no token).
    const anonymous = await t.call('GET', '/api/institutions/1/patients');
    expect(anonymous.statusCode).toBe(401);
    expect(finished).toBe(false);
    expect(waited).toBeLessThan(1000);
    await slow;
    expect(finished).toBe(true);
  });

  it('serves the API: a write in one transaction, its conflict as a problem, a search and the audit', async () => {
    const t = await testApp({ PGLITE_THREAD: 'worker' });
    const { institution, token } = await signedIn(t);
    const base = `/api/institutions/${institution.id}`;
    const refs = await referenceIds(t, institution.id, token);
    const body = participant(refs, { PatientMRN: 'MRN-THREAD-1', FirstName: 'Hélène' });
    const created = await t.call('POST', `${base}/patients/register`, { token, body });
    expect(created.statusCode, created.body).toBe(201);
    const audited = async () =>
      (
        await rowsOf<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from audit_events where institution_id = ${institution.id}`,
        )
      )[0].n;
    const before = await audited();
    expect(before).toBeGreaterThan(0);
    // The unique index's violation crosses the thread with its SQLSTATE and constraint: the same 409 as on one thread.
    const again = await t.call('POST', `${base}/patients/register`, { token, body });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().title).toBeTruthy();
    // Atomic: the refused registration left no second participant and no audit row.
    const found = await t.call('GET', `${base}/patients?SearchTerm=helene`, { token });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().map((p: { firstName: string }) => p.firstName)).toEqual(['Hélène']);
    expect(await audited()).toBe(before);
  });

  it('rolls a transaction back when its function throws, and hears notifications before the answer', async () => {
    const database = await freshDatabase(limits, null, 'worker');
    afterAll(() => database.close());
    const { db } = database;
    await db.execute(sql`create table thread_probe (id int primary key, at timestamptz not null default now())`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id) values (1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (2)`);
      // Drizzle's savepoint for a nested transaction runs on the same transaction of the thread.
      await tx.transaction(async (inner) => inner.execute(sql`insert into thread_probe (id) values (3)`));
    });
    const rows = await rowsOf<{ id: number; at: string }>(db, sql`select id, at from thread_probe order by id`);
    expect(rows.map((r) => r.id)).toEqual([2, 3]);
    // Timestamps stay PostgreSQL's text, as Drizzle's PGlite driver asks on one thread.
    expect(typeof rows[0].at).toBe('string');

    let heard = 0;
    database.onAuthChange!(() => heard++);
    await db.execute(sql`notify lims_auth`);
    expect(heard).toBe(1);

    // The upkeep and the copy of the data directory run on the thread too.
    expect((await database.upkeep!()).tables.map((t) => t.name)).toContain('thread_probe');
    const copy = await database.dump!();
    expect(copy.size).toBeGreaterThan(1_000_000);

    // Once the thread has ended, a statement fails as a lost connection does (the API answers 503).
    await database.close();
    const after = await db.execute(sql`select 1`).catch((err: unknown) => err);
    expect(pgCode(after)).toBe('08006');
  });

  it("keeps Drizzle's types as text, and gives a caller that asks for fewer PGlite's own values for the rest", async () => {
    const thread = await PgliteThread.open('memory://');
    afterAll(() => thread.close());
    const text = `select '2026-12-02 10:00:00+00'::timestamptz as at, '2026-12-02'::date as day, 7::int4 as n`;
    const asText = (...types: number[]) => ({ parsers: Object.fromEntries(types.map((t) => [t, (v: string) => v])) });
    // Drizzle's nine types (drizzle-orm/pglite), which the thread's PGlite keeps as text for every statement.
    const drizzle = asText(1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182);
    const both = (await thread.query<{ at: unknown; day: unknown; n: unknown }>(text, [], drizzle)).rows[0];
    expect(both).toEqual({ at: '2026-12-02 10:00:00+00', day: '2026-12-02', n: 7 });
    const arrays = await thread.query<unknown[]>(text, [], { ...drizzle, rowMode: 'array' });
    expect(arrays.rows[0]).toEqual(['2026-12-02 10:00:00+00', '2026-12-02', 7]);
    // Only timestamps as text: the date is PGlite's own Date again, as on a PGlite opened without parsers.
    const some = (await thread.query<{ at: unknown; day: unknown }>(text, [], asText(1184))).rows[0];
    expect(some.at).toBe('2026-12-02 10:00:00+00');
    expect(some.day).toBeInstanceOf(Date);
    // No options (PGlite's own callers): both parsed as PGlite parses them.
    const plain = (await thread.query<{ at: unknown; day: unknown }>(text)).rows[0];
    expect(plain.at).toEqual(new Date('2026-12-02T10:00:00Z'));
    expect(plain.day).toBeInstanceOf(Date);
    const [, execs] = await thread.exec(`select 1; ${text}`);
    expect(execs.rows[0]).toMatchObject({ at: new Date('2026-12-02T10:00:00Z'), n: 7 });
  });
});
