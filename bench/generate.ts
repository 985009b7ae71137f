// The full-size data generator (issue 18): fills institution 1 with realistic data by set-based SQL
// (INSERT ... SELECT over generate_series, one statement per table and batch: the database builds the rows,
// nothing goes through the API) and prints rows/s per table. At BENCH_SCALE=1 (the default on PostgreSQL):
// 1,000,000 participants (name, main MRN, mobile phone), 1,000,000 enrolments in one protocol, 2,000,000 orders
// (one panel of 3 tests each: 6,000,000 results with their release rows, 90% released), 5,000,000 collected
// samples (a primary and 4 aliquots per participant, with the aliquot draws in the ledger), one aliquot per
// participant stored (9 x 9 boxes: 12,346 boxes, 1,000,000 positions occupied), 10,000 shipments of 10 items
// to a second institution, 1,000,000 form submissions of 3 answers. On PGlite the default scale is 0.1
// (100,000 participants). The set-up (protocol, event, panel and tests, storage chain) goes through the API
// fixtures of the tests, as a user would make it. Loaded in bulk (issue 30): secondary indexes and foreign keys
// rebuilt after the fill, the lab-flag and daily-count triggers replaced by one set-based pass each (checked).
// bench/generate-compare.ts compares two generated databases table by table.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/load18 BENCH_SCALE=0.1 npm run bench:generate
//        (the database's public schema is emptied first; without DATABASE_URL: PGlite in BENCH_DATA_DIR)
// Writes bench/results/generate-<kind>-<scale>.json and bench/results/world.json (the ids bench/load.ts uses).
// Stops (exit 2) when the disk holding the database has less than BENCH_MIN_FREE_GB (10) free.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { z } from 'zod';
import { openBenchApp } from './bench-app';
import { fillBoxes, fillParticipants } from './fill';
import { testClientOf, labSetup, protocolRefs, createProtocol, storageRefs, storageChain } from './fixtures';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const SCALE = Number(process.env.BENCH_SCALE ?? (kind === 'postgres' ? 1 : 0.1));
const P = Math.round(1_000_000 * SCALE);
const BATCH = Number(process.env.BENCH_BATCH ?? 100_000);
const MIN_FREE_GB = Number(process.env.BENCH_MIN_FREE_GB ?? 10);
const resultsDir = path.join(import.meta.dirname, 'results');
const dataDir =
  kind === 'pglite'
    ? path.resolve(process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'lims-bench-generated'))
    : undefined;
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
if (dataDir) fs.mkdirSync(dataDir, { recursive: true });

const bench = await openBenchApp('generate', { dataDir });
const { run, one } = bench;
const t = testClientOf(bench.app, bench.database.db);
const token = bench.token;

const freeGb = () =>
  Number(
    execFileSync('df', ['--output=avail', '-B1G', dataDir ?? '/var/lib/postgresql'], { encoding: 'utf8' }).split(
      '\n',
    )[1],
  );
const ref = async (table: string, where = 'true') =>
  Number((await one(`select min(id) as id from ${table} where ${where}`)).id);
const num = async (q: string) => Number(Object.values(await one(q))[0]);

