import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CriteriaGroup } from '../../../contract/queries.contract';
import type { OrderDetail } from '../../../contract/orders.contract';
import { rowsOf } from '../../db/client';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { protocolRefs } from '../../test/protocols-fixtures';
import { sampleSetUp } from '../../test/samples-fixtures';
import { labSetup } from '../../test/orders-fixtures';

// Issue 32 item 4: the lab criterion without a value range reads patient_lab_flags (migration 0057's triggers keep
// it). After every kind of write that changes a donor's released results (release, amendment, a release undone, an
// order disabled or moved to another donor, a test disabled, a deletion) the stored rows must answer exactly what
// the rule over the results answers: for every donor, test and flag asked (H, L, normal, none asked), "has a released
// result of an enabled test of an enabled order, so flagged" computed from the orders, tests, results and releases
// (the criterion's SQL before the store, written out here) equals the store's semi-join. Run on PGlite and PostgreSQL.

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const api = (p: string) => `/api/institutions/${inst}/${p}`;
type Rec = Record<string, unknown> & { id: number };
const post = async <T = Rec>(url: string, body?: unknown) => {
  const res = await t.call('POST', url, { token: A.token, body });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return json<T>(res);
};

const refs = { protocol: await protocolRefs(t, inst, A.token), participant: await referenceIds(t, inst, A.token) };
const w = await sampleSetUp(t, A.institution, A.token, refs);
const lab = await labSetup(t, inst, A.token);
const donors = [w.patient.id];
for (let i = 0; i < 2; i++) donors.push((await post(api('patients/register'), participant(refs.participant))).id);
const [d1, d2, d3] = donors;

