import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The health check's statement. Readiness reads the migrations through db/client's migrationState, the reading
// `migrate()` also uses to refuse a database a newer release migrated.

/** Answers when the database runs a statement; throws when it cannot. */
export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
