import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, orderWithResults, registerParticipant, unique, type Biobank } from './support/data';
import { expectNoAxeViolations } from './support/axe';
import { choose, see, signedInAs } from './support/ui';

type Detail = {
  orderedPanels: {
    id: number;
    orderedTests: {
      id: number;
      test: { title: string };
      testResult: { id: number };
      testResultRelease: { id: number };
    }[];
  }[];
};

/**
 * Two orders of one panel today: the first with a released creatinine result (the other tests entered
 * or empty, so No Result), paid by no category; the second paid Free, nothing entered (unreleased).
 */
async function reportData(b: Biobank) {
  const first = await orderWithResults(b);
  const [order] = await b.call<{ id: number }[]>('GET', `LIMSOrders?SampleID=${first.sampleId}`);
  const detail = await b.call<Detail>('GET', `LIMSOrders/${order.id}`);
  const panel = detail.orderedPanels[0];
  const cre = panel.orderedTests.find((t) => t.test.title === first.numeric)!;
  await b.call(
    'POST',
    `LIMSOrders/${order.id}/limsOrderedPanels/${panel.id}/limsOrderedTests/${cre.id}/limsOrderedTestResults/${cre.testResult.id}/limsOrderedTestResultReleases/${cre.testResultRelease.id}/release`,
  );
  const panelId = (await b.ids('panels')).get(first.panel)!;
  const free = (await b.ids('paymentCategories')).get('Free')!;
  const patient = await registerParticipant(b, { mrn: `MRN-${unique()}`.toUpperCase(), firstName: 'Selam' });
  const priorityId = (await b.list('priorities'))[0].id;
  const [second] = await b.call<{ sampleId: string }[]>('POST', 'LIMSOrders/place', {
    patientIds: [patient.id],
    priorityId,
    panelIds: [panelId],
    paymentCategoryId: free,
  });
  return { ...first, second: second.sampleId };
}

/** Export CSV: the download is named after the report and holds the given text and the footer. */
async function exportCsv(page: Page, fileName: string, holds: string[]) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const csv = (await readFile(await download.path())).toString('utf8');
  for (const text of holds) expect(csv).toContain(text);
  expect(csv).toContain('dates in UTC');
  expect(csv).toMatch(/"Generated at \d{4}-\d\d-\d\d \d\d:\d\d UTC\."/);
}

