// The research add-on to a generated database (issue 32 item 4): bench/generate.ts makes participants, samples,
// orders, storage and questionnaire answers but no consent purposes in use. This fills, by set-based SQL in batches
// as generate.ts does (nothing through the API), on top of institution 1's 'Generated cohort':
// - a consent of the protocol whose version declares the three seeded purposes (Future research, Genetic research,
//   Commercial use);
// - a signature of that version for 9 enrolments in 10 (enrolment id % 10 <> 0), with a choice per purpose:
//   Future research granted by 95%, Genetic research by 70%, Commercial use by 30% (by signature id); 1 signature
//   in 100 withdrawn (id % 100 = 7, effect stop_use);
// - lab result flags on the generated glucose results: H above 6.0, L below 3.5 (generate.ts writes none).
// The questionnaire answers generate.ts writes ('Smoker' Yes / No / Unknown) already reach submitted_answer_keys
// through its triggers. Runs once: a second run stops when the consent exists.
// Usage: DATABASE_URL=postgres://root@127.0.0.1:5432/bench_full npm run bench:research-data
import fs from 'node:fs';
import { openBenchApp } from './bench-app';

if (!process.env.DATABASE_URL && !process.env.BENCH_DATA_DIR)
  throw new Error('Set DATABASE_URL (or BENCH_DATA_DIR for PGlite) to the database bench/generate.ts filled.');
const BATCH = Number(process.env.BENCH_BATCH ?? 100_000);
const bench = await openBenchApp('research-data', { keep: true, dataDir: process.env.BENCH_DATA_DIR });
const { run, one } = bench;
const num = async (q: string) => Number(Object.values(await one(q))[0]);
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const protocol = await num(
  "select id from collection_protocols where institution_id = 1 and title = 'Generated cohort' order by id limit 1",
);
if (!protocol) throw new Error("No 'Generated cohort': run bench/generate.ts first.");
if (await num(`select count(*) from collection_protocol_consents where title = 'Generated research consent'`)) {
  console.log('The research data is already there.');
  await bench.close();
  process.exit(0);
}
const purpose = (title: string) =>
  num(`select min(id) from consent_purposes where institution_id = 1 and title = '${title}' and is_enabled`);
const [fr, gen, com] = [
  await purpose('Future research'),
  await purpose('Genetic research'),
  await purpose('Commercial use'),
];

async function step(label: string, n: number, lo: number, fill: (from: number, to: number) => Promise<unknown>) {
  const t0 = performance.now();
  for (let from = lo; from <= lo + n - 1; from += BATCH) await fill(from, Math.min(lo + n - 1, from + BATCH - 1));
  const s = (performance.now() - t0) / 1000;
  console.log(`| ${label} | ${s.toFixed(1)} s | load ${load()} |`);
}

const consent = await num(
  `insert into collection_protocol_consents (institution_id, collection_protocol_id, title, concurrency_stamp)
   values (1, ${protocol}, 'Generated research consent', 'x') returning id`,
);
const version = await num(
  `insert into collection_protocol_consent_versions (institution_id, consent_id, version, html, concurrency_stamp)
   values (1, ${consent}, 1, '<p>My samples and data may be used for the purposes I choose.</p>', 'x') returning id`,
);
await run(`insert into consent_version_purposes (institution_id, consent_version_id, purpose_id)
  values (1, ${version}, ${fr}), (1, ${version}, ${gen}), (1, ${version}, ${com})`);

const [lo, hi] = [
  await num(`select min(id) from collection_protocol_participants where collection_protocol_id = ${protocol}`),
  await num(`select max(id) from collection_protocol_participants where collection_protocol_id = ${protocol}`),
];
await step('signatures (9 enrolments in 10; 1 in 100 withdrawn)', hi - lo + 1, lo, (from, to) =>
  run(`insert into collection_protocol_participant_consents (institution_id, collection_protocol_id, participant_id,
      patient_id, consent_id, consent_version_id, signature, sha256, created_date, withdrawn_date, withdrawal_reason,
      withdrawal_effect, withdrawn_at, concurrency_stamp)
    select 1, e.collection_protocol_id, e.id, e.patient_id, ${consent}, ${version}, '', 'x', timestamptz '2024-12-01',
      case when e.id % 100 = 7 then date '2025-06-01' end, case when e.id % 100 = 7 then 'Generated' end,
      case when e.id % 100 = 7 then 'stop_use' end, case when e.id % 100 = 7 then timestamptz '2025-06-01' end, 'x'
    from collection_protocol_participants e
    where e.collection_protocol_id = ${protocol} and e.id between ${from} and ${to} and e.id % 10 <> 0`),
);
// The choices' trigger (participant_purposes_now, migration 0054) plans its refresh from the signatures' statistics:
// with the 900,000 new signatures not yet analysed it chose nested loops and ran for over 20 minutes on one batch.
await run('analyze collection_protocol_participant_consents');
const [slo, shi] = [
  await num(`select min(id) from collection_protocol_participant_consents where consent_id = ${consent}`),
  await num(`select max(id) from collection_protocol_participant_consents where consent_id = ${consent}`),
];
await step('per-purpose choices (3 per signature)', shi - slo + 1, slo, (from, to) =>
  run(`insert into participant_consent_purposes (institution_id, participant_consent_id, purpose_id, granted)
    select 1, c.id, p.purpose_id, case p.purpose_id when ${fr} then c.id % 20 <> 0 when ${gen} then c.id % 10 < 7
      else c.id % 10 < 3 end
    from collection_protocol_participant_consents c cross join consent_version_purposes p
    where p.consent_version_id = ${version} and c.consent_id = ${consent} and c.id between ${from} and ${to}`),
);
const glucose = await num("select min(id) from tests where institution_id = 1 and title ilike '%glucose%'");
const [rlo, rhi] = [
  await num('select min(id) from lims_ordered_test_results where institution_id = 1'),
  await num('select max(id) from lims_ordered_test_results where institution_id = 1'),
];
if (glucose)
  await step('glucose flags (H above 6.0, L below 3.5)', rhi - rlo + 1, rlo, (from, to) =>
    run(`update lims_ordered_test_results r set flag = case when r.result::float8 > 6.0 then 'H' else 'L' end
      from lims_ordered_tests ot
      where r.id between ${from} and ${to} and ot.id = r.lims_ordered_test_id and ot.test_id = ${glucose}
        and r.result ~ '^[0-9]+([.][0-9]+)?$' and (r.result::float8 > 6.0 or r.result::float8 < 3.5)`),
  );
const t0 = performance.now();
await run(
  'vacuum analyze collection_protocol_participant_consents, participant_consent_purposes, consent_version_purposes, lims_ordered_test_results, participant_purposes_now, patient_lab_flags',
);
console.log(`| vacuum analyze | ${((performance.now() - t0) / 1000).toFixed(1)} s | load ${load()} |`);
console.log(
  `signatures: ${await num(`select count(*) from collection_protocol_participant_consents where consent_id = ${consent}`)}, ` +
    `granted choices: ${await num('select count(*) from participant_consent_purposes where granted')}`,
);
await bench.close();
