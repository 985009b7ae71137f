import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import { AppError, notFound } from './errors';

// What an operator scrapes (issue 34 item 4, docs/operations.md "Metrics"): Prometheus text at GET /metrics,
// answered only to `Authorization: Bearer <METRICS_TOKEN>` and not at all (404) when METRICS_TOKEN is unset.
// A scrape reads counters kept in memory and the pools' own counts: it sends no statement to the database.

/**
 * The process's metrics: one per process, whatever number of apps it builds (the tests build many). The audit
 * writer and the sealer are plain functions (platform/audit.ts, audit-seal.ts), so what they time lives here.
 */
const processRegistry = new Registry();

/** Seconds buckets from 5 ms to 30 s: a list answers in milliseconds, a report may take tens of seconds. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const requestDuration = new Histogram({
  name: 'lims_http_request_duration_seconds',
  help: 'Time from the request arriving to the answer sent, by route template (never the URL) and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: SECONDS,
  registers: [processRegistry],
});

/** The audit row's insert (with its shared writer lock) inside the change's transaction: the append to the chain. */
export const auditAppendDuration = new Histogram({
  name: 'lims_audit_append_seconds',
  help: 'Time to append audit rows (one statement, in the writing transaction): rows=one or several in one statement',
  labelNames: ['rows'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [processRegistry],
});

/** One sealing round that sealed rows into blocks (rounds with nothing to seal are not counted). */
export const auditSealDuration = new Histogram({
  name: 'lims_audit_seal_round_seconds',
  help: 'Time of a sealing round that sealed audit rows into blocks of the chain (docs/audit.md)',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [processRegistry],
});

let defaultsStarted = false;
/**
 * Node's own metrics (prom-client's defaults): event-loop delay (nodejs_eventloop_lag_*: perf_hooks'
 * monitorEventLoopDelay, p50/p90/p99), heap, GC, CPU, open handles. Started by the first app that serves
 * metrics, not at import: importing a module does no work.
 */
function startDefaultMetrics() {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
}

/** Times `work` into `histogram` (with `labels`), whether it succeeds or throws. */
export async function timed<T, L extends string>(
  histogram: Histogram<L>,
  labels: Partial<Record<L, string | number>>,
  work: () => Promise<T>,
): Promise<T> {
  const end = histogram.startTimer(labels);
  try {
    return await work();
  } finally {
    end();
  }
}

/** The route label of a request: its template, a fixed word for files and unmatched URLs (bounded cardinality). */
export function routeLabel(req: FastifyRequest): string {
  const template = req.routeOptions.url;
  if (template === undefined) return '(unmatched)';
  if (template.startsWith('/api/') || template === '/metrics') return template;
  // @fastify/static registers one route per built file: they are one label.
  return '(static)';
}

export interface MetricsOptions {
  /** METRICS_TOKEN: null answers 404 (metrics off). */
  token: string | null;
  database: { kind: string; poolStats?: () => PoolStats[] };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

// Several API processes (WORKERS, server/cluster.ts) share one port, so a scrape reaches one worker at random: that
// worker asks the primary, which gathers every worker's registries (prom-client's AggregatorRegistry: counters and
// histograms summed, gauges by each metric's aggregator) and answers the whole cluster's text.
const ASK = 'lims:metrics-ask';
const ANSWER = 'lims:metrics-answer';
const GATHER_MS = 6_000;

type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };
const isMessage = <T extends string>(m: unknown, type: T): m is { type: T; id: number } =>
  typeof m === 'object' && m !== null && Reflect.get(m, 'type') === type && typeof Reflect.get(m, 'id') === 'number';

/** In the primary (cluster.ts): answers a worker's scrape with every worker's metrics, summed. */
export function gatherClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message, ASK)) return;
    const reply = (a: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...a });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

const waiting = new Map<number, (a: Answer) => void>();
let asked = 0;
let workerJoined = false;
/**
 * In a cluster worker: lets the primary read this app's registries (prom-client answers its requests once an
 * AggregatorRegistry exists in the process) and listens for the primary's answers to this worker's scrapes.
 */
function joinCluster(appRegistry: Registry) {
  AggregatorRegistry.setRegistries([processRegistry, appRegistry]);
  if (workerJoined) return;
  workerJoined = true;
  void new AggregatorRegistry(); // its constructor adds the worker's listener for the primary's requests
  process.on('message', (message: unknown) => {
    if (!isMessage(message, ANSWER)) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
}

/** The cluster's metrics, through the primary; a 503 when it does not answer in time. */
function fromPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const fail = (why: string) =>
      reject(
        new AppError(
          503,
          `Metrics could not be gathered from every API process: ${why}.`,
          undefined,
          'metrics.gather_failed',
        ),
      );
    const timer = setTimeout(() => {
      waiting.delete(id);
      fail('the primary did not answer');
    }, GATHER_MS);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      if (a.text !== undefined) resolve(a.text);
      else fail(a.error ?? 'no answer');
    });
    process.send?.({ type: ASK, id });
  });
}

/**
 * GET /metrics for this app: the process's metrics, this app's database pools, and the request timings of
 * every answer (an onResponse hook). Outside /api, so no session guard and no endpoint-table row: the token
 * is its own check, compared in constant time.
 */
export function registerMetrics(app: FastifyInstance, { token, database }: MetricsOptions) {
  app.addHook('onResponse', async (req, reply) => {
    requestDuration.observe(
      { method: req.method, route: routeLabel(req), status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  const appRegistry = new Registry();
  new Gauge({
    name: 'lims_database_info',
    help: 'The database this process uses (kind: postgres or pglite); always 1',
    labelNames: ['kind'] as const,
    registers: [appRegistry],
    aggregator: 'first', // one database however many workers report it
    collect() {
      this.set({ kind: database.kind }, 1);
    },
  });
  // PostgreSQL: node-postgres pools (the interactive one, and the reports' one when limits are set).
  // PGlite has one in-process connection and no pool: it reports no pool series.
  const poolGauge = (name: string, help: string, value: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [appRegistry],
      collect() {
        for (const s of database.poolStats?.() ?? []) this.set({ pool: s.pool }, value(s));
      },
    });
  poolGauge(
    'lims_db_pool_in_use',
    'Connections of the pool running a query or held by a transaction',
    (s) => s.total - s.idle,
  );
  poolGauge('lims_db_pool_idle', 'Open connections of the pool waiting for work', (s) => s.idle);
  poolGauge('lims_db_pool_waiting', 'Requests waiting for a free connection of the pool', (s) => s.waiting);
  poolGauge('lims_db_pool_max', 'Connections the pool may open (DATABASE_POOL_SIZE, REPORT_POOL_SIZE)', (s) => s.max);

  if (token) startDefaultMetrics();
  if (token && cluster.isWorker) joinCluster(appRegistry);
  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!expected) throw notFound('Resource');
    const header = req.headers.authorization;
    const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'Metrics need the bearer token set in METRICS_TOKEN.', undefined, 'metrics.unauthorized');
    }
    const text = cluster.isWorker
      ? await fromPrimary()
      : (await processRegistry.metrics()) + (await appRegistry.metrics());
    return reply.type(processRegistry.contentType).header('Cache-Control', 'no-store').send(text);
  });
}
