import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The Drizzle database (or a transaction on it): PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations in server/db/migrations. */
  migrate(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (for `snapshot`). */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727274;

/**
 * Opens PGlite in dataDir ('memory://' for tests) or a node-postgres pool for databaseUrl.
 * `snapshot` (PGlite only) is a data-dir tarball from `dumpDataDir()`: the database starts as that copy
 * instead of running initdb (the tests open each file's database from one migrated snapshot).
 */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; snapshot?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, admin command, a test database dropped WITH
    // (FORCE) while the pool closes) emits 'error' on the pool; unhandled, it would kill the process.
    // The pool drops that connection and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`database connection closed by the server: ${err.message}`));
    const db = drizzle(pool) as unknown as Db;
    await db.execute(sql`select 1`);
    return {
      db,
      kind: 'postgres',
      // One connection holds an advisory lock so N API processes can start at once.
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrate(drizzle(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm (contrib, shipped in the package) backs any-part MRN and phone search; migration 0006 creates it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm }, ...(opts.snapshot ? { loadDataDir: opts.snapshot } : {}) });
  const pdb = drizzle(client);
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(pdb, { migrationsFolder }),
    dump: (compression = 'none') => client.dumpDataDir(compression),
    close: () => client.close(),
  };
}
