// One route's statements on an already generated database (bench/generate.ts; no migration is run): N requests
// through app.inject as the bench administrator, the median and p90, then each statement of the last request
// with its time (FULL=1: every statement's text and values on stderr, to EXPLAIN them; EXPLAIN=1: each statement of
// the last request EXPLAIN ANALYZEd on the same connection, its plan on stderr). Issue 30 item 4.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench_full URL=/api/institutions/1/fhir/Bundle/participant/500001 \
//   N=100 npx tsx bench/route-statements.ts   (PID=<participant id> instead of URL: that participant's bundle)
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { benchToken } from './write-bodies';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL!,
  dataDir: process.env.DATA_DIR ?? '/tmp/route-statements',
});
const app = await buildApp({
  config: loadConfig({ DATA_DIR: process.env.DATA_DIR ?? '/tmp/route-statements', WEB_DIST: '/none' }),
  database,
  logger: false,
});
const token = await benchToken(app);
const pid = Number(process.env.PID);
const url = process.env.URL ?? `/api/institutions/1/fhir/Bundle/participant/${pid}`;
type Client = { query: (...args: unknown[]) => Promise<unknown> };
const clients = [
  ...new Set([database.db, database.reportDb].map((d) => (d as unknown as { $client: Client }).$client)),
];
const log: { text: string; ms: number; client: Client; sent: { text: string; values: unknown } }[] = [];
for (const c of clients) {
  const q = c.query;
  c.query = async (...args: unknown[]) => {
    const t0 = performance.now();
    const r = await q.apply(c, args);
    const a = args[0] as { text?: string } | string;
    const full = typeof a === 'string' ? a : (a.text ?? '');
    const values = args[1] ?? (a as { values?: unknown }).values;
    if (process.env.FULL && !explaining) console.error(JSON.stringify({ text: full, values }));
    log.push({
      text: full.slice(0, 100).replace(/\s+/g, ' '),
      ms: performance.now() - t0,
      client: c,
      sent: { text: full, values },
    });
    return r;
  };
}
let explaining = false;
const times: number[] = [];
let body = '';
for (let i = 0; i < Number(process.env.N ?? 30); i++) {
  log.length = 0;
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  times.push(performance.now() - t0);
  body = res.body;
  if (res.statusCode !== 200) throw new Error(res.body);
}
times.sort((a, b) => a - b);
console.log('median ms', times[times.length >> 1].toFixed(2), 'p90', times[Math.floor(times.length * 0.9)].toFixed(2));
for (const l of log) console.log(l.ms.toFixed(2).padStart(7), l.text);
console.log(
  'statements',
  log.length,
  'sql sum',
  log.reduce((s, l) => s + l.ms, 0).toFixed(2),
  'entries',
  JSON.parse(body).entry?.length,
  'bytes',
  body.length,
);
if (process.env.EXPLAIN) {
  explaining = true;
  for (const l of [...log].filter((x) => !/^explain/i.test(x.text))) {
    const r = (await l.client.query(`explain (analyze, buffers) ${l.sent.text}`, l.sent.values)) as {
      rows: Record<string, string>[];
    };
    console.error(`\n${l.text}\n${r.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}
await app.close();
await database.close();
