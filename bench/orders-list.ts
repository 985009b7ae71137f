// The orders list sorted and filtered by priority and release state at scale (issue 11): fills one
// institution with BENCH_ORDERS orders (default 100,000), each with 2 ordered panels of 2 tests, a third
// pending, a third partly released, a third released, 70% Routine, 20% Urgent, 10% STAT; then times the
// list through app.inject (median, p95 of BENCH_SAMPLES sequential requests, auth and serialisation included).
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench_orders npm run bench:orders   (or without it: PGlite in a temp dir)
import { timeRequests } from './timing';
import { openBenchApp } from './bench-app';

const N = Number(process.env.BENCH_ORDERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const { database, run, one, call, close } = await openBenchApp('orders');

const ref = async (table: string, where = 'true') =>
  Number((await one(`select min(id) as id from ${table} where ${where}`)).id);
const [type, gender, marital, vital] = await Promise.all(
  ['patient_types', 'genders', 'marital_statuses', 'vital_statuses'].map((t) => ref(t)),
);
const [routine, urgent, stat] = await Promise.all(
  ['Routine', 'Urgent', 'STAT'].map((t) => ref('priorities', `title = '${t}'`)),
);
const t0 = Date.now();
console.log(`filling ${N.toLocaleString()} orders (${database.kind})...`);
const patient = Number(
  (
    await one(`insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time, patient_type_id, gender_id, marital_status_id, vital_status_id, concurrency_stamp)
  values (1, 'Almaz', 'Bench', 'Order', date '1980-01-01', '08:00', ${type}, ${gender}, ${marital}, ${vital}, 'x') returning id`)
  ).id,
);
await run(`insert into lims_orders (institution_id, sample_id, patient_id, priority_id, concurrency_stamp)
  select 1, 'B' || g, ${patient}, case when g % 10 = 9 then ${stat} when g % 10 >= 7 then ${urgent} else ${routine} end, md5(g::text)
  from generate_series(1, ${N}) g`);
// Panel ids need no panel row (no foreign key): the release state never reads the panels table.
await run(
  `insert into lims_ordered_panels (institution_id, lims_order_id, panel_id, concurrency_stamp) select 1, o.id, p, 'x' from lims_orders o, generate_series(1, 2) p`,
);
await run(
  `insert into lims_ordered_tests (institution_id, lims_order_id, lims_ordered_panel_id, test_id, concurrency_stamp) select 1, op.lims_order_id, op.id, t, 'x' from lims_ordered_panels op, generate_series(1, 2) t`,
);
await run(
  `insert into lims_ordered_test_results (institution_id, lims_ordered_test_id, result, concurrency_stamp) select 1, id, 'Normal', 'x' from lims_ordered_tests`,
);
// Order id % 3: 0 nothing released, 1 its first panel released (partly), 2 everything released.
await run(`insert into lims_ordered_test_result_releases (institution_id, lims_ordered_test_result_id, is_released, concurrency_stamp)
  select 1, r.id, case t.lims_order_id % 3 when 0 then false when 2 then true else op.panel_id = 1 end, 'x'
  from lims_ordered_test_results r join lims_ordered_tests t on t.id = r.lims_ordered_test_id join lims_ordered_panels op on op.id = t.lims_ordered_panel_id`);
// The stored rank, as the release writes keep it (server/modules/orders/release-state.ts).
await run('update lims_orders set release_rank = case id % 3 when 0 then 0 when 1 then 1 else 2 end');
await run('vacuum analyze');
console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const get = (url: string) => call('GET', url);
const list = '/api/institutions/1/LIMSOrders?PageSize=10';
const cases: [string, string][] = [
  ['newest first (default)', list],
  ['most urgent first', `${list}&SortBy=priority`],
  ['pending first', `${list}&SortBy=releaseState&SortDirection=asc`],
  ['released first', `${list}&SortBy=releaseState`],
  ['only pending', `${list}&ReleaseState=pending`],
  ['only pending, most urgent first', `${list}&ReleaseState=pending&SortBy=priority`],
  ['pending first, page 100', `${list}&SortBy=releaseState&SortDirection=asc&PageNumber=100`],
];
console.log(`\n${SAMPLES} requests each, through app.inject\nquery | median ms | p95 ms | total`);
for (const [name, url] of cases) {
  const r = await timeRequests(get, url, SAMPLES);
  console.log(`${name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.total}`);
}
await close();
