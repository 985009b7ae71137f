// Memory and latency under a long load (issue 30 item 7): the API server in its own process over a database
// bench/generate.ts filled (PGlite: BENCH_DATA_DIR, PostgreSQL: DATABASE_URL), first the participants' first
// page and the common-name search ('Abebe') alone at BENCH_CONCURRENCY (10) for 10 s each, then both mixed
// for BENCH_SOAK_MINUTES (10) in one-minute rounds, the server's resident memory sampled every 5 s, then the
// two alone again. Writes bench/results/soak-<driver>-<scale>.json.
// Usage: BENCH_DATA_DIR=/tmp/pglite-100k node --import tsx bench/soak.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './serve';
import { latencyOf } from './timing';

const resultsDir = path.join(import.meta.dirname, 'results');
const world = JSON.parse(fs.readFileSync(process.env.BENCH_WORLD ?? path.join(resultsDir, 'world.json'), 'utf8')) as {
  scale: number;
};
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
if (!process.env.DATABASE_URL && !process.env.BENCH_DATA_DIR)
  throw new Error('set BENCH_DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL) to the database bench/generate.ts filled');

const served = await startServer({
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  DATA_DIR: process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lims-soak-')),
  WEB_DIST: '/none',
});
const login = await fetch(`${served.url}/api/Authentication/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: 'bench@lab.local', password: 'Bench-Pass-1' }),
});
const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
const reads = {
  'first page': '/api/institutions/1/patients?PageSize=10',
  'common name (Abebe)': '/api/institutions/1/patients?PageSize=10&SearchTerm=Abebe',
};
const p95 = (r: autocannon.Result) => latencyOf(r).p95;
const memory: { s: number; rssMb: number; load: number }[] = [];
const t0 = performance.now();
const sample = async () =>
  memory.push({ s: Math.round((performance.now() - t0) / 1000), rssMb: await served.rssMb(), load: os.loadavg()[0] });
await sample();

async function alone(when: string) {
  const out: Record<string, { reqPerSec: number; p50: number; p95: number; p99: number; non2xx: number }> = {};
  for (const [name, url] of Object.entries(reads)) {
    const opts = { url: `${served.url}${url}`, headers, connections: CONCURRENCY };
    await autocannon({ ...opts, duration: 2 });
    const r = await autocannon({ ...opts, duration: 10 });
    out[name] = {
      reqPerSec: r.requests.average,
      p50: r.latency.p50,
      p95: p95(r),
      p99: r.latency.p99,
      non2xx: r.non2xx,
    };
    console.log(
      `${when} | ${name} | ${r.requests.average.toFixed(0)} req/s | p50 ${r.latency.p50} | p95 ${p95(r)} | p99 ${r.latency.p99} ms | load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
  return out;
}

const rounds: { minute: number; reqPerSec: number; p95: number; rssMb: number; load: number }[] = [];
let before, after;
const sampler = setInterval(() => void sample(), 5000);
try {
  before = await alone('before');
  for (let minute = 1; minute <= MINUTES; minute++) {
    const r = await autocannon({
      url: served.url,
      headers,
      connections: CONCURRENCY,
      duration: 60,
      requests: Object.values(reads).map((p) => ({ method: 'GET' as const, path: p })),
    });
    const rssMb = await served.rssMb();
    rounds.push({ minute, reqPerSec: r.requests.average, p95: p95(r), rssMb, load: os.loadavg()[0] });
    console.log(
      `minute ${minute} | mixed | ${r.requests.average.toFixed(0)} req/s | p95 ${p95(r)} ms | non-2xx ${r.non2xx} | server RSS ${rssMb.toFixed(0)} MB | load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
  after = await alone('after');
} finally {
  clearInterval(sampler);
  await sample();
  await served.stop();
}
const file = path.join(resultsDir, `soak-${driver}-${world.scale}.json`);
fs.writeFileSync(
  file,
  `${JSON.stringify({ when: new Date().toISOString(), driver, scale: world.scale, concurrency: CONCURRENCY, minutes: MINUTES, before, rounds, after, memory }, null, 2)}\n`,
);
const rss = memory.map((m) => m.rssMb);
console.log(
  `server RSS: start ${rss[0].toFixed(0)} MB, after the first minute ${rounds[0]?.rssMb.toFixed(0)} MB, end ${rss.at(-1)!.toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB; wrote ${path.relative(process.cwd(), file)}`,
);
