// Participant search at scale (issue 4: "indexed so it stays fast with a million participants").
// Fills one institution with BENCH_ROWS participants (default 1,000,000), each with a main MRN and a
// phone, then times the list and search API through app.inject (median, p95), the first page at
// concurrency 10 (req/s) and a lookup list against its raw SQL.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench npm run bench   (or without it: PGlite in a temp dir)
// A database already holding BENCH_ROWS participants is reused; BENCH_REFILL=1 fills it again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import { startServer } from './serve';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { pct, timeRequests } from './timing';
import { firstStart } from '../server/db/seed/first-start';
import { fillParticipants } from './fill';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir });
// A PostgreSQL database already filled with BENCH_ROWS participants is reused (the fill takes minutes);
// BENCH_REFILL=1 starts again from an empty schema.
const count = async () =>
  Number(
    ((await database.db.execute(sql.raw('select count(*) as n from patients'))) as unknown as { rows: { n: string }[] })
      .rows[0].n,
  );
const reuse = !!process.env.DATABASE_URL && !process.env.BENCH_REFILL && (await count().catch(() => 0)) === rows;
if (process.env.DATABASE_URL && !reuse) {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
}
await database.migrate();
if (!reuse) await firstStart(database.db, { adminEmail: 'bench@lab.local', adminPassword: 'Bench-Pass-1' });
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/none' }), database, logger: false });

const ref = async (table: string) =>
  Number(
    (
      (await database.db.execute(sql.raw(`select min(id) as id from ${table}`))) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0].id,
  );
const [type, gender, marital, vital, phoneType] = await Promise.all(
  ['patient_types', 'genders', 'marital_statuses', 'vital_statuses', 'phone_number_types'].map(ref),
);

let t0 = Date.now();
if (!reuse) {
  console.log(`filling ${rows.toLocaleString()} participants (${database.kind})...`);
  await fillParticipants((q) => database.db.execute(sql.raw(q)), { type, gender, marital, vital, phoneType }, 1, rows);
  // VACUUM as autovacuum would: sets the visibility map, so id pages are index-only scans.
  await database.db.execute(sql.raw('vacuum analyze'));
  console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
} else console.log(`reusing ${rows.toLocaleString()} participants (${database.kind})`);
if (process.env.BENCH_FILL_ONLY) {
  await app.close();
  await database.close();
  process.exit(0);
}

const login = await app.inject({
  method: 'POST',
  url: '/api/Authentication/login',
  payload: { userName: 'bench@lab.local', password: 'Bench-Pass-1' },
});
const token = login.json().token as string;
const mid = Math.floor(rows / 2);
const auth = { authorization: `Bearer ${token}` };
const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
/** Which parts to run (comma-separated): sequential, throughput, lookup; all by default. */
const parts = new Set((process.env.BENCH_PARTS ?? 'sequential,throughput,lookup').split(',').map((s) => s.trim()));

const time = (url: string) => timeRequests(get, url, SAMPLES);

const list = '/api/institutions/1/patients?PageSize=10';
const cases: [string, string][] = [
  ['first page, no search', list],
  ['common first name (Abebe, 8%)', `${list}&SearchTerm=Abebe`],
  ['rare name prefix', `${list}&SearchTerm=Grand`],
  ['two name words', `${list}&SearchTerm=Almaz%20Girma`],
  ['MRN', `${list}&SearchTerm=MRN${mid}`],
  ['phone', `${list}&SearchTerm=09${String(mid).padStart(8, '0')}`],
  ['external subject id', `${list}&SearchTerm=EXT-${mid}`],
  ['exact phone filter', `${list}&PhoneNumber=09${String(mid).padStart(8, '0')}`],
  ['deep page (offset 500,000)', `${list}&PageNumber=${Math.floor(mid / 10) + 1}`],
  ['next page by cursor at offset 500,000 (After)', `${list}&PageNumber=${Math.floor(mid / 10) + 1}&After=${mid + 1}`],
  ['common name, page 100', `${list}&SearchTerm=Abebe&PageNumber=100`],
  ['dashboard count', '/api/institutions/1/patients/count'],
  ['one participant by id', `/api/institutions/1/patients/${mid}`],
];
if (parts.has('sequential'))
  console.log(
    `\n${SAMPLES} requests each, through app.inject (auth, validation, serialisation included)\nquery | median ms | p95 ms | total`,
  );
