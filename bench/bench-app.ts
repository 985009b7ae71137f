import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { firstStart } from '../server/db/seed/first-start';
import { benchToken } from './write-bodies';

/**
 * A fresh database (PGlite in a temp dir, or DATABASE_URL emptied first), migrated and first-started, the app
 * over it, and the administrator's `call` through app.inject (auth and serialisation included, as the web pays).
 * `keep`: open the database as it is (already generated, bench/generate.ts) instead of emptying it;
 * `dataDir`: a PGlite data directory to use (and keep) instead of a temp one.
 */
export async function openBenchApp(name: string, opts: { keep?: boolean; dataDir?: string } = {}) {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `lims-bench-${name}-`));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir });
  const run = (q: string) => database.db.execute(sql.raw(q));
  const one = async (q: string) => ((await run(q)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (process.env.DATABASE_URL && !opts.keep) {
    await run('drop schema if exists drizzle cascade');
    await run('drop schema if exists public cascade');
    await run('create schema public');
  }
  await database.migrate();
  if (!opts.keep) await firstStart(database.db, { adminEmail: 'bench@lab.local', adminPassword: 'Bench-Pass-1' });
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/none' }), database, logger: false });
  const token = await benchToken(app);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const close = async () => {
    await app.close();
    await database.close();
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, token, dataDir, database, run, one, call, close };
}
