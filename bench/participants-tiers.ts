// The tiered participant search at full size (issue 30 items 1 and 2): for each term, the statements one
// request sends with their EXPLAIN (ANALYZE, BUFFERS) times, the first request (its count not yet remembered)
// and BENCH_SAMPLES sequential requests through app.inject (auth and serialisation included).
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench_full node --import tsx bench/participants-tiers.ts
// (a database bench/generate.ts filled; reads only). BENCH_PLANS=1 prints each statement's plan.
import fs from 'node:fs';
import { openBenchApp } from './bench-app';
import { pct } from './timing';

// PGlite: BENCH_DATA_DIR=<a data folder bench/generate.ts filled> without DATABASE_URL (a copy: it is written to).
if (!process.env.DATABASE_URL && !process.env.BENCH_DATA_DIR)
  throw new Error('Set DATABASE_URL (or BENCH_DATA_DIR for PGlite) to the database bench/generate.ts filled.');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const bench = await openBenchApp('tiers', { keep: true, dataDir: process.env.BENCH_DATA_DIR });
// The middle generated participant (MRN<id>, phone 09<id in 8 digits>).
const [{ mid }] = (
  (await bench.run(
    'select ((min(id) + max(id)) / 2)::int as mid from patients where institution_id = 1 and id <= 1000001',
  )) as unknown as {
    rows: { mid: number }[];
  }
).rows;
const inst = '/api/institutions/1';
const terms: [string, string][] = [
  ["'0900' (every phone)", '0900'],
  ["'09' (every phone, 2 characters)", '09'],
  ["'MRN' (every MRN)", 'MRN'],
  ["'5' (1 digit)", '5'],
  ["'12' (2 digits)", '12'],
  ["'123' (3 digits)", '123'],
  ['exact MRN', `MRN${mid}`],
  ['exact phone', `09${String(mid).padStart(8, '0')}`],
  ['phone, middle part (05043)', '05043'],
  ["common name 'Abebe'", 'Abebe'],
  ["two words 'Abebe Girma'", 'Abebe Girma'],
  ["rare name 'Zzq'", 'Zzq'],
];
type Client = { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
const client = (bench.database.db as unknown as { $client: Client }).$client;
const query = client.query;
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`load average at start: ${load()}`);
console.log(
  '| search | total | first request ms | median ms | p95 ms | statements: EXPLAIN ANALYZE execution ms | load |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [name, term] of terms) {
  const url = `${inst}/patients?PageSize=10&SearchTerm=${encodeURIComponent(term)}`;
  const sent: { text: string; values: unknown[] }[] = [];
  client.query = (q: unknown, values?: unknown, ...rest: unknown[]) => {
    const c = typeof q === 'string' ? { text: q } : (q as { text: string; values?: unknown[] });
    sent.push({ text: c.text, values: (Array.isArray(values) ? values : undefined) ?? c.values ?? [] });
    return query.call(client, q, values, ...rest);
  };
  const t0 = performance.now();
  const first = await bench.call('GET', url);
  const firstMs = performance.now() - t0;
  client.query = query;
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
  const plans: string[] = [];
  for (const s of sent) {
    if (/^\s*explain/i.test(s.text) || !/patients|patient_mrns|patient_phone/.test(s.text)) continue;
    const res = await query.call(client, `explain (analyze, buffers, format json) ${s.text}`, s.values);
    const raw = res.rows[0]['QUERY PLAN'];
    const p = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      'Execution Time': number;
      'Planning Time': number;
    }[];
    plans.push(`${p[0]['Execution Time'].toFixed(2)} (+${p[0]['Planning Time'].toFixed(2)} plan)`);
    if (process.env.BENCH_PLANS) {
      const text = await query.call(client, `explain (analyze, buffers) ${s.text}`, s.values);
      console.error(
        `\n-- ${name}\n${s.text}\n${JSON.stringify(s.values)}\n${text.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
  }
  const times: number[] = [];
  let res = first;
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    res = await bench.call('GET', url);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const page = JSON.parse(String(res.headers['x-pagination'])) as { TotalCount: number; TotalIsAtLeast?: boolean };
  const total = `${page.TotalCount.toLocaleString('en-US')}${page.TotalIsAtLeast ? '+' : ''}`;
  console.log(
    `| ${name} | ${total} | ${firstMs.toFixed(1)} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${plans.join('; ')} | ${load()} |`,
  );
}
await bench.close();
