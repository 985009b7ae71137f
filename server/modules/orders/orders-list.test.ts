import { describe, expect, it } from 'vitest';
import type { OrderDetail, OrderSummary } from '../../../contract/orders.contract';
import { testApp, json, pagination } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { labSetup } from '../../test/orders-fixtures';

// The orders list's priority and release state: computed in the list query, sorted, filtered.
const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const lab = await labSetup(t, institution.id, token);
const api = (p: string, inst = institution.id) => `/api/institutions/${inst}/${p}`;
const list = async (query: string, tok = token, inst = institution.id) => {
  const res = await t.call('GET', api(`LIMSOrders?PageSize=100&${query}`, inst), { token: tok });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: json<OrderSummary[]>(res), total: pagination(res).TotalCount as number };
};
const priorities = json<{ id: number; title: string; urgency: number }[]>(
  await t.call('GET', api('priorities?PageSize=50'), { token }),
);
const priority = (title: string) => priorities.find((p) => p.title === title)!;

const order = async (priorityTitle = 'Routine', inst = institution.id, tok = token, setup = lab) => {
  const res = await t.call('POST', api('LIMSOrders/place', inst), {
    token: tok,
    body: {
      patientIds: [setup.patient.id],
      priorityId: inst === institution.id ? priority(priorityTitle).id : setup.priorityId,
      panelIds: [setup.panel.id, setup.second.id],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<OrderSummary[]>(res)[0];
};
const RESULTS: Record<string, string> = { Glucose: '4', HIV: 'Negative', Morphology: 'Normal' };
/** Enters a result for every test of the order's n-th panel and releases the panel. */
const releasePanel = async (orderId: number, n: number, inst = institution.id, tok = token) => {
  const d = json<OrderDetail>(await t.call('GET', api(`LIMSOrders/${orderId}`, inst), { token: tok }));
  const panel = d.orderedPanels[n];
  const results = panel.orderedTests.map((x) => ({
    resultId: x.testResult.id,
    result: RESULTS[x.test.title.split(' ')[0]],
    concurrencyStamp: x.testResult.concurrencyStamp,
  }));
  expect(
    (await t.call('PUT', api(`LIMSOrders/${orderId}/results`, inst), { token: tok, body: { results } })).statusCode,
  ).toBe(200);
  const res = await t.call('POST', api(`LIMSOrders/${orderId}/limsOrderedPanels/${panel.id}/release`, inst), {
    token: tok,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const stateOf = async (o: { sampleId: string }) => (await list(`SampleID=${o.sampleId}`)).rows[0].releaseState;
const RANK = { pending: 0, partly: 1, released: 2 } as const;

describe('orders list: priority and release state', () => {
  it('seeds priorities with their urgency and shows it on each order', async () => {
    expect(priorities.map((p) => [p.title, p.urgency])).toEqual(
      expect.arrayContaining([
        ['Routine', 0],
        ['Urgent', 1],
        ['STAT', 2],
      ]),
    );
    const o = await order('STAT');
    expect((await list(`SampleID=${o.sampleId}`)).rows[0]).toMatchObject({
      priority: { title: 'STAT' },
      priorityUrgency: 2,
      releaseState: 'pending',
    });
  });

  it('is pending with no panel released, partly with 1 of 2, released with 2 of 2', async () => {
    const o = await order();
    expect(await stateOf(o)).toBe('pending');
    await releasePanel(o.id, 0);
    expect(await stateOf(o)).toBe('partly');
    await releasePanel(o.id, 1);
    expect(await stateOf(o)).toBe('released');
    expect(json<OrderDetail>(await t.call('GET', api(`LIMSOrders/${o.id}`), { token })).releaseState).toBe('released');
    // A panel ordered later is not released yet: the order is partly released again.
    const added = await t.call('POST', api(`LIMSOrders/${o.id}/LIMSOrderedPanels`), {
      token,
      body: { panelId: lab.second.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await stateOf(o)).toBe('partly');
  });

  it('sorts by release state and by priority both ways, ties in a stable order; pages by number', async () => {
    const [a, b, c] = [await order('Routine'), await order('Urgent'), await order('STAT')];
    await releasePanel(b.id, 0);
    await releasePanel(c.id, 0);
    await releasePanel(c.id, 1);
    const mine = (rows: OrderSummary[]) => rows.filter((r) => [a.id, b.id, c.id].includes(r.id)).map((r) => r.id);
    // Ties: newest first within a priority; within a release state in the sort's direction (pending first = oldest first).
    const sorted = (rows: OrderSummary[], key: (r: OrderSummary) => number, dir: 1 | -1, tie: 1 | -1 = -1) =>
      rows.every(
        (r, i) =>
          i === 0 ||
          dir * (key(r) - key(rows[i - 1])) > 0 ||
          (key(r) === key(rows[i - 1]) && tie * (r.id - rows[i - 1].id) > 0),
      );

    const asc = (await list('SortBy=releaseState&SortDirection=asc')).rows;
    expect(mine(asc)).toEqual([a.id, b.id, c.id]);
    expect(sorted(asc, (r) => RANK[r.releaseState], 1, 1)).toBe(true);
    const desc = (await list('sortby=ReleaseState&sortdirection=DESC')).rows;
    expect(mine(desc)).toEqual([c.id, b.id, a.id]);
    expect(sorted(desc, (r) => RANK[r.releaseState], -1)).toBe(true);

    const urgentFirst = (await list('SortBy=priority')).rows; // direction defaults to desc
    expect(mine(urgentFirst)).toEqual([c.id, b.id, a.id]);
    expect(sorted(urgentFirst, (r) => r.priorityUrgency, -1)).toBe(true);
    const routineFirst = (await list('SortBy=priority&SortDirection=asc')).rows;
    expect(mine(routineFirst)).toEqual([a.id, b.id, c.id]);
    expect(sorted(routineFirst, (r) => r.priorityUrgency, 1)).toBe(true);

    const oldest = (await list('SortBy=createdDate&SortDirection=asc')).rows;
    expect(mine(oldest)).toEqual([a.id, b.id, c.id]);
    const all = (await list('SortBy=releaseState&SortDirection=asc')).rows.map((r) => r.id);
    const page2 = await t.call('GET', api('LIMSOrders?SortBy=releaseState&SortDirection=asc&PageSize=2&PageNumber=2'), {
      token,
    });
    expect(json<OrderSummary[]>(page2).map((r) => r.id)).toEqual(all.slice(2, 4));
    expect(pagination(page2).TotalCount).toBe(all.length);
  });

  it('filters by release state, with its count', async () => {
    await releasePanel((await order()).id, 0);
    const everything = (await list('')).rows;
    for (const state of ['pending', 'partly', 'released'] as const) {
      const { rows, total } = await list(`ReleaseState=${state}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.releaseState === state)).toBe(true);
      expect(total).toBe(everything.filter((r) => r.releaseState === state).length);
    }
    expect((await list('releasestate=Partly')).rows.every((r) => r.releaseState === 'partly')).toBe(true);
  });

  it('keeps keyset paging (After=) for the ordered date sort and refuses it with another sort', async () => {
    await order();
    await order();
    const first = { rows: json<OrderSummary[]>(await t.call('GET', api('LIMSOrders?PageSize=2'), { token })) };
    const byNumber = await t.call('GET', api('LIMSOrders?PageSize=2&PageNumber=2'), { token });
    const byAfter = await t.call('GET', api(`LIMSOrders?PageSize=2&PageNumber=2&After=${first.rows[1].id}`), { token });
    expect(json<OrderSummary[]>(byAfter).map((r) => r.id)).toEqual(json<OrderSummary[]>(byNumber).map((r) => r.id));
    const res = await t.call('GET', api(`LIMSOrders?SortBy=priority&After=${first.rows[1].id}`), { token });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'orders.after_needs_date_sort',
      title: expect.stringMatching(/^After= pages only the list sorted by ordered date/),
    });
  });

  it('answers 400 with a clear title for a sort key, direction or release state it does not know', async () => {
    const badKey = await t.call('GET', api('LIMSOrders?SortBy=patient_id;drop table lims_orders'), { token });
    expect(badKey.statusCode).toBe(400);
    expect(json(badKey).title).toMatch(/Sort by one of: createdDate, priority, releaseState$/);
    const badDir = await t.call('GET', api('LIMSOrders?SortBy=priority&SortDirection=sideways'), { token });
    expect(badDir.statusCode).toBe(400);
    expect(json(badDir).title).toMatch(/Sort direction is asc or desc$/);
    const badState = await t.call('GET', api('LIMSOrders?ReleaseState=done'), { token });
    expect(badState.statusCode).toBe(400);
    expect(json(badState).title).toMatch(/Release state is one of: pending, partly, released$/);
  });

  it("never counts another institution's orders", async () => {
    const other = await createInstitution(t);
    const outsider = await signedIn(t, ['Institution Administrator'], other);
    const otherLab = await labSetup(t, other.id, outsider.token);
    const before = await list('ReleaseState=released');
    const theirs = await order('Routine', other.id, outsider.token, otherLab);
    await releasePanel(theirs.id, 0, other.id, outsider.token);
    await releasePanel(theirs.id, 1, other.id, outsider.token);
    const after = await list('ReleaseState=released');
    expect(after.total).toBe(before.total);
    expect(after.rows.map((r) => r.id)).not.toContain(theirs.id);
    const theirList = await list('SortBy=releaseState', outsider.token, other.id);
    expect(theirList.rows.map((r) => [r.id, r.releaseState])).toEqual([[theirs.id, 'released']]);
    expect((await t.call('GET', api('LIMSOrders?ReleaseState=released', other.id), { token })).statusCode).toBe(404);
  });
});
