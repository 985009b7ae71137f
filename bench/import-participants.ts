// Bulk CSV import at scale (issues 17, 26): BENCH_ROWS participants (default 100,000; BENCH_ROWS=max: as many
// as fit the 20 MB limit) with an MRN, two races, an ethnicity and a phone, through the API as the web sends them
// (the file itself as a text/csv body): a dry run, then the commit (one transaction, 1,000-row batches, NDJSON
// progress). Prints the file size, both times and the event loop's delay (p99, max) during each;
// docs/performance.md and docs/operations.md record them.
// Usage: node --import tsx bench/import-participants.ts   (PGlite in a temp dir; DATABASE_URL for PostgreSQL,
// which this bench empties first: give it a database of its own)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { importQuery, MAX_IMPORT_BYTES } from '../contract/imports.contract';
import { openBenchApp } from './bench-app';

const largest = process.env.BENCH_ROWS === 'max';
const rows = largest ? Infinity : Number(process.env.BENCH_ROWS ?? 100_000);
const b = await openBenchApp('import');
const instId =
  ((await b.call('GET', '/api/institutions')).json() as { id: number; title: string }[]).find(
    (i) => i.title === 'Central Biobank',
  )?.id ?? 1;
const header =
  'mrn,firstName,fatherName,grandFatherName,birthDate,birthTime,gender,patientType,maritalStatus,vitalStatus,races,ethnicities,phoneType,phoneNumber';
const names = ['Abebe', 'Almaz', 'Tesfaye', 'Selam', 'Girma', 'Hana', 'Bekele', 'Meron'];
const lines = [header];
let bytes = header.length + 2;
for (let i = 0; i < rows; i++) {
  const line = [
    `BULK${i}`,
    names[i % 8],
    names[(i >> 3) % 8],
    names[(i >> 6) % 8],
    `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
    '08:30',
    i % 2 ? 'Female' : 'Male',
    'Outpatient',
    'Single',
    'Alive',
    '"Asian;White"',
    'Not Hispanic or Latino',
    'Mobile',
    `+2519${String(i).padStart(8, '0')}`,
  ].join(',');
  if (bytes + line.length + 2 > MAX_IMPORT_BYTES) break;
  lines.push(line);
  bytes += line.length + 2;
}
const csv = `${lines.join('\r\n')}\r\n`;
console.log(
  `${(lines.length - 1).toLocaleString()} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV (${b.database.kind})`,
);

const upload = (dryRun: boolean) =>
  b.app.inject({
    method: 'POST',
    url: `/api/institutions/${instId}/imports/participants?${importQuery({ dryRun, fileName: 'bench.csv' })}`,
    headers: { authorization: `Bearer ${b.token}`, 'content-type': 'text/csv' },
    payload: csv,
  });
async function timed<T>(work: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = Date.now();
  const result = await work();
  loop.disable();
  return {
    result,
    ms: Date.now() - t0,
    loop: `loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  };
}

const dry = await timed(() => upload(true));
const dryBody = dry.result.json() as { errorCount: number; rowCount: number; errors: unknown[] };
console.log(
  `dry run: ${dry.ms} ms, ${dryBody.rowCount} rows, ${dryBody.errorCount} errors (status ${dry.result.statusCode}); ${dry.loop}`,
);
if (dryBody.errorCount) console.log(dryBody.errors.slice(0, 5));

const commit = await timed(() => upload(false));
const out = commit.result.body
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, unknown>);
console.log(
  `commit: ${commit.ms} ms, ${out.length - 1} progress lines, last: ${JSON.stringify(out.at(-1))}; ${commit.loop}`,
);
console.log(
  `participants now: ${JSON.stringify(await b.one('select count(*) as n from patients'))}, mrns: ${JSON.stringify(await b.one('select count(*) as n from patient_mrns'))}, races: ${JSON.stringify(await b.one('select count(*) as n from patient_races'))}`,
);
await b.close();
