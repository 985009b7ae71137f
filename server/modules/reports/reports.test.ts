import { describe, expect, it } from 'vitest';
import { type SQL, eq, inArray, sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../contract/orders.contract';
import type { ReportPage } from '../../../contract/reports.contract';
import { testApp, json, pagination } from '../../test/harness';
import { sentStatements } from '../../test/sent-statements';
import { createAccount, login, signedIn } from '../../test/factories';
import { labSetup } from '../../test/orders-fixtures';
import { limsOrderedPanels, limsOrderedTests, limsOrders } from '../orders/orders.table';
import { ageText } from './reports.service';

// A small data set counted by hand (docs/reports.md): five ordered panels in March 2026 (the range),
// one either side of it, one of a disabled order, and another institution's order on the same days.
const t = await testApp();
t.clock.now = new Date('2026-04-02T00:00:00Z');
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const lab = await labSetup(t, institution.id, token);
const api = (p: string, inst = institution.id) => `/api/institutions/${inst}/${p}`;
const post = async (p: string, body: unknown, inst = institution.id, tok = token) => {
  const res = await t.call('POST', api(p, inst), { token: tok, body });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number; sampleId: string } & Record<string, unknown>>(res);
};
const categories = json<{ id: number; title: string }[]>(
  await t.call('GET', api('paymentCategories?PageSize=100'), { token }),
);
const category = (title: string) => categories.find((c) => c.title === title)!.id;
const charity = await post('paymentCategories', {
  title: 'Charity',
  abbreviation: 'CHA',
  description: 'Not one of the report columns',
});

