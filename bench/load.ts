// The full-size load run (issue 18), over the database bench/generate.ts filled (its bench/results/world.json):
// the API server in its own process (bench/serve.ts), autocannon at BENCH_CONCURRENCY (10) connections for
// BENCH_SECONDS (10) after BENCH_WARMUP (2) s per request: p50/p95/p99 latency and req/s. For each read, in
// the same run: the statements the route sends (recorded at the driver of an in-process app over the same
// database: session check, the page, its count) replayed one after the other with pg directly, and the
// sequential API time over HTTP of the same request; the ratio is API median / SQL median. The session is read once
// and then cached (SESSION_CACHE_MS), in the server as in the recording.
// Writes (register participant, save result, collect, allocate) vary their body per request (a new MRN, the
// next unreleased result, the next participant, the next unstored aliquot into a fresh box).
// The floor (issue 30): `GET /api/health` (no session, one `select 1`) measured the same way in the same run;
// each row's "of health" is its req/s over the health check's.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/load18 npm run bench:load, or on PGlite
// BENCH_DATA_DIR=/tmp/pglite-100k npm run bench:load (PGlite admits one process: the statements are recorded and
// timed in-process first, then the database is closed and the server opens it).
// BENCH_ONLY=<regexp> runs only the requests it names and writes no results file nor doc table.
// BENCH_WORLD=<file>: the world file of the database (default bench/results/world.json, which bench/generate.ts writes).
// Baseline (issue 30 item 8): bench/results/baseline-<scale>-<driver>.json holds the figures of one run shape
// (scale, driver, concurrency, seconds); a run of the same shape fails (exit code 1) when a request's share of
// the health floor falls, or its p95 scaled by the floor rises, by more than BENCH_TOLERANCE (0.3) against it.
// BENCH_WRITE_BASELINE=1 writes this run's figures into the baseline (with BENCH_ONLY: those rows only).
// Writes bench/results/load-<scale>[-pglite].json and appends a load table to docs/performance.md (BENCH_NO_DOC=1: not).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openBenchApp } from './bench-app';
import { startServer } from './serve';
import { pct, latencyOf } from './timing';
import { fillBoxes } from './fill';
import { boxPath, collectBody, registerBody } from './write-bodies';

const PGLITE_DIR = process.env.DATABASE_URL ? null : process.env.BENCH_DATA_DIR;
if (!process.env.DATABASE_URL && !PGLITE_DIR)
  throw new Error('set DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite) to the database bench/generate.ts filled');
const driver = PGLITE_DIR ? 'pglite' : 'postgres';
const resultsDir = path.join(import.meta.dirname, 'results');
const world = JSON.parse(fs.readFileSync(process.env.BENCH_WORLD ?? path.join(resultsDir, 'world.json'), 'utf8')) as {
  scale: number;
  participants: number;
  patientBase: number;
  orderBase: number;
  protocolId: number;
  eventId: number;
  siteId: number;
  specimenTypeId: number;
  unitId: number;
  firstBoxId: number;
  panelId: number;
  boxChain: number[];
  refs: Record<string, number>;
};
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
// BENCH_ONLY=<regexp>: only the requests whose name matches (a profiling run, BENCH_CPU_PROF); nothing is written.
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const chosen = (name: string) => !ONLY || ONLY.test(name);