for (const [name, url] of parts.has('sequential') ? cases : []) {
  const r = await time(url);
  console.log(`${name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.total}`);
}

// Throughput: the server in its own process (`npm run serve`: node --import tsx server/main.ts, its
// default logging), on 127.0.0.1, loaded by autocannon from this process: CONCURRENCY connections,
// each sending the next request as soon as the last answers, after a warm-up of WARMUP seconds.
// Server CPU per request (from /proc) is the figure the other work on a shared machine disturbs least.
// BENCH_BASELINE=<another checkout> measures that checkout's server too, alternating with this one
// (A B A B) so that both see the same machine load. BENCH_CPU_PROF=<dir> profiles this server
// (node --cpu-prof; written when it exits).
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const serverEnv = { DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir, WEB_DIST: '/none' };
const loads: [string, string][] = [
  ['first page', list],
  ['next page by cursor at offset 500,000', `${list}&PageNumber=${Math.floor(mid / 10) + 1}&After=${mid + 1}`],
];
const checkouts: [string, string | undefined][] = process.env.BENCH_BASELINE
  ? [
      ['baseline', path.resolve(process.env.BENCH_BASELINE)],
      ['this checkout', undefined],
      ['baseline', path.resolve(process.env.BENCH_BASELINE)],
      ['this checkout', undefined],
    ]
  : [['this checkout', undefined]];
if (parts.has('throughput'))
  console.log(
    `\nthroughput: autocannon, ${CONCURRENCY} connections, ${SECONDS} s after ${WARMUP} s of warm-up, server in its own process`,
  );
if (parts.has('throughput'))
  console.log('server | request | req/s | p50 ms | p97.5 ms | p99 ms | server CPU ms per request');
for (const [label, cwd] of parts.has('throughput') ? checkouts : []) {
  const served = await startServer(serverEnv, cwd);
  try {
    for (const [name, url] of loads) {
      const opts = { url: `${served.url}${url}`, headers: auth, connections: CONCURRENCY };
      await autocannon({ ...opts, duration: WARMUP });
      const cpu0 = await served.cpuMs();
      const load = await autocannon({ ...opts, duration: SECONDS });
      if (load.non2xx || load.errors)
        throw new Error(`${label} ${name}: ${load.non2xx} non-2xx answers, ${load.errors} errors`);
      console.log(
        `${label} | ${name} | ${load.requests.average.toFixed(0)} | ${load.latency.p50} | ${load.latency.p97_5} | ${load.latency.p99} | ${(((await served.cpuMs()) - cpu0) / load.requests.total).toFixed(2)}`,
      );
    }
  } finally {
    await served.stop();
  }
}

// A cheap lookup list through the API against the same work in raw SQL: the statements the API sends
// for it (the session and account, the page, and a count when the page does not show the end),
// recorded at the driver and sent again one after the other, as the API does, without the API.
if (parts.has('lookup')) {
  const lookupUrl = '/api/institutions/1/genders?PageSize=10';
  const api = await time(lookupUrl);
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const sent: [string, unknown[]][] = [];
  const query = client.query;
  client.query = (q: unknown, values?: unknown, ...rest: unknown[]) => {
    const text = typeof q === 'string' ? q : (q as { text: string }).text;
    sent.push([text, (Array.isArray(values) ? values : undefined) ?? (q as { values?: unknown[] }).values ?? []]);
    return query.call(client, q, values, ...rest);
  };
  await get(lookupUrl);
  client.query = query;
  const replay = async () => {
    for (const [text, values] of sent) await query.call(client, text, values);
  };
  for (let i = 0; i < 2; i++) await replay();
  const raw: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    t0 = performance.now();
    await replay();
    raw.push(performance.now() - t0);
  }
  raw.sort((a, b) => a - b);
  console.log(
    `\nlookup list (genders, ${sent.length} statements: ${sent.map(([text]) => text.slice(0, 40).replace(/\s+/g, ' ')).join(' | ')})`,
  );
  console.log(
    `API median ${api.median.toFixed(2)} ms, p95 ${api.p95.toFixed(2)} ms; the same statements in raw SQL median ${pct(raw, 50).toFixed(2)} ms, p95 ${pct(raw, 95).toFixed(2)} ms; ratio ${(api.median / pct(raw, 50)).toFixed(2)}x (goal <= 2x)`,
  );
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