// The world made as a user would: look-ups, a protocol with a site and an event, a panel of 3 tests, a storage chain.
const people = await protocolRefs(t, 1, token);
const lab = await labSetup(t, 1, token);
const protocol = await createProtocol(t, 1, token, {
  Title: 'Generated cohort',
  Abbreviation: 'GEN',
  Code: 'GN',
  StartDate: '2020-01-01',
});
const pbase = `/api/institutions/1/collectionProtocols/${protocol.id}`;
await t.call('POST', `${pbase}/collectionProtocolSites`, { token, body: { InstitutionSiteId: lab.refs.site } });
const event = (
  await t.call('POST', `${pbase}/collectionProtocolEvents`, {
    token,
    body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: people.eventUnit('Day') },
  })
).json() as { id: number };
const chain = await storageChain(t, 1, token, await storageRefs(t, 1, token));
const drawer = chain.ids[3];
const [gender, marital, vital, phoneType] = [lab.refs.female, lab.refs.single, lab.refs.alive, lab.refs.mobile];
const site = lab.refs.site;
const [blood, ml] = [people.type('Whole Blood'), people.unit('Millilitre')];
const categories = await Promise.all(
  ['Out of Pocket', 'Free', 'Insurance'].map((c) => ref('payment_categories', `institution_id = 1 and title = '${c}'`)),
);
const priorities = await Promise.all(
  ['Routine', 'Urgent', 'STAT'].map((c) => ref('priorities', `institution_id = 1 and title = '${c}'`)),
);
const schema = await one(
  `select position_labeling_option_id as o, row_labeling_schema_id as r, column_labeling_schema_id as c from storage_nodes where id = ${chain.box.id}`,
);
// A second institution receives the shipments.
const inst2 = await num(
  `insert into institutions (title, abbreviation, address, concurrency_stamp) values ('Generated receiver', 'GR', 'Addis Ababa', 'x') returning id`,
);
const site2 = await num(
  `insert into institution_sites (institution_id, title, address, concurrency_stamp) values (${inst2}, 'Receiver main site', 'Addis Ababa', 'x') returning id`,
);
// A screening form with 3 prompts and its version, for the submissions.
const form = await num(
  `insert into collection_protocol_forms (institution_id, collection_protocol_id, name, concurrency_stamp) values (1, ${protocol.id}, 'Generated screening', 'x') returning id`,
);
const textType = await ref('data_types', "abbreviation = 'TB'");
for (const [i, prompt] of ['Smoker', 'Previous screening', 'Symptoms'].entries()) {
  await run(
    `insert into collection_protocol_form_fields (institution_id, form_id, data_type_id, kind, prompt, response_title, ordinal, concurrency_stamp) values (1, ${form}, ${textType}, 'TB', '${prompt}', 'r', ${i + 1}, 'x')`,
  );
}
const version = await num(
  `insert into collection_protocol_form_versions (institution_id, form_id, version, fields, concurrency_stamp) values (1, ${form}, 1, '[]', 'x') returning id`,
);

// Bulk load the way PostgreSQL's "Populating a Database" advises (issue 30: 69 min at scale 1 before): the
// secondary indexes and foreign keys of the filled tables are dropped first and recreated at the end, built in
// one sorted pass each instead of one index insertion and one key look-up per row. Their definitions are read
// from the catalogue before dropping, so what comes back is exactly what the migrations made; re-adding a
// foreign key validates every row, so the constraints hold at the end as they did row by row. Unique indexes
// stay (the inserts must honour them), and so do the few indexes the fill reads while it runs (below).
const FILLED = [
  'patients',
  'patient_mrns',
  'patient_phone_numbers',
  'collection_protocol_participants',
  'collected_samples',
  'sample_draws',
  'lims_orders',
  'lims_ordered_panels',
  'lims_ordered_tests',
  'lims_ordered_test_results',
  'lims_ordered_test_result_releases',
  'patient_lab_flags',
  'report_daily_counts',
  'storage_nodes',
  'storage_box_positions',
  'storage_occupancies',
  'shipments',
  'shipment_items',
  'submitted_collection_protocol_forms',
  'submitted_collection_protocol_form_values',
  'submitted_answer_keys',
];
const READ_DURING_FILL = [
  'collected_samples_patient_idx', // the ledger draws and the occupancies find a participant's samples by it
];
const inList = (names: string[]) => names.map((n) => `'${n}'`).join(',');
const listOf = async (q: string) =>
  z
    .array(z.object({ tbl: z.string(), name: z.string(), def: z.string() }))
    .parse((await one(`select coalesce(json_agg(x), '[]') as list from (${q}) x`)).list);
const deferredIndexes = await listOf(`select tablename as tbl, indexname as name, indexdef as def from pg_indexes i
  where schemaname = 'public' and tablename in (${inList(FILLED)}) and indexname not in (${inList(READ_DURING_FILL)})
    and not exists (select from pg_index x where x.indexrelid = format('public.%I', i.indexname)::regclass and x.indisunique)
  order by 1, 2`);
const deferredKeys =
  await listOf(`select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
  from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace
    and conrelid::regclass::text in (${inList(FILLED)}) order by 1, 2`);
/**
 * Runs one whole-table statement (an index build, a key check, a set-based pass) with more sort and hash memory
 * and parallel workers for index builds: SET LOCAL inside one statement, so it holds on whichever pooled
 * connection runs it. PGlite keeps its defaults (its memory is small).
 */