const bench = await openBenchApp('load', { keep: true, ...(PGLITE_DIR ? { dataDir: PGLITE_DIR } : {}) });
const { one, run, call } = bench;
const num = async (q: string) => Number(Object.values(await one(q))[0]);
const rows = async (q: string) => ((await run(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const P = world.participants;
const mid = Math.floor(P / 2);
const midPatient = world.patientBase + mid;
const inst = '/api/institutions/1';
const boxUrl = (box: number) => boxPath(inst, world.boxChain, box);
const primary = await num(
  `select id from collected_samples where institution_id = 1 and lower(sample_id) = lower('GEN-${mid}')`,
);

const day = (d: Date) => d.toISOString().slice(0, 10);
const aYear = `From=${day(new Date(Date.now() - 365 * 86_400_000))}&To=${day(new Date())}`;
// Page 50,000 of 10 at 1M participants: the middle of the list at any scale.
const deepPage = Math.max(1, Math.floor(P / 20));
const reads: { name: string; url: string; index: boolean }[] = [
  { name: 'participants, first page', url: `${inst}/patients?PageSize=10`, index: true },
  {
    name: `participants, deep page ${deepPage} by number`,
    url: `${inst}/patients?PageSize=10&PageNumber=${deepPage}`,
    index: true,
  },
  {
    name: `participants, deep page ${deepPage} by cursor`,
    url: `${inst}/patients?PageSize=10&PageNumber=${deepPage}&After=${midPatient}`,
    index: true,
  },
  {
    name: 'participant search, common name (Abebe)',
    url: `${inst}/patients?PageSize=10&SearchTerm=Abebe`,
    index: true,
  },
  { name: 'participant search, MRN', url: `${inst}/patients?PageSize=10&SearchTerm=MRN${midPatient}`, index: true },
  {
    name: 'participant search, phone',
    url: `${inst}/patients?PageSize=10&SearchTerm=09${String(midPatient).padStart(8, '0')}`,
    index: true,
  },
  {
    name: 'participant search, two words (Abebe Girma)',
    url: `${inst}/patients?PageSize=10&SearchTerm=Abebe%20Girma`,
    index: true,
  },
  // Issue 30: a fragment every phone number contains (never finished before the tiered search).
  {
    name: 'participant search, digits in every phone (0900)',
    url: `${inst}/patients?PageSize=10&SearchTerm=0900`,
    index: true,
  },
  { name: 'participant search, 2 digits (09)', url: `${inst}/patients?PageSize=10&SearchTerm=09`, index: true },
  { name: 'orders by sample ID', url: `${inst}/LIMSOrders?PageSize=10&SampleId=B${2 * mid}`, index: true },
  { name: 'order detail', url: `${inst}/LIMSOrders/${world.orderBase + 2 * mid}`, index: true },
  {
    name: 'sample detail',
    url: `${inst}/collectionProtocols/${world.protocolId}/collectedSamples/${primary}`,
    index: true,
  },
  {
    name: 'sample tree',
    url: `${inst}/collectionProtocols/${world.protocolId}/collectedSamples/${primary}/tree`,
    index: true,
  },
  {
    name: 'box grid (9 x 9)',
    url: `${boxUrl(world.firstBoxId + Math.floor(mid / 81))}/StorageContainerBoxPositions`,
    index: true,
  },
  // Every order report with its default range (the last 7 days, as the screen opens it): computed reads, not index reads.
  {
    name: 'report: test results, one panel, last 7 days',
    url: `${inst}/reports/test-results?panelId=${world.panelId}`,
    index: false,
  },
  { name: 'report: test usage, last 7 days', url: `${inst}/reports/test-usage`, index: false },
  { name: 'report: panel usage, last 7 days', url: `${inst}/reports/panel-usage`, index: false },
  { name: 'report: test summary by day, last 7 days', url: `${inst}/reports/test-summary`, index: false },
  {
    name: 'report: panel summary by week, last 7 days',
    url: `${inst}/reports/panel-summary?period=week`,
    index: false,
  },
  { name: 'report: unreleased panels, last 7 days', url: `${inst}/reports/unreleased-panels`, index: false },
  // Issue 30 item 4: a whole year (366 days, the maximum) and the FHIR participant bundle.
  { name: 'report: unreleased panels, a year', url: `${inst}/reports/unreleased-panels?${aYear}`, index: false },
  { name: 'report: test summary by day, a year', url: `${inst}/reports/test-summary?${aYear}`, index: false },
  { name: 'FHIR participant bundle', url: `${inst}/fhir/Bundle/participant/${midPatient}`, index: false },
  { name: 'cheap list: genders, first page', url: `${inst}/genders?PageSize=10`, index: true },
];

// The statements each read sends, recorded at the driver of the in-process app (auth and serialisation aside).
type Client = { query: (...args: unknown[]) => Promise<unknown> };
const client = (bench.database.db as unknown as { $client: Client }).$client;
const query = client.query;
// A statement the API prepares by name is replayed by the same name (parsed and planned once per connection
// in both), an unnamed one unnamed: the SQL side pays exactly what the API's statements cost the database.
type Sent = { name?: string; text: string; values: unknown[] };
async function record(url: string) {
  // Once unrecorded first: the session statement is then cached (SESSION_CACHE_MS), as in the server under load.
  await call('GET', url);
  const sent: Sent[] = [];
  client.query = (q: unknown, values?: unknown, ...rest: unknown[]) => {
    const config = typeof q === 'string' ? { text: q } : (q as { name?: string; text: string; values?: unknown[] });
    sent.push({
      name: config.name || undefined,
      text: config.text,
      values: (Array.isArray(values) ? values : undefined) ?? config.values ?? [],
    });
    return query.call(client, q, values, ...rest);
  };
  try {
    const res = await call('GET', url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  } finally {
    client.query = query;
  }
  return sent;
}
async function timeSql(sent: Sent[]) {
  const once = async () => {
    for (const { name, text, values } of sent)
      await query.call(client, name ? { name: `replay_${name}`, text } : text, values);
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

// Write inputs: unreleased results (each saved once), unstored aliquots .3 and empty 10 x 10 boxes for them.
const unreleased =
  await rows(`select r.id, r.concurrency_stamp as stamp, t.lims_order_id as "orderId" from lims_ordered_test_results r
  join lims_ordered_tests t on t.id = r.lims_ordered_test_id join lims_ordered_test_result_releases rr on rr.lims_ordered_test_result_id = r.id
  where r.institution_id = 1 and t.test_id = (select min(test_id) from lims_ordered_tests) and not rr.is_released order by r.id desc limit 200000`);
// Not stored now: an earlier load run over the same database stored some of them.
const unstored =
  await rows(`select s.id from collected_samples s where s.institution_id = 1 and s.kind = 'aliquot' and s.sample_id like '%.3'
  and not exists (select 1 from storage_occupancies o where o.collected_sample_id = s.id and o.vacated_at is null) order by s.id desc limit 200000`);
const BOXES = Math.ceil(unstored.length / 100);
const schema = await one(
  `select position_labeling_option_id as o, row_labeling_schema_id as r, column_labeling_schema_id as c from storage_nodes where id = ${world.firstBoxId}`,
);
const newBoxes = await fillBoxes(
  run,
  { drawer: world.boxChain[3], size: 10, title: 'Load box', code: `LB${Date.now()}-`, schema },
  1,
  BOXES,
);
let registered = 0;
let saved = 0;
let collected = 0;
let allocated = 0;
const writes: { name: string; method: 'POST' | 'PUT'; next: () => { path: string; body: object } }[] = [
  {
    name: 'register participant',
    method: 'POST',
    next: () => ({
      path: `${inst}/patients/register`,
      body: registerBody(world, `LOAD-${Date.now()}-${registered++}`),
    }),
  },
  {
    name: 'save result',
    method: 'PUT',
    next: () => {
      const r = unreleased[saved++ % unreleased.length];
      return {
        path: `${inst}/LIMSOrders/${r.orderId}/results`,
        body: { results: [{ resultId: Number(r.id), result: '4.2', concurrencyStamp: r.stamp }] },
      };
    },
  },
  {
    name: 'collect (one primary sample)',
    method: 'POST',
    next: () => ({
      path: `${inst}/collectionProtocols/${world.protocolId}/collectedSamples/collect`,
      body: collectBody(world, collected++ % P),
    }),
  },
  {
    name: 'allocate (one aliquot into a box)',
    method: 'POST',
    next: () => {
      const k = allocated++;
      return {
        path: `${boxUrl(newBoxes[Math.floor(k / 100) % newBoxes.length])}/allocate`,
        body: { collectedSampleIds: [Number(unstored[k % unstored.length].id)] },
      };
    },
  },
];

// The SQL side of every read, before the server starts (on PGlite the server then opens the database alone).
const sqlOf = new Map<string, { sent: Sent[]; times: number[] }>();
for (const r of reads.filter((x) => chosen(x.name))) {
  const sent = await record(r.url);
  sqlOf.set(r.name, { sent, times: await timeSql(sent) });
}
const counts = {
  participants: await num('select count(*) from patients'),
  orders: await num('select count(*) from lims_orders'),
  results: await num('select count(*) from lims_ordered_test_results'),
  samples: await num('select count(*) from collected_samples'),
};
if (PGLITE_DIR) await bench.close();

const loads: number[] = [];
const sampler = setInterval(() => loads.push(os.loadavg()[0]), 2000);
const served = await startServer({
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  DATA_DIR: bench.dataDir,
  WEB_DIST: '/none',
});
const auth = { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' };
type Row = {
  kind: 'read' | 'write' | 'floor';
  name: string;
  url: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** req/s over the health check's in the same run. */
  ofHealth?: number;
  apiMedianMs?: number;
  sqlMedianMs?: number;
  sqlP95Ms?: number;
  statements?: number;
  ratio?: number;
  index?: boolean;
};
const results: Row[] = [];
const latency = latencyOf;
const f = (n: number | undefined, d = 1) => (n === undefined ? '' : n.toFixed(d));
/** Sequential HTTP median (100 requests after 10) and autocannon at CONCURRENCY after a warm-up. */
async function measure(url: string, headers: Record<string, string>) {
  const api: number[] = [];
  for (let i = 0; i < SAMPLES + 10; i++) {
    const t0 = performance.now();
    const res = await fetch(`${served.url}${url}`, { headers });
    await res.arrayBuffer();
    if (i >= 10) api.push(performance.now() - t0);
  }
  api.sort((a, b) => a - b);
  const opts = { url: `${served.url}${url}`, headers, connections: CONCURRENCY };
  await autocannon({ ...opts, duration: WARMUP });
  return { api, out: await autocannon({ ...opts, duration: SECONDS }) };
}
let health = NaN;
try {
  console.log(
    `load at scale ${world.scale} (${P.toLocaleString('en-US')} participants, ${driver}), ${CONCURRENCY} connections, ${SECONDS} s after ${WARMUP} s warm-up`,
  );
  // The floor: the health check, before the reads and again after them (the mean of both is the run's floor).
  const floor = async (name: string) => {
    const { api, out } = await measure('/api/health', {});
    const row: Row = {
      kind: 'floor',
      name,
      url: '/api/health',
      reqPerSec: out.requests.average,
      ...latency(out),
      non2xx: out.non2xx,
      errors: out.errors,
      apiMedianMs: pct(api, 50),
    };
    results.push(row);
    console.log(
      `floor | ${name} | ${f(row.reqPerSec, 0)} req/s | p95 ${row.p95} | API seq. ${f(row.apiMedianMs, 2)} ms`,
    );
    return row.reqPerSec;
  };
  const before = await floor('health check (before the reads)');
  console.log('kind | request | req/s | of health | p50 | p95 | p99 ms | API seq. median | SQL median | ratio');
  for (const r of reads.filter((x) => chosen(x.name))) {
    const { sent, times: sql } = sqlOf.get(r.name)!;
    const { api, out } = await measure(r.url, auth);
    const row: Row = {
      kind: 'read',
      name: r.name,
      url: r.url,
      reqPerSec: out.requests.average,
      ...latency(out),
      non2xx: out.non2xx,
      errors: out.errors,
      apiMedianMs: pct(api, 50),
      sqlMedianMs: pct(sql, 50),
      sqlP95Ms: pct(sql, 95),
      statements: sent.length,
      ratio: pct(api, 50) / pct(sql, 50),
      index: r.index,
    };
    results.push(row);
    console.log(
      `read | ${r.name} | ${row.reqPerSec.toFixed(0)} | ${f(row.reqPerSec / before, 2)} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.apiMedianMs!.toFixed(2)} | ${row.sqlMedianMs!.toFixed(2)} (${sent.length} st.) | ${row.ratio!.toFixed(2)}`,
    );
  }
  for (const w of writes.filter((x) => chosen(x.name))) {
    const out = await autocannon({
      url: served.url,
      connections: CONCURRENCY,
      duration: SECONDS,
      headers: auth,
      requests: [
        {
          method: w.method,
          setupRequest: (req) => {
            const n = w.next();
            return { ...req, path: n.path, body: JSON.stringify(n.body) };
          },
        },
      ],
    });
    const row: Row = {
      kind: 'write',
      name: w.name,
      url: w.next().path,
      reqPerSec: out.requests.average,
      ...latency(out),
      non2xx: out.non2xx,
      errors: out.errors,
    };
    results.push(row);
    console.log(
      `write | ${w.name} | ${row.reqPerSec.toFixed(0)} | ${f(row.reqPerSec / before, 2)} | ${row.p50} | ${row.p95} | ${row.p99} | non-2xx ${out.non2xx}, errors ${out.errors}`,
    );
  }
  // The larger of the two: a floor measured while other work held the cores says less about the server.
  health = Math.max(before, await floor('health check (after)'));
  for (const r of results) if (r.kind !== 'floor') r.ofHealth = r.reqPerSec / health;
} finally {
  clearInterval(sampler);
  await served.stop();
}
if (!PGLITE_DIR) await bench.close();

const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  ramGb: Math.round(os.totalmem() / 2 ** 30),
  loadAverage: {
    min: Math.min(...loads),
    max: Math.max(...loads),
    mean: loads.reduce((s, l) => s + l, 0) / Math.max(1, loads.length),
  },
};
const when = new Date().toISOString();
const shape = { scale: world.scale, driver, concurrency: CONCURRENCY, seconds: SECONDS };
const sameShape = (o: typeof shape) => (Object.keys(shape) as (keyof typeof shape)[]).every((k) => o[k] === shape[k]);

// Against the committed baseline of the same shape: a share of the health floor (req/s over health's) that
// fell, or a p95 scaled by the floor (p95 x health req/s) that rose, by more than the tolerance. Scaling by
// the floor measured in the same run takes out most of what a busier or quieter machine changes.
const TOLERANCE = Number(process.env.BENCH_TOLERANCE ?? 0.3);
type Base = { ofHealth: number; p95: number; health: number; reqPerSec: number };
const baselineFile = path.join(resultsDir, `baseline-${world.scale}-${driver}.json`);
const baseline = fs.existsSync(baselineFile)
  ? (JSON.parse(fs.readFileSync(baselineFile, 'utf8')) as typeof shape & { when: string; rows: Record<string, Base> })
  : null;
const regressions: string[] = [];
if (!baseline) console.log(`no baseline ${path.relative(process.cwd(), baselineFile)}: nothing compared`);
else if (!sameShape(baseline))
  console.log(`baseline ${path.relative(process.cwd(), baselineFile)} has another run shape: nothing compared`);
else {
  for (const r of results.filter((x) => x.kind !== 'floor')) {
    const b = baseline.rows[r.name];
    if (!b) continue;
    const share = r.ofHealth! / b.ofHealth;
    const p95 = (r.p95 * health) / (b.p95 * b.health);
    if (share < 1 - TOLERANCE || p95 > 1 + TOLERANCE)
      regressions.push(
        `${r.name}: ${f(r.ofHealth, 3)} of health (baseline ${f(b.ofHealth, 3)}), p95 ${f(r.p95)} ms at health ${f(health, 0)} req/s (baseline ${f(b.p95)} ms at ${f(b.health, 0)})`,
      );
  }
  console.log(
    regressions.length
      ? `REGRESSION against ${path.relative(process.cwd(), baselineFile)} (tolerance ${TOLERANCE * 100}%):\n  ${regressions.join('\n  ')}`
      : `no regression against ${path.relative(process.cwd(), baselineFile)} (${baseline.when}, tolerance ${TOLERANCE * 100}%)`,
  );
}
if (process.env.BENCH_WRITE_BASELINE) {
  const rows: Record<string, Base> = baseline && sameShape(baseline) ? { ...baseline.rows } : {};
  for (const r of results.filter((x) => x.kind !== 'floor'))
    rows[r.name] = { ofHealth: r.ofHealth!, p95: r.p95, health, reqPerSec: r.reqPerSec };
  fs.writeFileSync(
    baselineFile,
    `${JSON.stringify({ ...shape, when, loadAverage: machine.loadAverage, rows }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(process.cwd(), baselineFile)}`);
}

if (!ONLY) {
  const readRows = results.filter((r) => r.kind === 'read');
  const cheap = readRows.filter((r) => /^(cheap list|orders by sample|sample detail)/.test(r.name));
  const targets = {
    readsP95Under50ms: readRows.filter((r) => r.p95 >= 50).map((r) => r.name),
    indexReadsRatioAtMost2: readRows.filter((r) => r.index && r.ratio! > 2).map((r) => r.name),
    cheapReadsAtLeastHalfOfHealth: cheap.filter((r) => r.ofHealth! < 0.5).map((r) => r.name),
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `load-${world.scale}${driver === 'pglite' ? '-pglite' : ''}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ when, ...shape, counts, machine, health, results, targets, regressions }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);

  if (!process.env.BENCH_NO_DOC) {
    const lines = [
      '',
      `### Load run — scale ${world.scale}, ${driver} (${when.slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `Data: ${counts.participants.toLocaleString('en-US')} participants, ${counts.orders.toLocaleString('en-US')} orders, ${counts.results.toLocaleString('en-US')} results, ${counts.samples.toLocaleString('en-US')} collected samples (bench/generate.ts, BENCH_SCALE=${world.scale}).`,
      `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.ramGb} GB RAM, load average during the run ${f(machine.loadAverage.min)}–${f(machine.loadAverage.max)} (mean ${f(machine.loadAverage.mean)}), shared with other work.`,
      `autocannon, ${CONCURRENCY} connections, ${SECONDS} s per request after ${WARMUP} s warm-up, server in its own process (bench/serve.ts); p95 is interpolated between autocannon's p90 and p97.5.`,
      "API seq. = median of sequential HTTP requests; SQL = the statements the route sends once its session is cached (SESSION_CACHE_MS; the first request of a token also reads its session), replayed one after the other (a statement the API prepares by name replayed by name, so it is parsed and planned once in both); ratio = API seq. / SQL; of health = req/s over the health check's in the same run (the larger of before the reads and after the writes).",
      '',
      '| kind | request | req/s | of health | p50 ms | p95 ms | p99 ms | non-2xx | API seq. ms | SQL ms (statements) | ratio |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.kind} | ${r.name} | ${f(r.reqPerSec, 0)} | ${f(r.ofHealth, 2)} | ${r.p50} | ${f(r.p95)} | ${r.p99} | ${r.non2xx + r.errors} | ${f(r.apiMedianMs, 2)} | ${r.sqlMedianMs === undefined ? '' : `${f(r.sqlMedianMs, 2)} (${r.statements})`} | ${f(r.ratio, 2)} |`,
      ),
      '',
      `Targets: reads p95 < 50 ms — ${targets.readsP95Under50ms.length ? `not met by ${targets.readsP95Under50ms.join(', ')}` : 'met by every read'}; API/SQL ratio <= 2 for index reads — ${targets.indexReadsRatioAtMost2.length ? `not met by ${targets.indexReadsRatioAtMost2.join(', ')}` : 'met'}; cheap reads >= half the health check's req/s — ${targets.cheapReadsAtLeastHalfOfHealth.length ? `not met by ${targets.cheapReadsAtLeastHalfOfHealth.join(', ')}` : 'met'}.${regressions.length ? ` Regressions against the baseline: ${regressions.join('; ')}.` : ''}`,
      '',
    ];
    fs.appendFileSync(path.join(import.meta.dirname, '..', 'docs', 'performance.md'), lines.join('\n'));
  }
}
if (regressions.length) process.exitCode = 1;
