import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 *   '<db>__f<project>_<n>' from it with CREATE DATABASE ... TEMPLATE and starts its drop when its file ends; the
 *   teardown drops what is left.
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
  const dropAll = async () => {
    await dropFileDatabases(url, filePrefix);
    await withClient(url, (admin) => admin.query(`drop database if exists "${template}" with (force)`));
  };
  await dropAll();
  await withClient(url, async (admin) => {
    // Each database made from the template copies its ~550 owner entries into pg_shdepend (the objects belong to the
    // connecting role, not to the bootstrap superuser) and its drop leaves them dead: one suite run leaves ~80,000,
    // more than autovacuum kept up with here (207,000 dead rows, 20 MB, after a few runs), and the creates and drops
    // of the next runs slowed with it (the whole suite 213 s against 199 s once vacuumed). Vacuumed at each start;
    // only a superuser may, so anyone else skips it.
    await admin.query('vacuum pg_shdepend, pg_database').catch(() => undefined);
    await admin.query(`create database "${template}"`);
  });
  const database = await openDatabase({ databaseUrl: urlFor(url, template), dataDir: '' });
  await database.migrate();
  await database.close();
  console.info(`test setup: migrated PostgreSQL template ${template} in ${Date.now() - started} ms`);
  project.provide('pgliteSnapshot', null);
  project.provide('pgTemplate', template);
  project.provide('pgFilePrefix', filePrefix);
  return dropAll;
}
