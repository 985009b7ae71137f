import type { Locator, Page } from 'playwright-core';
import { assert, pickInstitution, see, signIn, signInAndPick, type Admin, type ApiHelpers, type E2ETest } from './harness';

const unique = () => `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`;

const menu = (page: Page) => page.getByRole('navigation', { name: 'Configurations' });

/** From anywhere: Configuration in the main navigation, then a group, then a child of it. */
async function openList(page: Page, group: string, child: string, path: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Configuration' }).click();
  await page.waitForURL('**/configuration/panel');
  const groupButton = menu(page).getByRole('button', { name: group, exact: true });
  if (await groupButton.getAttribute('aria-expanded') !== 'true') await groupButton.click();
  await menu(page).getByRole('link', { name: child, exact: true }).click();
  await page.waitForURL(`**/configuration/${path}`);
  await page.getByRole('heading', { name: child, level: 1 }).waitFor();
}

/** The input labelled exactly `label` (a required field's label ends with a hidden asterisk). */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}[\\s*]*$`));

async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await field(dialog, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function search(page: Page, term: string) {
  await field(page, 'Search').fill(term);
  await field(page, 'Search').press('Enter');
  await page.waitForURL(/SearchTerm=/);
}

async function rowAction(page: Page, name: string, action: 'Edit' | 'Disable' | 'Enable') {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function fillSimple(dialog: Locator, title: string, abbreviation: string, description: string) {
  await field(dialog, 'Title').fill(title);
  await field(dialog, 'Abbreviation').fill(abbreviation);
  await field(dialog, 'Description').fill(description);
}

/** A record made through the API, for tests about what happens to an existing record. */
async function createByApi(api: ApiHelpers, admin: Admin, key: string, body: Record<string, unknown>) {
  const token = await api.login(admin.email, admin.password);
  const { body: institutions } = await api.call<{ id: number; title: string }[]>('GET', '/institutions', token);
  const instId = institutions.find((i) => i.title === 'Central Biobank')!.id;
  const res = await api.call<{ id: number; concurrencyStamp: string }>('POST', `/institutions/${instId}/${key}`, token, body);
  assert.equal(res.status, 201, `create ${key}: ${JSON.stringify(res.body)}`);
  return { ...res.body, instId, token };
}

export const tests: E2ETest[] = [
  {
    name: 'Gender: required messages, create, search, edit, disable and enable again',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      await openList(page, 'Advanced', 'Gender', 'gender');
      assert.equal(await menu(page).getByRole('link', { name: 'Gender' }).getAttribute('aria-current'), 'page');
      await page.getByRole('cell', { name: 'Female', exact: true }).waitFor();
      await shot('configuration-gender');

      await page.getByRole('button', { name: 'Create Gender' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a Gender' });
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      assert.equal(await dialog.getByText('*required', { exact: true }).count(), 3, 'Title, Abbreviation and Description are required');
      await shot('configuration-gender-required');

      const title = `Intersex ${unique()}`;
      await fillSimple(dialog, title, 'IX', 'Intersex variation');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await see(page, `Gender '${title}' created.`);

      await search(page, title);
      await page.getByRole('cell', { name: title, exact: true }).waitFor();
      await see(page, '1–1 of 1');

      await rowAction(page, title, 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit a Gender' });
      assert.equal(await field(edit, 'Title').inputValue(), title, 'the edit form is filled from the record');
      const renamed = `${title} edited`;
      await field(edit, 'Title').fill(renamed);
      await shot('configuration-gender-edit');
      await field(edit, 'Title').press('Enter'); // Enter submits
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: renamed, exact: true }).waitFor();

      await rowAction(page, renamed, 'Disable');
      const confirm = page.getByRole('dialog', { name: 'Disable Gender' });
      await confirm.getByText('will no longer be offered').waitFor();
      await shot('configuration-gender-disable-confirm');
      await confirm.getByRole('button', { name: 'Disable' }).click();
      await see(page, `Nothing matches '${title}'.`); // only enabled records are listed by default

      // The switch follows the address (?ShowDisabled=true), so wait for the address rather than the box.
      await page.getByLabel('Show disabled').click();
      await page.waitForURL(/ShowDisabled=true/);
      const row = page.getByRole('row').filter({ hasText: renamed });
      await row.getByText('Disabled', { exact: true }).waitFor();
      await shot('configuration-gender-show-disabled');
      await rowAction(page, renamed, 'Enable');
      await page.getByRole('dialog', { name: 'Enable Gender' }).getByRole('button', { name: 'Enable' }).click();
      await see(page, `Gender '${renamed}' enabled.`);
      await row.getByText('Disabled', { exact: true }).waitFor({ state: 'detached' });
      await page.getByLabel('Show disabled').click();
      await page.waitForURL((url) => !url.search.includes('ShowDisabled'));
      await page.getByRole('cell', { name: renamed, exact: true }).waitFor();
    },
  },
  {
    name: 'a stale edit answers with the conflict title in the form',
    run: async ({ page, admin, api }) => {
      const title = `Stale ${unique()}`;
      const gender = await createByApi(api, admin, 'genders', { title, abbreviation: 'ST', description: 'Edited twice' });
      await signInAndPick(page, admin);
      await page.goto(`/configuration/gender?SearchTerm=${encodeURIComponent(title)}`);
      await rowAction(page, title, 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit a Gender' });
      await field(edit, 'Abbreviation').fill('S2');
      // Someone else saves first.
      const other = await api.call('PUT', `/institutions/${gender.instId}/genders/${gender.id}`, gender.token,
        { title, abbreviation: 'S1', description: 'Edited twice', concurrencyStamp: gender.concurrencyStamp });
      assert.equal(other.status, 200);
      await edit.getByRole('button', { name: 'Submit', exact: true }).click();
      await edit.getByText('This record was changed by someone else. Reload it and try again.').waitFor();
      assert.ok(await edit.isVisible(), 'the form stays open');
    },
  },
  {
    name: 'Panel: a new Department, then a specimen type chosen within its category',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      await openList(page, 'Advanced', 'Department', 'department');
      const department = `Hematology ${unique()}`;
      await page.getByRole('button', { name: 'Create Department' }).click();
      const deptDialog = page.getByRole('dialog', { name: 'Create a Department' });
      await fillSimple(deptDialog, department, 'HEM', 'Blood tests');
      await deptDialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await deptDialog.waitFor({ state: 'hidden' });

      await menu(page).getByRole('button', { name: 'LIMS Configuration' }).click(); // a group selects its first child
      await page.waitForURL('**/configuration/panel');
      await page.getByRole('heading', { name: 'Panel', level: 1 }).waitFor();
      await shot('configuration-panel');
      await page.getByRole('button', { name: 'Create Panel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a Panel' });
      const panel = `CBC ${unique()}`;
      await fillSimple(dialog, panel, 'CBC', 'Complete blood count');
      assert.ok(await field(dialog, 'Specimen Type').isDisabled(), 'waits for a category');
      await choose(page, dialog, 'Specimen Type Category', 'Tissue');
      await field(dialog, 'Specimen Type').click();
      await page.getByRole('option', { name: 'FFPE Block', exact: true }).waitFor();
      assert.equal(await page.getByRole('option', { name: 'Serum', exact: true }).count(), 0, 'only the category\'s types');
      await choose(page, dialog, 'Specimen Type Category', 'Fluid');
      assert.equal(await field(dialog, 'Specimen Type').inputValue(), '', 'cleared when the category changes');
      await choose(page, dialog, 'Specimen Type', 'Serum');
      await choose(page, dialog, 'Department', department);
      await shot('configuration-panel-form');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await search(page, panel);
      const row = page.getByRole('row').filter({ hasText: panel });
      await row.getByRole('cell', { name: 'Serum', exact: true }).waitFor();
      await row.getByRole('cell', { name: department, exact: true }).waitFor();

      // Editing keeps the category of the record and offers its types.
      await rowAction(page, panel, 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit a Panel' });
      assert.equal(await field(edit, 'Specimen Type Category').inputValue(), 'Fluid');
      assert.equal(await field(edit, 'Specimen Type').inputValue(), 'Serum');
      await choose(page, edit, 'Specimen Type Category', 'Molecular');
      await choose(page, edit, 'Specimen Type', 'DNA');
      await edit.getByRole('button', { name: 'Submit', exact: true }).click();
      await edit.waitFor({ state: 'hidden' });
      await row.getByRole('cell', { name: 'DNA', exact: true }).waitFor();
      await shot('configuration-panel-list');
    },
  },
  {
    name: 'Test with a unit: the unit type, then a unit of that type',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      await openList(page, 'LIMS Configuration', 'Test', 'test');
      await page.getByRole('button', { name: 'Create Test' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a Test' });
      const test = `Glucose ${unique()}`;
      await fillSimple(dialog, test, 'GLU', 'Fasting blood glucose');
      assert.equal(await field(dialog, 'Unit Of Measurement Type').count(), 0, 'no unit until ticked');
      await dialog.getByLabel('Has Unit Of Measurement').check();
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      assert.equal(await dialog.getByText('*Required', { exact: true }).count(), 2, 'type and unit are required once ticked');
      await shot('configuration-test-unit-required');
      await choose(page, dialog, 'Unit Of Measurement Type', 'Concentration');
      await field(dialog, 'Unit Of Measurement').click();
      await page.getByRole('option', { name: 'Millimole per litre (mmol/L)', exact: true }).waitFor();
      assert.equal(await page.getByRole('option', { name: 'Millilitre (mL)', exact: true }).count(), 0, 'only units of the type');
      await page.getByRole('option', { name: 'Milligram per decilitre (mg/dL)', exact: true }).click();
      await dialog.getByLabel('Has Range').check();
      await shot('configuration-test-form');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await search(page, test);
      const row = page.getByRole('row').filter({ hasText: test });
      await row.getByRole('cell', { name: 'Milligram per decilitre', exact: true }).waitFor();
      assert.equal(await row.getByLabel('Yes').count(), 1, 'Has Range shows a tick');
      await shot('configuration-test-list');

      await rowAction(page, test, 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit a Test' });
      assert.equal(await field(edit, 'Unit Of Measurement Type').inputValue(), 'Concentration');
      assert.equal(await field(edit, 'Unit Of Measurement').inputValue(), 'Milligram per decilitre (mg/dL)');
      await edit.getByRole('button', { name: 'Close' }).click();
    },
  },
  {
    name: 'Test Result Range: a minimum above the maximum is refused, a valid range is saved; ranges are not edited',
    run: async ({ page, admin, api, shot }) => {
      const test = `Potassium ${unique()}`;
      await createByApi(api, admin, 'tests', { title: test, abbreviation: 'K', description: 'Serum potassium', hasRange: true });
      await signInAndPick(page, admin);
      await openList(page, 'LIMS Configuration', 'Test Result Range', 'test-result-range');
      await page.getByRole('button', { name: 'Create Test Result Range' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a Test Result Range' });
      await choose(page, dialog, 'Test', test);
      await dialog.getByLabel('Minimum Value').fill('5.5');
      await dialog.getByLabel('Maximum Value').fill('3.5');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('Maximum Value must not be less than Minimum Value').waitFor();
      await shot('configuration-range-min-max');
      await dialog.getByLabel('Minimum Value').fill('3.5');
      await dialog.getByLabel('Maximum Value').fill('5.1');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await search(page, test);
      const row = page.getByRole('row').filter({ hasText: test });
      await row.getByRole('cell', { name: '3.5', exact: true }).waitFor();
      await row.getByRole('cell', { name: '5.1', exact: true }).waitFor();
      await row.getByRole('button', { name: /^Actions for/ }).click();
      await page.getByRole('menuitem', { name: 'Disable' }).waitFor();
      assert.equal(await page.getByRole('menuitem', { name: 'Edit' }).count(), 0, 'spec 1 §2: no Edit on test result ranges');
      await shot('configuration-range-list');
    },
  },
  {
    name: 'Department with a parent: the parent is asked for only for a sub-department',
    run: async ({ page, admin, api, shot }) => {
      const parent = `Laboratory ${unique()}`;
      await createByApi(api, admin, 'departments', { title: parent, abbreviation: 'LAB', description: 'Main laboratory' });
      await signInAndPick(page, admin);
      await openList(page, 'Advanced', 'Department', 'department');
      await page.getByRole('button', { name: 'Create Department' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a Department' });
      const child = `Microbiology ${unique()}`;
      await fillSimple(dialog, child, 'MIC', 'Cultures and sensitivity');
      assert.equal(await field(dialog, 'Parent Department').count(), 0);
      await dialog.getByLabel('Is Sub Department').check();
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('*Required', { exact: true }).waitFor();
      await choose(page, dialog, 'Parent Department', parent);
      await shot('configuration-department-form');
      await dialog.getByRole('button', { name: 'Submit and create another' }).click();
      await see(page, `Department '${child}' created.`);
      assert.ok(await dialog.isVisible(), 'the form stays open');
      assert.equal(await field(dialog, 'Title').inputValue(), '', 'and is cleared');
      assert.ok(!(await dialog.getByLabel('Is Sub Department').isChecked()));
      await dialog.getByRole('button', { name: 'Close' }).click();
      await search(page, child);
      const row = page.getByRole('row').filter({ hasText: child });
      await row.getByRole('cell', { name: parent, exact: true }).waitFor();
      await shot('configuration-department-list');
    },
  },
  {
    name: 'Institution, Institution Site and Storage Container pages; the menu is a select on a small screen',
    run: async ({ page, admin, api, shot }) => {
      // A Super Administrator manages every institution: create, edit, disable.
      await signInAndPick(page, admin);
      await openList(page, 'Institution Management', 'Institution', 'institution');
      await page.getByRole('button', { name: 'Create Institution' }).click();
      const create = page.getByRole('dialog', { name: 'Create an Institution' });
      const name = `Satellite Biobank ${unique()}`;
      await field(create, 'Title').fill(name);
      await field(create, 'Abbreviation').fill('SATXX');
      await field(create, 'Address').fill('2 Harbour Road');
      await create.getByRole('button', { name: 'Submit', exact: true }).click();
      await create.getByText('Code must be 4 characters or less').waitFor();
      await field(create, 'Abbreviation').fill('SAT');
      await create.getByRole('button', { name: 'Submit', exact: true }).click();
      await create.waitFor({ state: 'hidden' });
      await search(page, name);
      await page.getByRole('cell', { name, exact: true }).waitFor();
      await rowAction(page, name, 'Edit');
      const edit = page.getByRole('dialog', { name: 'Edit an Institution' });
      await field(edit, 'Address').fill('3 Harbour Road');
      await edit.getByRole('button', { name: 'Submit', exact: true }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: '3 Harbour Road' }).waitFor();
      await rowAction(page, name, 'Disable');
      await page.getByRole('dialog', { name: 'Disable Institution' }).getByRole('button', { name: 'Disable' }).click();
      await page.getByText(`Institution '${name}' disabled.`).waitFor();
      await shot('configuration-institutions');

      // An Institution Administrator sees and edits the current institution.
      const token = await api.login(admin.email, admin.password);
      const { body: institutions } = await api.call<{ id: number; title: string }[]>('GET', '/institutions', token);
      const instId = institutions.find((i) => i.title === 'Central Biobank')!.id;
      const email = `inst.admin.${unique()}@lab.test`;
      const res = await api.call('POST', '/users', token, {
        firstName: 'Ines', lastName: 'Admin', email, password: 'Admin#2024x-ok', confirmPassword: 'Admin#2024x-ok',
        phoneNumber: '0911223344', roles: ['Institution Administrator'], institutionId: instId,
      });
      assert.equal(res.status, 201, `create account: ${JSON.stringify(res.body)}`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await signIn(page, email, 'Admin#2024x-ok');
      await pickInstitution(page);
      await page.goto('/configuration/institution');
      await see(page, 'Central Biobank');
      await page.getByRole('button', { name: 'Edit Institution' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit an Institution' });
      await field(dialog, 'Abbreviation').fill('CBBXX');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('Code must be 4 characters or less').waitFor();
      await field(dialog, 'Abbreviation').fill('CBB');
      const address = `Lab Street ${unique()}`;
      await field(dialog, 'Address').fill(address);
      await shot('configuration-institution-form');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await see(page, address);
      await shot('configuration-institution');

      await menu(page).getByRole('link', { name: 'Institution Site' }).click();
      await page.getByRole('heading', { name: 'Institution Site', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Create Institution Site' }).click();
      const site = page.getByRole('dialog', { name: 'Create an Institution Site' });
      const title = `North Clinic ${unique()}`;
      await field(site, 'Title').fill(title);
      await field(site, 'Address').fill('North Road 1');
      await site.getByRole('button', { name: 'Submit', exact: true }).click();
      await site.waitFor({ state: 'hidden' });
      await search(page, title);
      await page.getByRole('cell', { name: title, exact: true }).waitFor();
      await shot('configuration-institution-site');

      await menu(page).getByRole('button', { name: 'Storage Container' }).click();
      await page.waitForURL('**/configuration/storage-container');
      await see(page, 'not available yet in this version');
      assert.equal(await page.getByRole('button', { name: /^Create/ }).count(), 0, 'no placeholder form');
      await shot('configuration-storage-container');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('combobox', { name: 'Configurations' }).click();
      await page.getByRole('option', { name: 'Marital Status', exact: true }).click();
      await page.waitForURL('**/configuration/marital-status');
      await page.getByRole('cell', { name: 'Married', exact: true }).waitFor();
      await shot('configuration-small-screen');
    },
  },
  {
    name: 'an account without configuration.manage reads the lists but gets no Create and no row actions',
    run: async ({ page, admin, api, shot }) => {
      const { instId, token } = await createByApi(api, admin, 'genders', { title: `Reader ${unique()}`, abbreviation: 'RD', description: 'For the reader' });
      const email = `reader.${unique()}@lab.test`;
      const res = await api.call('POST', '/users', token, {
        firstName: 'Rita', lastName: 'Reader', email, password: 'Reader#2024-ok', confirmPassword: 'Reader#2024-ok',
        phoneNumber: '0911223344', roles: ['Researcher'], institutionId: instId,
      });
      assert.equal(res.status, 201, `create account: ${JSON.stringify(res.body)}`);
      await page.goto('/login');
      await signIn(page, email, 'Reader#2024-ok');
      await pickInstitution(page);
      await page.goto('/configuration/gender');
      await page.getByRole('cell', { name: 'Female', exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Create Gender' }).count(), 0, 'Create is hidden');
      assert.equal(await page.getByRole('button', { name: /^Actions for/ }).count(), 0, 'no row actions');
      await shot('configuration-read-only');
    },
  },
  {
    name: 'a Gender created in Configuration is offered at once by the Create Participant form, without a reload',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      const main = page.getByRole('navigation', { name: 'Main' });
      const openGenderPicker = async () => {
        await main.getByRole('link', { name: 'Participants' }).click();
        await page.getByRole('main').getByRole('button', { name: 'New Participant' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create Participant' });
        await field(dialog, 'Gender').click();
        return dialog;
      };
      // The form has loaded (and cached) the genders before the new one exists.
      let dialog = await openGenderPicker();
      await page.getByRole('option', { name: 'Female', exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await main.getByRole('link', { name: 'Configuration' }).click();
      const advanced = menu(page).getByRole('button', { name: 'Advanced', exact: true });
      if (await advanced.getAttribute('aria-expanded') !== 'true') await advanced.click();
      await menu(page).getByRole('link', { name: 'Gender', exact: true }).click();
      await page.getByRole('button', { name: 'Create Gender' }).click();
      const create = page.getByRole('dialog', { name: 'Create a Gender' });
      const title = `Nonbinary ${unique()}`;
      await fillSimple(create, title, 'NB', 'Neither only male nor only female');
      await create.getByRole('button', { name: 'Submit', exact: true }).click();
      await see(page, `Gender '${title}' created.`);

      dialog = await openGenderPicker();
      await page.getByRole('option', { name: title, exact: true }).click();
      assert.equal(await field(dialog, 'Gender').inputValue(), title);
      await shot('participant-new-gender-offered');
    },
  },
];
