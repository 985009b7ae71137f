// Issue 34 item 2: one API process against two (WORKERS=1 and WORKERS=2 of the server entry, bench/serve.ts) on
// PostgreSQL, for a cheap list (genders, first page) and a participant search (a common name), autocannon at
// BENCH_CONCURRENCY (10) connections for BENCH_SECONDS (10) after BENCH_WARMUP (2) s each, as bench/load.ts measures.
// The database is emptied (its public schema dropped: name a database of its own) and filled with
// BENCH_PARTICIPANTS (20,000) participants by bench/fill.ts. The 1-minute load average is sampled during each run
// and printed beside the figures: on a shared machine they are not a clean measurement.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench34 npm run bench:workers (BENCH_WORKERS=2,1: that order)
// Writes bench/results/workers-<participants>-<counts>.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openBenchApp } from './bench-app';
import { fillParticipants } from './fill';
import { testClientOf } from './fixtures';
import { startServer } from './serve';
import { referenceIds } from '../server/test/participants-fixtures';
import { WORKER_HEADER } from '../server/cluster';
import { latencyOf } from './timing';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('set DATABASE_URL to a PostgreSQL database of its own (it is emptied first)');
const P = Number(process.env.BENCH_PARTICIPANTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
// BENCH_WORKERS: the worker counts, in order (default 1,2; 2,1 shows how much the order and the machine move them).
const COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);

const bench = await openBenchApp('workers');
const refs = await referenceIds(testClientOf(bench.app, bench.database.db), 1, bench.token);
const fillRefs = {
  type: refs.outpatient,
  gender: refs.female,
  marital: refs.single,
  vital: refs.alive,
  phoneType: refs.mobile,
};
for (let from = 1; from <= P; from += 100_000)
  await fillParticipants(bench.run, fillRefs, from, Math.min(P, from + 99_999));
await bench.run('analyze');
const token = bench.token;
await bench.close();

const reads = [
  { name: 'cheap list: genders, first page', url: '/api/institutions/1/genders?PageSize=10' },
  { name: 'participant search, common name (Abebe)', url: '/api/institutions/1/patients?PageSize=10&SearchTerm=Abebe' },
];

/** The worker that answers a request on a new connection (null: a single process). */
const workerOf = (base: string) =>
  new Promise<string | null>((resolve, reject) => {
    http
      .get(`${base}/api/health`, { agent: false }, (res) => {
        res.resume();
        const w = res.headers[WORKER_HEADER.toLowerCase()];
        resolve(typeof w === 'string' ? w : null);
      })
      .on('error', reject);
  });

const rows: {
  workers: number;
  name: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  load1: number;
}[] = [];
for (const workers of COUNTS) {
  const server = await startServer({ DATABASE_URL, WORKERS: String(workers), WEB_DIST: '/none', LOG_LEVEL: 'warn' });
  try {
    // Every worker up before measuring (the first health answer may come from the first worker alone).
    const seen = new Set<string | null>();
    for (let i = 0; i < 600 && seen.size < workers; i++) {
      seen.add(await workerOf(server.url));
      if (seen.size < workers) await new Promise((r) => setTimeout(r, 100));
    }
    const headers = { authorization: `Bearer ${token}` };
    for (const read of reads) {
      const opts = { url: `${server.url}${read.url}`, headers, connections: CONCURRENCY };
      await autocannon({ ...opts, duration: WARMUP });
      const loads: number[] = [];
      const sampler = setInterval(() => loads.push(os.loadavg()[0]), 1000);
      const out = await autocannon({ ...opts, duration: SECONDS });
      clearInterval(sampler);
      const l = latencyOf(out);
      rows.push({
        workers,
        name: read.name,
        reqPerSec: out.requests.average,
        p50: l.p50,
        p95: l.p95,
        p99: l.p99,
        non2xx: out.non2xx,
        errors: out.errors,
        load1: loads.length ? loads.reduce((s, x) => s + x, 0) / loads.length : os.loadavg()[0],
      });
    }
  } finally {
    await server.stop();
  }
}

const f = (n: number, d = 1) => n.toFixed(d);
const lines = [
  `${P.toLocaleString('en-US')} participants, PostgreSQL, ${CONCURRENCY} connections, ${SECONDS} s after ${WARMUP} s warm-up, ${os.availableParallelism()} cores`,
  '',
  '| request | WORKERS | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors | load avg (1 min) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.workers} | ${f(r.reqPerSec, 0)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.non2xx} | ${r.errors} | ${f(r.load1)} |`,
  ),
];
console.log(lines.join('\n'));
const file = path.join(import.meta.dirname, 'results', `workers-${P}-${COUNTS.join('-')}.json`);
fs.writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), participants: P, concurrency: CONCURRENCY, seconds: SECONDS, cores: os.availableParallelism(), rows }, null, 2)}\n`,
);
console.log(`written: ${path.relative(process.cwd(), file)}`);