const detail = async (id: number) => json<OrderDetail>(await t.call('GET', api(`LIMSOrders/${id}`), { token }));
async function place(panelIds: number[], paymentCategoryId: number | null, when: string) {
  const [o] = json<{ id: number; sampleId: string }[]>(
    await t.call('POST', api('LIMSOrders/place'), {
      token,
      body: { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds, paymentCategoryId },
    }),
  );
  const d = await detail(o.id);
  const at = new Date(when);
  await t.db.update(limsOrders).set({ createdDate: at }).where(eq(limsOrders.id, o.id));
  await t.db.update(limsOrderedPanels).set({ createdDate: at }).where(eq(limsOrderedPanels.limsOrderId, o.id));
  await t.db.update(limsOrderedTests).set({ createdDate: at }).where(eq(limsOrderedTests.limsOrderId, o.id));
  return { ...o, d };
}
/** Enters a result on the ordered test of a test in one ordered panel, and releases it if asked, through the API. */
async function result(d: OrderDetail, panelIndex: number, testId: number, value: string, released: boolean) {
  const panel = d.orderedPanels[panelIndex];
  const ot = panel.orderedTests.find((x) => x.testId === testId)!;
  const saved = await t.call('PUT', api(`LIMSOrders/${d.id}/results`), {
    token,
    body: {
      results: [{ resultId: ot.testResult.id, result: value, concurrencyStamp: ot.testResult.concurrencyStamp }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (!released) return;
  const path = `LIMSOrders/${d.id}/limsOrderedPanels/${panel.id}/limsOrderedTests/${ot.id}/limsOrderedTestResults/${ot.testResult.id}/limsOrderedTestResultReleases/${ot.testResultRelease.id}/release`;
  const res = await t.call('POST', api(path), { token });
  expect(res.statusCode, res.body).toBe(200);
}

const o1 = await place([lab.panel.id, lab.second.id], category('Free'), '2026-03-01T00:00:00Z'); // first instant of the range
const o2 = await place([lab.panel.id], category('Insurance'), '2026-03-31T23:59:59Z'); // last second of the range
const added = await post('tests', {
  title: `Newer ${Date.now()}`,
  abbreviation: 'NEW',
  description: 'Added to the panel after o1, o2',
});
await post('panelTests', { panelId: lab.panel.id, testId: added.id });
const o3 = await place([lab.panel.id], null, '2026-03-09T08:00:00Z'); // a Monday
const o4 = await place([lab.second.id], charity.id, '2026-03-08T20:00:00Z'); // a Sunday
await place([lab.panel.id], category('Free'), '2026-02-28T23:59:59Z'); // before the range
await place([lab.panel.id], category('Free'), '2026-04-01T00:00:00Z'); // after it
const disabled = await place([lab.panel.id], category('Half'), '2026-03-10T00:00:00Z');
await t.db.update(limsOrders).set({ isEnabled: false }).where(eq(limsOrders.id, disabled.id));
await result(o1.d, 0, lab.glucose.id, '4.2', true);
await result(o1.d, 0, lab.hiv.id, 'Positive', false); // entered, not released: No Result
await result(o1.d, 1, lab.note.id, 'Clear', true); // o1's second panel is fully released
await result(o3.d, 0, lab.note.id, '=1+2', true); // a formula-like result for the CSV
await t.db
  .update(limsOrderedPanels)
  .set({ comment: 'Haemolysed, "slightly"' })
  .where(eq(limsOrderedPanels.id, o1.d.orderedPanels[0].id));

// Another institution, same days, same category titles: never counted here.
const other = await signedIn(t, ['Institution Administrator']);
const otherLab = await labSetup(t, other.institution.id, other.token);
const [otherOrder] = json<{ id: number }[]>(
  await t.call('POST', api('LIMSOrders/place', other.institution.id), {
    token: other.token,
    body: { patientIds: [otherLab.patient.id], priorityId: otherLab.priorityId, panelIds: [otherLab.panel.id] },
  }),
);
await t.db
  .update(limsOrderedPanels)
  .set({ createdDate: new Date('2026-03-15T00:00:00Z') })
  .where(inArray(limsOrderedPanels.limsOrderId, [otherOrder.id]));
await t.db
  .update(limsOrderedTests)
  .set({ createdDate: new Date('2026-03-15T00:00:00Z') })
  .where(inArray(limsOrderedTests.limsOrderId, [otherOrder.id]));

const MARCH = 'From=2026-03-01&To=2026-03-31';
const get = async (path: string, tok = token) => {
  const res = await t.call('GET', api(`reports/${path}`), { token: tok });
  expect(res.statusCode, res.body).toBe(200);
  return { body: json<ReportPage>(res), pages: pagination(res) };
};
const table = (p: ReportPage) => p.rows.map((r) => p.columns.map((c) => r[c.key]));

describe('test results per date range', () => {
  it('one row per order of the panel, oldest first, with each test result, No Result and Not Ordered', async () => {
    const { body, pages } = await get(`test-results?PanelId=${lab.panel.id}&${MARCH}`);
    expect(body.title).toBe('Test Results');
    expect(body.columns.map((c) => c.title)).toEqual([
      'Serial Number',
      'Sample ID',
      'GLU',
      'HIV',
      'MOR',
      'NEW',
      'Remarks',
      'Ordered Date',
    ]);
    expect(table(body)).toEqual([
      [1, o1.sampleId, '4.2', 'No Result', 'No Result', 'Not Ordered', 'Haemolysed, "slightly"', '2026-03-01 00:00'],
      [2, o3.sampleId, 'No Result', 'No Result', '=1+2', 'No Result', '', '2026-03-09 08:00'],
      [3, o2.sampleId, 'No Result', 'No Result', 'No Result', 'Not Ordered', '', '2026-03-31 23:59'],
    ]);
    expect(pages.TotalCount).toBe(3);
    expect(body.footer[0]).toBe(
      `From 2026-03-01 to 2026-03-31, both days included (dates in UTC, the institution's time zone).`,
    );
    expect(body.footer.at(-1)).toBe('Generated at 2026-04-02 00:00 UTC.');
  });

  it('pages with running serial numbers and the exact total', async () => {
    const { body, pages } = await get(`test-results?PanelId=${lab.panel.id}&${MARCH}&PageNumber=2&PageSize=2`);
    expect(table(body).map((r) => r.slice(0, 2))).toEqual([[3, o2.sampleId]]);
    expect(pages).toMatchObject({ TotalCount: 3, PageSize: 2, CurrentPage: 2, TotalPages: 2 });
    const past = await get(`test-results?PanelId=${lab.panel.id}&${MARCH}&PageNumber=5&PageSize=2`);
    expect(past.body.rows).toEqual([]);
    expect(past.pages.TotalCount).toBe(3);
  });

  it('a day edge: one day holds only what was ordered that UTC day', async () => {
    expect(
      table((await get(`test-results?PanelId=${lab.panel.id}&From=2026-03-31&To=2026-03-31`)).body).map((r) => r[1]),
    ).toEqual([o2.sampleId]);
    expect((await get(`test-results?PanelId=${lab.panel.id}&From=2026-04-01&To=2026-04-01`)).body.rows).toHaveLength(1);
    expect((await get(`test-results?PanelId=${lab.panel.id}&From=2026-03-02&To=2026-03-08`)).body.rows).toEqual([]);
  });

  it('keeps a test removed from the panel as a column while an order of the range holds it', async () => {
    const removed = await post('tests', {
      title: `Removed later ${Date.now()}`,
      abbreviation: 'OLD',
      description: 'Removed from the panel after one order',
    });
    const pt = await post('panelTests', { panelId: lab.second.id, testId: removed.id });
    const before = await place([lab.second.id], null, '2025-06-10T10:00:00Z');
    const off = await t.call('POST', api(`panelTests/${pt.id}/disable`), { token });
    expect(off.statusCode, off.body).toBe(200);
    const after = await place([lab.second.id], null, '2025-06-12T10:00:00Z');
    const both = await get(`test-results?PanelId=${lab.second.id}&From=2025-06-01&To=2025-06-30`);
    expect(both.body.columns.map((c) => c.title)).toEqual([
      'Serial Number',
      'Sample ID',
      'MOR',
      'OLD',
      'Remarks',
      'Ordered Date',
    ]);
    expect(table(both.body).map((r) => r.slice(1, 4))).toEqual([
      [before.sampleId, 'No Result', 'No Result'],
      [after.sampleId, 'No Result', 'Not Ordered'],
    ]);
    expect(both.pages.TotalCount).toBe(2);
    // No order of this range holds the removed test: it is not a column.
    const later = await get(`test-results?PanelId=${lab.second.id}&From=2025-06-11&To=2025-06-30`);
    expect(later.body.columns.map((c) => c.title)).toEqual([
      'Serial Number',
      'Sample ID',
      'MOR',
      'Remarks',
      'Ordered Date',
    ]);
    expect(later.pages.TotalCount).toBe(1);
  });

  it("another institution's panel is not found; a missing panel id is a 400", async () => {
    const res = await t.call('GET', api(`reports/test-results?PanelId=${otherLab.panel.id}&${MARCH}`), { token });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ title: 'Panel not found.', code: 'reports.panel_not_found' });
    expect((await t.call('GET', api(`reports/test-results?${MARCH}`), { token })).statusCode).toBe(400);
  });
});

describe('usage by payment category', () => {
  it('counts each ordered test once, by the order payment category; another or no category in Total only', async () => {
    const { body } = await get(`test-usage?${MARCH}`);
    expect(body.columns.map((c) => c.title)).toEqual([
      'Test Name',
      'Out of Pocket',
      'Free',
      'Half',
      'Post Payment',
      'Insurance',
      'Total',
    ]);
    expect(table(body)).toEqual([
      [lab.glucose.title, 0, 1, 0, 0, 1, 3],
      [lab.hiv.title, 0, 1, 0, 0, 1, 3],
      [lab.note.title, 0, 2, 0, 0, 1, 5],
      [added.title, 0, 0, 0, 0, 0, 1],
    ]);
    expect(body.footer).toContain(
      'Payment categories are matched by title (Out of Pocket, Free, Half, Post Payment, Insurance); orders with another or no payment category count in Total only.',
    );
  });

  it('counts each ordered panel once', async () => {
    expect(table((await get(`panel-usage?${MARCH}`)).body)).toEqual([
      [lab.panel.title, 0, 1, 0, 0, 1, 3],
      [lab.second.title, 0, 1, 0, 0, 0, 2],
    ]);
  });

  it('defaults to the last 7 days, today included (UTC)', async () => {
    const { body } = await get('test-usage');
    expect([body.from, body.to]).toEqual(['2026-03-27', '2026-04-02']);
    // o2 (03-31) and the order of 04-01.
    expect(table(body)).toEqual([
      [lab.glucose.title, 0, 1, 0, 0, 1, 2],
      [lab.hiv.title, 0, 1, 0, 0, 1, 2],
      [lab.note.title, 0, 1, 0, 0, 1, 2],
      [added.title, 0, 1, 0, 0, 0, 1],
    ]);
    expect((await get('test-usage?To=2026-03-05')).body.from).toBe('2026-02-27');
  });
});

describe('summaries per period', () => {
  it('weeks run Monday to Sunday: a Sunday and the next Monday fall in different weeks', async () => {
    const { body } = await get(`panel-summary?${MARCH}&Period=week`);
    expect(body.columns.map((c) => c.title)).toEqual([
      'Period',
      'Panel Name',
      'Out of Pocket',
      'Free',
      'Half',
      'Post Payment',
      'Insurance',
      'Total',
    ]);
    expect(table(body)).toEqual([
      ['Week of 2026-02-23', lab.panel.title, 0, 1, 0, 0, 0, 1],
      ['Week of 2026-02-23', lab.second.title, 0, 1, 0, 0, 0, 1],
      ['Week of 2026-03-02', lab.second.title, 0, 0, 0, 0, 0, 1],
      ['Week of 2026-03-09', lab.panel.title, 0, 0, 0, 0, 0, 1],
      ['Week of 2026-03-30', lab.panel.title, 0, 0, 0, 0, 1, 1],
    ]);
    expect(body.chart).toEqual([
      { period: 'Week of 2026-02-23', outOfPocket: 0, free: 2, half: 0, postPayment: 0, insurance: 0, other: 0 },
      { period: 'Week of 2026-03-02', outOfPocket: 0, free: 0, half: 0, postPayment: 0, insurance: 0, other: 1 },
      { period: 'Week of 2026-03-09', outOfPocket: 0, free: 0, half: 0, postPayment: 0, insurance: 0, other: 1 },
      { period: 'Week of 2026-03-30', outOfPocket: 0, free: 0, half: 0, postPayment: 0, insurance: 1, other: 0 },
    ]);
  });

  it('by month and by day; the chart covers every period, not only the page', async () => {
    expect(table((await get(`panel-summary?${MARCH}&Period=month`)).body)).toEqual([
      ['2026-03', lab.panel.title, 0, 1, 0, 0, 1, 3],
      ['2026-03', lab.second.title, 0, 1, 0, 0, 0, 2],
    ]);
    const { body, pages } = await get(`test-summary?From=2026-03-01&To=2026-03-09&Period=DAY&PageSize=2`);
    expect(table(body)).toEqual([
      ['2026-03-01', lab.glucose.title, 0, 1, 0, 0, 0, 1],
      ['2026-03-01', lab.hiv.title, 0, 1, 0, 0, 0, 1],
    ]);
    expect(pages.TotalCount).toBe(3 + 1 + 4); // 03-01: GLU, HIV, MOR; 03-08: MOR; 03-09: GLU, HIV, MOR, NEW
    expect(body.chart?.map((b) => [b.period, b.free, b.other])).toEqual([
      ['2026-03-01', 4, 0],
      ['2026-03-08', 0, 1],
      ['2026-03-09', 0, 4],
    ]);
  });

  it('refuses an unknown period', async () => {
    const res = await t.call('GET', api('reports/test-summary?Period=year'), { token });
    expect(res.statusCode).toBe(400);
    expect(json(res).title).toMatch(/Period is day, week or month/);
  });
});

describe('unreleased panels', () => {
  it('lists panels with a test not released, oldest first, with their age', async () => {
    const { body } = await get(`unreleased-panels?${MARCH}`);
    expect(body.columns.map((c) => c.title)).toEqual([
      'Patient Name',
      'Patient ID',
      'Sample ID',
      'Ordered On',
      'Ordered By',
      'Panel Name',
      'Department Name',
      'Age',
    ]);
    const name = 'Almaz Tesfaye Bekele';
    const mrn = lab.patient.patientMRN;
    const rows = table(body);
    expect(rows.map((r) => [r[0], r[1], r[2], r[3], r[5], r[7]])).toEqual([
      [name, mrn, o1.sampleId, '2026-03-01 00:00', lab.panel.title, '32 d 0 h'],
      [name, mrn, o4.sampleId, '2026-03-08 20:00', lab.second.title, '24 d 4 h'],
      [name, mrn, o3.sampleId, '2026-03-09 08:00', lab.panel.title, '23 d 16 h'],
      [name, mrn, o2.sampleId, '2026-03-31 23:59', lab.panel.title, '1 d 0 h'],
    ]);
    expect(rows[0][4]).toBe('Test Institution Administrator');
    expect(typeof rows[0][6]).toBe('string');
    // A full page needs the total: the disabled order's unreleased panel (10 March) is not counted.
    const paged = await get(`unreleased-panels?${MARCH}&PageSize=2`);
    expect(table(paged.body).map((r) => r[2])).toEqual([o1.sampleId, o4.sampleId]);
    expect(paged.pages.TotalCount).toBe(4);
  });

  it("keeps each panel's stored has_unreleased equal to its tests' releases: placed, panel added, one test released, a panel released", async () => {
    const stored = async () => {
      const res = await t.db
        .execute(sql`select op.id, op.has_unreleased as stored, exists (select 1 from lims_ordered_tests x
          join lims_ordered_test_results res on res.lims_ordered_test_id = x.id join lims_ordered_test_result_releases r on r.lims_ordered_test_result_id = res.id
          where x.lims_ordered_panel_id = op.id and x.is_enabled and not r.is_released) as direct
        from lims_ordered_panels op join lims_orders o on o.id = op.lims_order_id where op.institution_id = ${institution.id} and o.is_enabled order by op.id`);
      return (res as unknown as { rows: { id: number; stored: boolean; direct: boolean }[] }).rows;
    };
    const placed = await place([lab.panel.id, lab.second.id], null, '2025-07-01T08:00:00Z');
    const added = await t.call('POST', api(`LIMSOrders/${placed.id}/limsOrderedPanels`), {
      token,
      body: { panelId: lab.second.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    await result(placed.d, 0, lab.glucose.id, '5.0', true); // the first panel: still two tests to release
    await result(placed.d, 1, lab.note.id, 'Clear', true); // the second panel: its only test
    const rows = await stored();
    expect(rows.filter((r) => r.stored !== r.direct)).toEqual([]);
    const mine = rows.filter((r) => placed.d.orderedPanels.some((p) => p.id === r.id));
    expect(mine.map((r) => r.stored)).toEqual([true, false]);
    const report = await get(`unreleased-panels?From=2025-07-01&To=2025-07-01`);
    expect(report.body.rows.map((r) => r.sampleId)).toEqual([placed.sampleId]);
    for (const x of placed.d.orderedPanels[0].orderedTests.filter((x) => x.testId !== lab.glucose.id))
      await result(placed.d, 0, x.testId, x.testId === lab.hiv.id ? 'Negative' : 'Seen', false);
    const panel = await t.call(
      'POST',
      api(`LIMSOrders/${placed.id}/limsOrderedPanels/${placed.d.orderedPanels[0].id}/release`),
      { token },
    );
    expect(panel.statusCode, panel.body).toBe(200);
    const after = await stored();
    expect(after.filter((r) => r.stored !== r.direct)).toEqual([]);
    expect(after.filter((r) => placed.d.orderedPanels.some((p) => p.id === r.id)).map((r) => r.stored)).toEqual([
      false,
      false,
    ]);
  });

  it('ages read in days, hours or minutes', () => {
    expect([ageText(59), ageText(3600 * 5 + 60 * 12), ageText(86_400 * 3 + 3600 * 4 + 59)]).toEqual([
      '0 min',
      '5 h 12 min',
      '3 d 4 h',
    ]);
  });
});

describe('dates', () => {
  it.each([
    ['From=2026-03-31&To=2026-03-01', 'The report cannot end (2026-03-01) before it starts (2026-03-31).'],
    [
      'From=2025-01-01&To=2026-01-02',
      'A report covers at most 366 days; these dates span 367. Choose a shorter range.',
    ],
    ['From=2026-02-30', 'From: Not a valid date'],
    ['To=yesterday', 'To: Not a valid date'],
  ])('%s is a 400 saying why', async (q, title) => {
    const res = await t.call('GET', api(`reports/test-usage?${q}`), { token });
    expect(res.statusCode).toBe(400);
    expect(json(res).title).toBe(title);
  });

  it('366 days is allowed (2024 was a leap year)', async () => {
    expect((await t.call('GET', api('reports/panel-usage?From=2024-01-01&To=2024-12-31'), { token })).statusCode).toBe(
      200,
    );
  });
});

describe('CSV', () => {
  it('is the whole report, every cell quoted, formulas defused, named after the title, footer last', async () => {
    const res = await t.call('GET', api(`reports/test-results.csv?PanelId=${lab.panel.id}&${MARCH}`), { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Test Results.csv"; filename*=UTF-8''Test%20Results.csv`,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Serial Number","Sample ID","GLU","HIV","MOR","NEW","Remarks","Ordered Date"');
    expect(lines[1]).toBe(
      `"1","${o1.sampleId}","4.2","No Result","No Result","Not Ordered","Haemolysed, ""slightly""","2026-03-01 00:00"`,
    );
    expect(lines[2]).toBe(`"2","${o3.sampleId}","No Result","No Result","'=1+2","No Result","","2026-03-09 08:00"`);
    expect(lines[4]).toBe('"","","","","","","",""');
    expect(lines[5]).toBe(
      `"From 2026-03-01 to 2026-03-31, both days included (dates in UTC, the institution's time zone).","","","","","","",""`,
    );
    expect(lines.at(-2)).toBe('"Generated at 2026-04-02 00:00 UTC.","","","","","","",""');
    expect(lines.at(-1)).toBe('');
  });

  it('every report has its CSV, named after it', async () => {
    for (const [path, name] of [
      ['test-usage', 'Test Usage Report'],
      ['panel-usage', 'Panel Usage Report'],
      ['test-summary', 'Test Summary Report'],
      ['panel-summary', 'Panel Summary Report'],
      ['unreleased-panels', 'Unreleased Panels Report'],
    ]) {
      const res = await t.call('GET', api(`reports/${path}.csv?${MARCH}`), { token });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename="${name}.csv"`);
    }
    const usage = (await t.call('GET', api(`reports/panel-usage.csv?${MARCH}`), { token })).body.split('\r\n');
    expect(usage[1]).toBe(`"${lab.panel.title}","0","1","0","0","1","3"`);
  });

  it('a bad range is a problem, not a half-written file', async () => {
    const res = await t.call('GET', api('reports/unreleased-panels.csv?From=2026-03-31&To=2026-03-01'), { token });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });
});

describe('who may run reports', () => {
  it('a Researcher runs every report; an account without a role there, or a Technician, is refused', async () => {
    const researcher = await login(
      t,
      (await createAccount(t, { roles: ['Researcher'], institutionIds: [institution.id] })).email,
    );
    expect(table((await get(`panel-usage?${MARCH}`, researcher)).body)).toHaveLength(2);
    for (const roles of [[], ['Technician']] as const) {
      const tok = await login(
        t,
        (await createAccount(t, { roles: [...roles], institutionIds: [institution.id] })).email,
      );
      const res = await t.call('GET', api(`reports/panel-usage?${MARCH}`), { token: tok });
      expect(res.statusCode, roles.join()).toBe(403);
    }
  });

  it("another institution's account gets 404, and its own reports hold only its orders", async () => {
    expect((await t.call('GET', api(`reports/test-usage?${MARCH}`), { token: other.token })).statusCode).toBe(404);
    const own = await t.call('GET', api(`reports/panel-usage?${MARCH}`, other.institution.id), { token: other.token });
    expect(table(json<ReportPage>(own))).toEqual([[otherLab.panel.title, 0, 0, 0, 0, 0, 1]]);
  });

  it('anonymous is 401', async () => {
    expect((await t.call('GET', api('reports/test-usage'))).statusCode).toBe(401);
  });
});

describe('daily roll-up (report_daily_counts, kept by triggers)', () => {
  /** The roll-up as counted directly from the orders tables, written independently of the migration's triggers. */
  const direct = sql`select institution_id, kind, ref_id, day::text, payment_category_id, n from (
      select t.institution_id, 'test' as kind, t.test_id as ref_id, (t.created_date at time zone (select i.time_zone from institutions i where i.id = t.institution_id))::date as day, coalesce(o.payment_category_id, 0) as payment_category_id, count(*)::int as n
      from lims_ordered_tests t join lims_ordered_panels op on op.id = t.lims_ordered_panel_id join lims_orders o on o.id = t.lims_order_id
      where t.is_enabled and op.is_enabled and o.is_enabled group by 1, 2, 3, 4, 5
      union all
      select op.institution_id, 'panel', op.panel_id, (op.created_date at time zone (select i.time_zone from institutions i where i.id = op.institution_id))::date, coalesce(o.payment_category_id, 0), count(*)::int
      from lims_ordered_panels op join lims_orders o on o.id = op.lims_order_id where op.is_enabled and o.is_enabled group by 1, 2, 3, 4, 5
      union all
      select op.institution_id, 'unreleased', op.panel_id, (op.created_date at time zone (select i.time_zone from institutions i where i.id = op.institution_id))::date, 0, count(*)::int
      from lims_ordered_panels op join lims_orders o on o.id = op.lims_order_id where op.is_enabled and o.is_enabled and op.has_unreleased group by 1, 2, 3, 4, 5) x`;
  const kept = sql`select institution_id, kind, ref_id, day::text, payment_category_id, n from report_daily_counts where n <> 0`;
  const rows = async (q: SQL) =>
    ((await t.db.execute(sql`select * from (${q}) r order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] }).rows;

  const valueFor = (testId: number) =>
    testId === lab.hiv.id ? 'Negative' : testId === lab.glucose.id ? '5.0' : 'Seen';
  /** Enters every missing result of an ordered panel (if it has any) and releases the panel through the API. */
  async function releaseAll(d: OrderDetail, panelIndex: number) {
    const panel = d.orderedPanels[panelIndex] ?? d.orderedPanels[0];
    if (!panel) return; // every panel of the order disabled
    const open = panel.orderedTests.filter((x) => !x.testResultRelease.isReleased);
    if (!open.length) return;
    for (const x of open.filter((x) => !x.testResult.result))
      await result(d, d.orderedPanels.indexOf(panel), x.testId, valueFor(x.testId), false);
    const res = await t.call('POST', api(`LIMSOrders/${d.id}/limsOrderedPanels/${panel.id}/release`), { token });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** Amends the first released result of the order, if any (an amendment keeps it released). */
  async function amendOne(d: OrderDetail) {
    for (const panel of d.orderedPanels)
      for (const x of panel.orderedTests.filter((x) => x.testResultRelease.isReleased)) {
        const path = `LIMSOrders/${d.id}/limsOrderedPanels/${panel.id}/limsOrderedTests/${x.id}/limsOrderedTestResults/${x.testResult.id}/amend`;
        const res = await t.call('POST', api(path), {
          token,
          body: {
            result: x.testId === lab.hiv.id ? 'Positive' : x.testId === lab.glucose.id ? '6.1' : 'Amended',
            reason: 'Transcription error',
            concurrencyStamp: x.testResult.concurrencyStamp,
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        return;
      }
  }

  it('equals the direct count after a random sequence of writes (API and direct)', async () => {
    let seed = 16;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(xs: T[]) => xs[rnd(xs.length)];
    const pays = [category('Free'), category('Insurance'), charity.id, null];
    const orders: OrderDetail[] = [];
    expect(await rows(kept)).toEqual(await rows(direct));
    for (let step = 0; step < 40; step++) {
      const op = orders.length ? rnd(11) : 0;
      const o = orders.length ? pick(orders) : null;
      if (op === 0) {
        const placed = await place(
          pick([[lab.panel.id], [lab.second.id], [lab.panel.id, lab.second.id]]),
          pick(pays),
          `2026-03-${String(1 + rnd(28)).padStart(2, '0')}T${String(rnd(24)).padStart(2, '0')}:30:00Z`,
        );
        orders.push(placed.d);
      } else if (op === 1) {
        const res = await t.call('POST', api(`LIMSOrders/${o!.id}/limsOrderedPanels`), {
          token,
          body: { panelId: pick([lab.panel.id, lab.second.id]) },
        });
        expect(res.statusCode, res.body).toBe(201);
      } else if (op === 2) {
        await t.db.execute(sql`update lims_orders set is_enabled = not is_enabled where id = ${o!.id}`);
      } else if (op === 3) {
        await t.db.execute(sql`update lims_orders set payment_category_id = ${pick(pays)} where id = ${o!.id}`);
      } else if (op === 4) {
        await t.db.execute(
          sql`update lims_ordered_panels set is_enabled = not is_enabled where id = (select min(id) from lims_ordered_panels where lims_order_id = ${o!.id})`,
        );
      } else if (op === 5) {
        await t.db.execute(
          sql`update lims_ordered_tests set is_enabled = not is_enabled where id = (select max(id) from lims_ordered_tests where lims_order_id = ${o!.id})`,
        );
      } else if (op === 6) {
        await t.db.execute(
          sql`update lims_ordered_tests set created_date = created_date + interval '20 hours' where lims_order_id = ${o!.id}`,
        );
      } else if (op === 7) {
        await result(await detail(o!.id), 0, lab.note.id, 'Fine', rnd(2) === 0).catch(() => undefined);
      } else if (op === 8) {
        await releaseAll(await detail(o!.id), rnd(2));
      } else if (op === 9) {
        await amendOne(await detail(o!.id));
      } else {
        // By hand in SQL: the flag alone (the triggers still follow it).
        await t.db.execute(
          sql`update lims_ordered_panels set has_unreleased = not has_unreleased where id = (select max(id) from lims_ordered_panels where lims_order_id = ${o!.id})`,
        );
      }
      expect(await rows(kept), `step ${step} (${op})`).toEqual(await rows(direct));
    }
    expect((await rows(kept)).length).toBeGreaterThan(20);
  });

  it('stays exact under concurrent releases, results and placements of the same panel and day (one roll-up row)', async () => {
    const day = '2026-05-05T10:00:00Z';
    const placed = await Promise.all(Array.from({ length: 6 }, () => place([lab.panel.id, lab.second.id], null, day)));
    await Promise.all([
      ...placed.map((p, i) => releaseAll(p.d, i % 2)),
      place([lab.panel.id], category('Free'), day),
      place([lab.second.id], null, day),
    ]);
    expect(await rows(kept)).toEqual(await rows(direct));
    // The report's total (read from the roll-up when the page is full) equals its rows.
    const all = await get('unreleased-panels?From=2026-05-05&To=2026-05-05&PageSize=100');
    const paged = await get('unreleased-panels?From=2026-05-05&To=2026-05-05&PageSize=2');
    expect(paged.pages.TotalCount).toBe(all.body.rows.length);
    expect(all.body.rows.length).toBe(8);
    // The total is the roll-up's: no statement counts the flagged panels (200,000 over a year at full size).
    const sent = await sentStatements([t.db, t.reportDb], () =>
      get('unreleased-panels?From=2026-05-05&To=2026-05-05&PageSize=2'),
    );
    const total = sent.filter((q) => /count\(|sum\(/i.test(q));
    expect(total).toHaveLength(1);
    expect(total[0]).toMatch(/from report_daily_counts c\s+where c.institution_id = \$1 and c.kind = 'unreleased'/);
    expect(sent.filter((q) => /count\(\*\)/i.test(q) && /lims_ordered_panels/.test(q))).toEqual([]);
  });
});

// Reports read through their own pool (deps.reportDb: its longer statement timeout, docs/operations.md). The embedded
// database gives both handles one client, so only PostgreSQL can tell them apart (skipped there).
describe.skipIf(t.db === t.reportDb)('the report pool', () => {
  it('every report statement goes to reportDb; the interactive pool sees only the token check', async () => {
    const paths = [
      `test-results?PanelId=${lab.panel.id}&${MARCH}`,
      `test-usage?${MARCH}`,
      `panel-summary?Period=month&${MARCH}`,
      `unreleased-panels?${MARCH}`,
    ];
    for (const path of paths) {
      let interactive: string[] = [];
      const report = await sentStatements(t.reportDb, async () => {
        interactive = await sentStatements(t.db, () => get(path));
      });
      expect(report.length, path).toBeGreaterThan(0);
      expect(interactive, path).toHaveLength(1);
    }
  });
});
