// The screening indicator reports at scale (issue 16): BENCH_SUBMISSIONS (default 100,000) submitted
// forms of a CCS protocol and as many of a BCS protocol, spread over the last 365 days, from 20,000
// women, each answering every prompt of the default definitions (about 2.6 million answers in all);
// then times both reports through app.inject (auth, seeding check, the one counting statement and
// serialisation included) for the default last 7 days and for the whole year.
// Usage: node --import tsx bench/indicators.ts   (PGlite in a temp dir; DATABASE_URL=postgres://... for PostgreSQL,
// a database of its own: bench-app empties its public schema)
import { DEFAULTS } from '../server/modules/indicators/defaults';
import { timeRequests } from './timing';
import { openBenchApp } from './bench-app';

const N = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const WOMEN = 20_000;
const { database, run, one, call, close } = await openBenchApp('indicators');
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
console.log(`filling ${N.toLocaleString()} CCS and ${N.toLocaleString()} BCS submissions (${database.kind})...`);
await run(`insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time, patient_type_id, gender_id, marital_status_id, vital_status_id, concurrency_stamp)
  select 1, 'Almaz' || g, 'Bench', 'Screening', date '1980-01-01', '08:00', ${type}, ${gender}, ${marital}, ${vital}, 'x' from generate_series(1, ${WOMEN}) g`);
const firstPatient = Number((await one('select min(id) as id from patients')).id);
await run('create table bench_answers (field_id int, vals text[])');
let code = 0;
for (const [report, { protocol: abbreviation, definitions }] of Object.entries(DEFAULTS)) {
  const p = (
    await call('POST', '/api/institutions/1/collectionProtocols', {
      Title: `Bench ${report}`,
      Abbreviation: abbreviation,
      Code: `B${code++}`,
    })
  ).json() as { id: number };
  const form = (
    await call('POST', `/api/institutions/1/collectionProtocols/${p.id}/collectionProtocolForms`, {
      Name: `Bench ${report} screening`,
    })
  ).json() as { id: number };
  // Each prompt answered with one of the values its definitions match, or a value none matches.
  const answers = new Map<string, Set<string>>();
  for (const d of definitions)
    if (d.fieldPrompt)
      for (const v of [...d.matchingValues, 'Other'])
        (answers.get(d.fieldPrompt) ?? answers.set(d.fieldPrompt, new Set()).get(d.fieldPrompt)!).add(v);
  let ordinal = 0;
  for (const [prompt, vals] of answers) {
    const field = Number(
      (
        await one(`insert into collection_protocol_form_fields (institution_id, form_id, data_type_id, kind, prompt, response_title, ordinal, concurrency_stamp)
      values (1, ${form.id}, ${textType}, 'TB', '${prompt.replace(/'/g, "''")}', 'r', ${++ordinal}, 'x') returning id`)
      ).id,
    );
    await run(
      `insert into bench_answers values (${field}, array[${[...vals].map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])`,
    );
  }
  const version = Number(
    (
      await one(
        `insert into collection_protocol_form_versions (institution_id, form_id, version, fields, concurrency_stamp) values (1, ${form.id}, 1, '[]', 'x') returning id`,
      )
    ).id,
  );
  await run(`insert into submitted_collection_protocol_forms (institution_id, collection_protocol_id, form_id, version_id, patient_id, institution_site_id, created_date, concurrency_stamp)
    select 1, ${p.id}, ${form.id}, ${version}, ${firstPatient} + g % ${WOMEN}, ${site}, now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute', 'x' from generate_series(1, ${N}) g`);
  await run(`insert into submitted_collection_protocol_form_values (institution_id, submission_id, field_id, prompt, value)
    select 1, s.id, f.id, f.prompt, a.vals[1 + (s.id + f.ordinal) % cardinality(a.vals)]
    from submitted_collection_protocol_forms s join collection_protocol_form_fields f on f.form_id = s.form_id join bench_answers a on a.field_id = f.id
    where s.form_id = ${form.id}`);
}
await run('drop table bench_answers');
await run('vacuum analyze');
const answers = Number((await one('select count(*) as n from submitted_collection_protocol_form_values')).n);
console.log(`filled ${answers.toLocaleString()} answers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
for (const report of ['cervical', 'breast']) {
  for (const [label, query] of [
    ['last 7 days (default)', ''],
    ['whole year', `?From=${day(-365)}&To=${day(0)}`],
  ]) {
    const url = `/api/institutions/1/indicators/${report}${query}`;
    const t = await timeRequests((u) => call('GET', u), url, 7);
    const body = (await call('GET', url)).json() as { rows: { frequency: number }[] };
    console.log(
      `${report} report, ${label}: median ${t.median.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms; ${body.rows.length} indicators, first ${body.rows[0].frequency.toLocaleString()}, zero rows ${body.rows.filter((r) => r.frequency === 0).length}`,
    );
  }
}
await close();