const bulk = (q: string) =>
  kind === 'postgres'
    ? run(`do $$ begin set local maintenance_work_mem = '1GB'; set local max_parallel_maintenance_workers = 2;
        set local work_mem = '256MB'; execute '${q.replaceAll("'", "''")}'; end $$`)
    : run(q);
for (const k of deferredKeys) await run(`alter table ${k.tbl} drop constraint ${k.name}`);
for (const i of deferredIndexes) await run(`drop index ${i.name}`);

const stats: { table: string; rows: number; seconds: number; rowsPerSecond: number }[] = [];
/** Runs `fill(from, to)` over 1..n in batches, times it and counts the rows it added to `tables`. */
async function step(
  label: string,
  tables: string[],
  n: number,
  fill: (from: number, to: number) => Promise<unknown>,
  batch = BATCH,
) {
  const before = await Promise.all(tables.map((tb) => num(`select count(*) from ${tb}`)));
  const t0 = performance.now();
  for (let from = 1; from <= n; from += batch) {
    if (freeGb() < MIN_FREE_GB) {
      console.error(`stopping: less than ${MIN_FREE_GB} GB free`);
      process.exit(2);
    }
    await fill(from, Math.min(n, from + batch - 1));
  }
  const seconds = (performance.now() - t0) / 1000;
  const after = await Promise.all(tables.map((tb) => num(`select count(*) from ${tb}`)));
  const rows = after.reduce((s, a, i) => s + a - before[i], 0);
  stats.push({ table: label, rows, seconds, rowsPerSecond: rows / seconds });
  console.log(
    `${label} | ${rows.toLocaleString('en-US')} rows | ${seconds.toFixed(1)} s | ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`,
  );
}

const t0 = performance.now();
console.log(
  `generating at scale ${SCALE} (${P.toLocaleString('en-US')} participants) on ${kind}\ntable | rows | s | rows/s`,
);
await step(
  'participants (patients, MRNs, phones)',
  ['patients', 'patient_mrns', 'patient_phone_numbers'],
  P,
  (from, to) => fillParticipants(run, { type: lab.refs.outpatient, gender, marital, vital, phoneType }, from, to),
);
// Participant number g is patient id base + g (identity values of one session's inserts are consecutive).
const base = await num("select id - 1 from patients where external_subject_id = 'EXT-1'");
await step('enrolments', ['collection_protocol_participants'], P, (from, to) =>
  run(`insert into collection_protocol_participants (institution_id, collection_protocol_id, patient_id, concurrency_stamp)
  select 1, ${protocol.id}, ${base} + g, 'x' from generate_series(${from}, ${to}) g`),
);
const enrolBase = await num(
  `select min(id) - 1 from collection_protocol_participants where collection_protocol_id = ${protocol.id}`,
);

// Samples: participant g's primary GEN-<g> (10 ml, 6 left) and its aliquots GEN-<g>.1 .. .4 (1 ml each, drawn in the ledger).
await step(
  'collected samples (primary + 4 aliquots)',
  ['collected_samples'],
  P,
  (from, to) =>
    run(`
  with p as (insert into collected_samples (institution_id, collection_protocol_id, participant_id, patient_id, institution_site_id, collection_protocol_event_id, sample_id, kind, specimen_type_id, collected_amount, remaining_amount, unit_id, collected_date, collected_time, concurrency_stamp, held_by_institution_id)
    select 1, ${protocol.id}, ${enrolBase} + g, ${base} + g, ${site}, ${event.id}, 'GEN-' || g, 'primary', ${blood}, 10, 6, ${ml}, date '2025-01-01' + g % 700, '09:30', 'x', 1
    from generate_series(${from}, ${to}) g returning id, sample_id, participant_id, patient_id, collected_date)
  insert into collected_samples (institution_id, collection_protocol_id, participant_id, patient_id, institution_site_id, collection_protocol_event_id, sample_id, kind, specimen_type_id, collected_amount, remaining_amount, unit_id, collected_date, collected_time, parent_id, is_subsample, sub_sample_lineage_id, concurrency_stamp, held_by_institution_id)
    select 1, ${protocol.id}, p.participant_id, p.patient_id, ${site}, ${event.id}, p.sample_id || '.' || k, 'aliquot', ${blood}, 1, 1, ${ml}, p.collected_date, '10:00', p.id, true, ${people.aliquot}, 'x', 1
    from p, generate_series(1, 4) k`),
  Math.max(1, Math.floor(BATCH / 2)),
);
await step('sample draws (ledger)', ['sample_draws'], P, (from, to) =>
  run(`insert into sample_draws (institution_id, sample_id, kind, amount, unit_id, child_sample_id)
  select 1, c.parent_id, 'aliquot', 1, ${ml}, c.id from collected_samples c
  where c.institution_id = 1 and c.kind = 'aliquot' and c.patient_id between ${base} + ${from} and ${base} + ${to}`),
);

