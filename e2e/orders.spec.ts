import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, orderByApi, registerParticipant, unique, type Biobank } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { mainNav, openScreen, see, signedInAs, tablesSettled } from './support/ui';

/**
 * Lab data made through the configuration and participant APIs, as an administrator would set it up:
 * a department, a panel with a numeric test (range 3.5-5.5 mmol/L), an accepted-value test and a
 * free-text test, a second panel, and one participant with an MRN and a phone number.
 */
async function labSetup(b: Biobank) {
  const { call, list } = b;
  const s = unique();
  const department = await call('POST', 'departments', {
    title: `Chemistry ${s}`,
    abbreviation: 'CHEM',
    description: 'Clinical chemistry',
    isSubDepartment: false,
  });
  const [specimen] = await list('specimenTypes?IsEnabled=true');
  const panelBody = (title: string) => ({
    title,
    abbreviation: title.slice(0, 4).toUpperCase(),
    description: `${title} panel`,
    icdCode: null,
    specimenTypeCategoryId: specimen.specimenTypeCategoryId,
    specimenTypeId: specimen.id,
    departmentId: department.id,
  });
  const panel = await call('POST', 'panels', panelBody(`Metabolic ${s}`));
  const second = await call('POST', 'panels', panelBody(`Haematology ${s}`));
  const mmol = (await list('unitOfMeasurements')).find((u) => u.unitSymbol === 'mmol/L')!;
  const glucose = await call('POST', 'tests', {
    title: `Glucose ${s}`,
    abbreviation: 'GLU',
    description: 'Fasting glucose',
    hasRange: true,
    hasUnitOfMeasurement: true,
    unitOfMeasurementTypeId: mmol.unitOfMeasurementTypeId,
    unitOfMeasurementId: mmol.id,
  });
  const hiv = await call('POST', 'tests', {
    title: `HIV ${s}`,
    abbreviation: 'HIV',
    description: 'Rapid test',
    hasAcceptedValue: true,
  });
  const morphology = await call('POST', 'tests', {
    title: `Morphology ${s}`,
    abbreviation: 'MOR',
    description: 'Free text',
  });
  await call('POST', `tests/${glucose.id}/testResultRanges`, { minimumValue: 3.5, maximumValue: 5.5 });
  await call('POST', `tests/${hiv.id}/testAcceptedValues`, {
    title: 'Positive',
    abbreviation: 'POS',
    description: 'Reactive',
  });
  await call('POST', `tests/${hiv.id}/testAcceptedValues`, {
    title: 'Negative',
    abbreviation: 'NEG',
    description: 'Non-reactive',
  });
  for (const test of [glucose, hiv]) await call('POST', 'panelTests', { panelId: panel.id, testId: test.id });
  await call('POST', 'panelTests', { panelId: second.id, testId: morphology.id });

  const mrn = `MRN-${s}`.toUpperCase();
  const phone = `09${String(Date.now()).slice(-8)}`;
  const patient = await registerParticipant(b, {
    mrn,
    firstName: 'Almaz',
    fatherName: `Tesfaye${s.slice(-3)}`,
    maritalStatus: 'Single',
    ethnicity: 'Not Hispanic or Latino',
    phone,
  });
  return {
    panel: panel.title as string,
    second: second.title as string,
    glucose: glucose.title as string,
    hiv: hiv.title as string,
    morphology: morphology.title as string,
    mrn,
    phone,
    name: `Almaz ${patient.fatherName}`,
    panelId: panel.id,
    patientId: patient.id,
    priorityId: (await list('priorities'))[0].id,
  };
}
type Lab = Awaited<ReturnType<typeof labSetup>>;

const panelCard = (page: Page, title: string) => page.getByRole('region', { name: `Panel ${title}` });
const testRow = (page: Page, test: string) => page.getByRole('row').filter({ hasText: test });

