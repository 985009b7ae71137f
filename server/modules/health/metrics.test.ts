import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { sentStatementsWithTransactions } from '../../test/sent-statements';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { latestCodeMigration, openDatabase, rowsOf } from '../../db/client';
import { startAuditSealer } from '../../platform/audit-seal';

// Issue 34 item 4: GET /metrics (Prometheus text, behind METRICS_TOKEN, 404 without it) and GET /api/ready
// (the database answers and holds this version's migrations), beside the liveness GET /api/health.

const TOKEN = `metrics-${randomUUID()}`;
const t = await testApp({ METRICS_TOKEN: TOKEN });
const onPostgres = Boolean(process.env.DATABASE_URL);
const { institution, token } = await signedIn(t, ['Clinician']);

/** A scrape with the right token, another Authorization header, or none (null). */
const scrape = (authorization: string | null = `Bearer ${TOKEN}`) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
/** The value of one series (`name{labels}`), or undefined when the scrape has none. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const off = await testApp();
    const res = await off.call('GET', '/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(json(res).title).toBe('Resource not found.');
  });

  it('asks for the bearer token, compared whole', async () => {
    for (const header of [null, 'Bearer ', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`]) {
      const res = await scrape(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(json(res)).toMatchObject({
        code: 'metrics.unauthorized',
        title: expect.stringContaining('METRICS_TOKEN'),
      });
    }
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('times requests by route template and status, never by URL', async () => {
    const patient = '/api/institutions/:instId/patients/:patientId';
    const series = `lims_http_request_duration_seconds_count{method="GET",route="${patient}",status_code="404"}`;
    const before = valueOf((await scrape()).body, series) ?? 0;
    for (const id of [987_654_321, 987_654_322]) {
      const res = await t.call('GET', `/api/institutions/${institution.id}/patients/${id}`, { token });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.call('GET', '/api/no-such/987654323')).statusCode).toBe(404);
    const text = (await scrape()).body;
    expect(valueOf(text, series)).toBe(before + 2);
    expect(text).toContain('route="(unmatched)",status_code="404"');
    expect(text).not.toContain('98765432');
  });

  it("shows the event loop's delay, the audit appends and the database pools", async () => {
    const text = (await scrape()).body;
    expect(valueOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    // Signing in wrote audit rows, one statement each.
    expect(valueOf(text, 'lims_audit_append_seconds_count{rows="one"}')).toBeGreaterThan(0);
    expect(valueOf(text, `lims_database_info{kind="${onPostgres ? 'postgres' : 'pglite'}"}`)).toBe(1);
    if (onPostgres) {
      expect(valueOf(text, 'lims_db_pool_max{pool="main"}')).toBe(10);
      expect(valueOf(text, 'lims_db_pool_max{pool="report"}')).toBe(3);
      expect(valueOf(text, 'lims_db_pool_waiting{pool="main"}')).toBe(0);
      // A transaction holds a connection of the interactive pool while it runs.
      const inUse = await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return valueOf((await scrape()).body, 'lims_db_pool_in_use{pool="main"}');
      });
      expect(inUse).toBeGreaterThanOrEqual(1);
    } else {
      // PGlite: one in-process connection, no pool to count.
      expect(text).not.toContain('lims_db_pool_in_use{');
    }
  });

  it('times sealing rounds that sealed rows', async () => {
    const series = 'lims_audit_seal_round_seconds_count';
    const before = valueOf((await scrape()).body, series) ?? 0;
    const stop = startAuditSealer(t.db, 20, (err) => {
      throw err;
    });
    try {
      // The sign-in's rows are not sealed yet (the test app runs no sealer of its own).
      let now = before;
      for (let i = 0; i < 250 && now === before; i++) {
        await new Promise((r) => setTimeout(r, 20));
        now = valueOf((await scrape()).body, series) ?? 0;
      }
      expect(now).toBeGreaterThan(before);
    } finally {
      await stop();
    }
  });

  it('sends no statement to the database', async () => {
    const sent = await sentStatementsWithTransactions(t.db, async () => {
      expect((await scrape()).statusCode).toBe(200);
    });
    expect(sent).toEqual([]);
  });

  it('refuses a METRICS_TOKEN short enough to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN must be at least 24/);
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({}).metricsToken).toBeNull();
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database holds the migrations of this version', async () => {
    const res = await t.call('GET', '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ready', database: onPostgres ? 'postgres' : 'pglite' });
  });

  it('is not ready (503) while the newest migration of this version is missing, and ready again once it is there', async () => {
    const latest = latestCodeMigration();
    const [row] = await rowsOf<{ id: number; hash: string; created_at: string }>(
      t.db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations where created_at = ${latest.when}`,
    );
    expect(row).toBeDefined();
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await t.call('GET', '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(json(res)).toMatchObject({ code: 'health.migrations_behind', title: expect.stringMatching(/^Not ready/) });
      // Liveness does not look at migrations.
      expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`,
      );
    }
    expect((await t.call('GET', '/api/ready')).statusCode).toBe(200);
  });

  it('stays ready (200) on a database a newer release migrated further: old processes serve through a rolling upgrade', async () => {
    const newer = latestCodeMigration().when + 86_400_000;
    await t.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${'f'.repeat(64)}, ${newer})`,
    );
    try {
      const res = await t.call('GET', '/api/ready');
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ status: 'ready', database: onPostgres ? 'postgres' : 'pglite' });
    } finally {
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newer}`);
    }
  });

  it('is not ready on a database never migrated, nor on one that does not answer (health 503 too)', async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: 'memory://', WEB_DIST: '/nonexistent', AUDIT_SEAL_INTERVAL_MS: '0' }),
      database,
      logger: false,
    });
    afterAll(() => app.close());
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      return [res.statusCode, res.statusCode === 503 && url === '/api/ready' ? json(res).code : json(res).status];
    };
    expect(await get('/api/ready')).toEqual([503, 'health.migrations_behind']);
    expect(await get('/api/health')).toEqual([200, 'ok']);
    await database.close();
    expect(await get('/api/ready')).toEqual([503, 'health.database_down']);
    expect(await get('/api/health')).toEqual([503, 'unavailable']);
  });
});