// Orders: two per participant, B<n>, a third of them on the participant's primary sample; one panel of 3 tests each.
await step(
  'orders',
  ['lims_orders'],
  2 * P,
  (from, to) =>
    run(`insert into lims_orders (institution_id, sample_id, patient_id, priority_id, payment_category_id, created_date, release_rank, concurrency_stamp)
  select 1, 'B' || g, ${base} + (g + 1) / 2, (array[${priorities.join(',')}])[1 + (g % 10 = 9)::int + (g % 10 = 8)::int * 2],
    (array[${categories.join(',')}])[1 + g % 3], now() - ((g::bigint * 4201) % (365 * 1440)) * interval '1 minute', case when g % 10 = 0 then 0 else 2 end, md5(g::text)
  from generate_series(${from}, ${to}) g`),
  2 * BATCH,
);
const orderBase = await num("select id - 1 from lims_orders where institution_id = 1 and sample_id = 'B1'");
// Two sets of statement triggers do per-batch work here that one set-based pass after the fill does once, with
// the functions the migrations define for it (below): the lab-flag triggers (0057) refresh every patient of a
// batch twice, once for its new results and once for their releases; the daily-count triggers (0023/0035)
// count each batch's panels and tests, and as panels and tests come in one statement here, both the panels'
// and the tests' trigger counted every test (the 'test' counts were double before).
const fillTriggers = [
  'lims_ordered_test_results patient_lab_flags_on_result_insert',
  'lims_ordered_test_result_releases patient_lab_flags_on_release_insert',
  'lims_ordered_panels report_daily_counts_on_insert',
  'lims_ordered_tests report_daily_counts_on_insert',
].map((s) => s.split(' '));
for (const [tbl, trigger] of fillTriggers) await run(`alter table ${tbl} disable trigger ${trigger}`);
await step(
  'ordered panels, tests, results, releases',
  ['lims_ordered_panels', 'lims_ordered_tests', 'lims_ordered_test_results', 'lims_ordered_test_result_releases'],
  2 * P,
  (from, to) =>
    run(`
  with op as (insert into lims_ordered_panels (institution_id, lims_order_id, panel_id, created_date, creator_id, has_unreleased, concurrency_stamp)
    select 1, o.id, ${lab.panel.id}, o.created_date, 1, (o.id - ${orderBase}) % 10 = 0, 'x' from lims_orders o where o.id between ${orderBase} + ${from} and ${orderBase} + ${to} returning id, lims_order_id, panel_id, created_date),
  ot as (insert into lims_ordered_tests (institution_id, lims_order_id, lims_ordered_panel_id, test_id, created_date, concurrency_stamp)
    select 1, op.lims_order_id, op.id, pt.test_id, op.created_date, 'x' from op join panel_tests pt on pt.panel_id = op.panel_id returning id, test_id, lims_order_id),
  r as (insert into lims_ordered_test_results (institution_id, lims_ordered_test_id, result, concurrency_stamp)
    select 1, ot.id, case ot.test_id when ${lab.glucose.id} then to_char(3 + (ot.id % 40) / 10.0, 'FM90.0') when ${lab.hiv.id} then (array['Negative','Positive'])[1 + (ot.id % 20 = 0)::int] else 'Normal morphology' end, 'x'
    from ot returning id, lims_ordered_test_id)
  insert into lims_ordered_test_result_releases (institution_id, lims_ordered_test_result_id, is_released, concurrency_stamp)
    select 1, r.id, (ot.lims_order_id - ${orderBase}) % 10 <> 0, 'x' from r join ot on ot.id = r.lims_ordered_test_id`),
  2 * BATCH,
);
for (const [tbl, trigger] of fillTriggers) await run(`alter table ${tbl} enable trigger ${trigger}`);
await step('patient lab flags (one refresh)', ['patient_lab_flags'], 1, () =>
  bulk(
    `select patient_lab_flags_refresh(array(select distinct patient_id from lims_orders where patient_id is not null))`,
  ),
);
// The institution's roll-up counted from its orders, as a time-zone change recounts it (0039).
await step('report daily counts (one rebuild)', ['report_daily_counts'], 1, () =>
  bulk('select report_daily_counts_rebuild(1)'),
);
// What the triggers would have stored: the refresh's definition (0057) over every patient, both ways equal.
const flagsOff = await num(`with want as (
    select distinct ot.institution_id, ot.test_id, coalesce(r.flag, '') as flag, lo.patient_id, r.result is not null as has_result
    from lims_orders lo
    join lims_ordered_tests ot on ot.lims_order_id = lo.id and ot.is_enabled
    join lims_ordered_test_results r on r.lims_ordered_test_id = ot.id
    join lims_ordered_test_result_releases rr on rr.lims_ordered_test_result_id = r.id and rr.is_released
    where lo.patient_id is not null and lo.is_enabled),
  have as (select institution_id, test_id, flag, patient_id, has_result from patient_lab_flags)
  select (select count(*) from (select * from want except select * from have) a) + (select count(*) from (select * from have except select * from want) b)`);
