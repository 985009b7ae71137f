// Bulk CSV import at scale (issue 17): BENCH_ROWS participants (default 100,000) with an MRN, two races, an
// ethnicity and a phone, through the API as the web sends them: a dry run, then the commit (one transaction,
// 1,000-row batches, NDJSON progress). Prints the file size and both times; docs/performance.md records them.
// Usage: node --import tsx bench/import-participants.ts   (PGlite in a temp dir; DATABASE_URL for PostgreSQL,
// which this bench empties first: give it a database of its own)
import { openBenchApp } from './bench-app';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const b = await openBenchApp('import');
const instId = ((await b.call('GET', '/api/institutions')).json() as { id: number; title: string }[]).find((i) => i.title === 'Central Biobank')?.id ?? 1;
const header = 'mrn,firstName,fatherName,grandFatherName,birthDate,birthTime,gender,patientType,maritalStatus,vitalStatus,races,ethnicities,phoneType,phoneNumber';
const names = ['Abebe', 'Almaz', 'Tesfaye', 'Selam', 'Girma', 'Hana', 'Bekele', 'Meron'];
const lines = [header];
for (let i = 0; i < rows; i++) {
  lines.push([`BULK${i}`, names[i % 8], names[(i >> 3) % 8], names[(i >> 6) % 8], `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`, '08:30',
    i % 2 ? 'Female' : 'Male', 'Outpatient', 'Single', 'Alive', '"Asian;White"', 'Not Hispanic or Latino', 'Mobile', `+2519${String(i).padStart(8, '0')}`].join(','));
}
const csv = `${lines.join('\r\n')}\r\n`;
console.log(`${rows.toLocaleString()} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV (${b.database.kind})`);

let t0 = Date.now();
const dry = await b.call('POST', `/api/institutions/${instId}/imports/participants`, { csv, dryRun: true });
const dryBody = dry.json() as { errors: unknown[]; rowCount: number };
console.log(`dry run: ${Date.now() - t0} ms, ${dryBody.rowCount} rows, ${dryBody.errors.length} errors (status ${dry.statusCode})`);
if (dryBody.errors.length) console.log(dryBody.errors.slice(0, 5));

t0 = Date.now();
const commit = await b.call('POST', `/api/institutions/${instId}/imports/participants`, { csv, dryRun: false });
const out = commit.body.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
console.log(`commit: ${Date.now() - t0} ms, ${out.length - 1} progress lines, last: ${JSON.stringify(out.at(-1))}`);
console.log(`participants now: ${JSON.stringify(await b.one('select count(*) as n from patients'))}, mrns: ${JSON.stringify(await b.one('select count(*) as n from patient_mrns'))}, races: ${JSON.stringify(await b.one('select count(*) as n from patient_races'))}`);
await b.close();
