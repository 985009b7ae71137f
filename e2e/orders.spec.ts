import type { Page } from 'playwright-core';
import { assert, see, signInAndPick, type Admin, type ApiHelpers, type E2ETest } from './harness';

type Rec = Record<string, unknown> & { id: number; title?: string };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * Lab data made through the configuration and participant APIs, as an administrator would set it up:
 * a department, a panel with a numeric test (range 3.5-5.5 mmol/L), an accepted-value test and a
 * free-text test, a second panel, and one participant with an MRN and a phone number.
 */
async function labSetup(api: ApiHelpers, admin: Admin) {
  const token = await api.login(admin.email, admin.password);
  const { body: institutions } = await api.call<Rec[]>('GET', '/institutions', token);
  const instId = institutions.find((i) => i.title === 'Central Biobank')!.id;
  const call = async <T = Rec>(method: string, p: string, body?: unknown) => {
    const res = await api.call<T>(method, `/institutions/${instId}/${p}`, token, body);
    assert.ok(res.status < 300, `${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const list = (p: string) => call<Rec[]>('GET', `${p}${p.includes('?') ? '&' : '?'}PageSize=100`);
  const s = unique();
  const department = await call('POST', 'departments', { title: `Chemistry ${s}`, abbreviation: 'CHEM', description: 'Clinical chemistry', isSubDepartment: false });
  const [specimen] = await list('specimenTypes?IsEnabled=true');
  const panelBody = (title: string) => ({
    title, abbreviation: title.slice(0, 4).toUpperCase(), description: `${title} panel`, icdCode: null,
    specimenTypeCategoryId: specimen.specimenTypeCategoryId, specimenTypeId: specimen.id, departmentId: department.id,
  });
  const panel = await call('POST', 'panels', panelBody(`Metabolic ${s}`));
  const second = await call('POST', 'panels', panelBody(`Haematology ${s}`));
  const mmol = (await list('unitOfMeasurements')).find((u) => u.unitSymbol === 'mmol/L')!;
  const glucose = await call('POST', 'tests', {
    title: `Glucose ${s}`, abbreviation: 'GLU', description: 'Fasting glucose', hasRange: true,
    hasUnitOfMeasurement: true, unitOfMeasurementTypeId: mmol.unitOfMeasurementTypeId, unitOfMeasurementId: mmol.id,
  });
  const hiv = await call('POST', 'tests', { title: `HIV ${s}`, abbreviation: 'HIV', description: 'Rapid test', hasAcceptedValue: true });
  const morphology = await call('POST', 'tests', { title: `Morphology ${s}`, abbreviation: 'MOR', description: 'Free text' });
  await call('POST', `tests/${glucose.id}/testResultRanges`, { minimumValue: 3.5, maximumValue: 5.5 });
  await call('POST', `tests/${hiv.id}/testAcceptedValues`, { title: 'Positive', abbreviation: 'POS', description: 'Reactive' });
  await call('POST', `tests/${hiv.id}/testAcceptedValues`, { title: 'Negative', abbreviation: 'NEG', description: 'Non-reactive' });
  for (const test of [glucose, hiv]) await call('POST', 'panelTests', { panelId: panel.id, testId: test.id });
  await call('POST', 'panelTests', { panelId: second.id, testId: morphology.id });

  const byTitle = async (p: string, title: string) => (await list(p)).find((r) => r.title === title)!.id;
  const mrn = `MRN-${s}`.toUpperCase();
  const phone = `09${String(Date.now()).slice(-8)}`;
  const patient = await call('POST', 'patients/register', {
    PatientMRN: mrn, FirstName: 'Almaz', FatherName: `Tesfaye${s.slice(-3)}`, GrandFatherName: 'Bekele',
    PatientTypeId: await byTitle('patientTypes', 'Outpatient'), GenderId: await byTitle('genders', 'Female'),
    MaritalStatusId: await byTitle('maritalStatuses', 'Single'), VitalStatusId: await byTitle('vitalStatuses', 'Alive'),
    BirthDate: '1984-03-12', BirthTime: '08:30', races: [await byTitle('races', 'Asian')], ethnicities: [await byTitle('ethnicities', 'Not Hispanic or Latino')],
    phoneNumbers: [{ phoneNumber: phone, phoneNumberTypeId: await byTitle('phoneNumberTypes', 'Mobile') }], siteMrns: [],
  });
  return {
    panel: panel.title as string, second: second.title as string, glucose: glucose.title as string, hiv: hiv.title as string,
    morphology: morphology.title as string, mrn, phone, name: `Almaz ${patient.fatherName as string}`,
    instId, token, panelId: panel.id, patientId: patient.id, priorityId: (await list('priorities'))[0].id, call,
  };
}
type Lab = Awaited<ReturnType<typeof labSetup>>;

const panelCard = (page: Page, title: string) => page.getByRole('region', { name: `Panel ${title}` });
const testRow = (page: Page, test: string) => page.getByRole('row').filter({ hasText: test });

async function chooseOption(page: Page, label: string, option: string, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Step 1 and 2 of the stepper, as a person would; returns the created sample ID. */
async function placeOrder(page: Page, lab: Lab, shot: (n: string) => Promise<void>) {
  await page.getByRole('link', { name: 'New Order', exact: true }).click();
  await page.waitForURL('**/orders/new');
  const dialog = page.getByRole('dialog', { name: 'Create a New Order' });
  await dialog.getByRole('tab', { name: 'Participant MRN' }).waitFor();
  assert.ok(await dialog.getByRole('tab', { name: 'COLLECTED SAMPLE ID' }).isDisabled(), 'collected sample tab waits for the samples area');
  assert.ok(await dialog.getByRole('button', { name: 'Next' }).isDisabled(), 'Next needs a participant');
  // MRN and phone are mutually exclusive: typing one clears the other.
  await dialog.getByLabel('Phone Number').fill(lab.phone);
  await dialog.getByLabel('MRN', { exact: true }).fill(lab.mrn);
  assert.equal(await dialog.getByLabel('Phone Number').inputValue(), '', 'typing an MRN clears the phone number');
  await dialog.getByLabel('MRN', { exact: true }).fill('');
  await dialog.getByLabel('Phone Number').fill(lab.phone);
  await dialog.getByLabel('Phone Number').press('Enter');
  const results = dialog.getByRole('table', { name: 'Search results' });
  await results.getByText(lab.name).waitFor();
  await results.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const selected = dialog.getByRole('table', { name: 'Selected participants' });
  await selected.getByText(lab.phone).waitFor();
  await selected.getByText(/\d+ years/).waitFor();
  // Searching again by MRN finds the same participant, who cannot be added twice.
  await dialog.getByLabel('MRN', { exact: true }).fill(lab.mrn);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await results.getByRole('checkbox').first().waitFor();
  assert.ok(await results.getByRole('checkbox').first().isDisabled(), 'an already selected participant is not added twice');
  await shot('order-new-select-patients');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await dialog.getByText('*Required').nth(1).waitFor(); // priority and panels
  await shot('order-new-validation');
  await chooseOption(page, 'Priority', 'Urgent', dialog);
  for (const panel of [lab.panel, lab.second]) {
    const box = dialog.getByRole('textbox', { name: 'Panels' });
    await box.fill(panel.split(' ')[0]);
    await page.getByRole('option', { name: panel, exact: true }).click();
    assert.equal(await box.inputValue(), '', 'adding a panel clears the box');
  }
  await dialog.getByText(lab.panel, { exact: true }).waitFor();
  await chooseOption(page, 'Payment Category', 'Insurance', dialog);
  await dialog.getByLabel('Comment to Lab').fill('Fasting sample, morning draw.');
  await shot('order-new-order-step');
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await dialog.getByText('The order was created').waitFor();
  const sampleId = (await dialog.getByRole('list', { name: 'Created orders' }).locator('.mantine-Text-root').first().innerText()).trim();
  assert.match(sampleId, /^L\d{6}\d{4}$/, `generated sample ID, got '${sampleId}'`);
  await shot('order-new-created');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return sampleId;
}

export const tests: E2ETest[] = [
  {
    name: 'two panels are ordered for a participant, found by sample ID and MRN, resulted, commented, released and amended',
    run: async ({ page, admin, api, shot }) => {
      const lab = await labSetup(api, admin);
      await signInAndPick(page, admin);
      // The dashboard's LIMS Orders count grows as soon as the order is placed (the stepper closes back to it).
      const orderCount = page.getByRole('group', { name: 'LIMS Orders' }).getByText(/^\d[\d,]*$/);
      const before = Number((await orderCount.innerText()).replace(/,/g, ''));
      const sampleId = await placeOrder(page, lab, shot);
      await page.getByRole('group', { name: 'LIMS Orders' }).getByText((before + 1).toLocaleString('en-US'), { exact: true }).waitFor();

      // Orders screen: by sample ID, then by MRN (clicking a tab runs its search).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'SAMPLE ID', exact: true }).waitFor();
      const sampleBox = page.getByRole('tabpanel', { name: 'SAMPLE ID', exact: true }).getByLabel('Search', { exact: true });
      await sampleBox.fill(sampleId);
      await sampleBox.press('Enter');
      await page.waitForURL(/SearchTerm=/);
      await page.getByRole('cell', { name: sampleId }).waitFor();
      await see(page, '1–1 of 1');
      await shot('orders-by-sample-id');
      await page.getByRole('tab', { name: 'PATIENT MRN' }).click();
      const mrnBox = page.getByRole('tabpanel', { name: 'PATIENT MRN' }).getByLabel('Search', { exact: true });
      await mrnBox.fill(lab.mrn);
      await page.getByRole('tabpanel', { name: 'PATIENT MRN' }).getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/by=mrn/);
      const row = page.getByRole('row').filter({ hasText: sampleId });
      await row.getByText(lab.mrn).waitFor();
      await row.getByText(lab.second).waitFor();
      await shot('orders-by-mrn');
      await row.getByRole('cell', { name: sampleId }).click();
      await page.waitForURL(`**/orders/test-result?sampleId=${sampleId}`);

      // Test-result screen: cards, then results (one out of range -> High).
      await page.getByRole('heading', { name: 'Test Results', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Patient' }).getByText(`MRN ${lab.mrn}`).waitFor();
      await page.getByRole('region', { name: 'Order' }).getByText('Urgent').waitFor();
      await shot('test-result-loaded');
      await page.getByLabel(`Result of ${lab.glucose}`).fill('7.2');
      await testRow(page, lab.glucose).getByText('High').waitFor();
      await chooseOption(page, `Result of ${lab.hiv}`, 'Positive');
      // Leaving with unsaved results asks first.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
      const leave = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
      await leave.waitFor();
      await shot('test-result-unsaved-guard');
      await leave.getByRole('button', { name: 'Keep editing' }).click();
      await page.getByRole('button', { name: /^Save/ }).click();
      await see(page, 'Saved successfully!');
      await testRow(page, lab.glucose).getByText('Not saved').waitFor({ state: 'hidden' });
      await shot('test-result-saved');

      // Comment through the right-click menu.
      await testRow(page, lab.glucose).click({ button: 'right', position: { x: 20, y: 10 } });
      await page.getByRole('menuitem', { name: 'Comment' }).click();
      const comment = page.getByRole('dialog', { name: `Comment on ${lab.glucose}` });
      await comment.getByLabel('Comment').fill('Repeat if not fasting.');
      await shot('test-result-comment');
      await comment.getByRole('button', { name: 'Save' }).click();
      await comment.waitFor({ state: 'hidden' });
      await testRow(page, lab.glucose).getByText('Comment: Repeat if not fasting.').waitFor();

      // Release one test through its ⋮ button.
      await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
      await page.getByRole('menuitem', { name: 'Release' }).click();
      await see(page, `${lab.hiv} released.`);
      await testRow(page, lab.hiv).getByText('Released').waitFor();
      assert.ok(await page.getByRole('combobox', { name: `Result of ${lab.hiv}` }).isDisabled(), 'a released result is read-only');
      await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
      assert.equal(await page.getByRole('menuitem', { name: 'Release' }).count(), 0, 'Release is hidden once released');
      await page.keyboard.press('Escape');

      // Release the second panel: its unsaved result is saved first.
      await page.getByLabel(`Result of ${lab.morphology}`).fill('Normocytic, normochromic');
      await panelCard(page, lab.second).getByRole('button', { name: 'Release panel' }).click();
      await page.getByRole('dialog', { name: `Release panel ${lab.second}?` }).getByRole('button', { name: 'Release panel' }).click();
      await see(page, `Panel ${lab.second} released.`);
      await panelCard(page, lab.second).getByText('All results released').waitFor();
      await shot('test-result-released');

      // Amend the released HIV result: a reason is required, the history keeps the previous value.
      await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
      await page.getByRole('menuitem', { name: 'Amend' }).click();
      const amend = page.getByRole('dialog', { name: `Amend ${lab.hiv}` });
      await chooseOption(page, 'New result', 'Negative', amend);
      await amend.getByRole('button', { name: 'Save amendment' }).click();
      await amend.getByText('*required').waitFor();
      await amend.getByLabel('Reason').fill('Transcription error: confirmatory test negative.');
      await amend.getByRole('button', { name: 'Save amendment' }).click();
      await amend.waitFor({ state: 'hidden' });
      await see(page, `${lab.hiv} amended.`);
      await testRow(page, lab.hiv).getByText('Amended').waitFor();
      assert.equal(await page.getByRole('combobox', { name: `Result of ${lab.hiv}` }).inputValue(), 'Negative');
      await page.getByRole('button', { name: `Actions for ${lab.hiv}` }).click();
      await page.getByRole('menuitem', { name: 'Amend' }).click();
      const history = page.getByRole('table', { name: 'Result history' });
      await history.getByText('Transcription error: confirmatory test negative.').waitFor();
      await history.getByText('Positive').first().waitFor();
      await shot('test-result-amend-history');
      await amend.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('button', { name: 'Sample barcode' }).click();
      await page.getByRole('dialog', { name: 'Sample barcode' }).getByRole('img', { name: `Barcode ${sampleId}` }).waitFor();
      await shot('test-result-barcode');
      await page.keyboard.press('Escape');
      await shot('test-result-final');
    },
  },
  {
    name: 'a Technician enters results but cannot release or amend them; a save over someone else\'s change is refused',
    run: async ({ page, admin, api, shot }) => {
      const lab = await labSetup(api, admin);
      const [order] = await lab.call<{ id: number; sampleId: string }[]>('POST', 'LIMSOrders/place',
        { patientIds: [lab.patientId], priorityId: lab.priorityId, panelIds: [lab.panelId] });
      const email = `tech.${unique()}@lab.test`;
      const created = await api.call('POST', '/users', lab.token, {
        firstName: 'Tomas', lastName: 'Tech', email, password: 'Bench#2024x-ok', confirmPassword: 'Bench#2024x-ok',
        phoneNumber: '0911223344', roles: ['Technician'], institutionId: lab.instId,
      });
      assert.equal(created.status, 201);
      await signInAndPick(page, { email, password: 'Bench#2024x-ok' });
      await page.goto(`/orders/test-result?sampleId=${order.sampleId}`);
      await page.getByRole('heading', { name: 'Test Results', level: 1 }).waitFor();
      await page.getByLabel(`Result of ${lab.glucose}`).fill('4.4');
      await page.getByRole('button', { name: /^Save/ }).click();
      await see(page, 'Saved successfully!');
      assert.equal(await page.getByRole('button', { name: 'Release panel' }).count(), 0, 'no panel release for a Technician');
      await page.getByRole('button', { name: `Actions for ${lab.glucose}` }).click();
      await page.getByRole('menuitem', { name: 'Comment' }).waitFor();
      assert.equal(await page.getByRole('menuitem', { name: 'Release' }).count(), 0, 'no release for a Technician');
      assert.equal(await page.getByRole('menuitem', { name: 'Amend' }).count(), 0, 'no amendment for a Technician');
      await page.keyboard.press('Escape');
      await shot('test-result-technician');

      // Someone else saves the same result meanwhile: this screen's save is refused, nothing is overwritten.
      const detail = await lab.call<{ orderedPanels: { orderedTests: { test: { title: string }; testResult: { id: number; concurrencyStamp: string } }[] }[] }>('GET', `LIMSOrders/${order.id}`);
      const glucose = detail.orderedPanels[0].orderedTests.find((t) => t.test.title === lab.glucose)!;
      await lab.call('PUT', `LIMSOrders/${order.id}/results`, { results: [{ resultId: glucose.testResult.id, result: '5.1', concurrencyStamp: glucose.testResult.concurrencyStamp }] });
      await page.getByLabel(`Result of ${lab.glucose}`).fill('4.6');
      await page.getByRole('button', { name: /^Save/ }).click();
      await see(page, 'This record was changed by someone else. Reload it and try again.');
      const after = await lab.call<typeof detail>('GET', `LIMSOrders/${order.id}`);
      assert.equal(after.orderedPanels[0].orderedTests.find((t) => t.test.title === lab.glucose)!.testResult.id, glucose.testResult.id);
      const saved = after.orderedPanels[0].orderedTests.find((t) => t.test.title === lab.glucose) as unknown as { testResult: { result: string } };
      assert.equal(saved.testResult.result, '5.1', 'the other person\'s value stays');
      await shot('test-result-conflict');
    },
  },
];
