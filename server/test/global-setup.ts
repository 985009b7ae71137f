import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../bundle';
import { openDatabase } from '../db/client';
import { urlFor, databaseNames, dropFileDatabases, withClient } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated data-dir tarball every test file's database starts from. */
    pgliteSnapshot: string | null;
    /** PostgreSQL: the migrated template database every test file's database is created from. */
    pgTemplate: string | null;
    /** PostgreSQL: the name prefix of this project's per-file databases (server/test/databases.ts). */
    pgFilePrefix: string | null;
  }
}

/**
 * Migrates once for the whole run; every testApp() then opens its own copy (server/test/harness.ts).
 * - PGlite: one in-memory database is migrated and dumped (`dumpDataDir`) to a tarball in a temp folder.
 * - PostgreSQL (DATABASE_URL): '<db>__tpl_<project>' is recreated and migrated; each testApp() makes
 *   '<db>__f<project>_<n>' from it with CREATE DATABASE ... TEMPLATE and drops it when its file ends.
 *   The database named in DATABASE_URL itself is only used to run those commands.
 * Runs once per Vitest project (vitest.config.ts): the projects' names keep their databases apart when they run
 * side by side.
 */
export default async function setup(project: TestProject) {
  // The files that start a real server (crash, two-processes, workers, durability, backup-restore) run the bundle
  // production runs (server/bundle.ts), written afresh so that it holds this checkout's code as it is now.
  await bundleServer();
  const url = process.env.DATABASE_URL;
  if (!url) {
    const started = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-test-snapshot-'));
    const file = path.join(dir, 'migrated.tar');
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await database.migrate();
    // Nothing in the tests creates a database inside PGlite, so the two templates initdb leaves are dead weight that
    // every test file would unpack again: a third of the tarball, a quarter of the 1.25 s of CPU a copy costs.
    for (const statement of [
      'alter database template0 with is_template false',
      'drop database template0',
      'alter database template1 with is_template false',
      'drop database template1',
      'checkpoint',
    ])
      await database.db.execute(sql.raw(statement));
    fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    console.info(`test setup: migrated PGlite snapshot in ${Date.now() - started} ms`);
    project.provide('pgliteSnapshot', file);
    project.provide('pgTemplate', null);
    project.provide('pgFilePrefix', null);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const started = Date.now();
  const { template, filePrefix } = databaseNames(url, project.name);
  const dropAll = async (admin: pg.Client) => {
    await dropFileDatabases(admin, filePrefix);
    await admin.query(`drop database if exists "${template}" with (force)`);
  };
  await withClient(url, async (admin) => {
    await dropAll(admin);
    await admin.query(`create database "${template}"`);
  });
  const database = await openDatabase({ databaseUrl: urlFor(url, template), dataDir: '' });
  await database.migrate();
  await database.close();
  console.info(`test setup: migrated PostgreSQL template ${template} in ${Date.now() - started} ms`);
  project.provide('pgliteSnapshot', null);
  project.provide('pgTemplate', template);
  project.provide('pgFilePrefix', filePrefix);
  return () => withClient(url, dropAll);
}
