import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { DatabaseIsNewer, openDatabase, type Database } from './db/client';
import { firstStart } from './db/seed/first-start';
import { buildApp } from './app';
import { DataDirInUse, lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { runPrimary, WORKER_HEADER } from './cluster';

const config = loadConfig();

/**
 * Migrations, then the first-start seeding (printed once, on the very first start only). A database a newer release
 * migrated is refused before anything is changed: the message names both versions' newest migrations, exit code 1.
 */
async function prepare(database: Database) {
  try {
    await database.migrate();
  } catch (err) {
    if (!(err instanceof DatabaseIsNewer)) throw err;
    console.error(err.message);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  const created = await firstStart(database.db, config);
  if (created) {
    const line = '='.repeat(64);
    console.log(
      `\n${line}\n Biobanking LIMS: first start\n Super Administrator: ${created.email}\n Password: ${created.generated ? created.password : '(from ADMIN_PASSWORD)'}\n Change it after signing in.\n${line}\n`,
    );
  }
}

/**
 * One API process. Alone (WORKERS=1, or PGlite) it migrates and seeds first; as a cluster worker
 * (server/cluster.ts) the primary has done both before forking it.
 */
async function serve(config: Config, worker: boolean) {
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
  if (!worker) await prepare(database);
  const app = await buildApp({ config, database });
  let closing = false;
  // Which worker answered (its number, 1..WORKERS, not its pid), set before Fastify's own request listener runs.
  const workerId = worker && cluster.worker ? String(cluster.worker.id) : null;
  app.server.prependListener('request', (_req, res) => {
    if (workerId) res.setHeader(WORKER_HEADER, workerId);
    // Shutting down: a keep-alive connection whose request was in flight when it began would stay open (Fastify
    // closes only the connections idle at that moment) and hold the exit until the forced one 20 s later, exit
    // code 1. Each answer sent from then on closes its connection once written.
    if (closing) res.setHeader('connection', 'close');
    res.once('finish', () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
  });

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

  if (!worker) {
    // Said before listening, so it is in the log before the first answer.
    if (database.kind === 'pglite') {
      // PGlite is one process's embedded database: WORKERS applies to PostgreSQL only (docs/operations.md).
      const asked = process.env.WORKERS?.trim() && config.workers > 1;
      app.log[asked ? 'warn' : 'info'](
        `PGlite: one API process${asked ? ` (WORKERS=${config.workers} ignored)` : ''}; set DATABASE_URL to PostgreSQL for several`,
      );
    } else app.log.info('PostgreSQL: one API process (WORKERS=1)');
  }
  await app.listen({ port: config.port, host: config.host });
  if (worker) {
    app.log.info(`API worker ${cluster.worker?.id} (pid ${process.pid}) serving`);
    return;
  }
  const where = database.kind === 'pglite' ? ` in ${config.dataDir}` : '';
  app.log.info(`Biobanking LIMS on http://localhost:${config.port} (database: ${database.kind}${where})`);
}

if (cluster.isWorker) await serve(config, true);
else if (config.databaseUrl && config.workers > 1) await runPrimary(config, prepare);
else await serve(config, false);
