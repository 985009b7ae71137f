import type { Locator, Page } from 'playwright-core';
import { assert, see, signInAndPick, type Admin, type ApiHelpers, type E2ETest } from './harness';

// issue 11: nothing typed is lost without asking; pickers open only when asked; adders and printing tell the truth.
type Rec = Record<string, unknown> & { id: number; title?: string };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const field = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

async function openCreateParticipant(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Participants' }).click();
  await page.getByRole('heading', { name: 'Participants', level: 1 }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'New Participant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Participant' });
  // The preset participant type is part of the starting values, not a change.
  await dialog.locator('input[data-path="patientTypeId"][value="Outpatient"]').waitFor();
  return dialog;
}

const discardDialog = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

/** The question is open with focus on Keep editing; answer it. */
async function answer(page: Page, choice: 'Keep editing' | 'Discard') {
  const ask = discardDialog(page);
  await ask.waitFor();
  const keep = ask.getByRole('button', { name: 'Keep editing' });
  await page.waitForFunction(() => document.activeElement?.textContent === 'Keep editing');
  assert.ok(await keep.evaluate((el) => el === document.activeElement), 'focus starts on Keep editing');
  await ask.getByRole('button', { name: choice }).click();
  await ask.waitFor({ state: 'hidden' });
}

async function adminApi(api: ApiHelpers, admin: Admin) {
  const token = await api.login(admin.email, admin.password);
  const { body: institutions } = await api.call<Rec[]>('GET', '/institutions', token);
  const instId = institutions.find((i) => i.title === 'Central Biobank')!.id;
  const call = async <T = Rec>(method: string, p: string, body?: unknown) => {
    const res = await api.call<T>(method, `/institutions/${instId}/${p}`, token, body);
    assert.ok(res.status < 300, `${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const byTitle = async (p: string, title: string) => (await call<Rec[]>('GET', `${p}?PageSize=100`)).find((r) => r.title === title)!.id;
  return { call, byTitle };
}

/** An order with one free-text test, placed through the API. */
async function orderWithFreeTextTest(api: ApiHelpers, admin: Admin) {
  const { call, byTitle } = await adminApi(api, admin);
  const s = unique();
  const department = await call('POST', 'departments', { title: `Cytology ${s}`, abbreviation: 'CYT', description: 'Cytology', isSubDepartment: false });
  const [specimen] = await call<Rec[]>('GET', 'specimenTypes?IsEnabled=true&PageSize=10');
  const panel = await call('POST', 'panels', {
    title: `Smear ${s}`, abbreviation: 'SME', description: 'Smear panel', icdCode: null,
    specimenTypeCategoryId: specimen.specimenTypeCategoryId, specimenTypeId: specimen.id, departmentId: department.id,
  });
  const test = await call('POST', 'tests', { title: `Morphology ${s}`, abbreviation: 'MOR', description: 'Free text' });
  await call('POST', 'panelTests', { panelId: panel.id, testId: test.id });
  const patient = await call('POST', 'patients/register', {
    PatientMRN: `MRN-${s}`.toUpperCase(), FirstName: 'Abebe', FatherName: `Kebede${s.slice(-3)}`, GrandFatherName: 'Haile',
    PatientTypeId: await byTitle('patientTypes', 'Outpatient'), GenderId: await byTitle('genders', 'Male'),
    MaritalStatusId: await byTitle('maritalStatuses', 'Single'), VitalStatusId: await byTitle('vitalStatuses', 'Alive'),
    BirthDate: '1979-02-01', BirthTime: '10:00', races: [await byTitle('races', 'Asian')],
    ethnicities: [await byTitle('ethnicities', 'Not Hispanic or Latino')], phoneNumbers: [], siteMrns: [],
  });
  const priorityId = (await call<Rec[]>('GET', 'priorities?PageSize=10'))[0].id;
  const [order] = await call<{ sampleId: string }[]>('POST', 'LIMSOrders/place', { patientIds: [patient.id], priorityId, panelIds: [panel.id] });
  return { sampleId: order.sampleId, test: test.title as string };
}

const isOpen = (input: Locator) => input.getAttribute('aria-expanded').then((v) => v === 'true');

export const tests: E2ETest[] = [
  {
    name: 'forms: a clean form closes at once; a dirty one asks on Escape, the close button and Back, and keeps the text on Keep editing',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      let dialog = await openCreateParticipant(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await discardDialog(page).count(), 0, 'a clean form does not ask');

      dialog = await openCreateParticipant(page);
      await dialog.getByLabel(field('First Name')).fill('Meron');
      await page.keyboard.press('Escape');
      await discardDialog(page).waitFor();
      await shot('form-discard-question');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot('form-discard-question-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await answer(page, 'Keep editing');
      assert.equal(await dialog.getByLabel(field('First Name')).inputValue(), 'Meron', 'Keep editing keeps what was typed');

      await dialog.getByRole('button', { name: 'Close' }).click();
      await answer(page, 'Keep editing');
      await dialog.getByLabel(field('First Name')).waitFor();

      // Browser Back: /patients/new -> /patients is a route change, so the shell's guard asks.
      await page.goBack();
      await answer(page, 'Keep editing');
      assert.match(page.url(), /\/patients\/new$/);
      assert.equal(await dialog.getByLabel(field('First Name')).inputValue(), 'Meron');

      await page.goBack();
      await answer(page, 'Discard');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Participants', level: 1 }).waitFor();
    },
  },
  {
    name: 'forms: selects and calendars open only when asked, and Escape in them closes only the popover',
    run: async ({ page, admin }) => {
      await signInAndPick(page, admin);
      const dialog = await openCreateParticipant(page);
      // The form opens with its first select focused, but closed.
      const type = dialog.getByRole('combobox', { name: field('Participant Type') });
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-path') === 'patientTypeId');
      assert.equal(await isOpen(type), false, 'the focused first select stays closed');

      // Tabbing onto a select does not open it; ArrowDown does; Escape closes only the list.
      const gender = dialog.getByRole('combobox', { name: field('Gender') });
      await gender.focus();
      assert.equal(await isOpen(gender), false, 'focus alone does not open a select');
      await gender.press('ArrowDown');
      await page.getByRole('option', { name: 'Female', exact: true }).waitFor();
      await gender.press('Escape');
      await page.getByRole('option', { name: 'Female', exact: true }).waitFor({ state: 'hidden' });
      assert.ok(await dialog.isVisible(), 'Escape in the list leaves the form open');

      // The birth date: focus does not open the calendar; a click does; Escape closes just the calendar.
      const birth = dialog.getByLabel(field('Birth Date'));
      await birth.focus();
      await dialog.getByLabel(field('Birth Time')).focus();
      assert.equal(await page.locator('.mantine-DateInput-calendarHeader').count(), 0, 'focus alone does not open the calendar');
      await birth.click();
      await page.locator('.mantine-DateInput-calendarHeader').waitFor();
      await birth.press('Escape');
      await page.locator('.mantine-DateInput-calendarHeader').waitFor({ state: 'hidden' });
      assert.ok(await dialog.isVisible(), 'Escape in the calendar leaves the form open');
      assert.equal(await discardDialog(page).count(), 0);

      // A searchable multi-select (account roles) used to open as soon as it was tabbed onto.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Create' }).click();
      const account = page.getByRole('dialog', { name: 'Create an Account' });
      await account.getByLabel(field('Phone Number')).focus();
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.activeElement?.closest('.mantine-MultiSelect-root') !== null);
      assert.equal(await page.getByRole('option', { name: 'Technician' }).count(), 0, 'tabbing onto Roles does not open it');
      await page.keyboard.press('ArrowDown');
      await page.getByRole('option', { name: 'Technician' }).waitFor();
    },
  },
  {
    name: 'forms: a death date before the birth date is kept and explained, not erased',
    run: async ({ page, admin }) => {
      await signInAndPick(page, admin);
      const dialog = await openCreateParticipant(page);
      await dialog.getByLabel(field('Birth Date')).fill('1990-05-01');
      await dialog.getByLabel(field('Birth Date')).press('Tab');
      await dialog.getByRole('combobox', { name: field('Vital Status') }).click();
      await page.getByRole('option', { name: 'Dead', exact: true }).click();
      const death = dialog.getByLabel(field('Death Date'));
      await death.fill('1980-01-01');
      await death.press('Tab');
      assert.equal(await death.inputValue(), '1980-01-01', 'the typed date stays');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('Death date cannot be before the birth date').waitFor();
      assert.equal(await death.inputValue(), '1980-01-01');
    },
  },
  {
    name: 'forms: a phone number typed but not added stops the submit with a message next to it',
    run: async ({ page, admin, api, shot }) => {
      await signInAndPick(page, admin);
      const { call } = await adminApi(api, admin);
      const countBefore = (await call<{ count: number }>('GET', 'patients/count')).count;
      const dialog = await openCreateParticipant(page);
      await dialog.getByRole('button', { name: 'Add Phone Number' }).click();
      await dialog.getByLabel(field('Phone Number')).fill('0911000000');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('Press ADD to add this phone number, or Cancel').waitFor();
      await shot('form-phone-not-added');
      assert.ok(await dialog.getByLabel(field('Phone Number')).evaluate((el) => el === document.activeElement), 'focus goes to the typed number');
      // Nothing else was checked or sent: no field errors, no participant.
      assert.equal(await dialog.getByText('*required', { exact: true }).count(), 0);
      assert.equal((await call<{ count: number }>('GET', 'patients/count')).count, countBefore);
      // Closing with the typed number asks too.
      await page.keyboard.press('Escape');
      await answer(page, 'Discard');
      await dialog.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'forms: Logout and the institution chip ask before unsaved test results are thrown away',
    run: async ({ page, admin, api }) => {
      const order = await orderWithFreeTextTest(api, admin);
      await signInAndPick(page, admin);
      await page.goto(`/orders/test-result?sampleId=${order.sampleId}`);
      await page.getByRole('heading', { name: 'Test Results', level: 1 }).waitFor();
      await page.getByLabel(`Result of ${order.test}`).fill('Normal cells');

      await page.getByRole('button', { name: 'Logout' }).click();
      await answer(page, 'Keep editing');
      assert.equal(await page.getByLabel(`Result of ${order.test}`).inputValue(), 'Normal cells');

      await page.getByRole('button', { name: /click to change/ }).click();
      await answer(page, 'Keep editing');
      assert.equal(await page.getByLabel(`Result of ${order.test}`).inputValue(), 'Normal cells');

      await page.getByRole('button', { name: 'Logout' }).click();
      await answer(page, 'Discard');
      await page.getByLabel('Email').waitFor();
    },
  },
  {
    name: 'forms: printing through the browser extension with no extension answering says so; saving an IP offers the extension',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Setting' }).click();
      await page.getByRole('heading', { name: 'Printer', level: 1 }).waitFor();
      await page.getByRole('radio', { name: 'PDF download' }).check();
      await page.getByLabel(field('Barcode Printer IP Address')).fill('127.0.0.1');
      await page.getByRole('button', { name: 'Update' }).click();
      await see(page, 'IP Address have been updated');
      const offer = page.getByRole('alert').filter({ hasText: 'Print through the browser extension?' });
      await offer.getByRole('button', { name: 'Use the browser extension' }).click();
      await offer.waitFor({ state: 'hidden' });
      assert.ok(await page.getByRole('radio', { name: 'Browser extension' }).isChecked(), 'the method switched');

      await page.getByRole('button', { name: 'Print a test label' }).click();
      await see(page, /No printer extension answered within \d+(\.\d+)? s/);
      await shot('print-no-extension');
      assert.equal(await page.getByText(/Sent \d+ labels? to the printer extension/).count(), 0, 'no claim of success');
    },
  },
  {
    name: 'forms: a Test is set up in one place: range and several accepted values typed in its form, shown again on edit',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      await page.goto('/configuration/test');
      await page.getByRole('heading', { name: 'Test', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Create Test' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a Test' });
      const title = `Serology ${unique()}`;
      await dialog.getByLabel(field('Title')).fill(title);
      await dialog.getByLabel(field('Abbreviation')).fill('SER');
      await dialog.getByLabel(field('Description')).fill('Rapid serology');
      await dialog.getByLabel('Has Range').check();
      await dialog.getByLabel('Has Accepted Value').check();
      await dialog.getByLabel('Minimum Value').fill('9');
      await dialog.getByLabel('Maximum Value').fill('2');
      const values = dialog.getByLabel('Accepted Values');
      // Several at once: a pasted list, then typed values separated by a comma and by Enter.
      await values.evaluate((el) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'Positive, Negative');
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await values.pressSequentially('Reactive,Indeterminate');
      await values.press('Enter');
      await values.fill('Invalid');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('Press Enter to add this value, or clear it').waitFor();
      await values.fill('');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('Maximum Value must not be less than Minimum Value').waitFor();
      await dialog.getByLabel('Maximum Value').fill('12');
      await shot('test-setup-form');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot('test-setup-form-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByLabel(field('Search')).fill(title);
      await page.getByLabel(field('Search')).press('Enter');
      await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit a Test' });
      await edit.getByText('Indeterminate').waitFor();
      for (const v of ['Positive', 'Negative', 'Reactive']) await edit.getByText(v, { exact: true }).waitFor();
      assert.equal(await edit.getByLabel('Minimum Value').inputValue(), '9');
      assert.equal(await edit.getByLabel('Maximum Value').inputValue(), '12');
      // Loaded values are the starting point: closing at once does not ask.
      await edit.getByRole('button', { name: 'Close' }).click();
      await edit.waitFor({ state: 'hidden' });
    },
  },
];
