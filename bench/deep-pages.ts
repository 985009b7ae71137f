// Deep pages at full size (issue 30 item 3): participants and orders (newest first, page size 10) at page 1,
// 5,000 and 50,000, by number and by cursor (After = the last id of the page before), through app.inject
// (auth, validation, serialisation included): BENCH_SAMPLES sequential requests each (median, p95), then
// BENCH_CONCURRENCY (10) requests at a time for BENCH_SECONDS (5) (p95, req/s), with the load average.
// Opens the database as it is and does NOT migrate it (bench_full is shared: run migrations there on purpose).
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench_full npx tsx bench/deep-pages.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { pct } from './timing';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the generated database (bench/generate.ts)');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-bench-deep-'));
const database = await openDatabase({ databaseUrl: url, dataDir });
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/none' }), database, logger: false });
const login = await app.inject({
  method: 'POST',
  url: '/api/Authentication/login',
  payload: { userName: 'bench@lab.local', password: 'Bench-Pass-1' },
});
const headers = { authorization: `Bearer ${login.json().token as string}` };
const get = async (u: string) => {
  const res = await app.inject({ method: 'GET', url: u, headers });
  if (res.statusCode !== 200) throw new Error(`${u}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
};
const idAt = async (table: string, offset: number) =>
  Number(
    (
      (await database.db.execute(
        sql.raw(`select id from ${table} where institution_id = 1 order by id desc offset ${offset} limit 1`),
      )) as unknown as { rows: { id: number }[] }
    ).rows[0].id,
  );
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const lists = [
  ['participants', '/api/institutions/1/patients?PageSize=10', 'patients'],
  ['orders', '/api/institutions/1/LIMSOrders?PageSize=10', 'lims_orders'],
  ['samples of the protocol', '/api/institutions/1/collectionProtocols/1/collectedSamples?PageSize=10', null],
  ['samples of the institution', '/api/institutions/1/collectedSamples?PageSize=10', null],
] as const;
const cases: [string, string][] = [];
for (const [name, list, table] of lists)
  for (const n of [1, 5_000, 50_000]) {
    cases.push([`${name} page ${n.toLocaleString('en-US')} by number`, `${list}&PageNumber=${n}`]);
    if (n > 1 && table)
      cases.push([
        `${name} page ${n.toLocaleString('en-US')} by cursor`,
        `${list}&PageNumber=${n}&After=${await idAt(table, (n - 1) * 10 - 1)}`,
      ]);
  }

// Warm-up: every deep page once (starts building the rank anchors where the code has them), then their builds.
for (const [, u] of cases) await get(u);
const anchors = (await import('../server/platform/page-anchors').catch(() => null)) as {
  pageAnchorsBuilt?: () => Promise<void>;
} | null;
await anchors?.pageAnchorsBuilt?.();

console.log(`\nrequest | sequential median ms | p95 ms | c=${CONCURRENCY} p95 ms | req/s | load average`);
for (const [name, u] of cases) {
  if (ONLY && !ONLY.test(name)) continue;
  for (let i = 0; i < 3; i++) await get(u);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await get(u);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const loaded: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await get(u);
        loaded.push(performance.now() - t0);
      }
    }),
  );
  loaded.sort((a, b) => a - b);
  console.log(
    `${name} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${pct(loaded, 95).toFixed(1)} | ${(loaded.length / SECONDS).toFixed(0)} | ${load()}`,
  );
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
