import { afterAll } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import type { App } from '../platform/app-types';

export interface TestApp {
  app: App;
  db: Awaited<ReturnType<typeof openDatabase>>['db'];
  clock: { now: Date };
  /** Calls the API as a signed-in account (token) or anonymously. */
  call(method: string, url: string, opts?: { token?: string; body?: unknown; address?: string }): Promise<LightMyRequestResponse>;
}

/** A real app on a real database: PGlite in memory, or the PostgreSQL of DATABASE_URL (migrated in global-setup). */
export async function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL ?? null;
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  if (!databaseUrl) await database.migrate();
  const clock = { now: new Date() };
  const config = loadConfig({ DATA_DIR: 'memory://', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return {
    app,
    db: database.db,
    clock,
    call: (method, url, opts = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        remoteAddress: opts.address ?? '127.0.0.1',
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      }),
  };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;
export const pagination = (res: LightMyRequestResponse) => JSON.parse(String(res.headers['x-pagination']));
