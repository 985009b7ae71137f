import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The health check's one statement.

/** Answers when the database runs a statement; throws when it cannot. */
export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
