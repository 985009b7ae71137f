// The query builder at full size (issue 32 item 4: "at 1M participants / 5M samples a typical three-criteria count
// answers in under 1 s"). Three typical three-criteria counts go through the server's own path: POST
// /api/institutions/1/queries/count through app.inject (auth, the contract's parsing, queries.service countQuery,
// queries.repository countMatching: the statement the API runs, nothing written by hand here). For each: the first
// request, BENCH_SAMPLES more (median, p95), the statement(s) it sent with EXPLAIN (ANALYZE, BUFFERS) and the
// machine's load average (the machine is shared: the load is printed beside every figure). Each count is measured
// twice: as the screen asks it (stopped at the cap, QUERY_COUNT_CAP, 10,000 by default: "More than 10,000") and as
// staff ask for the exact count (`exact: true`). BENCH_EXACT=0 skips the exact ones.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench_full npm run bench:research-queries
// (a database bench/generate.ts then bench/research-data.ts filled; reads only). BENCH_PLANS=0 skips the plans.
import fs from 'node:fs';
import pg from 'pg';
import { openBenchApp } from './bench-app';
import { pct } from './timing';

if (!process.env.DATABASE_URL && !process.env.BENCH_DATA_DIR)
  throw new Error('Set DATABASE_URL (or BENCH_DATA_DIR for PGlite) to the database bench/generate.ts filled.');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const bench = await openBenchApp('research-queries', { keep: true, dataDir: process.env.BENCH_DATA_DIR });
const num = async (q: string) => Number(Object.values(await bench.one(q))[0]);
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const female = await num("select min(id) from genders where title = 'Female'");
const blood = await num("select min(id) from specimen_types where institution_id = 1 and title = 'Whole Blood'");
const genetic = await num(
  "select min(id) from consent_purposes where institution_id = 1 and title = 'Genetic research' and is_enabled",
);
const glucose = await num("select min(id) from tests where institution_id = 1 and title ilike '%glucose%'");
const smoker = await num(
  "select min(f.id) from collection_protocol_form_fields f join collection_protocol_forms x on x.id = f.form_id where x.name = 'Generated screening' and f.prompt = 'Smoker'",
);
const counts: [string, object][] = [
  [
    'gender Female + specimen type Whole Blood + consent purpose Genetic research',
    {
      op: 'and',
      items: [
        { field: 'gender', ids: [female] },
        { field: 'specimenType', ids: [blood] },
        { field: 'consentPurposes', ids: [genetic] },
      ],
    },
  ],
  [
    'age at collection 40-60 + in storage + glucose flag H',
    {
      op: 'and',
      items: [
        { field: 'age', min: 40, max: 60 },
        { field: 'inStorage', value: true },
        { field: 'labResult', testId: glucose, flag: 'H' },
      ],
    },
  ],
  [
    'answer Smoker = Yes + collected in 2025 + consent purpose Genetic research',
    {
      op: 'and',
      items: [
        { field: 'answer', formFieldId: smoker, value: 'Yes' },
        { field: 'collectedDate', from: '2025-01-01', to: '2025-12-31' },
        { field: 'consentPurposes', ids: [genetic] },
      ],
    },
  ],
];

type Client = {
  query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  connect?: () => Promise<Client & { release: () => void }>;
};
const client = (bench.database.db as unknown as { $client: Client }).$client;
const query = client.query;
// A capped count runs in a transaction (planner settings, queries.repository countMatching): on PostgreSQL its
// statements go through a pool client, so the statements are caught on every pg client, not only on the pool.
const pgProto = pg.Client.prototype as unknown as Client;
const pgQuery = pgProto.query;
/** The plan of `s` with the planner settings (`set_config(..., true)`) the request sent before it, in a transaction rolled back. */
async function explain(s: { text: string; values: unknown[] }, sets: string[]) {
  const c = client.connect ? await client.connect() : undefined;
  const run = (text: string, values?: unknown[]) => (c ? c.query(text, values) : query.call(client, text, values));
  try {
    await run('begin');
    for (const set of sets) await run(set);
    return await run(`explain (analyze, buffers) ${s.text}`, s.values);
  } finally {
    await run('rollback');
    c?.release();
  }
}
const url = '/api/institutions/1/queries/count';
console.log(`load average at start: ${load()}`);
console.log(
  `samples: ${await num('select count(*) from collected_samples where institution_id = 1')}, participants: ${await num('select count(*) from patients where institution_id = 1')}`,
);
console.log('| count | answer | first ms | median ms | p95 ms | EXPLAIN ANALYZE execution ms | load (1/5/15 min) |');
console.log('|---|---|---|---|---|---|---|');
const plans: string[] = [];
const modes: [string, object][] = [['capped', {}]];
if (process.env.BENCH_EXACT !== '0') modes.push(['exact', { exact: true }]);
for (const [name, criteria] of counts) {
  for (const [mode, extra] of modes) {
    const body = { criteria, ...extra };
    const sent: { text: string; values: unknown[] }[] = [];
    const catching = (original: Client['query']) =>
      function (this: unknown, q: unknown, values?: unknown, ...rest: unknown[]) {
        const c = typeof q === 'string' ? { text: q } : (q as { text: string; values?: unknown[] });
        if (c && typeof c.text === 'string')
          sent.push({ text: c.text, values: (Array.isArray(values) ? values : undefined) ?? c.values ?? [] });
        return original.call(this, q, values, ...rest);
      };
    client.query = catching(query);
    pgProto.query = catching(pgQuery);
    const t0 = performance.now();
    const first = await bench.call('POST', url, body);
    const firstMs = performance.now() - t0;
    client.query = query;
    pgProto.query = pgQuery;
    if (first.statusCode !== 200) throw new Error(`${name} (${mode}): ${first.statusCode} ${first.body}`);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await bench.call('POST', url, body);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const executions: string[] = [];
    const sets = sent.filter((s) => /^select set_config\(/.test(s.text)).map((s) => s.text);
    const seen = new Set<string>();
    for (const s of sent) {
      if (!/collected_samples/.test(s.text) || seen.has(s.text)) continue;
      seen.add(s.text);
      const res = await explain(s, sets);
      const lines = res.rows.map((r) => String(r['QUERY PLAN']));
      executions.push(lines.find((l) => l.startsWith('Execution Time'))?.replace(/[^0-9.]/g, '') ?? '?');
      if (process.env.BENCH_PLANS !== '0')
        plans.push(`-- ${name} (${mode})\n${s.text}\n${JSON.stringify(s.values)}\n${lines.join('\n')}`);
    }
    const { count, capped } = JSON.parse(first.body) as { count: number; capped?: boolean };
    const answer = `${capped ? 'more than ' : ''}${count.toLocaleString('en-US')}`;
    console.log(
      `| ${name} (${mode}) | ${answer} | ${firstMs.toFixed(0)} | ${pct(times, 50).toFixed(0)} | ${pct(times, 95).toFixed(0)} | ${executions.join('; ')} | ${load()} |`,
    );
  }
}
for (const p of plans) console.log(`\n${p}`);
await bench.close();