// And the roll-up's totals are the rows it counts (one per test, panel and unreleased panel: all enabled here).
const countsOff = await num(`select count(*) from (
    select 'test' as kind, count(*) as n from lims_ordered_tests union all select 'panel', count(*) from lims_ordered_panels
    union all select 'unreleased', count(*) from lims_ordered_panels where has_unreleased
    except select kind, sum(n) from report_daily_counts where institution_id = 1 group by kind) x`);
if (flagsOff || countsOff) {
  console.error(
    `patient_lab_flags: ${flagsOff} rows differ from what its triggers would have stored; report_daily_counts: ${countsOff} kinds off`,
  );
  process.exit(1);
}

// Storage: 9 x 9 boxes under the drawer, their positions, and aliquot .1 of every participant stored in order.
const BOX = 81;
const boxes = Math.ceil(P / BOX);
await step(
  'boxes and positions',
  ['storage_nodes', 'storage_box_positions'],
  boxes,
  (from, to) => fillBoxes(run, { drawer, size: 9, title: 'Box', code: 'BX', schema }, from, to),
  Math.max(1, Math.floor(BATCH / BOX)),
);
const firstBox = await num(`select min(id) from storage_nodes where parent_id = ${drawer} and code = 'BX1'`);
await step('storage occupancies', ['storage_occupancies'], P, (from, to) =>
  run(`insert into storage_occupancies (institution_id, position_id, collected_sample_id, allocated_by_id, concurrency_stamp)
  select 1, pos.id, c.id, 1, 'x' from collected_samples c
  join storage_box_positions pos on pos.box_id = ${firstBox} + (c.patient_id - ${base} - 1) / ${BOX} and pos.ordinal = 1 + (c.patient_id - ${base} - 1) % ${BOX}
  where c.institution_id = 1 and c.patient_id between ${base} + ${from} and ${base} + ${to} and c.sample_id like '%.1'`),
);

// Shipments: one per 100 participants, their aliquots .2 of 10 of them (every tenth participant), shipped to the second institution.
await step(
  'shipments and items',
  ['shipments', 'shipment_items'],
  Math.ceil(P / 100),
  (from, to) =>
    run(`
  with s as (insert into shipments (institution_id, sending_institution_site_id, receiving_institution_id, receiving_institution_site_id, name, shipped_date, shipped_time, status, collection_protocol_id, sent_at, concurrency_stamp)
    select 1, ${site}, ${inst2}, ${site2}, 'Shipment ' || g, date '2025-06-01' + g % 365, '08:00', 'shipped', ${protocol.id}, now(), 'x' from generate_series(${from}, ${to}) g returning id, name)
  insert into shipment_items (institution_id, shipment_id, collected_sample_id, specimen_type_id, amount, unit_id, status, creator_id, concurrency_stamp)
    select 1, s.id, c.id, c.specimen_type_id, c.remaining_amount, c.unit_id, 'pending', 1, 'x'
    from s cross join generate_series(0, 9) k join collected_samples c on c.institution_id = 1 and lower(c.sample_id) = lower('GEN-' || ((substr(s.name, 10)::int - 1) * 100 + k * 10 + 1) || '.2')`),
  // One statement: the planner joins the items' sample ids by hashing over a scan of collected_samples, which
  // in batches of 1,000 shipments was one scan per batch (292 s for 110,000 rows at scale 1).
  Math.ceil(P / 100),
);

