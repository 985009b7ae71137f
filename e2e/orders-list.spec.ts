import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, orderByApi, registerParticipant, unique, type Biobank } from './support/data';
import { openScreen, signedInAs, tablesSettled } from './support/ui';

interface Detail {
  orderedPanels: { id: number; orderedTests: { testResult: { id: number; concurrencyStamp: string } }[] }[];
}

/** Two one-test panels and a participant; three orders: Routine pending, Urgent partly released, STAT released. */
async function threeOrders(b: Biobank) {
  const s = unique();
  const department = await b.call('POST', 'departments', {
    title: `Cytology ${s}`,
    abbreviation: 'CYT',
    description: 'Cytology',
    isSubDepartment: false,
  });
  const [specimen] = await b.list('specimenTypes?IsEnabled=true');
  const panel = async (title: string) => {
    const p = await b.call('POST', 'panels', {
      title,
      abbreviation: title.slice(0, 4).toUpperCase(),
      description: `${title} panel`,
      icdCode: null,
      specimenTypeCategoryId: specimen.specimenTypeCategoryId,
      specimenTypeId: specimen.id,
      departmentId: department.id,
    });
    const test = await b.call('POST', 'tests', {
      title: `${title} note`,
      abbreviation: 'NOTE',
      description: 'Free text',
    });
    await b.call('POST', 'panelTests', { panelId: p.id, testId: test.id });
    return p.id;
  };
  const panelIds = [await panel(`Smear ${s}`), await panel(`Swab ${s}`)];
  const mrn = `MRN-${s}`.toUpperCase();
  const patient = await registerParticipant(b, { mrn });
  const priorities = await b.ids('priorities');
  const place = (title: string) =>
    orderByApi(b, { patientId: patient.id, panelIds, priorityId: priorities.get(title) });
  /** Enters the n-th panel's result and releases the panel, as the test-result screen does. */
  const release = async (orderId: number, n: number) => {
    const detail = await b.call<Detail>('GET', `LIMSOrders/${orderId}`);
    const p = detail.orderedPanels[n];
    await b.call('PUT', `LIMSOrders/${orderId}/results`, {
      results: p.orderedTests.map((t) => ({
        resultId: t.testResult.id,
        result: 'Normal',
        concurrencyStamp: t.testResult.concurrencyStamp,
      })),
    });
    await b.call('POST', `LIMSOrders/${orderId}/limsOrderedPanels/${p.id}/release`);
  };
  const pending = await place('Routine');
  const partly = await place('Urgent');
  await release(partly.id, 0);
  const released = await place('STAT');
  await release(released.id, 0);
  await release(released.id, 1);
  return { mrn, pending: pending.sampleId, partly: partly.sampleId, released: released.sampleId };
}

const sampleIds = (page: Page) => page.getByRole('table').locator('tbody tr td:nth-child(3)');

test('the orders list shows priority and release state, sorts by them and filters by release state', async ({
  page,
  admin,
  api,
  shot,
}) => {
  test.slow(); // eleven API calls of set-up before the screen: over 60 s on the busy 2-core machine
  const o = await threeOrders(await centralBiobank(api, admin));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAs(page, admin);
  await openScreen(page, 'Orders');
  await page.getByRole('tab', { name: 'PATIENT MRN' }).click();
  const box = page.getByRole('tabpanel', { name: 'PATIENT MRN' }).getByLabel('Search', { exact: true });
  await box.fill(o.mrn);
  await box.press('Enter');

  // Newest first by default; each row says its priority and release state in words.
  await expect(sampleIds(page)).toHaveText([o.released, o.partly, o.pending]);
  const row = (sampleId: string) => page.getByRole('row').filter({ hasText: sampleId });
  await expect(row(o.pending).getByText('Routine', { exact: true })).toBeVisible();
  await expect(row(o.pending).getByText('Pending', { exact: true })).toBeVisible();
  await expect(row(o.partly).getByText('Urgent', { exact: true })).toBeVisible();
  await expect(row(o.partly).getByText('Partly released', { exact: true })).toBeVisible();
  await expect(row(o.released).getByText('STAT', { exact: true })).toBeVisible();
  await expect(row(o.released).getByText('Released', { exact: true })).toBeVisible();
  await shot('orders-list-priority-release');

  // Sorting by release state (a new column keeps the current direction, descending): released first,
  // then pending first; the sort is kept in the address.
  const releaseHeader = page.getByRole('button', { name: /^Release (Not sorted|Sorted)/ });
  await releaseHeader.click();
  await expect(page).toHaveURL(/SortBy=releaseState&SortDirection=desc/);
  await expect(sampleIds(page)).toHaveText([o.released, o.partly, o.pending]);
  await releaseHeader.click();
  await expect(sampleIds(page)).toHaveText([o.pending, o.partly, o.released]);
  await expect(page).toHaveURL(/SortBy=releaseState&SortDirection=asc/);
  await page.getByRole('button', { name: /^Priority (Not sorted|Sorted)/ }).click();
  await expect(sampleIds(page)).toHaveText([o.pending, o.partly, o.released]);
  await tablesSettled(page);
  await shot('orders-list-sorted-by-priority');

  // "What is still pending": the release filter.
  await page.getByRole('combobox', { name: 'Release' }).click();
  await page.getByRole('option', { name: 'Pending', exact: true }).click();
  await expect(sampleIds(page)).toHaveText([o.pending]);
  await page.reload();
  await expect(sampleIds(page), 'the filter and sort survive a reload').toHaveText([o.pending]);
  await expect(page.getByRole('combobox', { name: 'Release' })).toHaveValue('Pending');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot('orders-list-phone');
});
