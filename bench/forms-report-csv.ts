// The collected questionnaires report at scale (issue 14): one form of BENCH_FIELDS fields (default
// 100) with BENCH_SUBMISSIONS submissions (default 10,000), every field answered with text that needs
// CSV quoting; then times the streamed CSV export and a report page through app.inject (auth,
// checks and serialisation included).
// Usage: node --import tsx bench/forms-report-csv.ts   (PGlite in a temp dir; DATABASE_URL=postgres://... for PostgreSQL)
import { timeRequests } from './timing';
import { openBenchApp } from './bench-app';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100);
const N = Number(process.env.BENCH_SUBMISSIONS ?? 10_000);
const { database, run, one, call, close } = await openBenchApp('forms');

const protocol = (
  await call('POST', '/api/institutions/1/collectionProtocols', { Title: 'Bench', Abbreviation: 'BN', Code: 'BN' })
).json() as { id: number };
const form = (
  await call('POST', `/api/institutions/1/collectionProtocols/${protocol.id}/collectionProtocolForms`, {
    Name: 'Bench questionnaire',
  })
).json() as { id: number };
const ref = async (table: string, where = 'true') =>
  Number((await one(`select min(id) as id from ${table} where ${where}`)).id);
const [type, gender, marital, vital, site, textType] = await Promise.all([
  ref('patient_types'),
  ref('genders'),
  ref('marital_statuses'),
  ref('vital_statuses'),
  ref('institution_sites', 'institution_id = 1'),
  ref('data_types', "abbreviation = 'TB'"),
]);
const t0 = Date.now();
console.log(`filling ${N.toLocaleString()} submissions of a ${FIELDS}-field form (${database.kind})...`);
await run(`insert into collection_protocol_form_fields (institution_id, form_id, data_type_id, kind, prompt, response_title, ordinal, concurrency_stamp)
  select 1, ${form.id}, ${textType}, 'TB', 'Question ' || g || ', "part"', 'q' || g, g, 'x' from generate_series(1, ${FIELDS}) g`);
const version = Number(
  (
    await one(
      `insert into collection_protocol_form_versions (institution_id, form_id, version, fields, concurrency_stamp) values (1, ${form.id}, 1, '[]', 'x') returning id`,
    )
  ).id,
);
await run(`insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time, patient_type_id, gender_id, marital_status_id, vital_status_id, concurrency_stamp)
  select 1, 'Almaz' || g, 'Bench', 'Form', date '1980-01-01', '08:00', ${type}, ${gender}, ${marital}, ${vital}, 'x' from generate_series(1, 500) g`);
const firstPatient = Number((await one('select min(id) as id from patients')).id);
await run(`insert into submitted_collection_protocol_forms (institution_id, collection_protocol_id, form_id, version_id, patient_id, institution_site_id, sample_id, concurrency_stamp)
  select 1, ${protocol.id}, ${form.id}, ${version}, ${firstPatient} + g % 500, ${site}, 'S' || g, 'x' from generate_series(1, ${N}) g`);
await run(`insert into submitted_collection_protocol_form_values (institution_id, submission_id, field_id, prompt, value)
  select 1, s.id, f.id, f.prompt, 'Answer ' || s.id || ' to ' || f.ordinal || ', with "quotes"' from submitted_collection_protocol_forms s cross join collection_protocol_form_fields f where f.form_id = ${form.id}`);
await run('vacuum analyze');
console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const base = `/api/institutions/1/collectionProtocols/${protocol.id}/collectionProtocolForms/${form.id}`;
const page = await timeRequests((url) => call('GET', url), `${base}/report?PageSize=100&PageNumber=50`, 5);
console.log(
  `report page (100 rows, page 50): median ${page.median.toFixed(0)} ms, p95 ${page.p95.toFixed(0)} ms, total ${page.total}`,
);
const heapBefore = process.memoryUsage().heapUsed;
const c0 = performance.now();
const csv = await call('GET', `${base}/report.csv`);
const ms = performance.now() - c0;
if (csv.statusCode !== 200) throw new Error(csv.body.slice(0, 200));
const lines = csv.body.split('\r\n').length - 2;
console.log(
  `CSV export: ${lines.toLocaleString()} rows x ${FIELDS + 8} columns, ${(csv.body.length / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s` +
    ` (${Math.round(lines / (ms / 1000)).toLocaleString()} rows/s; heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB, inject buffers the whole body)`,
);
await close();
