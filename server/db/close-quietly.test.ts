import { describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { freshDatabase } from '../test/harness';
import { rowsOf } from './client';

// A connection the server ends is reported while the pool serves (an operator needs to see a restart), not while it
// closes: pg-pool's end() resolves before its connections have said goodbye, and a test file's database is dropped
// WITH (FORCE) right after. A warning printed then outlived its file, and Vitest failed the run on it
// (EnvironmentTeardownError: "Closing rpc while onUserConsoleLog was pending", CI of 2026-12-01).
const url = process.env.DATABASE_URL || null;
const limits = loadConfig({}).databaseLimits;

describe.skipIf(!url)('closing a PostgreSQL database (DATABASE_URL)', () => {
  const endAll = (killer: pg.Client, name: string) =>
    killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );

  it('says nothing of the connections the server ends while the pool closes, and reports one it ends while open', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const killer = new pg.Client(url!);
    await killer.connect();
    try {
      // Several rounds: each is a race between the server's termination and the connections' own goodbye.
      for (let round = 0; round < 5; round++) {
        const database = await freshDatabase(limits);
        const [{ name }] = await rowsOf<{ name: string }>(database.db, sql`select current_database() as name`);
        await Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0.01)`)));
        const closing = database.close();
        await endAll(killer, name);
        await closing;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(warn).not.toHaveBeenCalled();

      const open = await freshDatabase(limits);
      const [{ name }] = await rowsOf<{ name: string }>(open.db, sql`select current_database() as name`);
      await endAll(killer, name);
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^database connection closed by the server: /)),
      );
      // The pool opened a new connection: the database still answers.
      expect(await rowsOf<{ one: number }>(open.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      await open.close();
    } finally {
      await killer.end();
      warn.mockRestore();
    }
  });
});