async function chooseOption(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Step 1 and 2 of the stepper, as a person would; returns the created sample ID. */
async function placeOrder(page: Page, lab: Lab, shot: (n: string) => Promise<void>) {
  await page.getByRole('link', { name: 'New Order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Order' });
  await expect(dialog.getByRole('tab', { name: 'Participant MRN' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' }), 'Next needs a participant').toBeDisabled();
  // MRN and phone are mutually exclusive: typing one clears the other.
  await dialog.getByLabel('Phone Number').fill(lab.phone);
  await dialog.getByLabel('MRN', { exact: true }).fill(lab.mrn);
  await expect(dialog.getByLabel('Phone Number'), 'typing an MRN clears the phone number').toHaveValue('');
  await dialog.getByLabel('MRN', { exact: true }).fill('');
  await dialog.getByLabel('Phone Number').fill(lab.phone);
  await dialog.getByLabel('Phone Number').press('Enter');
  const results = dialog.getByRole('table', { name: 'Search results' });
  await expect(results.getByText(lab.name)).toBeVisible();
  await results.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const selected = dialog.getByRole('table', { name: 'Selected participants' });
  await expect(selected.getByText(lab.phone)).toBeVisible();
  await expect(selected.getByText(/\d+ years/)).toBeVisible();
  // Searching again by MRN finds the same participant, who cannot be added twice.
  await dialog.getByLabel('MRN', { exact: true }).fill(lab.mrn);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    results.getByRole('checkbox').first(),
    'an already selected participant is not added twice',
  ).toBeDisabled();
  await shot('order-new-select-patients');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog.getByText('*Required').nth(1)).toBeVisible(); // priority and panels
  await shot('order-new-validation');
  await chooseOption(page, 'Priority', 'Urgent', dialog);
  for (const panel of [lab.panel, lab.second]) {
    const box = dialog.getByRole('textbox', { name: 'Panels' });
    await box.fill(panel.split(' ')[0]);
    await page.getByRole('option', { name: panel, exact: true }).click();
    await expect(box, 'adding a panel clears the box').toHaveValue('');
  }
  await expect(dialog.getByText(lab.panel, { exact: true })).toBeVisible();
  await chooseOption(page, 'Payment Category', 'Insurance', dialog);
  await dialog.getByLabel('Comment to Lab').fill('Fasting sample, morning draw.');
  await shot('order-new-order-step');
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await see(dialog, 'The order was created');
  const created = dialog.getByRole('list', { name: 'Created orders' }).locator('.mantine-Text-root').first();
  await expect(created, 'generated sample ID').toHaveText(/^\s*L\d{6}\d{4}\s*$/);
  const sampleId = (await created.innerText()).trim();
  await shot('order-new-created');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return sampleId;
}

test.describe('orders', () => {
  test('an order is placed on a collected sample found by its sample ID, and the Orders list finds it by that ID', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const lab = await labSetup(b);
    const sample = await collectedSampleByApi(b, lab.patientId);
    await page.getByRole('link', { name: 'New Order', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a New Order' });
    await dialog.getByRole('tab', { name: 'COLLECTED SAMPLE ID' }).click();
    await dialog.getByLabel('Collected Sample ID', { exact: true }).fill('NO-SUCH-SAMPLE');
    await dialog.getByLabel('Collected Sample ID', { exact: true }).press('Enter');
    await see(dialog, "No collected sample has the sample ID 'NO-SUCH-SAMPLE'.");
    await dialog.getByLabel('Collected Sample ID', { exact: true }).fill(sample.sampleId.toLowerCase());
    await dialog.getByLabel('Collected Sample ID', { exact: true }).press('Enter');
    await see(dialog, `from ${lab.name}`);
    await dialog.getByRole('button', { name: 'Order on this sample' }).click();
    const selected = dialog.getByRole('table', { name: 'Selected participants' });
    await expect(selected.getByText(lab.name)).toBeVisible();
    await see(dialog, `The order is on the collected sample ${sample.sampleId}.`);
    await shot('order-on-collected-sample');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await chooseOption(page, 'Priority', 'Urgent', dialog);
    await dialog.getByRole('textbox', { name: 'Panels' }).fill(lab.panel.split(' ')[0]);
    await page.getByRole('option', { name: lab.panel, exact: true }).click();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, 'The order was created');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await openScreen(page, 'Orders');
    await page.getByRole('tab', { name: 'COLLECTED SAMPLE ID' }).click();
    const panel = page.getByRole('tabpanel', { name: 'COLLECTED SAMPLE ID' });
    await panel.getByLabel('Search', { exact: true }).fill(sample.sampleId);
    await panel.getByLabel('Search', { exact: true }).press('Enter');
    await expect(page.getByRole('row').filter({ hasText: sample.sampleId })).toContainText(lab.name);
    await see(page, '1–1 of 1');
  });

  test('two panels are ordered for a participant, found by sample ID and MRN, resulted, commented, released and amended', async ({
    page,
    admin,
    api,
    shot,
  }) => {
    test.slow(); // a long journey (three times the 60 s limit): on a busy 2-core machine it has taken over a minute
    const lab = await labSetup(await centralBiobank(api, admin));
    await signedInAs(page, admin);
    // The dashboard's LIMS Orders count grows as soon as the order is placed (the stepper closes back to it).
    const orderCount = page.getByRole('group', { name: 'LIMS Orders' }).getByText(/^\d[\d,]*$/);
    const before = Number((await orderCount.innerText()).replace(/,/g, ''));
    const sampleId = await placeOrder(page, lab, shot);
    await expect(
      page.getByRole('group', { name: 'LIMS Orders' }).getByText((before + 1).toLocaleString('en-US'), { exact: true }),
    ).toBeVisible();

    // Orders screen: by sample ID, then by MRN (clicking a tab runs its search).
    await openScreen(page, 'Orders');
    const sampleBox = page
      .getByRole('tabpanel', { name: 'SAMPLE ID', exact: true })
      .getByLabel('Search', { exact: true });
    await sampleBox.fill(sampleId);
    await sampleBox.press('Enter');
    await expect(page.getByRole('cell', { name: sampleId })).toBeVisible();
    await see(page, '1–1 of 1');
    await shot('orders-by-sample-id');
    await page.getByRole('tab', { name: 'PATIENT MRN' }).click();
    const mrnPanel = page.getByRole('tabpanel', { name: 'PATIENT MRN' });
    await mrnPanel.getByLabel('Search', { exact: true }).fill(lab.mrn);
    await mrnPanel.getByRole('button', { name: 'Search', exact: true }).click();
    // The sample-ID row shows the same MRN: wait for the MRN search to be the one on screen.
    await expect(page).toHaveURL(/by=mrn/);
    await tablesSettled(page);
    const row = page.getByRole('row').filter({ hasText: sampleId });
    await expect(row.getByText(lab.mrn)).toBeVisible();
    await expect(row.getByText(lab.second)).toBeVisible();
    await shot('orders-by-mrn');
    await row.getByRole('cell', { name: sampleId }).click();

    // Test-result screen: cards, then results (one out of range -> High).
    await expect(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/orders/test-result\\?sampleId=${sampleId}$`));
    await expect(page.getByRole('region', { name: 'Patient' }).getByText(`MRN ${lab.mrn}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order' }).getByText('Urgent')).toBeVisible();
    await shot('test-result-loaded');
    await page.getByLabel(`Result of ${lab.glucose}`).fill('7.2');
    await expect(testRow(page, lab.glucose).getByText('High')).toBeVisible();
    await chooseOption(page, `Result of ${lab.hiv}`, 'Positive');
    // Leaving with unsaved results asks first.
    await mainNav(page).getByRole('link', { name: 'Orders' }).click();
    const leave = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(leave).toBeVisible();
    await shot('test-result-unsaved-guard');
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: /^Save/ }).click();
    await see(page, 'Saved successfully!');
    await expect(testRow(page, lab.glucose).getByText('Not saved')).toBeHidden();
    await shot('test-result-saved');

    // Comment through the right-click menu.
    await testRow(page, lab.glucose).click({ button: 'right', position: { x: 20, y: 10 } });
    await page.getByRole('menuitem', { name: 'Comment' }).click();
    const comment = page.getByRole('dialog', { name: `Comment on ${lab.glucose}` });
    await comment.getByLabel('Comment').fill('Repeat if not fasting.');
    await shot('test-result-comment');
    await comment.getByRole('button', { name: 'Save' }).click();
    await expect(comment).toBeHidden();
    await expect(testRow(page, lab.glucose).getByText('Comment: Repeat if not fasting.')).toBeVisible();

    // Release one test through its ⋮ button.
    await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
    await page.getByRole('menuitem', { name: 'Release' }).click();
    await see(page, `${lab.hiv} released.`);
    await expect(testRow(page, lab.hiv).getByText('Released')).toBeVisible();
    await expect(
      page.getByRole('combobox', { name: `Result of ${lab.hiv}` }),
      'a released result is read-only',
    ).toBeDisabled();
    await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Amend' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Release' }), 'Release is hidden once released').toHaveCount(0);
    await page.keyboard.press('Escape');

    // Release the second panel: its unsaved result is saved first.
    await page.getByLabel(`Result of ${lab.morphology}`).fill('Normocytic, normochromic');
    await panelCard(page, lab.second).getByRole('button', { name: 'Release panel' }).click();
    await page
      .getByRole('dialog', { name: `Release panel ${lab.second}?` })
      .getByRole('button', { name: 'Release panel' })
      .click();
    await see(page, `Panel ${lab.second} released.`);
    await expect(panelCard(page, lab.second).getByText('All results released')).toBeVisible();
    await shot('test-result-released');

    // Amend the released HIV result: a reason is required, the history keeps the previous value.
    await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
    await page.getByRole('menuitem', { name: 'Amend' }).click();
    const amend = page.getByRole('dialog', { name: `Amend ${lab.hiv}` });
    await chooseOption(page, 'New result', 'Negative', amend);
    await amend.getByRole('button', { name: 'Save amendment' }).click();
    await expect(amend.getByText('*required')).toBeVisible();
    await amend.getByLabel('Reason').fill('Transcription error: confirmatory test negative.');
    await amend.getByRole('button', { name: 'Save amendment' }).click();
    await expect(amend).toBeHidden();
    await see(page, `${lab.hiv} amended.`);
    await expect(testRow(page, lab.hiv).getByText('Amended')).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Result of ${lab.hiv}` })).toHaveValue('Negative');
    await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
    await page.getByRole('menuitem', { name: 'Amend' }).click();
    const history = page.getByRole('table', { name: 'Result history' });
    await expect(history.getByText('Transcription error: confirmatory test negative.')).toBeVisible();
    await expect(history.getByText('Positive').first()).toBeVisible();
    await shot('test-result-amend-history');
    await amend.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Sample barcode' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Sample barcode' }).getByRole('img', { name: `Barcode ${sampleId}` }),
    ).toBeVisible();
    await shot('test-result-barcode');
    await page.keyboard.press('Escape');
    await shot('test-result-final');
  });

  test("a Technician enters results but cannot release or amend them; a save over someone else's change is refused", async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const lab = await labSetup(biobank);
    const order = await orderByApi(biobank, {
      patientId: lab.patientId,
      priorityId: lab.priorityId,
      panelIds: [lab.panelId],
    });
    const tech = await createAccount(biobank, {
      firstName: 'Tomas',
      lastName: 'Tech',
      role: 'Technician',
      password: 'Bench#2024x-ok',
    });
    await signedInAs(page, tech, 'Central Biobank', `/orders/test-result?sampleId=${order.sampleId}`);
    await expect(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    await page.getByLabel(`Result of ${lab.glucose}`).fill('4.4');
    await page.getByRole('button', { name: /^Save/ }).click();
    await see(page, 'Saved successfully!');
    await expect(page.getByRole('button', { name: 'Release panel' }), 'no panel release for a Technician').toHaveCount(
      0,
    );
    await page.getByRole('button', { name: `Actions for ${lab.glucose}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Comment' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Release' }), 'no release for a Technician').toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Amend' }), 'no amendment for a Technician').toHaveCount(0);
    await page.keyboard.press('Escape');
    await shot('test-result-technician');

    // Someone else saves the same result meanwhile: this screen's save is refused, nothing is overwritten.
    type Detail = {
      orderedPanels: {
        orderedTests: {
          test: { title: string };
          testResult: { id: number; concurrencyStamp: string; result: string };
        }[];
      }[];
    };
    const glucoseOf = (d: Detail) =>
      d.orderedPanels[0].orderedTests.find((t) => t.test.title === lab.glucose)!.testResult;
    const glucose = glucoseOf(await biobank.call<Detail>('GET', `LIMSOrders/${order.id}`));
    await biobank.call('PUT', `LIMSOrders/${order.id}/results`, {
      results: [{ resultId: glucose.id, result: '5.1', concurrencyStamp: glucose.concurrencyStamp }],
    });
    await page.getByLabel(`Result of ${lab.glucose}`).fill('4.6');
    await page.getByRole('button', { name: /^Save/ }).click();
    await see(page, 'This record was changed by someone else. Reload it and try again.');
    const after = glucoseOf(await biobank.call<Detail>('GET', `LIMSOrders/${order.id}`));
    expect(after.id).toBe(glucose.id);
    expect(after.result, "the other person's value stays").toBe('5.1');
    await shot('test-result-conflict');
  });
});
