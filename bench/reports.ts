// The order reports at scale (issue 16): fills institution 1 with BENCH_ORDERS orders (default 125,000)
// over the last 365 days, each with 2 of 20 panels of 4 tests: 250,000 ordered panels and 1,000,000
// ordered tests, each with its result and release row (10% of the orders not released), payment
// categories in turn (Out of Pocket, Free, Half, Post Payment, Insurance, none); then times each
// report (first page of 10, and its CSV) over 7, 31 and 366 days through app.inject.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench_reports npm run bench:reports   (the database is emptied first)
import { timeRequests } from './timing';
import { openBenchApp } from './bench-app';

const N = Number(process.env.BENCH_ORDERS ?? 125_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const PANELS = 20;
const TESTS_PER_PANEL = 4;
const { database, run, one, call, close } = await openBenchApp('reports');

const ref = async (table: string, where = 'true') =>
  Number((await one(`select min(id) as id from ${table} where institution_id = 1 and ${where}`)).id);
const [type, gender, marital, vital] = await Promise.all(
  ['patient_types', 'genders', 'marital_statuses', 'vital_statuses'].map((t) => ref(t)),
);
const priority = await ref('priorities');
const categories = await Promise.all(
  ['Out of Pocket', 'Free', 'Half', 'Post Payment', 'Insurance'].map((t) =>
    ref('payment_categories', `title = '${t}'`),
  ),
);
const t0 = Date.now();
console.log(
  `filling ${N.toLocaleString()} orders, ${(N * 2 * TESTS_PER_PANEL).toLocaleString()} results (${database.kind})...`,
);
const department = Number(
  (
    await one(
      `insert into departments (institution_id, title, abbreviation, description, concurrency_stamp) values (1, 'Chemistry', 'CHEM', 'Bench', 'x') returning id`,
    )
  ).id,
);
await run(`insert into panels (institution_id, title, abbreviation, description, department_id, concurrency_stamp)
  select 1, 'Panel ' || p, 'P' || p, 'Bench panel', ${department}, 'x' from generate_series(1, ${PANELS}) p`);
await run(`insert into tests (institution_id, title, abbreviation, description, concurrency_stamp)
  select 1, 'Test ' || t, 'T' || t, 'Bench test', 'x' from generate_series(1, ${PANELS * TESTS_PER_PANEL}) t`);
const firstPanel = await ref('panels');
const firstTest = await ref('tests');
await run(`insert into panel_tests (institution_id, panel_id, test_id, concurrency_stamp)
  select 1, ${firstPanel} + (t - 1) / ${TESTS_PER_PANEL}, ${firstTest} + t - 1, 'x' from generate_series(1, ${PANELS * TESTS_PER_PANEL}) t`);
const patient = Number(
  (
    await one(`insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time, patient_type_id, gender_id, marital_status_id, vital_status_id, concurrency_stamp)
  values (1, 'Almaz', 'Bench', 'Report', date '1980-01-01', '08:00', ${type}, ${gender}, ${marital}, ${vital}, 'x') returning id`)
  ).id,
);
// Spread over the last 365 days (g minutes apart, wrapping), categories in turn, one in six with none.
await run(`insert into lims_orders (institution_id, sample_id, patient_id, priority_id, payment_category_id, created_date, concurrency_stamp)
  select 1, 'B' || g, ${patient}, ${priority}, (array[${categories.join(',')}, null])[g % 6 + 1],
    now() - ((g * 4201) % (365 * 1440)) * interval '1 minute', md5(g::text)
  from generate_series(1, ${N}) g`);
await run(`insert into lims_ordered_panels (institution_id, lims_order_id, panel_id, created_date, creator_id, concurrency_stamp)
  select 1, o.id, ${firstPanel} + (o.id + k * 7) % ${PANELS}, o.created_date, 1, 'x' from lims_orders o, generate_series(0, 1) k`);
await run(`insert into lims_ordered_tests (institution_id, lims_order_id, lims_ordered_panel_id, test_id, created_date, concurrency_stamp)
  select 1, op.lims_order_id, op.id, pt.test_id, op.created_date, 'x' from lims_ordered_panels op join panel_tests pt on pt.panel_id = op.panel_id`);
await run(
  `insert into lims_ordered_test_results (institution_id, lims_ordered_test_id, result, concurrency_stamp) select 1, id, (id % 97)::text, 'x' from lims_ordered_tests`,
);
await run(`insert into lims_ordered_test_result_releases (institution_id, lims_ordered_test_result_id, is_released, concurrency_stamp)
  select 1, r.id, t.lims_order_id % 10 <> 0, 'x' from lims_ordered_test_results r join lims_ordered_tests t on t.id = r.lims_ordered_test_id`);
// The stored release rank, as the release writes keep it (server/modules/orders/release-state.ts): 0 pending, 2 released.
await run('update lims_orders set release_rank = case when id % 10 = 0 then 0 else 2 end');
await run('vacuum analyze');
console.log(
  `filled in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${(await one('select count(*) as n from lims_ordered_test_results')).n} results`,
);

const get = (url: string) => call('GET', url);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ranges: [string, string][] = [
  ['7 days', ''],
  ['31 days', `From=${day(-30)}&To=${day(0)}`],
  ['366 days', `From=${day(-365)}&To=${day(0)}`],
];
const reports: [string, string][] = [
  ['test results (one panel)', `test-results?PanelId=${firstPanel}`],
  ['test usage', 'test-usage'],
  ['panel usage', 'panel-usage'],
  ['test summary by week', 'test-summary?Period=week'],
  ['panel summary by month', 'panel-summary?Period=month'],
  ['unreleased panels', 'unreleased-panels'],
];
const url = (path: string, range: string, csv = false) => {
  const [name, query] = path.split('?');
  const q = [query, range].filter(Boolean).join('&');
  return `/api/institutions/1/reports/${name}${csv ? '.csv' : ''}${q ? `?${q}` : ''}`;
};
console.log(
  `\n${SAMPLES} requests each, through app.inject (first page of 10)\nreport | range | median ms | p95 ms | rows`,
);
for (const [name, path] of reports) {
  for (const [label, range] of ranges) {
    const r = await timeRequests(get, url(path, range), SAMPLES);
    console.log(`${name} | ${label} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.total}`);
  }
}
console.log('\nCSV of the whole report, 366 days (3 requests)\nreport | median ms | bytes');
for (const [name, path] of reports) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t1 = performance.now();
    const res = await get(url(path, ranges[2][1], true));
    times.push(performance.now() - t1);
    bytes = res.rawPayload.length;
  }
  times.sort((a, b) => a - b);
  console.log(`${name} | ${times[1].toFixed(0)} | ${bytes.toLocaleString('en-US')}`);
}
await close();
