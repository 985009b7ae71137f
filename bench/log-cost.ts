// The CPU cost of the request log line (issue 30 item 6): N lines in the shape of OneLinePerRequest's, each from a
// request's child logger (as Fastify makes one per request), k lines per turn of the event loop (k requests
// finishing together under load). Three ways, alternated: "before" (pino's redaction with wildcard paths, pino's own
// destination: one synchronous write per line), "no wildcard" (censorNestedHeaders, one write per line) and "after"
// (censorNestedHeaders and TurnBatchedLog: one write per turn). CPU (user + system, process.cpuUsage) per line.
// Run with stdout sent where a deployment sends it, the figures go to stderr:
// `node --import tsx bench/log-cost.ts > /dev/null`, `>> /tmp/x.log` or `| cat > /dev/null` (a pipe).
import Fastify from 'fastify';
import { batchedStdout, loggerOptions } from '../server/platform/request-log';

const N = Number(process.env.BENCH_LINES ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const turn = () => new Promise((r) => setImmediate(r));
const line = {
  method: 'GET',
  route: '/api/institutions/:instId/patients',
  statusCode: 200,
  durationMs: 3.17,
  accountId: 12,
  institutionId: 1,
};

type Way = 'before' | 'no wildcard' | 'after';
function options(way: Way) {
  const now = loggerOptions('info', way === 'after' ? batchedStdout() : undefined);
  if (way !== 'before') return now;
  // The options before issue 30's evening session: pino redacts wildcard paths itself.
  const { formatters: _none, ...rest } = now;
  return {
    ...rest,
    redact: {
      paths: ['headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie', 'password'],
      censor: '[redacted]',
    },
  };
}

async function cost(way: Way, perTurn: number) {
  const app = Fastify({ logger: options(way) });
  await app.ready();
  const start = process.cpuUsage();
  for (let i = 0; i < N; i += perTurn) {
    for (let j = 0; j < perTurn; j++) app.log.child({ reqId: `req-${i + j}` }).info(line, 'request completed');
    await turn();
  }
  const used = process.cpuUsage(start);
  await app.close();
  return ((used.user + used.system) / N).toFixed(2);
}

const ways: Way[] = ['before', 'no wildcard', 'after'];
process.stderr.write(`round | lines per turn | ${ways.map((w) => `${w} µs/line`).join(' | ')}\n`);
for (let round = 1; round <= ROUNDS; round++)
  for (const k of [1, 2, 5, 10]) {
    const figures: string[] = [];
    for (const way of ways) figures.push(await cost(way, k));
    process.stderr.write(`${round} | ${k} | ${figures.join(' | ')}\n`);
  }
