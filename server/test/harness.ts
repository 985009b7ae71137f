import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseLimits } from '../db/client';
import type { App } from '../platform/app-types';
import type { LogStream } from '../platform/request-log';
import { forgetRememberedCounts } from '../platform/counts';
import { urlFor, withClient } from './databases';

export interface TestApp {
  app: App;
  db: Awaited<ReturnType<typeof openDatabase>>['db'];
  /** The reports' and exports' handle (its own pool on PostgreSQL; the same as db on PGlite). */
  reportDb: Awaited<ReturnType<typeof openDatabase>>['db'];
  clock: { now: Date };
  /** Calls the API as a signed-in account (token) or anonymously. */
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; address?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

let snapshot: Blob | undefined;
let created = 0;

/**
 * A fresh migrated database of its own, copied from what global-setup migrated once: an in-memory
 * PGlite loaded from the snapshot tarball, or on PostgreSQL a database made from the template. Its close() closes
 * the connections (testApp closes it in afterAll, other callers close it themselves) and starts the database's drop
 * without waiting for it: DROP DATABASE makes PostgreSQL run an immediate checkpoint and wait for it, up to ~0.7 s
 * under the other files' writes, and the next file need not wait on that. The project's global teardown drops
 * whatever is left (server/test/global-setup.ts).
 */
export async function freshDatabase(
  limits: DatabaseLimits,
  readUrl: string | null = null,
  pgliteThread: Config['pgliteThread'] = 'main',
) {
  const url = process.env.DATABASE_URL || null;
  const template = inject('pgTemplate');
  const prefix = inject('pgFilePrefix');
  if (!url || !template || !prefix) {
    const file = inject('pgliteSnapshot');
    if (!file) throw new Error('server/test/global-setup.ts did not provide a PGlite snapshot');
    snapshot ??= new Blob([fs.readFileSync(file)]);
    return openDatabase({ databaseUrl: null, dataDir: 'memory://', snapshot, pgliteThread });
  }
  // The counter alone is not unique: a file that resets the module registry (vi.resetModules, drizzle-internals.test.ts)
  // makes the next file load this module again at 0 while the process still runs, and pids are reused.
  const name = `${prefix}${process.pid}_${randomBytes(3).toString('hex')}_${++created}`;
  const admin = (statement: string) => withClient(url, (client) => client.query(statement));
  await admin(`create database "${name}" template "${template}"`);
  // A replica of the whole cluster (server/test/read-replica.test.ts) holds the same database under the same name.
  const database = await openDatabase({
    databaseUrl: urlFor(url, name),
    databaseReadUrl: readUrl && urlFor(readUrl, name),
    dataDir: '',
    limits,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      // Nothing waits on it, so nothing may throw from it: a drop that fails is the teardown's to redo.
      admin(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    },
  };
}

/** A real app on a real database of its own (server/test/global-setup.ts migrated it once for the run). */
export async function testApp(env: Record<string, string> = {}, opts: { log?: LogStream } = {}): Promise<TestApp> {
  // No session cache, no background audit sealer and no PGlite upkeep unless a test asks for them: a test that counts
  // a request's statements must not see one more or one fewer depending on how fast the machine is (the
  // cache's 1 s) or on a sealer or upkeep round landing inside its window. Their own tests turn them on.
  const config = loadConfig({
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    SESSION_CACHE_MS: '0',
    AUDIT_SEAL_INTERVAL_MS: '0',
    PGLITE_UPKEEP_INTERVAL_MS: '0',
    // PGlite on the test's own thread (TEST_PGLITE_THREAD=worker: on one of its own, as the server runs it), where
    // sentStatements (sent-statements.ts) can watch its client; server/db/pglite-thread.test.ts tests the thread.
    PGLITE_THREAD: process.env.TEST_PGLITE_THREAD ?? 'main',
    // DATABASE_READ_URL needs DATABASE_URL (loadConfig refuses it on PGlite); freshDatabase names the database.
    ...(env.DATABASE_READ_URL && process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const database = await freshDatabase(config.databaseLimits, config.databaseReadUrl, config.pgliteThread);
  forgetRememberedCounts(); // a count remembered for the previous file's database (vitest.config.ts isolate)
  const clock = { now: new Date() };
  // No log unless a test reads it (server/test/log-privacy.test.ts): then every line, at info.
  const logger = opts.log ? { level: 'info', stream: opts.log } : false;
  const app = await buildApp({ config, database, now: () => clock.now, logger });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return testClient(app, database.db, clock, database.reportDb);
}

/** The TestApp calls over an app already built (a test that opens its own database uses it too). */
export function testClient(
  app: App,
  db: TestApp['db'],
  clock: TestApp['clock'] = { now: new Date() },
  reportDb = db,
): TestApp {
  return {
    app,
    db,
    reportDb,
    clock,
    call: (method, url, opts = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        remoteAddress: opts.address ?? '127.0.0.1',
        headers: { ...opts.headers, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      }),
  };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;
export const pagination = (res: LightMyRequestResponse) => JSON.parse(String(res.headers['x-pagination']));