/** An order of the panel for a donor with its glucose result entered (and released when asked). */
async function glucose(patientId: number, value: string, released: boolean) {
  const [order] = await post<Rec[]>(api('LIMSOrders/place'), {
    patientIds: [patientId],
    priorityId: lab.priorityId,
    panelIds: [lab.panel.id],
  });
  const d = json<OrderDetail>(await t.call('GET', api(`LIMSOrders/${order.id}`), { token: A.token }));
  const panel = d.orderedPanels[0];
  const g = panel.orderedTests.find((x) => x.test.id === lab.glucose.id)!;
  const saved = await t.call('PUT', api(`LIMSOrders/${order.id}/results`), {
    token: A.token,
    body: { results: [{ resultId: g.testResult.id, result: value, concurrencyStamp: g.testResult.concurrencyStamp }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const path = `LIMSOrders/${order.id}/limsOrderedPanels/${panel.id}/limsOrderedTests/${g.id}/limsOrderedTestResults/${g.testResult.id}`;
  const release = () =>
    post<OrderDetail>(api(`${path}/limsOrderedTestResultReleases/${g.testResultRelease.id}/release`));
  const amend = async (result: string) => {
    const now = json<OrderDetail>(await t.call('GET', api(`LIMSOrders/${order.id}`), { token: A.token }));
    const stamp = now.orderedPanels[0].orderedTests.find((x) => x.id === g.id)!.testResult.concurrencyStamp;
    return post(api(`${path}/amend`), { result, reason: 'Transcription error', concurrencyStamp: stamp });
  };
  if (released) await release();
  return {
    orderId: order.id,
    orderedTestId: g.id,
    resultId: g.testResult.id,
    releaseId: g.testResultRelease.id,
    release,
    amend,
  };
}

/** For every donor, test and flag asked: the rule over the results against the store (each a list of keys). */
async function compare() {
  const asked = sql`(values ('H'), ('L'), ('normal'), ('any')) as a(flag)`;
  const rule = (flag: string) =>
    flag === 'any'
      ? sql`true`
      : flag === 'normal'
        ? sql`r.flag is null and r.result is not null`
        : sql`r.flag = a.flag`;
  const fromRule = await rowsOf<{ k: string }>(
    t.db,
    sql`select p.id || ':' || x.id || ':' || a.flag as k from patients p cross join tests x cross join ${asked}
      where p.institution_id = ${inst} and x.institution_id = ${inst} and exists(select 1 from lims_ordered_tests ot
        join lims_orders lo on lo.id = ot.lims_order_id
        join lims_ordered_test_results r on r.lims_ordered_test_id = ot.id
        join lims_ordered_test_result_releases rr on rr.lims_ordered_test_result_id = r.id and rr.is_released
        where ot.institution_id = ${inst} and ot.test_id = x.id and ot.is_enabled and lo.is_enabled
          and lo.patient_id = p.id and (case a.flag when 'any' then ${rule('any')} when 'normal' then ${rule('normal')}
            else ${rule('H')} end))
      order by 1`,
  );
  const fromStore = await rowsOf<{ k: string }>(
    t.db,
    sql`select p.id || ':' || x.id || ':' || a.flag as k from patients p cross join tests x cross join ${asked}
      where p.institution_id = ${inst} and x.institution_id = ${inst} and exists(select 1 from patient_lab_flags f
        where f.institution_id = ${inst} and f.test_id = x.id and f.patient_id = p.id
          and (a.flag = 'any' or (a.flag = 'normal' and f.flag = '' and f.has_result) or f.flag = a.flag))
      order by 1`,
  );
  expect(fromStore.map((r) => r.k)).toEqual(fromRule.map((r) => r.k));
  return fromRule.map((r) => r.k);
}
const key = (patientId: number, flag: string) => `${patientId}:${lab.glucose.id}:${flag}`;

/** The samples of donor d1 (the sample set-up's) a flag criterion finds through the API, by sample id. */
async function count(flag: 'H' | 'L' | 'normal' | null) {
  const criteria: CriteriaGroup = { op: 'and', items: [{ field: 'labResult', testId: lab.glucose.id, flag }] };
  const res = await t.call('POST', api('queries/count'), { token: A.token, body: { criteria } });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ count: number }>(res).count;
}

describe('patient_lab_flags answers as the lab criterion over the results (issue 32 item 4)', () => {
  it('follows release, amendment, a release undone, order and test changes and deletions', async () => {
    expect(await compare()).toEqual([]);
    await post(w.api(), w.body({}));
    // Entered, not released: nothing.
    const a = await glucose(d1, '7.2', false);
    expect(await compare()).toEqual([]);
    expect(await count('H')).toBe(0);
    // Released: High.
    await a.release();
    expect(await compare()).toEqual([key(d1, 'H'), key(d1, 'any')]);
    expect(await count('H')).toBe(1);
    // Other donors: normal released, low not released.
    const b = await glucose(d2, '4.0', true);
    await glucose(d3, '2.0', false);
    expect(await compare()).toEqual([key(d1, 'H'), key(d1, 'any'), key(d2, 'any'), key(d2, 'normal')].sort());
    // Corrected: d1's High becomes normal, then Low.
    await a.amend('5.0');
    expect(await compare()).toContain(key(d1, 'normal'));
    expect(await count('H')).toBe(0);
    expect(await count('normal')).toBe(1);
    await a.amend('2.1');
    expect(await compare()).toContain(key(d1, 'L'));
    expect(await count('L')).toBe(1);
    // A second released result of d1 keeps both flags.
    await glucose(d1, '9.9', true);
    expect(await compare()).toEqual(expect.arrayContaining([key(d1, 'L'), key(d1, 'H')]));
    // A release undone (by hand: no route undoes one) removes its flag, the other stays.
    await t.db.execute(sql`update lims_ordered_test_result_releases set is_released = false where id = ${a.releaseId}`);
    expect(await compare()).not.toContain(key(d1, 'L'));
    expect(await compare()).toContain(key(d1, 'H'));
    await t.db.execute(sql`update lims_ordered_test_result_releases set is_released = true where id = ${a.releaseId}`);
    expect(await compare()).toContain(key(d1, 'L'));
    // The order disabled, then enabled; the ordered test disabled, then enabled.
    await t.db.execute(sql`update lims_orders set is_enabled = false where id = ${a.orderId}`);
    expect(await compare()).not.toContain(key(d1, 'L'));
    await t.db.execute(sql`update lims_orders set is_enabled = true where id = ${a.orderId}`);
    await t.db.execute(sql`update lims_ordered_tests set is_enabled = false where id = ${a.orderedTestId}`);
    expect(await compare()).not.toContain(key(d1, 'L'));
    await t.db.execute(sql`update lims_ordered_tests set is_enabled = true where id = ${a.orderedTestId}`);
    expect(await compare()).toContain(key(d1, 'L'));
    // The order moved to another donor (a merge): the flag follows it.
    await t.db.execute(sql`update lims_orders set patient_id = ${d3} where id = ${a.orderId}`);
    const moved = await compare();
    expect(moved).toContain(key(d3, 'L'));
    expect(moved).not.toContain(key(d1, 'L'));
    // The flag changed by hand on a released result; a result and its release deleted.
    await t.db.execute(sql`update lims_ordered_test_results set flag = 'H' where id = ${b.resultId}`);
    expect(await compare()).toContain(key(d2, 'H'));
    await t.db.execute(sql`delete from lims_ordered_test_result_releases where id = ${b.releaseId}`);
    expect(await compare()).not.toContain(key(d2, 'any'));
    // The store holds nothing the comparison above does not see (only the institution's donors and tests).
    const [{ n }] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from patient_lab_flags f where f.flag not in ('H', 'L', '')
        or not exists(select 1 from patients p where p.id = f.patient_id and p.institution_id = ${inst})`,
    );
    expect(n).toBe(0);
  });
});
