import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { gatherClusterMetrics } from './platform/metrics';

/**
 * Several API processes on PostgreSQL (issue 34 item 2, docs/operations.md "Several API processes").
 * The primary migrates and seeds once, then forks WORKERS workers (node:cluster: the primary holds the
 * listening socket and hands connections to the workers in turn). The API keeps no state that must be
 * shared in memory: sessions, login throttling and the device-cookie key are rows, the session cache is
 * emptied by database notifications from any process, the audit sealer takes an advisory lock per round.
 * A worker that exits while the primary is not stopping is replaced after a back-off (BACKOFF_MS, doubling
 * per quick failure up to MAX_BACKOFF_MS; a worker that served STABLE_MS counts as healthy). SIGTERM or
 * SIGINT: every worker gets SIGTERM (it stops accepting, finishes its requests and closes its pools:
 * main.ts), the primary waits for all of them and exits 0 when each exited 0.
 */

/** The response header naming the worker (1..WORKERS) that answered, only when there are several. */
export const WORKER_HEADER = 'X-Lims-Worker';
export const BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;
const STABLE_MS = 60_000;
/** The primary's own limit on the workers' shutdown (each worker gives itself 20 s: main.ts). */
const SHUTDOWN_MS = 25_000;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVELS;

/** The primary has no Fastify app: its lines are written in the same JSON shape as the workers' (pino). */
export function primaryLog(logLevel: string) {
  const floor = logLevel in LEVELS ? LEVELS[logLevel as Level] : logLevel === 'silent' ? Infinity : LEVELS.info;
  const hostname = os.hostname();
  const write =
    (level: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[level] < floor) return;
      const line = JSON.stringify({
        level: LEVELS[level],
        time: Date.now(),
        pid: process.pid,
        hostname,
        role: 'primary',
        ...fields,
        msg,
      });
      (LEVELS[level] >= LEVELS.warn ? process.stderr : process.stdout).write(`${line}\n`);
    };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

/** The wait before replacing a worker after `failures` quick failures in a row (1, 2, ...). */
export const backoffMs = (failures: number) => Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** Math.max(0, failures - 1));

export async function runPrimary(config: Config, prepare: (database: Database) => Promise<void>) {
  const log = primaryLog(config.logLevel);
  const count = config.workers;
  // Migrations and first-start seeding run here, once, before any worker exists (no two processes migrate at once).
  const database = await openDatabase({
    ...config,
    limits: { ...config.databaseLimits, poolSize: 2, reportPoolSize: 1 },
  });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
  log.info(
    `Biobanking LIMS on http://localhost:${config.port} (database: postgres): ${count} API processes (WORKERS=${count})`,
  );

  const live = new Map<number, { worker: Worker; startedAt: number }>();
  const restarts = new Set<NodeJS.Timeout>();
  let failures = 0;
  let closing = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    live.set(worker.id, { worker, startedAt: Date.now() });
  };
  const finish = () => {
    log.info(`every API worker has stopped; exiting with ${exitCode}`);
    process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    const entry = live.get(worker.id);
    live.delete(worker.id);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (closing) {
      if (code !== 0) exitCode = 1;
      log.info(`API worker ${worker.id} stopped (${how})`, { worker: worker.id, code, signal });
      if (live.size === 0) finish();
      return;
    }
    const ranMs = entry ? Date.now() - entry.startedAt : 0;
    failures = ranMs >= STABLE_MS ? 1 : failures + 1;
    const wait = backoffMs(failures);
    log.error(`API worker ${worker.id} (pid ${worker.process.pid}) exited (${how}); a new one starts in ${wait} ms`, {
      worker: worker.id,
      code,
      signal,
      ranMs,
      restartInMs: wait,
    });
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!closing) fork();
    }, wait);
    restarts.add(timer);
  });

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    log.info(`${signal}: stopping ${live.size} API workers (each finishes its requests)`, { signal });
    if (live.size === 0) finish();
    for (const { worker } of live.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error(`API workers still running after ${SHUTDOWN_MS} ms; killing them`);
      for (const { worker } of live.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // A scrape reaches one worker: it asks here, and the answer sums every worker's metrics (platform/metrics.ts).
  if (config.metricsToken) gatherClusterMetrics();
  for (let i = 0; i < count; i++) fork();
}
