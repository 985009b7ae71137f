import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';

/** Rows per table of the public schema (the restore check and the backup test compare them). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const rows = <T>(q: ReturnType<typeof sql>) => rowsOf<T>(db, q);
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row.n;
  }
  return counts;
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * A consistent copy of a PGlite data folder: the folder is opened by this process alone (the server
 * must be stopped: PGlite is single-process; the folder's lock says when it is not, and the backup then
 * refuses naming the server's pid), checkpointed, and dumped as one gzip tarball (`dumpDataDir`),
 * written to a temporary name and renamed, so a half-written file never has the name.
 */
export async function backupPglite(dataDir: string, file: string) {
  const lock = lockDataDir(dataDir, 'backup');
  try {
    if (isEmptyDir(dataDir)) throw new Error(`no database in ${dataDir} (DATA_DIR)`);
    return await dumpFolder(dataDir, file);
  } finally {
    lock.release();
  }
}

async function dumpFolder(dataDir: string, file: string) {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await database.db.execute(sql`checkpoint`);
    const counts = await tableCounts(database.db);
    const blob = await database.dump!('gzip');
    const tmp = `${file}.partial`;
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    return { bytes: fs.statSync(file).size, counts };
  } finally {
    await database.close();
  }
}

/** Loads a backup into a new (absent or empty) data folder; never over an existing database. */
export async function restorePglite(file: string, dataDir: string) {
  // No server may start on the folder while it is being filled.
  const lock = lockDataDir(dataDir, 'restore');
  try {
    return await restoreInto(file, dataDir);
  } finally {
    lock.release();
  }
}

async function restoreInto(file: string, dataDir: string) {
  if (!fs.existsSync(file)) throw new Error(`no backup file ${file}`);
  if (!isEmptyDir(dataDir))
    throw new Error(`${dataDir} (DATA_DIR) is not empty: restore only into a new folder (move the old one away first)`);
  const bytes = fs.readFileSync(file);
  // PGlite unpacks a gzip tarball only when the blob says it is one.
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const snapshot = new Blob([bytes], { type: gzip ? 'application/x-gzip' : 'application/x-tar' });
  const database = await openDatabase({ databaseUrl: null, dataDir, snapshot });
  try {
    return { counts: await tableCounts(database.db) };
  } finally {
    await database.close();
  }
}
