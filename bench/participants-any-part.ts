// Any-part MRN and phone search at scale (issue 11: "measured at 1M rows in bench/").
// The fill is bench/participants-search.ts's own (run as a child with BENCH_FILL_ONLY=1, so the two
// benches share one data set: MRN 'MRN<id>', phone '09<id, 8 digits>'); this script then applies the
// migrations (the pg_trgm GIN indexes of 0006, built on the filled tables) and times the search API.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench node --import tsx bench/participants-any-part.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { timeRequests } from './timing';

if (!process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL to a PostgreSQL database (the fill is PostgreSQL-sized).');
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const here = path.dirname(fileURLToPath(import.meta.url));
execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'participants-search.ts')], {
  stdio: 'inherit',
  env: { ...process.env, BENCH_FILL_ONLY: '1' },
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
const t0 = performance.now();
await database.migrate();
console.log(
  `migrations (trigram indexes on ${rows.toLocaleString('en-US')} MRNs and phones, when new): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/none' }), database, logger: false });

const login = await app.inject({
  method: 'POST',
  url: '/api/Authentication/login',
  payload: { userName: 'bench@lab.local', password: 'Bench-Pass-1' },
});
const auth = { authorization: `Bearer ${login.json().token as string}` };
const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);

const time = (url: string) => timeRequests(get, url, SAMPLES);

const mid = Math.floor(rows / 2) + 4321;
const phone = `09${String(mid).padStart(8, '0')}`;
const list = '/api/institutions/1/patients?PageSize=10&SearchTerm=';
const cases: [string, string][] = [
  [`MRN, middle part (${String(mid).slice(1, 5)} of MRN${mid})`, String(mid).slice(1, 5)],
  [`MRN, end part (N${mid})`, `N${mid}`],
  [`phone, middle part (${phone.slice(3, 8)} of ${phone})`, phone.slice(3, 8)],
  [`phone, end part (${phone.slice(4)})`, phone.slice(4)],
  ['3 characters, many matches (123)', '123'],
  ['6 characters, one match per id', String(mid).slice(0, 6)],
  ['2 characters (prefix only: 45)', '45'],
  ['name prefix (Grand)', 'Grand'],
  ['common first name (Abebe)', 'Abebe'],
  ['no match (zzzq)', 'zzzq'],
];
console.log(`\n${SAMPLES} requests each, through app.inject (auth, validation, serialisation included)`);
console.log('search term | median ms | p95 ms | total');
for (const [name, term] of cases) {
  const r = await time(`${list}${encodeURIComponent(term)}`);
  console.log(`${name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.total}`);
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
