import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank } from './support/data';
import { distributedRequest, requestScene, submittedRequest } from './support/research-requests';
import { choose, signedInAs } from './support/ui';

// Issue 32 item 7: the research reports, where a tissue bank manager works (Requests > Reports). One request is
// distributed and one waits for review, set up through the API; the Tissue Banker generates both reports, reads
// the study's row and the state counts, exports the CSV, and sees the empty state for dates with nothing.

test('the Tissue Banker reads what each study received and the requests by state, and exports them', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow();
  const b = await centralBiobank(api, admin);
  const s = await requestScene(b);
  await distributedRequest(b, s, `Distributed pilot ${s.u}`);
  await submittedRequest(b, s, `Waiting pilot ${s.u}`);
  const main = page.getByRole('main');

  await signedInAs(page, s.banker, 'Central Biobank', '/research-requests');
  await main.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/research-requests\/reports\/distributed-samples-report$/);
  await expect(main.getByRole('heading', { name: 'Samples Distributed per Protocol' })).toBeVisible();
  await expect(main.getByText('Choose the dates, then Generate Report.')).toBeVisible();

  // Distributed: the scene's study with one request, one sample of 2 mL (other tests' studies may be listed too).
  await main.getByRole('button', { name: 'Generate Report' }).click();
  const row = main.getByRole('row').filter({ hasText: s.study });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText([s.study, '1', '1', 'mL', '2', '0']);
  await expect(main.getByText(/^Generated at /)).toBeVisible();
  await expectNoAxeViolations(page, 'distributed samples report');
  await shot('research-reports-distributed');

  // The CSV is the same report, named after it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Samples Distributed per Protocol.csv');
  const csv = (await readFile(await download.path())).toString('utf8');
  expect(csv).toContain(`"${s.study}","1","1","mL","2","0"\r\n`);

  // By month: the month column appears.
  await choose(page, main, 'Group by', 'Protocol and month');
  await main.getByRole('button', { name: 'Generate Report' }).click();
  await expect(main.getByRole('columnheader', { name: 'Month' })).toBeVisible();

  // Requests by state: the scene's two requests are among those created today.
  await main.getByRole('link', { name: 'Requests by State and Turnaround' }).click();
  await expect(main.getByRole('heading', { name: 'Requests by State and Turnaround' })).toBeVisible();
  await main.getByRole('button', { name: 'Generate Report' }).click();
  const all = main.getByRole('row').filter({ hasText: 'All states' });
  await expect(all).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: 'Distributed' }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'requests by state report');
  await shot('research-reports-turnaround');

  // Dates with nothing: the empty state.
  await main.getByLabel('From', { exact: true }).fill('2020-01-01');
  await main.getByLabel('From', { exact: true }).press('Enter');
  await main.getByLabel('To', { exact: true }).fill('2020-01-31');
  await main.getByLabel('To', { exact: true }).press('Enter');
  await main.getByRole('button', { name: 'Generate Report' }).click();
  await expect(main.getByText('No request was created in these dates.')).toBeVisible();

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await main.getByRole('link', { name: 'Samples Distributed per Protocol' }).click();
  await main.getByRole('button', { name: 'Generate Report' }).click();
  await expect(main.getByText(s.study).first()).toBeVisible();
  await expectNoAxeViolations(page, 'distributed samples report (390 px)');
  await shot('research-reports-distributed-390');
});

test('a Researcher has no Reports button and the reports address says no access', async ({ page, api, admin }) => {
  const b = await centralBiobank(api, admin);
  const s = await requestScene(b);
  await signedInAs(page, s.researcher, 'Central Biobank', '/research-requests');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My requests' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/research-requests/reports/request-turnaround-report');
  await expect(
    page.getByRole('heading', { name: "You don't have access to the research reports", level: 1 }),
  ).toBeVisible();
});
