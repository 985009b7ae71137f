import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, testApp, type TestApp } from './harness';
import { signedIn } from './factories';
import { urlFor } from './databases';

// Issue 26 item 14: every database statement is bounded; a cancelled one answers 503 and frees its
// connection; the wait for a connection is bounded too. PostgreSQL only: PGlite has one in-process
// connection and never fires statement_timeout (the last test pins that, docs/operations.md).
const url = process.env.DATABASE_URL;
const STATEMENT_MS = 600;
const REPORT_MS = 2000;
const WAIT_MS = 300;

describe.skipIf(!url)(
  'statement and pool timeouts (PostgreSQL only: skipped without DATABASE_URL, PGlite cannot bound a statement)',
  () => {
    let t: TestApp;
    let token = '';
    let instId = 0;
    let database = '';
    /** A plain connection of the test's own that holds the lock. */
    let locker: pg.Client;
    let watcher: pg.Client;

    beforeAll(async () => {
      t = await testApp({
        STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
        REPORT_STATEMENT_TIMEOUT_MS: String(REPORT_MS),
        DATABASE_POOL_SIZE: '2',
        REPORT_POOL_SIZE: '1',
        DATABASE_POOL_WAIT_MS: String(WAIT_MS),
      });
      const s = await signedIn(t, ['Institution Administrator']);
      token = s.token;
      instId = s.institution.id;
      database = (
        (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows[0].name;
      locker = new pg.Client({ connectionString: urlFor(url!, database) });
      watcher = new pg.Client({ connectionString: urlFor(url!, database) });
      await Promise.all([locker.connect(), watcher.connect()]);
    });
    afterAll(async () => {
      await locker?.end();
      await watcher?.end();
    });

    const lockPatients = async () => {
      await locker.query('begin');
      await locker.query('lock table patients in access exclusive mode');
    };
    const unlock = () => locker.query('rollback');
    const search = () => t.call('GET', `/api/institutions/${instId}/patients?SearchTerm=0900`, { token });
    const timed = async <T>(fn: () => Promise<T>) => {
      const started = performance.now();
      const res = await fn();
      return { res, ms: performance.now() - started };
    };
    /** Statements of this database waiting for a lock right now. */
    const waiting = async () =>
      Number(
        (
          await watcher.query(
            "select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
            [database],
          )
        ).rows[0].n,
      );

    it('a statement blocked past STATEMENT_TIMEOUT_MS answers 503 with a title, and its connection serves the next request', async () => {
      await lockPatients();
      try {
        const { res, ms } = await timed(search);
        expect(res.statusCode).toBe(503);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(json(res)).toMatchObject({
          code: 'statement_timeout',
          title: 'The database took too long to answer and the request was stopped. Try again, or narrow the search.',
        });
        expect(ms).toBeGreaterThanOrEqual(STATEMENT_MS - 50);
        expect(ms).toBeLessThan(STATEMENT_MS + 3000);
        expect(await waiting()).toBe(0);
        // Both connections of the pool are free again: two requests at once, each reading the database.
        const [me, institutions] = await Promise.all([
          t.call('GET', '/api/Authentication/me', { token }),
          t.call('GET', '/api/institutions', { token }),
        ]);
        expect([me.statusCode, institutions.statusCode]).toEqual([200, 200]);
      } finally {
        await unlock();
      }
      expect((await search()).statusCode).toBe(200);
    });

    it('reports and exports read with REPORT_STATEMENT_TIMEOUT_MS, on their own pool', async () => {
      await lockPatients();
      try {
        const { res, ms } = await timed(() => t.call('GET', `/api/institutions/${instId}/fhir/Patient/1`, { token }));
        expect(res.statusCode).toBe(503);
        expect(json(res).code).toBe('statement_timeout');
        expect(ms).toBeGreaterThanOrEqual(REPORT_MS - 50);
        expect(ms).toBeLessThan(REPORT_MS + 3000);
      } finally {
        await unlock();
      }
    });

    it('with every connection held by a blocked statement, the next request answers 503 after DATABASE_POOL_WAIT_MS instead of waiting', async () => {
      // An app of its own whose statements wait far longer than its pool's queue, so the margin holds on a loaded machine.
      const busy = await testApp({
        STATEMENT_TIMEOUT_MS: '6000',
        DATABASE_POOL_SIZE: '2',
        DATABASE_POOL_WAIT_MS: String(WAIT_MS),
      });
      const { token: busyToken, institution } = await signedIn(busy, ['Institution Administrator']);
      const busyDb = (
        (await busy.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows[0].name;
      const busyLocker = new pg.Client({ connectionString: urlFor(url!, busyDb) });
      await busyLocker.connect();
      const waitingThere = async () =>
        Number(
          (
            await watcher.query(
              "select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
              [busyDb],
            )
          ).rows[0].n,
        );
      await busyLocker.query('begin');
      await busyLocker.query('lock table patients in access exclusive mode');
      let blocked: Promise<{ statusCode: number }>[] = [];
      try {
        // Two searches hold the pool's two connections, each blocked on the lock.
        const busySearch = () =>
          busy.call('GET', `/api/institutions/${institution.id}/patients?SearchTerm=0900`, { token: busyToken });
        blocked = [busySearch(), busySearch()];
        for (let i = 0; i < 100 && (await waitingThere()) < 2; i++) await new Promise((r) => setTimeout(r, 20));
        expect(await waitingThere()).toBe(2);
        const { res, ms } = await timed(() => busy.call('GET', '/api/institutions', { token: busyToken }));
        expect(res.statusCode).toBe(503);
        expect(json(res)).toMatchObject({
          code: 'database_busy',
          title:
            'The server is too busy to answer now: no database connection was free in time. Try again in a moment.',
        });
        expect(res.headers['retry-after']).toBe('2');
        expect(ms).toBeGreaterThanOrEqual(WAIT_MS - 50);
        expect(ms).toBeLessThan(3000);
      } finally {
        await busyLocker.query('rollback');
        await busyLocker.end();
      }
      // The lock gone, the blocked searches finish and the pool serves again.
      expect((await Promise.all(blocked)).map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await busy.call('GET', '/api/institutions', { token: busyToken })).statusCode).toBe(200);
    });
  },
);

describe.skipIf(url)('statement timeouts on PGlite', () => {
  it('PGlite never fires statement_timeout (nothing bounds a statement there: docs/operations.md)', async () => {
    const t = await testApp();
    await t.db.execute(sql`set statement_timeout = 50`);
    const started = performance.now();
    await t.db.execute(sql`select pg_sleep(0.3)`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await t.db.execute(sql`reset statement_timeout`);
  });
});
