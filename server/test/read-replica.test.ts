import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildApp } from '../app';
import { openDatabase, rowsOf, type Database } from '../db/client';
import { json, testApp, testClient, type TestApp } from './harness';
import { createAccount, login, signedIn } from './factories';
import { labSetup } from './orders-fixtures';
import { participant, referenceIds } from './participants-fixtures';
import { urlFor } from './databases';

// Issue 34 item 3 (docs/operations.md "Read replica"): heavy reads go to DATABASE_READ_URL's streaming replica, and a
// session reads its own writes from the primary for READ_YOUR_WRITES_MS. The proof pauses the replica's replay
// (pg_wal_replay_pause): a write on the primary then exists there and not on the replica, so what a heavy read
// answers says where it read. CI starts the replica with .ci/replica.sh (a pg_basebackup copy of the whole cluster,
// a hot standby on another port) and passes its URL as TEST_READ_REPLICA_URL.
const url = process.env.DATABASE_URL;
const replicaUrl = process.env.TEST_READ_REPLICA_URL;
const WINDOW_MS = 3000;

describe.skipIf(!url || !replicaUrl)(
  'read replica (skipped unless DATABASE_URL and TEST_READ_REPLICA_URL name a primary and a streaming replica of its cluster: .ci/replica.sh start)',
  () => {
    let t: TestApp;
    let instId = 0;
    /** The session that writes, and another session (another account of the institution) that only reads. */
    let writer = '';
    let reader = '';
    let lab: Awaited<ReturnType<typeof labSetup>>;
    let primary: pg.Client;
    let replica: pg.Client;
    /** A second API process on the same primary and replica (its own pools, as another worker or machine has). */
    let second: TestApp;
    let otherDatabase: Database;

    const api = (p: string) => `/api/institutions/${instId}/${p}`;
    const get = async (token: string, p: string) => {
      const res = await t.call('GET', api(p), { token });
      return { status: res.statusCode, body: res.body, total: res.headers['x-pagination'] };
    };
    /** The rows of a test-usage report answer (not its generatedAt, which each process's clock writes). */
    const rowsOfReport = (status: number, body: string) => {
      expect(status, body).toBe(200);
      return JSON.stringify(JSON.parse(body).rows);
    };
    /** The test-usage report (heavy read) through the first process: its rows. */
    const usage = async (token: string) => {
      const res = await get(token, 'reports/test-usage');
      return rowsOfReport(res.status, res.body);
    };
    /** The same through the second process. */
    const usageThere = async (token: string) => {
      const res = await second.call('GET', api('reports/test-usage'), { token });
      return rowsOfReport(res.statusCode, res.body);
    };
    const placeOrder = async () => {
      const res = await t.call('POST', api('LIMSOrders/place'), {
        token: writer,
        body: { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return json<{ id: number }[]>(res)[0].id;
    };
    const register = async () => {
      const res = await t.call('POST', api('patients/register'), { token: writer, body: participant(lab.refs) });
      expect(res.statusCode, res.body).toBe(201);
      return json<{ id: number }>(res).id;
    };
    /** Waits until the replica has replayed everything the primary has written so far. */
    const caughtUp = async () => {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      for (let i = 0; i < 600; i++) {
        const r = await replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [
          rows[0].lsn,
        ]);
        if (r.rows[0].done) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the replica did not catch up within 30 s');
    };
    const pauseReplay = async () => {
      await caughtUp();
      await replica.query('select pg_wal_replay_pause()');
      for (let i = 0; i < 200; i++) {
        const r = await replica.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
        if (r.rows[0].state === 'paused') return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the replica did not pause its replay');
    };
    const resumeReplay = () => replica.query('select pg_wal_replay_resume()');

    beforeAll(async () => {
      t = await testApp({ DATABASE_READ_URL: replicaUrl!, READ_YOUR_WRITES_MS: String(WINDOW_MS) });
      const admin = await signedIn(t, ['Institution Administrator']);
      instId = admin.institution.id;
      writer = admin.token;
      const other = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [instId] });
      reader = await login(t, other.email);
      lab = await labSetup(t, instId, writer);
      const [{ name }] = await rowsOf<{ name: string }>(t.db, sql`select current_database() as name`);
      primary = new pg.Client({ connectionString: urlFor(url!, name) });
      replica = new pg.Client({ connectionString: urlFor(replicaUrl!, name) });
      await primary.connect();
      // CREATE DATABASE reaches the replica as WAL: its copy of the database may take a moment to appear.
      for (let i = 0; ; i++) {
        try {
          await replica.connect();
          break;
        } catch (err) {
          if (i > 100) throw err;
          replica = new pg.Client({ connectionString: urlFor(replicaUrl!, name) });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const [standby] = (await replica.query<{ standby: boolean }>('select pg_is_in_recovery() as standby')).rows;
      expect(standby.standby, 'TEST_READ_REPLICA_URL must be a hot standby').toBe(true);
      const config = loadConfig({
        DATA_DIR: 'memory://',
        WEB_DIST: '/nonexistent',
        SESSION_CACHE_MS: '0',
        AUDIT_SEAL_INTERVAL_MS: '0',
        DATABASE_URL: urlFor(url!, name),
        DATABASE_READ_URL: urlFor(replicaUrl!, name),
        READ_YOUR_WRITES_MS: String(WINDOW_MS),
      });
      otherDatabase = await openDatabase({ ...config, limits: config.databaseLimits });
      second = testClient(await buildApp({ config, database: otherDatabase, logger: false }), otherDatabase.db);
    });
    afterAll(async () => {
      await second?.app.close();
      await otherDatabase?.close();
      // Never leave the shared replica paused for whoever uses it next.
      await replica?.query('select pg_wal_replay_resume()').catch(() => undefined);
      await replica?.end();
      await primary?.end();
    });

    it("heavy reads come from the replica: with its replay paused they miss another session's write; interactive reads see it", async () => {
      await caughtUp();
      const before = await usage(reader);
      const auditBefore = await get(reader, 'auditEvents?PageSize=1');
      await pauseReplay();
      try {
        const orderId = await placeOrder();
        const patientId = await register();
        // The primary has them: an interactive read (the primary's pool) finds both.
        expect((await get(reader, `LIMSOrders/${orderId}`)).status).toBe(200);
        expect((await get(reader, `patients/${patientId}`)).status).toBe(200);
        // The reader never wrote: its report, FHIR export and audit log read the paused replica.
        expect(await usage(reader)).toBe(before);
        expect((await get(reader, `fhir/Patient/${patientId}`)).status).toBe(404);
        const audit = await get(reader, 'auditEvents?PageSize=1');
        expect(audit.total).toBe(auditBefore.total);
        expect(audit.body).toBe(auditBefore.body);
        // The primary's own sessions: the reader's session marked no write (its reads are not writes).
        const marked = await primary.query('select 1 from session_writes s join sessions x on x.id = s.session_id');
        expect(marked.rowCount).toBe(1);
      } finally {
        await resumeReplay();
      }
      await caughtUp();
      expect(await usage(reader)).not.toBe(before);
      expect((await get(reader, 'auditEvents?PageSize=1')).total).not.toBe(auditBefore.total);
    });

    it('a session reads its own writes from the primary for READ_YOUR_WRITES_MS, then from the replica again', async () => {
      await caughtUp();
      const before = await usage(writer);
      await pauseReplay();
      try {
        await placeOrder();
        const written = Date.now();
        const patientId = await register();
        // Within the window: the writer's heavy reads go to the primary and see its writes at once...
        const after = await usage(writer);
        expect(after).not.toBe(before);
        expect((await get(writer, `fhir/Patient/${patientId}`)).status).toBe(200);
        // ...while the replica (what the reader's heavy reads use) still lacks them.
        expect(await usage(reader)).toBe(before);
        expect(Date.now() - written, 'the reads above ran within the window').toBeLessThan(WINDOW_MS);
        // After the window the writer's heavy reads are back on the (still paused) replica.
        await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 300));
        expect(await usage(writer)).toBe(before);
        expect((await get(writer, `fhir/Patient/${patientId}`)).status).toBe(404);
      } finally {
        await resumeReplay();
      }
      await caughtUp();
      expect(await usage(writer)).not.toBe(before);
    });

    it("a write through one API process holds for the same session's heavy reads through another", async () => {
      await caughtUp();
      const before = await usage(writer);
      await pauseReplay();
      try {
        await placeOrder(); // through the first process
        // The second process found the mark on the primary: it read there, and sees the order.
        expect(await usageThere(writer)).not.toBe(before);
        // The reader's heavy reads through the second process still come from the paused replica.
        expect(await usageThere(reader)).toBe(before);
      } finally {
        await resumeReplay();
      }
    });
  },
);

const plain = await testApp();

describe('read replica settings (every database kind)', () => {
  it('DATABASE_READ_URL without DATABASE_URL (PGlite) is refused at start, naming both', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica:5433/lims' })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://primary/lims', DATABASE_READ_URL: 'mysql://replica/lims' }),
    ).toThrow(/postgres:\/\/ URL/);
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary/lims',
      DATABASE_READ_URL: 'postgres://replica/lims',
    });
    expect([config.databaseReadUrl, config.readYourWritesMs]).toEqual(['postgres://replica/lims', 5000]);
  });

  it('without a replica a write marks nothing (no statement added), and the mark table is unlogged', async () => {
    const { token, institution } = await signedIn(plain, ['Institution Administrator']);
    const res = await plain.call('POST', `/api/institutions/${institution.id}/patients/register`, {
      token,
      body: participant(await referenceIds(plain, institution.id, token)),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [{ n }] = await rowsOf<{ n: number }>(plain.db, sql`select count(*)::int as n from session_writes`);
    expect(n).toBe(0);
    const [{ persistence }] = await rowsOf<{ persistence: string }>(
      plain.db,
      sql`select relpersistence as persistence from pg_class where relname = 'session_writes'`,
    );
    expect(persistence).toBe('u');
  });
});
