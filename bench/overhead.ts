// Per-request overhead (issue 30 item 6): the health check and the cheap reads, each at BENCH_CONCURRENCY (10)
// connections for BENCH_SECONDS (8) after BENCH_WARMUP (2) s, with the server's CPU ms per request (/proc) and
// each read's share of the health rate in the same pass. BENCH_BASELINE=<another checkout> runs that checkout's
// server over the same database too, alternating (this, baseline, this, baseline: BENCH_PASSES, default 2), so both
// see the same machine load. BENCH_ONLY=<regexp> picks the reads; BENCH_CPU_PROF=<dir> profiles each server
// (BENCH_NO_HEALTH=1: without the health check, so that a profile holds one read only).
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/<db> BENCH_WORLD=<world.json> node --import tsx bench/overhead.ts
// or BENCH_DATA_DIR=<pglite dir> (PGlite admits one process: the ids are read first, then the database is closed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openBenchApp } from './bench-app';
import { startServer } from './serve';
import { latencyOf } from './timing';

const PGLITE_DIR = process.env.DATABASE_URL ? null : process.env.BENCH_DATA_DIR;
if (!process.env.DATABASE_URL && !PGLITE_DIR) throw new Error('set DATABASE_URL or BENCH_DATA_DIR');
const world = JSON.parse(
  fs.readFileSync(process.env.BENCH_WORLD ?? path.join(import.meta.dirname, 'results', 'world.json'), 'utf8'),
) as { participants: number; patientBase: number; protocolId: number };
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PASSES = Number(process.env.BENCH_PASSES ?? 2);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

const bench = await openBenchApp('overhead', { keep: true, ...(PGLITE_DIR ? { dataDir: PGLITE_DIR } : {}) });
const mid = Math.floor(world.participants / 2);
const primary = Number(
  Object.values(
    await bench.one(
      `select id from collected_samples where institution_id = 1 and lower(sample_id) = lower('GEN-${mid}')`,
    ),
  )[0],
);
const token = bench.token;
await bench.close();

const inst = '/api/institutions/1';
const reads = [
  { name: 'genders list, first page', url: `${inst}/genders?PageSize=10` },
  { name: 'orders by sample ID', url: `${inst}/LIMSOrders?PageSize=10&SampleId=B${2 * mid}` },
  { name: 'sample detail', url: `${inst}/collectionProtocols/${world.protocolId}/collectedSamples/${primary}` },
  { name: 'participants, first page', url: `${inst}/patients?PageSize=10` },
  {
    name: 'participant search, MRN',
    url: `${inst}/patients?PageSize=10&SearchTerm=MRN${world.patientBase + mid}`,
  },
  { name: 'participant search, common name (Abebe)', url: `${inst}/patients?PageSize=10&SearchTerm=Abebe` },
].filter((r) => !ONLY || ONLY.test(r.name));

const checkouts: [string, string | undefined][] = [['this', undefined]];
if (process.env.BENCH_BASELINE) checkouts.push(['baseline', path.resolve(process.env.BENCH_BASELINE)]);
const load = () => os.loadavg()[0].toFixed(1);
console.log(
  `overhead: ${PGLITE_DIR ? 'pglite' : 'postgres'}, ${world.participants.toLocaleString('en-US')} participants, c=${CONCURRENCY}, ${SECONDS} s after ${WARMUP} s`,
);
console.log('pass | checkout | request | req/s | of health | p95 ms | server CPU ms/req | load');
for (let pass = 1; pass <= PASSES; pass++) {
  for (const [label, cwd] of checkouts) {
    const server = await startServer(
      {
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        DATA_DIR: bench.dataDir,
        WEB_DIST: '/none',
      },
      cwd,
    );
    try {
      let health = NaN;
      for (const r of [...(process.env.BENCH_NO_HEALTH ? [] : [{ name: 'health', url: '/api/health' }]), ...reads]) {
        const opts = {
          url: `${server.url}${r.url}`,
          headers: r.name === 'health' ? {} : { authorization: `Bearer ${token}` },
          connections: CONCURRENCY,
        };
        await autocannon({ ...opts, duration: WARMUP });
        const cpu0 = await server.cpuMs();
        const out = await autocannon({ ...opts, duration: SECONDS });
        const cpu = (await server.cpuMs()) - cpu0;
        if (out.non2xx || out.errors) throw new Error(`${r.url}: ${out.non2xx} non-2xx, ${out.errors} errors`);
        if (r.name === 'health') health = out.requests.average;
        const l = latencyOf(out);
        console.log(
          `${pass} | ${label} | ${r.name} | ${out.requests.average.toFixed(0)} | ${(out.requests.average / health).toFixed(2)} | ${l.p95.toFixed(1)} | ${(cpu / out.requests.total).toFixed(3)} | ${load()}`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}
