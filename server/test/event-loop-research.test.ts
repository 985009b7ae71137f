import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_CRITERIA,
  MAX_QUERY_DEPTH,
  QUERY_DIMENSIONS,
  sizeOf,
  type CriteriaGroup,
  type Criterion,
} from '../../contract/queries.contract';
import { json, testApp } from './harness';
import { signedIn } from './factories';
import { sampleSetUp } from './samples-fixtures';
import { labSetup } from './orders-fixtures';
import { HEALTH_P99_MS, LOOP_P99_MS, loopProbe } from './loop-probe';

// The query builder's worst request (issue 32 item 4, docs/research.md "Query builder") keeps the event loop and
// /api/health answering, as event-loop.test.ts holds the import and the answer patterns to: the largest tree the
// contract accepts (MAX_QUERY_DEPTH levels, MAX_QUERY_CRITERIA criteria of every kind that needs no questionnaire),
// counted, aggregated by every dimension, listed and exported as CSV over the institution's samples.
// PostgreSQL only, as event-loop-custody.test.ts: on PGlite the SQL runs on the API's own thread by construction.
const onPostgres = Boolean(process.env.DATABASE_URL);
const SAMPLES = 2_000;

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const { origin, measured } = await loopProbe(t);
const api = (p: string) => `/api/institutions/${A.institution.id}/${p}`;

describe.skipIf(!onPostgres)('the query builder does not block the event loop (issue 32; PostgreSQL)', () => {
  it(`the largest query over ${SAMPLES} samples, counted, aggregated, listed and exported, keeps loop delay and /api/health p99 under ${LOOP_P99_MS} ms`, async () => {
    const p = await sampleSetUp(t, A.institution, A.token);
    const lab = await labSetup(t, A.institution.id, A.token);
    await p.collectMany(SAMPLES);
    const purposes = json<{ id: number }[]>(await t.call('GET', api('consentPurposes'), { token: A.token }));
    const r = lab.refs;
    const leaf = (i: number): Criterion[] => [
      { field: 'age', min: i, max: 90 + i },
      { field: 'gender', ids: [r.female, r.male] },
      { field: 'vitalStatus', ids: [r.alive, r.dead] },
      { field: 'consentPurposes', ids: purposes.map((x) => x.id) },
      { field: 'specimenType', ids: [Number(p.body().SpecimenTypeId)] },
      { field: 'remainingQuantity', min: 0, max: 100 + i },
      { field: 'collectedDate', from: '2020-01-01', to: '2026-12-31' },
      { field: 'lineage', values: ['primary', 'aliquot'] },
      { field: 'inStorage', value: i % 2 === 0 },
      { field: 'labResult', testId: lab.glucose.id, min: 0, max: 50, flag: 'H' },
    ];
    // Three branches of ten criteria each, every branch nesting groups MAX_QUERY_DEPTH deep. Every sample matches (its
    // donor's age, gender and vital status, and its specimen type), so the list and the CSV have every row to write.
    const branch = (i: number): CriteriaGroup => {
      const c = leaf(i);
      return {
        op: 'and',
        items: [
          c[0],
          c[1],
          c[2],
          { op: 'or', items: [c[3], c[4], c[5], { op: 'and', items: [c[6], c[7], c[8], c[9]] }] },
        ],
      };
    };
    const criteria: CriteriaGroup = { op: 'or', items: [branch(0), branch(1), branch(2)] };
    expect(sizeOf(criteria)).toEqual({ depth: MAX_QUERY_DEPTH, criteria: MAX_QUERY_CRITERIA });
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${origin}${api(path)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${A.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    };
    const run = await measured('the largest query builder tree: count, every aggregate, a page, the CSV', async () => {
      const statuses: number[] = [];
      let csvLines = 0;
      statuses.push((await post('queries/count', { criteria })).status);
      for (const groupBy of QUERY_DIMENSIONS)
        statuses.push((await post('queries/aggregate', { criteria, groupBy })).status);
      const page = await post('queries/samples', { criteria, pageNumber: 1, pageSize: 1000 });
      statuses.push(page.status);
      const csv = await post('queries/samples.csv', { criteria });
      statuses.push(csv.status);
      csvLines = csv.text.split('\r\n').filter(Boolean).length;
      return { statuses, csvLines };
    });
    expect(new Set(run.result.statuses)).toEqual(new Set([200]));
    expect(run.result.csvLines).toBe(SAMPLES + 1);
    expect(run.failures).toBe(0);
    expect(run.loopP99).toBeLessThan(LOOP_P99_MS);
    expect(run.healthP99).toBeLessThan(HEALTH_P99_MS);
  }, 180_000);
});
