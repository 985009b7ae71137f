import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { freshDatabase, testApp } from '../test/harness';
import { rowsOf, type Db } from './client';

// PGlite has no autovacuum (single-user mode), so the process vacuums and analyses the tables that grew
// (pglite-upkeep.ts, docs/operations.md "PGlite upkeep"). On PostgreSQL autovacuum does it and there is no upkeep.
const onPglite = !process.env.DATABASE_URL;
const limits = loadConfig({}).databaseLimits;

/** What the planner expects `where k = 1` to return from the probe table, and what pg_class says it holds. */
async function planOf(db: Db) {
  const [plan] = await rowsOf<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    db,
    sql`explain (format json) select * from upkeep_probe where k = 1`,
  );
  const [cls] = await rowsOf<{ reltuples: number }>(
    db,
    sql`select reltuples from pg_class where oid = 'upkeep_probe'::regclass`,
  );
  return { expected: plan['QUERY PLAN'][0].Plan['Plan Rows'], reltuples: Number(cls.reltuples) };
}
/** 4,000 rows, half of them k = 1: a table analysed when empty (as the migrations leave every table) that then grew. */
async function probe(db: Db, rows = 4000) {
  await db.execute(
    sql`create table if not exists upkeep_probe (id serial primary key, k int not null, v text not null)`,
  );
  await db.execute(
    sql`insert into upkeep_probe (k, v) select g % 2, repeat('x', 100) from generate_series(1, ${rows}) g`,
  );
}

describe.skipIf(!onPglite)('PGlite upkeep (PGlite only)', () => {
  it('vacuums and analyses a table that grew, and leaves it alone until it grows again', async () => {
    const database = await freshDatabase(limits);
    afterAll(() => database.close());
    const { db } = database;
    await db.execute(sql`create table upkeep_probe (id serial primary key, k int not null, v text not null)`);
    await db.execute(sql`analyze upkeep_probe`);
    await probe(db);
    // Analysed when empty: the planner guesses (no statistics: 0.5 % of the rows for an equality).
    const before = await planOf(db);
    expect(before.expected).toBeLessThan(400);

    const first = await database.upkeep!();
    expect(first.tables.map((t) => t.name)).toContain('upkeep_probe');
    const after = await planOf(db);
    expect(after.reltuples).toBe(4000);
    expect(after.expected).toBeGreaterThan(1600);
    expect(after.expected).toBeLessThan(2400);

    // Nothing grew: nothing to do.
    expect((await database.upkeep!()).tables).toEqual([]);
    // A tenth more and at least four pages: due again.
    await probe(db, 800);
    expect((await database.upkeep!()).tables.map((t) => t.name)).toEqual(['upkeep_probe']);
    expect((await planOf(db)).reltuples).toBe(4800);
  });

  it('runs in the API process every PGLITE_UPKEEP_INTERVAL_MS and logs the tables it saw to', async () => {
    const lines: string[] = [];
    const t = await testApp({ PGLITE_UPKEEP_INTERVAL_MS: '50' }, { log: { write: (line) => void lines.push(line) } });
    await probe(t.db);
    await vi.waitFor(async () => expect((await planOf(t.db)).reltuples).toBe(4000), { timeout: 10_000 });
    // The round logs once all its tables are done: on the PGlite thread (TEST_PGLITE_THREAD=worker) that can be after
    // the statistics above are already visible.
    await vi.waitFor(
      () => {
        const logged = lines
          .map((line) => JSON.parse(line) as { msg: string; tables?: string[] })
          .filter((line) => line.msg === 'pglite upkeep round');
        expect(logged.flatMap((line) => line.tables)).toContain('upkeep_probe');
      },
      { timeout: 10_000 },
    );
  });
});

/** The write-ahead log's position of the last checkpoint. */
const checkpointLsn = async (db: Db) =>
  (await rowsOf<{ lsn: string }>(db, sql`select checkpoint_lsn::text as lsn from pg_control_checkpoint()`))[0].lsn;

describe.skipIf(!onPglite)('PGlite checkpoints (PGlite only: it has no checkpointer)', () => {
  it('checkpoints once the write-ahead log has grown past the rule, and not again until it grows', async () => {
    const database = await freshDatabase(limits);
    afterAll(() => database.close());
    const { db } = database;
    const rule = { walBytes: 256 * 1024, ageS: 3600 };
    await database.upkeep!(rule);
    const quiet = await checkpointLsn(db);
    // Nothing written since: no checkpoint.
    expect((await database.upkeep!(rule)).checkpoint).toBeNull();
    expect(await checkpointLsn(db)).toBe(quiet);

    await probe(db); // about 1 MB of log
    const round = await database.upkeep!(rule);
    expect(round.checkpoint?.walBytes).toBeGreaterThan(rule.walBytes);
    expect(await checkpointLsn(db)).not.toBe(quiet);
    // The defaults: 64 MB, or five minutes old with anything written.
    expect((await database.upkeep!()).checkpoint).toBeNull();
  });
});

describe.skipIf(onPglite)('no upkeep on PostgreSQL (DATABASE_URL): autovacuum does it', () => {
  it('has no upkeep round', async () => {
    const database = await freshDatabase(limits);
    afterAll(() => database.close());
    expect(database.upkeep).toBeUndefined();
  });
});
