// The load run's writes (register participant, save result, collect one primary sample, allocate one aliquot into a box; bench/load.ts,
// issue 30 item 5) at BENCH_CONCURRENCY (10) connections for BENCH_SECONDS (8) after BENCH_WARMUP (2) s, with the
// server's CPU ms per request (/proc) and the database's (its backends connected to this database, /proc: run as
// root or as the user PostgreSQL runs as), as bench/overhead.ts does for reads. BENCH_BASELINE=<another checkout> runs
// that checkout's server over the same database too, alternating (this, baseline, ...: BENCH_PASSES, default 2), so
// both see the same machine load. BENCH_ONLY=<regexp> picks the writes; BENCH_CPU_PROF=<dir> profiles each server.
// Writes change the database: run it on your own generated one (bench/generate.ts), never a shared one. Allocate
// stores each unstored aliquot `.3` once (new 10 x 10 boxes made here): a small database runs out of them.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/<your db> BENCH_WORLD=<world.json> npx tsx bench/write-overhead.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { openBenchApp } from './bench-app';
import { fillBoxes } from './fill';
import { startServer } from './serve';
import { latencyOf } from './timing';
import {
  boxPath,
  collectBody,
  registerBody,
  saveResultRequest,
  unreleasedResultsQuery,
  type WriteWorld,
} from './write-bodies';

if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL to your own generated PostgreSQL database');
const world = JSON.parse(
  fs.readFileSync(process.env.BENCH_WORLD ?? path.join(import.meta.dirname, 'results', 'world.json'), 'utf8'),
) as WriteWorld & { participants: number; protocolId: number; firstBoxId: number; boxChain: number[] };
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PASSES = Number(process.env.BENCH_PASSES ?? 2);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const inst = '/api/institutions/1';

const bench = await openBenchApp('write-overhead', { keep: true });
const rows = async (q: string) => ((await bench.run(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const unstored =
  ONLY && !ONLY.test('allocate')
    ? []
    : await rows(`select s.id from collected_samples s
  where s.institution_id = 1 and s.kind = 'aliquot' and s.sample_id like '%.3'
  and not exists (select 1 from storage_occupancies o where o.collected_sample_id = s.id and o.vacated_at is null) order by s.id desc`);
const schema = (
  await rows(
    `select position_labeling_option_id as o, row_labeling_schema_id as r, column_labeling_schema_id as c from storage_nodes where id = ${world.firstBoxId}`,
  )
)[0];
const boxes = unstored.length
  ? await fillBoxes(
      bench.run,
      { drawer: world.boxChain[3], size: 10, title: 'Write box', code: `WB${Date.now()}-`, schema },
      1,
      Math.ceil(unstored.length / 100),
    )
  : [];
const token = bench.token;
await bench.close();

let registered = 0;
let saved = 0;
/** Save result's results with their stamps now: read again before each of its runs (warm-up and measured). */
let unreleased: Record<string, unknown>[] = [];
let collected = 0;
let allocated = 0;
const stamp = Date.now();
const all: { name: string; method: 'POST' | 'PUT'; next: () => { path: string; body: object } }[] = [
  {
    name: 'register participant',
    method: 'POST',
    next: () => ({ path: `${inst}/patients/register`, body: registerBody(world, `WO-${stamp}-${registered++}`) }),
  },
  {
    name: 'save result',
    method: 'PUT',
    next: () => saveResultRequest(inst, unreleased, saved++),
  },
  {
    name: 'collect (one primary sample)',
    method: 'POST',
    next: () => ({
      path: `${inst}/collectionProtocols/${world.protocolId}/collectedSamples/collect`,
      body: collectBody(world, collected++ % world.participants),
    }),
  },
  {
    name: 'allocate (one aliquot into a box)',
    method: 'POST',
    next: () => {
      const k = allocated++;
      if (k >= unstored.length) throw new Error('out of unstored aliquots: a larger database, or fewer seconds');
      return {
        path: `${boxPath(inst, world.boxChain, boxes[Math.floor(k / 100)])}/allocate`,
        body: { collectedSampleIds: [Number(unstored[k].id)] },
      };
    },
  },
];
const writes = all.filter((w) => !ONLY || ONLY.test(w.name));

const checkouts: [string, string | undefined][] = [['this', undefined]];
if (process.env.BENCH_BASELINE) checkouts.push(['baseline', path.resolve(process.env.BENCH_BASELINE)]);
const load = () => os.loadavg()[0].toFixed(1);
// The database's CPU: the backends connected to this database now (the server's pool keeps its connections).
const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
await watcher.connect();
async function databaseCpuMs(): Promise<Map<number, number>> {
  const { rows } = await watcher.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
      out.set(pid, ((Number(stat[11]) + Number(stat[12])) * 1000) / 100);
    } catch {
      /* gone, or not readable */
    }
  }
  return out;
}
/** CPU ms the backends used between two readings (a backend that appeared in between counts from zero). */
const usedBetween = (a: Map<number, number>, b: Map<number, number>) =>
  [...b].reduce((sum, [pid, ms]) => sum + ms - (a.get(pid) ?? 0), 0);
console.log(`write overhead: postgres, c=${CONCURRENCY}, ${SECONDS} s after ${WARMUP} s`);
console.log('pass | checkout | write | req/s | p50 ms | p95 ms | server CPU ms/req | database CPU ms/req | load');
for (let pass = 1; pass <= PASSES; pass++) {
  for (const [label, cwd] of checkouts) {
    const server = await startServer(
      { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: bench.dataDir, WEB_DIST: '/none' },
      cwd,
    );
    try {
      for (const w of writes) {
        const opts = {
          url: server.url,
          connections: CONCURRENCY,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          requests: [
            {
              method: w.method,
              setupRequest: (req: object) => {
                const n = w.next();
                return { ...req, path: n.path, body: JSON.stringify(n.body) };
              },
            },
          ],
        };
        const fresh = async () => {
          if (w.name !== 'save result') return;
          // The warm-up's last requests may still be saving (autocannon does not wait for them): their stamps change.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          unreleased = (await watcher.query<Record<string, unknown>>(unreleasedResultsQuery)).rows;
          saved = 0;
        };
        await fresh();
        await autocannon({ ...opts, duration: WARMUP });
        await fresh();
        const cpu0 = await server.cpuMs();
        const db0 = await databaseCpuMs();
        const out = await autocannon({ ...opts, duration: SECONDS });
        const cpu = (await server.cpuMs()) - cpu0;
        const dbCpu = usedBetween(db0, await databaseCpuMs());
        if (out.non2xx || out.errors) throw new Error(`${w.name}: ${out.non2xx} non-2xx, ${out.errors} errors`);
        const l = latencyOf(out);
        console.log(
          `${pass} | ${label} | ${w.name} | ${out.requests.average.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${(cpu / out.requests.total).toFixed(3)} | ${(dbCpu / out.requests.total).toFixed(3)} | ${load()}`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}
await watcher.end();
