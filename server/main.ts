import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { firstStart } from './db/seed/first-start';
import { buildApp } from './app';
import { DataDirInUse, lockDataDir, type DataDirLock } from './db/data-dir-lock';

const config = loadConfig();
// PGlite is single-process: the folder is this server's alone until it stops (a backup or another server refuses).
let lock: DataDirLock | null = null;
if (!config.databaseUrl) {
  try {
    lock = lockDataDir(config.dataDir, 'server');
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
const database = await openDatabase({ ...config, limits: config.databaseLimits });
await database.migrate();
const created = await firstStart(database.db, config);
const app = await buildApp({ config, database });

if (created) {
  // Printed once, on the very first start only.
  const line = '='.repeat(64);
  console.log(
    `\n${line}\n Biobanking LIMS: first start\n Super Administrator: ${created.email}\n Password: ${created.generated ? created.password : '(from ADMIN_PASSWORD)'}\n Change it after signing in.\n${line}\n`,
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests, then closing the database');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 20_000);
  try {
    await app.close();
    await database.close();
    lock?.release();
    clearTimeout(force);
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Biobanking LIMS on http://localhost:${config.port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
