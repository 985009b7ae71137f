// The statements of the load run's writes (register participant, collect one primary sample, allocate one aliquot
// into a box; bench/load.ts, issue 30 item 5) on an already generated database (bench/generate.ts; its world file):
// N requests of each through app.inject as the bench administrator (sequential, in one process), the median and
// p90 per request, then each statement of the last request with its time at the driver (round trip included) and,
// for a read, its EXPLAIN ANALYZE execution time (in send order; the audit sealer is off, its rounds are not the request's). Writes change the database: never run it on a shared one.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/<your db> BENCH_WORLD=bench/results/world.json N=50 \
//   npx tsx bench/write-statements.ts   (ONLY=<regexp>: only the writes it names; FULL=1: texts and values on stderr)
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { fillBoxes } from './fill';
import {
  boxPath,
  benchToken,
  collectBody,
  registerBody,
  saveResultRequest,
  unreleasedResultsQuery,
  type WriteWorld,
} from './write-bodies';

if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL to a generated database of your own');
const world = JSON.parse(
  fs.readFileSync(process.env.BENCH_WORLD ?? path.join(import.meta.dirname, 'results', 'world.json'), 'utf8'),
) as WriteWorld & { participants: number; protocolId: number; firstBoxId: number; boxChain: number[] };
const N = Number(process.env.N ?? 50);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : null;
const dataDir = '/tmp/write-statements';
// One connection: every statement of a request, the read-back after the commit too, runs on it, so its prepared
// statements' plan counts (pg_prepared_statements) say whether PostgreSQL planned each named one generically.
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir,
  limits: { statementTimeoutMs: 0, reportStatementTimeoutMs: 0, poolSize: 1, reportPoolSize: 1, poolWaitMs: 60_000 },
});
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/none', AUDIT_SEAL_INTERVAL_MS: '0' }),
  database,
  logger: false,
});
const run = async (q: string) =>
  ((await database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
const token = await benchToken(app);

// Every statement on any connection (a transaction runs on a pool client; pool.query, the read-back after the commit,
// calls its client with a callback), with the name it is prepared by ('' unnamed).
type Logged = { text: string; name: string; values: unknown[]; ms: number };
const log: Logged[] = [];
let recording = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const t0 = performance.now();
  const a = args[0] as { text?: string; name?: string; values?: unknown[] } | string;
  const text = typeof a === 'string' ? a : (a.text ?? '');
  const values = (Array.isArray(args[1]) ? args[1] : undefined) ?? (typeof a === 'string' ? [] : (a.values ?? []));
  const entry = { text, name: typeof a === 'string' ? '' : (a.name ?? ''), values, ms: NaN };
  const done = () => (entry.ms = performance.now() - t0);
  const last = args.length - 1;
  const cb = args[last];
  if (recording && typeof cb === 'function') {
    log.push(entry);
    args[last] = (...r: unknown[]) => {
      done();
      return Reflect.apply(cb, undefined, r);
    };
  }
  const r = (query as (...x: unknown[]) => unknown).apply(this, args);
  if (!recording || !(r instanceof Promise)) return r;
  log.push(entry);
  return r.then((x) => {
    done();
    return x;
  });
} as typeof pg.Client.prototype.query;

const inst = '/api/institutions/1';
const boxUrl = (box: number) => boxPath(inst, world.boxChain, box);
const unstored =
  await run(`select s.id from collected_samples s where s.institution_id = 1 and s.kind = 'aliquot' and s.sample_id like '%.3'
  and not exists (select 1 from storage_occupancies o where o.collected_sample_id = s.id and o.vacated_at is null) order by s.id limit ${3 * N}`);
const schema = (
  await run(
    `select position_labeling_option_id as o, row_labeling_schema_id as r, column_labeling_schema_id as c from storage_nodes where id = ${world.firstBoxId}`,
  )
)[0];
const boxes = await fillBoxes(
  (q) => database.db.execute(sql.raw(q)),
  { drawer: world.boxChain[3], size: 10, title: 'Statements box', code: `WS${Date.now()}-`, schema },
  1,
  Math.ceil((3 * N) / 100),
);
const unreleased = await run(unreleasedResultsQuery);
let k = 0;
const stamp = Date.now();
const writes: { name: string; method: 'POST' | 'PUT'; next: () => { url: string; body: object } }[] = [
  {
    name: 'register participant',
    method: 'POST',
    next: () => ({
      url: `${inst}/patients/register`,
      body: registerBody(world, `WS-${stamp}-${k++}`),
    }),
  },
  {
    name: 'save result',
    method: 'PUT',
    next: () => {
      const { path: url, body } = saveResultRequest(inst, unreleased, k++);
      return { url, body };
    },
  },
  {
    name: 'collect (one primary sample)',
    method: 'POST',
    next: () => ({
      url: `${inst}/collectionProtocols/${world.protocolId}/collectedSamples/collect`,
      body: collectBody(world, (k++ * 7919) % world.participants),
    }),
  },
  {
    name: 'allocate (one aliquot into a box)',
    method: 'POST',
    next: () => {
      const i = k++;
      return {
        url: `${boxUrl(boxes[Math.floor(i / 100) % boxes.length])}/allocate`,
        body: { collectedSampleIds: [Number(unstored[i % unstored.length].id)] },
      };
    },
  },
];

const explainPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const first = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 110);
for (const w of writes.filter((x) => !ONLY || ONLY.test(x.name))) {
  k = 0;
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const { url, body } = w.next();
    log.length = 0;
    recording = true;
    const t0 = performance.now();
    const res = await app.inject({
      method: w.method,
      url,
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });
    times.push(performance.now() - t0);
    recording = false;
    if (res.statusCode >= 300) throw new Error(`${w.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  times.sort((a, b) => a - b);
  const last = [...log];
  let explained = 0;
  console.log(`\n## ${w.name}: median ${times[N >> 1].toFixed(2)} ms, p90 ${times[Math.floor(N * 0.9)].toFixed(2)} ms`);
  console.log('driver ms | EXPLAIN ANALYZE ms | prepared (generic/custom plans) | statement');
  // The connection's named statements: how often PostgreSQL planned each generically or for its values.
  const plans = new Map(
    (await run(`select name, generic_plans as g, custom_plans as c from pg_prepared_statements where name <> ''`)).map(
      (r) => [String(r.name), `${String(r.g)}/${String(r.c)}`],
    ),
  );
  for (const l of last) {
    let ex = '';
    if (/^\s*select/i.test(l.text) && !/pg_advisory|nextval|for update|for share/i.test(l.text)) {
      const plan = await explainPool.query<{ 'QUERY PLAN': { 'Execution Time': number; 'Planning Time': number }[] }>(
        `explain (analyze, format json) ${l.text}`,
        l.values,
      );
      const p = plan.rows[0]['QUERY PLAN'][0];
      ex = `${p['Execution Time'].toFixed(3)} (+${p['Planning Time'].toFixed(3)} plan)`;
      explained += p['Execution Time'];
    }
    const prepared = l.name ? `${l.name.slice(0, 10)} ${plans.get(l.name) ?? '?'}` : 'unnamed';
    console.log(`${l.ms.toFixed(2).padStart(7)} | ${ex.padEnd(22)} | ${prepared.padEnd(20)} | ${first(l.text)}`);
    if (process.env.FULL) console.error(JSON.stringify({ text: l.text, values: l.values }));
  }
  const sum = last.reduce((s, l) => s + l.ms, 0);
  console.log(
    `statements ${last.length} (${last.filter((l) => !/^(begin|commit|rollback)/i.test(l.text.trim())).length} besides begin/commit), driver sum ${sum.toFixed(2)} ms, EXPLAIN ANALYZE of the reads ${explained.toFixed(2)} ms`,
  );
}
pg.Client.prototype.query = query;
await explainPool.end();
await app.close();
await database.close();
