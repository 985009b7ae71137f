import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { pgCode } from '../../platform/errors';

// The health and readiness checks' statements.

/** Answers when the database runs a statement; throws when it cannot. */
export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}

/** undefined_table, invalid_schema_name: the migrator has never run on this database. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

/**
 * The `created_at` (the journal's `when`) of the newest migration applied to the database, or null when none is:
 * the migrator's own table (drizzle.__drizzle_migrations) is absent or empty. Throws when the database does not answer.
 */
export async function latestAppliedMigration(db: Db): Promise<number | null> {
  try {
    const [row] = await rowsOf<{ at: string | null }>(
      db,
      sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    );
    return row?.at ? Number(row.at) : null;
  } catch (err) {
    if (NEVER_MIGRATED.has(pgCode(err) ?? '')) return null;
    throw err;
  }
}
