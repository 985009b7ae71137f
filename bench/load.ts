// The full-size load run (issue 18), over the database bench/generate.ts filled (its bench/results/world.json):
// the API server in its own process (bench/serve.ts), autocannon at BENCH_CONCURRENCY (10) connections for
// BENCH_SECONDS (10) after BENCH_WARMUP (2) s per request: p50/p95/p99 latency and req/s. For each read, in
// the same run: the statements the route sends (recorded at the driver of an in-process app over the same
// database: session check, the page, its count) replayed one after the other with pg directly, and the
// sequential API time over HTTP of the same request; the ratio is API median / SQL median.
// Writes (register participant, save result, collect, allocate) vary their body per request (a new MRN, the
// next unreleased result, the next participant, the next unstored aliquot into a fresh box).
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/load18 npm run bench:load   (PostgreSQL only: the server and
// the in-process app share the database)
// BENCH_ONLY=<regexp> runs only the requests it names and writes nothing.
// Writes bench/results/load-<scale>.json and appends a "Full-size load, issue 18" table to docs/performance.md
// (BENCH_NO_DOC=1: not).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openBenchApp } from './bench-app';
import { startServer } from './serve';
import { pct } from './timing';
import { fillBoxes } from './fill';

if (!process.env.DATABASE_URL)
  throw new Error('bench/load.ts runs on PostgreSQL: set DATABASE_URL to the database bench/generate.ts filled');
const resultsDir = path.join(import.meta.dirname, 'results');
const world = JSON.parse(fs.readFileSync(path.join(resultsDir, 'world.json'), 'utf8')) as {
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

const bench = await openBenchApp('load', { keep: true });
const { one, run, call } = bench;
const num = async (q: string) => Number(Object.values(await one(q))[0]);
const rows = async (q: string) => ((await run(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const P = world.participants;
const mid = Math.floor(P / 2);
const midPatient = world.patientBase + mid;
const inst = '/api/institutions/1';
const boxUrl = (box: number) =>
  `${inst}${[
    'storageContainers',
    'storageContainerShelfs',
    'storageContainerRacks',
    'storageContainerDrawers',
    'storageContainerBoxes',
  ]
    .map((seg, i) => `/${seg}/${[...world.boxChain, box][i]}`)
    .join('')}`;
const primary = await num(
  `select id from collected_samples where institution_id = 1 and lower(sample_id) = lower('GEN-${mid}')`,
);

const day = (d: Date) => d.toISOString().slice(0, 10);
const aYear = `From=${day(new Date(Date.now() - 365 * 86_400_000))}&To=${day(new Date())}`;
const reads: { name: string; url: string; index: boolean }[] = [
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
      body: {
        PatientMRN: `LOAD-${Date.now()}-${registered++}`,
        FirstName: 'Almaz',
        FatherName: 'Load',
        GrandFatherName: 'Test',
        PatientTypeId: world.refs.outpatient,
        GenderId: world.refs.female,
        MaritalStatusId: world.refs.single,
        VitalStatusId: world.refs.alive,
        BirthDate: '1984-03-12',
        BirthTime: '08:30',
        races: [world.refs.black],
        ethnicities: [world.refs.notHispanic],
        phoneNumbers: [],
        siteMrns: [],
      },
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
      body: {
        CollectionProtocolEventId: world.eventId,
        PatientId: world.patientBase + 1 + (collected++ % P),
        InstitutionSiteId: world.siteId,
        CollectedDate: '2026-03-14',
        CollectedTime: '09:30',
        Rows: [{ Key: 'a', SpecimenTypeId: world.specimenTypeId, Quantity: 5, UnitOfMeasurementId: world.unitId }],
      },
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

const loads: number[] = [];
const sampler = setInterval(() => loads.push(os.loadavg()[0]), 2000);
const served = await startServer({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: bench.dataDir,
  WEB_DIST: '/none',
});
const auth = { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' };
type Row = {
  kind: 'read' | 'write';
  name: string;
  url: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  apiMedianMs?: number;
  sqlMedianMs?: number;
  sqlP95Ms?: number;
  statements?: number;
  ratio?: number;
  index?: boolean;
};
const results: Row[] = [];
const latency = (r: autocannon.Result) => {
  // autocannon reports p90 and p97.5, not p95: p95 read off its histogram percentiles between them.
  const l = r.latency as unknown as Record<string, number>;
  return { p50: l.p50, p95: l.p95 ?? (l.p90 + l.p97_5) / 2, p99: l.p99 };
};
try {
  console.log(
    `load at scale ${world.scale} (${P.toLocaleString('en-US')} participants), ${CONCURRENCY} connections, ${SECONDS} s after ${WARMUP} s warm-up`,
  );
  console.log('kind | request | req/s | p50 | p95 | p99 ms | API seq. median | SQL median | ratio');
  for (const r of reads.filter((x) => chosen(x.name))) {
    const sent = await record(r.url);
    const sql = await timeSql(sent);
    const api: number[] = [];
    for (let i = 0; i < SAMPLES + 10; i++) {
      const t0 = performance.now();
      const res = await fetch(`${served.url}${r.url}`, { headers: auth });
      await res.arrayBuffer();
      if (i >= 10) api.push(performance.now() - t0);
    }
    api.sort((a, b) => a - b);
    const opts = { url: `${served.url}${r.url}`, headers: auth, connections: CONCURRENCY };
    await autocannon({ ...opts, duration: WARMUP });
    const out = await autocannon({ ...opts, duration: SECONDS });
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
      `read | ${r.name} | ${row.reqPerSec.toFixed(0)} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.apiMedianMs!.toFixed(2)} | ${row.sqlMedianMs!.toFixed(2)} (${sent.length} st.) | ${row.ratio!.toFixed(2)}`,
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
      `write | ${w.name} | ${row.reqPerSec.toFixed(0)} | ${row.p50} | ${row.p95} | ${row.p99} | non-2xx ${out.non2xx}, errors ${out.errors}`,
    );
  }
} finally {
  clearInterval(sampler);
  await served.stop();
}

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
const counts = {
  participants: await num('select count(*) from patients'),
  orders: await num('select count(*) from lims_orders'),
  results: await num('select count(*) from lims_ordered_test_results'),
  samples: await num('select count(*) from collected_samples'),
};
if (ONLY) {
  await bench.close();
  process.exit(0);
}
const readRows = results.filter((r) => r.kind === 'read');
const cheap = readRows.find((r) => r.name.startsWith('cheap list'))!;
const targets = {
  readsP95Under50ms: readRows.filter((r) => r.p95 >= 50).map((r) => r.name),
  indexReadsRatioAtMost2: readRows.filter((r) => r.index && r.ratio! > 2).map((r) => r.name),
  cheapListAtLeast500ReqPerSec: cheap.reqPerSec >= 500,
};
const when = new Date().toISOString();
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `load-${world.scale}.json`);
fs.writeFileSync(
  file,
  `${JSON.stringify({ when, scale: world.scale, counts, machine, concurrency: CONCURRENCY, seconds: SECONDS, results, targets }, null, 2)}\n`,
);
console.log(`wrote ${path.relative(process.cwd(), file)}`);

if (!process.env.BENCH_NO_DOC) {
  const f = (n: number | undefined, d = 1) => (n === undefined ? '' : n.toFixed(d));
  const lines = [
    '',
    `### Full-size load, issue 18 — scale ${world.scale} (${when.slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `Data: ${counts.participants.toLocaleString('en-US')} participants, ${counts.orders.toLocaleString('en-US')} orders, ${counts.results.toLocaleString('en-US')} results, ${counts.samples.toLocaleString('en-US')} collected samples (bench/generate.ts, BENCH_SCALE=${world.scale}).`,
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.ramGb} GB RAM, load average during the run ${f(machine.loadAverage.min)}–${f(machine.loadAverage.max)} (mean ${f(machine.loadAverage.mean)}), shared with other work.`,
    `autocannon, ${CONCURRENCY} connections, ${SECONDS} s per request after ${WARMUP} s warm-up, server in its own process (bench/serve.ts); p95 is interpolated between autocannon's p90 and p97.5.`,
    'API seq. = median of sequential HTTP requests; SQL = the statements the route sends (session check included), replayed with pg one after the other (a statement the API prepares by name replayed by name, so it is parsed and planned once in both); ratio = API seq. / SQL.',
    '',
    '| kind | request | req/s | p50 ms | p95 ms | p99 ms | non-2xx | API seq. ms | SQL ms (statements) | ratio |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.kind} | ${r.name} | ${f(r.reqPerSec, 0)} | ${r.p50} | ${f(r.p95)} | ${r.p99} | ${r.non2xx + r.errors} | ${f(r.apiMedianMs, 2)} | ${r.sqlMedianMs === undefined ? '' : `${f(r.sqlMedianMs, 2)} (${r.statements})`} | ${f(r.ratio, 2)} |`,
    ),
    '',
    `Targets: reads p95 < 50 ms — ${targets.readsP95Under50ms.length ? `not met by ${targets.readsP95Under50ms.join(', ')}` : 'met by every read'}; API/SQL ratio <= 2 for index reads — ${targets.indexReadsRatioAtMost2.length ? `not met by ${targets.indexReadsRatioAtMost2.join(', ')}` : 'met'}; >= 500 req/s on a cheap list — ${targets.cheapListAtLeast500ReqPerSec ? 'met' : 'not met'} (${f(cheap.reqPerSec, 0)} req/s).`,
    '',
  ];
  fs.appendFileSync(path.join(import.meta.dirname, '..', 'docs', 'performance.md'), lines.join('\n'));
}
await bench.close();