// Submissions: one screening form per participant, 3 answers each.
await step(
  'form submissions and answers',
  ['submitted_collection_protocol_forms', 'submitted_collection_protocol_form_values'],
  P,
  (from, to) =>
    run(`
  with s as (insert into submitted_collection_protocol_forms (institution_id, collection_protocol_id, form_id, version_id, patient_id, institution_site_id, sample_id, created_date, concurrency_stamp)
    select 1, ${protocol.id}, ${form}, ${version}, ${base} + g, ${site}, 'GEN-' || g, now() - (g % 365) * interval '1 day', 'x' from generate_series(${from}, ${to}) g returning id)
  insert into submitted_collection_protocol_form_values (institution_id, submission_id, field_id, prompt, value)
    select 1, s.id, f.id, f.prompt, (array['Yes','No','Unknown'])[1 + (s.id + f.ordinal) % 3] from s join collection_protocol_form_fields f on f.form_id = ${form}`),
);

// The deferred indexes and keys back, each built in one pass (a key's check is one join over the whole table).
const ti = performance.now();
// In two lanes: the trigram (GIN) builds use one core, and two lanes took 5.6 s where one took 7-8 s at 0.1.
// Builds on one table share its SHARE lock; they do not wait on each other.
const lanes = [0, 1].map((lane) => deferredIndexes.filter((_, n) => n % 2 === lane));
await Promise.all(
  lanes.map(async (lane) => {
    for (const i of lane) await bulk(i.def);
  }),
);
const indexSeconds = (performance.now() - ti) / 1000;
const tk = performance.now();
for (const k of deferredKeys) await bulk(`alter table ${k.tbl} add constraint ${k.name} ${k.def}`);
const keySeconds = (performance.now() - tk) / 1000;
console.log(
  `${deferredIndexes.length} secondary indexes built in ${indexSeconds.toFixed(1)} s; ${deferredKeys.length} foreign keys validated in ${keySeconds.toFixed(1)} s`,
);

const tv = performance.now();
await run('vacuum analyze');
const vacuum = (performance.now() - tv) / 1000;
const total = (performance.now() - t0) / 1000;
const size =
  kind === 'postgres'
    ? String((await one('select pg_size_pretty(pg_database_size(current_database())) as s')).s)
    : null;
console.log(
  `vacuum analyze ${vacuum.toFixed(1)} s; total ${total.toFixed(1)} s (${(total / 60).toFixed(1)} min)${size ? `; database ${size}` : ''}`,
);

const counts = {
  participants: P,
  orders: await num('select count(*) from lims_orders where institution_id = 1'),
  results: await num('select count(*) from lims_ordered_test_results'),
  samples: await num('select count(*) from collected_samples'),
};
fs.mkdirSync(resultsDir, { recursive: true });
const world = {
  kind,
  scale: SCALE,
  dataDir,
  participants: P,
  patientBase: base,
  orderBase,
  protocolId: protocol.id,
  eventId: event.id,
  siteId: site,
  specimenTypeId: blood,
  unitId: ml,
  aliquotLineageId: people.aliquot,
  firstBoxId: firstBox,
  boxChain: chain.ids.slice(0, 4),
  panelId: lab.panel.id,
  glucoseTestId: lab.glucose.id,
  priorityId: priorities[0],
  refs: lab.refs,
};
fs.writeFileSync(path.join(resultsDir, 'world.json'), `${JSON.stringify(world, null, 2)}\n`);
fs.writeFileSync(
  path.join(resultsDir, `generate-${kind}-${SCALE}.json`),
  `${JSON.stringify({ when: new Date().toISOString(), kind, scale: SCALE, cores: os.cpus().length, ramGb: Math.round(os.totalmem() / 2 ** 30), counts, stats, indexSeconds, keySeconds, vacuumSeconds: vacuum, totalSeconds: total, databaseSize: size }, null, 2)}\n`,
);
console.log(JSON.stringify(counts));
await bench.app.close();
await bench.database.close();