async function openReport(page: Page, label: string, heading: string) {
  await page.getByRole('navigation', { name: 'Report' }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  // Every spec shares the e2e database, so other specs' orders fill these lists too: a page of 1,000 rows
  // keeps this test's rows on the first page whatever ran before (a list of 10 did not, oldest first).
  await page.goto(`${new URL(page.url()).pathname}?PageSize=1000`);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test.describe('reports', () => {
  test('each order report generates, shows its footer, exports its CSV; summaries and usage draw a chart', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // eight reports, each generated, scanned by axe and exported: 66 s in CI on the 2-core machine
    const b = await centralBiobank(api, admin);
    const data = await reportData(b);

    await signedInAs(page, admin, 'Central Biobank', '/report');
    await expect(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Report' });
    for (const label of [
      'Test Result Report',
      'Test Summary Report',
      'Test Usage Report',
      'Panel Summary Report',
      'Panel Usage Report',
      'Unreleased Panels Report',
      'Breast Cancer Report',
      'Cervical Cancer Report',
    ]) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
    // Test results: the panel's radio, then one row per order with the released value, No Result and the dates.
    await page.getByRole('radio', { name: data.panel }).check();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const firstRow = page.getByRole('row', { name: new RegExp(data.sampleId) });
    await expect(firstRow).toContainText('7.2');
    await expect(firstRow).toContainText('No Result');
    await expect(page.getByRole('row', { name: new RegExp(data.second) })).toContainText('No Result');
    await expect(page.getByRole('columnheader', { name: 'CRE' })).toBeVisible();
    await see(page.getByRole('region', { name: 'Report parameters' }), /dates in UTC/);
    await shot('report-test-results');
    await expectNoAxeViolations(page, 'test result report');
    await exportCsv(page, 'Test Results.csv', [`"${data.sampleId}","7.2","No Result","No Result"`]);

    // Test summary by week: a stacked bar chart and one row per test.
    await openReport(page, 'Test Summary Report', 'Test Summary Report');
    await choose(page, page.locator('main'), 'Period', 'Week (Monday to Sunday)');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(page.getByRole('row', { name: new RegExp(data.numeric) })).toBeVisible();
    const chart = page.getByRole('figure', { name: 'Tests ordered per period, by payment category' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-rectangle').first()).toBeVisible();
    await shot('report-test-summary');
    await expectNoAxeViolations(page, 'test summary report with its chart');
    await exportCsv(page, 'Test Summary Report.csv', [data.numeric, 'Week of ']);

    // Panel usage: the panel twice, once Free; the other order had no category (Total only).
    await openReport(page, 'Panel Usage Report', 'Panel Usage Report');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const usage = page.getByRole('row', { name: new RegExp(data.panel) });
    await expect(usage).toBeVisible();
    await expect(usage.getByRole('cell')).toHaveText([data.panel, '0', '1', '0', '0', '0', '2']);
    await expect(page.getByRole('figure', { name: 'Panels of this page, by payment category' })).toBeVisible();
    await shot('report-panel-usage');
    await exportCsv(page, 'Panel Usage Report.csv', [`"${data.panel}","0","1","0","0","0","2"`]);

    for (const [label, file, holds] of [
      ['Test Usage Report', 'Test Usage Report.csv', data.numeric],
      ['Panel Summary Report', 'Panel Summary Report.csv', data.panel],
    ] as const) {
      await openReport(page, label, label);
      await page.getByRole('button', { name: 'Generate Report' }).click();
      await expect(page.getByRole('row', { name: new RegExp(holds) })).toBeVisible();
      await expect(page.getByRole('figure')).toBeVisible();
      await exportCsv(page, file, [holds]);
    }

    // Unreleased panels: both orders wait (the first has tests not released), oldest first.
    await openReport(page, 'Unreleased Panels Report', 'Unreleased Panels Report');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(page.getByRole('row', { name: new RegExp(data.second) })).toContainText('Selam');
    await expect(page.getByRole('row', { name: new RegExp(data.sampleId) })).toContainText(data.mrn);
    await shot('report-unreleased-panels');
    await exportCsv(page, 'Unreleased Panels Report.csv', [data.second]);

    // The screening indicators share the Report navigation (their counts are checked in indicators.spec).
    await openReport(page, 'Cervical Cancer Report', 'Cervical cancer report Per Date Range');
    await expect(
      page.getByRole('table', { name: 'Cervical cancer report Per Date Range' }).getByRole('row'),
    ).toHaveCount(15);
  });

  test('a reversed range is refused before asking the server; an empty range says so', async ({
    page,
    admin,
    shot,
  }) => {
    await signedInAs(page, admin, 'Central Biobank', '/report/panel-usage-report');
    await expect(page.getByRole('heading', { name: 'Panel Usage Report', level: 1 })).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2020-01-10');
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await see(page.getByRole('alert'), 'To cannot be before From.');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByLabel('To', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await see(page, 'No panel was ordered in these dates.');
    await see(page.getByRole('region', { name: 'Report parameters' }), 'From 2020-01-10 to 2020-01-31');
    await shot('report-empty');
  });

  test('on a phone the navigation stacks above the report and rows become cards', async ({
    signedInPage: page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const order = await orderWithResults(b);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/report/unreleased-panels-report?PageSize=1000'); // other specs' panels are older
    await expect(page.getByRole('heading', { name: 'Unreleased Panels Report', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await see(page, order.sampleId);
    await shot('report-unreleased-phone');
  });
});
