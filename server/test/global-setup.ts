import { openDatabase } from '../db/client';

/**
 * With DATABASE_URL the whole API suite shares that PostgreSQL database: it is reset and migrated
 * once here (tests then make their own data through factories). Without it, every test file
 * gets its own in-memory PGlite (server/test/harness.ts).
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  const { sql } = await import('drizzle-orm');
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
  await database.migrate();
  await database.close();
}
