import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { freshDatabase } from '../test/harness';
import { urlFor, withClient } from '../test/databases';
import {
  DatabaseIsNewer,
  latestCodeMigration,
  migrationState,
  migrationsFolder,
  openDatabase,
  rowsOf,
  type Db,
} from './client';
import fs from 'node:fs';
import path from 'node:path';

// Issue 34 item 6: migrations run once under the advisory lock, and a database a newer release migrated is refused
// at start with nothing changed (docs/operations.md "Upgrades").

const url = process.env.DATABASE_URL || null;
const limits = loadConfig({}).databaseLimits;
const journal: { tag: string; when: number }[] = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
).entries;
const latest = latestCodeMigration();
/** Run when the file ends: an afterAll registered inside a test left its PostgreSQL database behind. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const appliedRows = (db: Db) =>
  rowsOf<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`,
  );
/** What the migrator could change: its table's rows and the public schema's columns. */
const fingerprint = async (db: Db) => ({
  applied: await appliedRows(db),
  columns: await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'
        order by table_name, column_name`,
  ),
});

describe.skipIf(!url)(
  'migrations under the advisory lock (PostgreSQL only: PGlite is one process, nothing to race)',
  () => {
    // PGlite is one process's embedded database (its data-dir lock keeps a second server out): nothing to race.
    it('two processes migrating an empty database at once both succeed, and each migration is applied once', async () => {
      // This run's per-file prefix: global-setup drops the database even if the run is killed before afterAll.
      const name = `${inject('pgFilePrefix')}${process.pid}_upgrades_empty`;
      const admin = (statement: string) => withClient(url!, (client) => client.query(statement));
      await admin(`drop database if exists "${name}" with (force)`);
      await admin(`create database "${name}"`);
      const [a, b] = await Promise.all(
        [0, 1].map(() => openDatabase({ databaseUrl: urlFor(url!, name), dataDir: '', limits })),
      );
      cleanups.push(async () => {
        await Promise.all([a.close(), b.close()]);
        await admin(`drop database if exists "${name}" with (force)`);
      });
      await Promise.all([a.migrate(), b.migrate()]);
      const rows = await appliedRows(a.db);
      expect(rows.map((r) => Number(r.created_at))).toEqual(journal.map((e) => e.when));
      expect(new Set(rows.map((r) => r.hash)).size).toBe(journal.length);
      expect((await migrationState(b.db)).standing).toBe('current');
      // The lock is released: a third run takes it at once and finds nothing to do.
      await b.migrate();
      expect(await appliedRows(b.db)).toEqual(rows);
    }, 180_000);
  },
);

describe('a database migrated by a newer release', () => {
  it('is current after migrating, and migrating again changes nothing', async () => {
    const database = await freshDatabase(limits);
    cleanups.push(() => database.close());
    expect(await migrationState(database.db)).toMatchObject({
      standing: 'current',
      applied: { createdAt: latest.when },
      code: latest,
    });
    const before = await fingerprint(database.db);
    await database.migrate();
    expect(await fingerprint(database.db)).toEqual(before);
  });

  it('is refused by migrate() (what `npm start` runs first), naming both newest migrations, with nothing changed', async () => {
    const database = await freshDatabase(limits);
    cleanups.push(() => database.close());
    // What a newer release's migrator leaves: one more row, created after this code's newest migration.
    const newer = latest.when + 86_400_000;
    const hash = 'ab12cd34ef56'.padEnd(64, '0');
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${newer})`,
    );
    const before = await fingerprint(database.db);
    expect(await migrationState(database.db)).toMatchObject({
      standing: 'newer',
      applied: { hash, createdAt: newer },
    });

    const refusal = await database.migrate().then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(DatabaseIsNewer);
    expect(refusal instanceof Error && refusal.message).toBe(
      `Refusing to start: this database was migrated by a newer version of Biobanking LIMS. Its newest migration ` +
        `(created ${new Date(newer).toISOString()}, hash ab12cd34ef56) is not one this version knows; this ` +
        `version's newest is ${latest.tag} (created ${new Date(latest.when).toISOString()}). Nothing was changed. ` +
        `Start the newer version, or to go back restore the backup taken before the upgrade ` +
        `(docs/operations.md "Upgrades").`,
    );
    expect(await fingerprint(database.db)).toEqual(before);

    // Once the newer row is gone (the backup restored), this version starts again.
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newer}`);
    await database.migrate();
    expect((await migrationState(database.db)).standing).toBe('current');
  });
});
