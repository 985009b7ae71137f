// Participant search at scale (issue 4: "indexed so it stays fast with a million participants").
// Fills one institution with BENCH_ROWS participants (default 1,000,000), each with a main MRN and a
// phone, then times the search API through app.inject and prints the plan of the slowest query.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench npm run bench   (or without it: PGlite in a temp dir)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { firstStart } from '../server/db/seed/first-start';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir });
if (process.env.DATABASE_URL) {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
}
await database.migrate();
await firstStart(database.db, { adminEmail: 'bench@lab.local', adminPassword: 'Bench-Pass-1' });
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/none' }), database, logger: false });

const ref = async (table: string) => Number(((await database.db.execute(sql.raw(`select min(id) as id from ${table}`))) as unknown as { rows: { id: number }[] }).rows[0].id);
const [type, gender, marital, vital, phoneType] = await Promise.all(['patient_types', 'genders', 'marital_statuses', 'vital_statuses', 'phone_number_types'].map(ref));

console.log(`filling ${rows.toLocaleString()} participants (${database.kind})...`);
let t0 = Date.now();
const common = `array['Abebe','Almaz','Tesfaye','Selam','Girma','Hana','Bekele','Meron','Dawit','Tigist','Yonas','Liya','Samuel','Ruth','Daniel','Sara']`;
await database.db.execute(sql.raw(`
  insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time, patient_type_id, gender_id, marital_status_id, vital_status_id, external_subject_id, concurrency_stamp)
  select 1,
    case when g % 2 = 0 then (${common})[1 + g % 16] else initcap(substr(md5(g::text), 1, 7)) end,
    case when g % 3 = 0 then (${common})[1 + (g / 7) % 16] else initcap(substr(md5((g * 7)::text), 1, 7)) end,
    initcap(substr(md5((g * 13)::text), 1, 8)),
    date '1940-01-01' + (g % 29000), '08:00', ${type}, ${gender}, ${marital}, ${vital}, 'EXT-' || g, md5(g::text)
  from generate_series(1, ${rows}) g`));
await database.db.execute(sql.raw(`insert into patient_mrns (institution_id, patient_id, mrn, concurrency_stamp) select 1, id, 'MRN' || id, md5(id::text) from patients`));
await database.db.execute(sql.raw(`insert into patient_phone_numbers (institution_id, patient_id, phone_number_type_id, phone_number, concurrency_stamp) select 1, id, ${phoneType}, '09' || lpad(id::text, 8, '0'), md5(id::text) from patients`));
await database.db.execute(sql.raw('analyze'));
console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const login = await app.inject({ method: 'POST', url: '/api/Authentication/login', payload: { userName: 'bench@lab.local', password: 'Bench-Pass-1' } });
const token = login.json().token as string;
const mid = Math.floor(rows / 2);
const cases: [string, string][] = [
  ['common first name (Abebe)', 'SearchTerm=Abebe'],
  ['rare name prefix', `SearchTerm=${encodeURIComponent('Grand')}`],
  ['two name words', 'SearchTerm=Almaz%20Girma'],
  ['MRN', `SearchTerm=MRN${mid}`],
  ['phone', `SearchTerm=09${String(mid).padStart(8, '0')}`],
  ['external subject id', `SearchTerm=EXT-${mid}`],
  ['exact phone filter', `PhoneNumber=09${String(mid).padStart(8, '0')}`],
  ['first page, no search', ''],
];
console.log('\nquery | median ms | p90 ms | total matches');
for (const [name, q] of cases) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 12; i++) {
    t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/institutions/1/patients?PageSize=10&${q}`, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - t0);
    total = JSON.parse(String(res.headers['x-pagination'])).TotalCount;
  }
  times.sort((a, b) => a - b);
  console.log(`${name} | ${times[6].toFixed(1)} | ${times[10].toFixed(1)} | ${total}`);
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
