import type { Locator, Page } from '@playwright/test';
import { MSG } from '../contract/messages';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, unique } from './support/data';
import { choose, field, logOut, mainNav, pickInstitution, search, see, signedInAs, signIn } from './support/ui';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Configurations' });

/** From anywhere: Configuration in the main navigation (it opens Panel), then a group, then a child of it. */
async function openList(page: Page, group: string, child: string) {
  await mainNav(page).getByRole('link', { name: 'Configuration' }).click();
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
  const groupButton = menu(page).getByRole('button', { name: group, exact: true });
  if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
  await menu(page).getByRole('link', { name: child, exact: true }).click();
  await expect(page.getByRole('heading', { name: child, level: 1 })).toBeVisible();
}

async function rowAction(page: Page, name: string, action: 'Edit' | 'Disable' | 'Enable') {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function fillSimple(dialog: Locator, title: string, abbreviation: string, description: string) {
  await dialog.getByLabel(field('Title')).fill(title);
  await dialog.getByLabel(field('Abbreviation')).fill(abbreviation);
  await dialog.getByLabel(field('Description')).fill(description);
}

test.describe('configuration', () => {
  test('Gender: required messages, create, search, edit, disable and enable again', async ({
    signedInPage: page,
    shot,
  }) => {
    await openList(page, 'Advanced', 'Gender');
    await expect(menu(page).getByRole('link', { name: 'Gender' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('cell', { name: 'Female', exact: true })).toBeVisible();
    await shot('configuration-gender');

    await page.getByRole('button', { name: 'Create Gender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Gender' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(
      dialog.getByText('*required', { exact: true }),
      'Title, Abbreviation and Description are required',
    ).toHaveCount(3);
    await shot('configuration-gender-required');

    // Invisible control text is refused with the field message, the same contract rule as the server's (issue 26 item 13).
    await fillSimple(dialog, 'Inter\u202Esex', 'IX', 'Line one\n\tLine two');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText(MSG.controlCharacter, { exact: true }), 'the title names the problem').toBeVisible();
    await expect(
      dialog.getByText(MSG.controlCharacterMultiline, { exact: true }),
      'a description keeps tab and newline',
    ).toHaveCount(0);
    await shot('configuration-gender-control-character');

    const title = `Intersex ${unique()}`;
    await fillSimple(dialog, title, 'IX', 'Intersex variation');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await see(page, `Gender '${title}' created.`);

    await search(page, title);
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
    await see(page, '1–1 of 1');

    await rowAction(page, title, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit a Gender' });
    await expect(edit.getByLabel(field('Title')), 'the edit form is filled from the record').toHaveValue(title);
    const renamed = `${title} edited`;
    await edit.getByLabel(field('Title')).fill(renamed);
    await shot('configuration-gender-edit');
    await edit.getByLabel(field('Title')).press('Enter'); // Enter submits
    await expect(edit).toBeHidden();
    await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();

    await rowAction(page, renamed, 'Disable');
    const confirm = page.getByRole('dialog', { name: 'Disable Gender' });
    await see(confirm, 'will no longer be offered');
    await shot('configuration-gender-disable-confirm');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await see(page, `Nothing matches '${title}'.`); // only enabled records are listed by default

    const showDisabled = page.getByLabel('Show disabled');
    await showDisabled.click();
    const row = page.getByRole('row').filter({ hasText: renamed });
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await shot('configuration-gender-show-disabled');
    await rowAction(page, renamed, 'Enable');
    await page.getByRole('dialog', { name: 'Enable Gender' }).getByRole('button', { name: 'Enable' }).click();
    await see(page, `Gender '${renamed}' enabled.`);
    await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
    await showDisabled.click();
    await expect(showDisabled).not.toBeChecked();
    await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  });

  test('a stale edit answers with the conflict title in the form', async ({ page, admin, api }) => {
    const biobank = await centralBiobank(api, admin);
    const title = `Stale ${unique()}`;
    const gender = await biobank.call<{ id: number; concurrencyStamp: string }>('POST', 'genders', {
      title,
      abbreviation: 'ST',
      description: 'Edited twice',
    });
    await signedInAs(page, admin, 'Central Biobank', `/configuration/gender?SearchTerm=${encodeURIComponent(title)}`);
    await rowAction(page, title, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit a Gender' });
    await edit.getByLabel(field('Abbreviation')).fill('S2');
    // Someone else saves first.
    await biobank.call('PUT', `genders/${gender.id}`, {
      title,
      abbreviation: 'S1',
      description: 'Edited twice',
      concurrencyStamp: gender.concurrencyStamp,
    });
    await edit.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(edit, 'This record was changed by someone else. Reload it and try again.');
    await expect(edit, 'the form stays open').toBeVisible();
  });

  test('Panel: a new Department, then a specimen type chosen within its category', async ({
    signedInPage: page,
    shot,
  }) => {
    // Room for the Panel form's lists to open below their fields. At 800 pixels the Specimen Type list ran past the
    // window: the click that scrolled an option into view raced the list's repositioning, and twice in CI a pick was
    // lost (the list stayed open over the Department field) or a list opened upwards over the category above it.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await openList(page, 'Advanced', 'Department');
    const department = `Hematology ${unique()}`;
    await page.getByRole('button', { name: 'Create Department' }).click();
    const deptDialog = page.getByRole('dialog', { name: 'Create a Department' });
    await fillSimple(deptDialog, department, 'HEM', 'Blood tests');
    await deptDialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(deptDialog).toBeHidden();

    await menu(page).getByRole('button', { name: 'LIMS Configuration' }).click(); // a group selects its first child
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await shot('configuration-panel');
    await page.getByRole('button', { name: 'Create Panel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Panel' });
    const panel = `CBC ${unique()}`;
    await fillSimple(dialog, panel, 'CBC', 'Complete blood count');
    const specimenType = dialog.getByLabel(field('Specimen Type'));
    await expect(specimenType, 'waits for a category').toBeDisabled();
    await choose(page, dialog, 'Specimen Type Category', 'Tissue');
    await specimenType.click();
    await expect(page.getByRole('option', { name: 'FFPE Block', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Serum', exact: true }), "only the category's types").toHaveCount(0);
    // Closed first: the open list can sit over the category field above it (Mantine flips it upwards when the
    // dialog has no room below), and a click there lands on an option.
    await specimenType.press('Escape');
    await expect(page.getByRole('option', { name: 'FFPE Block', exact: true })).toBeHidden();
    await choose(page, dialog, 'Specimen Type Category', 'Fluid');
    await expect(specimenType, 'cleared when the category changes').toHaveValue('');
    await choose(page, dialog, 'Specimen Type', 'Serum');
    await choose(page, dialog, 'Department', department);
    await shot('configuration-panel-form');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await search(page, panel);
    const row = page.getByRole('row').filter({ hasText: panel });
    await expect(row.getByRole('cell', { name: 'Serum', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: department, exact: true })).toBeVisible();

    // Editing keeps the category of the record and offers its types.
    await rowAction(page, panel, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit a Panel' });
    await expect(edit.getByLabel(field('Specimen Type Category'))).toHaveValue('Fluid');
    await expect(edit.getByLabel(field('Specimen Type'))).toHaveValue('Serum');
    await choose(page, edit, 'Specimen Type Category', 'Molecular');
    await choose(page, edit, 'Specimen Type', 'DNA');
    await edit.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell', { name: 'DNA', exact: true })).toBeVisible();
    await shot('configuration-panel-list');
  });

  test('Test with a unit: the unit type, then a unit of that type', async ({ signedInPage: page, shot }) => {
    await openList(page, 'LIMS Configuration', 'Test');
    await page.getByRole('button', { name: 'Create Test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Test' });
    const test = `Glucose ${unique()}`;
    await fillSimple(dialog, test, 'GLU', 'Fasting blood glucose');
    await expect(dialog.getByLabel(field('Unit Of Measurement Type')), 'no unit until ticked').toHaveCount(0);
    await dialog.getByLabel('Has Unit Of Measurement').check();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('*Required', { exact: true }), 'type and unit are required once ticked').toHaveCount(
      2,
    );
    await shot('configuration-test-unit-required');
    await choose(page, dialog, 'Unit Of Measurement Type', 'Concentration');
    await dialog.getByLabel(field('Unit Of Measurement')).click();
    await expect(page.getByRole('option', { name: 'Millimole per litre (mmol/L)', exact: true })).toBeVisible();
    await expect(
      page.getByRole('option', { name: 'Millilitre (mL)', exact: true }),
      'only units of the type',
    ).toHaveCount(0);
    await page.getByRole('option', { name: 'Milligram per decilitre (mg/dL)', exact: true }).click();
    await dialog.getByLabel('Has Range').check();
    await shot('configuration-test-form');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await search(page, test);
    const row = page.getByRole('row').filter({ hasText: test });
    await expect(row.getByRole('cell', { name: 'Milligram per decilitre', exact: true })).toBeVisible();
    await expect(row.getByLabel('Yes'), 'Has Range shows a tick').toHaveCount(1);
    await shot('configuration-test-list');

    await rowAction(page, test, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit a Test' });
    await expect(edit.getByLabel(field('Unit Of Measurement Type'))).toHaveValue('Concentration');
    await expect(edit.getByLabel(field('Unit Of Measurement'))).toHaveValue('Milligram per decilitre (mg/dL)');
    await edit.getByRole('button', { name: 'Close' }).click();
    await expect(edit).toBeHidden();
  });

  test('Test Result Range: a minimum above the maximum is refused, a valid range is saved; ranges are not edited', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    const test = `Potassium ${unique()}`;
    await (
      await centralBiobank(api, admin)
    ).call('POST', 'tests', { title: test, abbreviation: 'K', description: 'Serum potassium', hasRange: true });
    await openList(page, 'LIMS Configuration', 'Test Result Range');
    await page.getByRole('button', { name: 'Create Test Result Range' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Test Result Range' });
    await choose(page, dialog, 'Test', test);
    await dialog.getByLabel('Minimum Value').fill('5.5');
    await dialog.getByLabel('Maximum Value').fill('3.5');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, 'Maximum Value must not be less than Minimum Value');
    await shot('configuration-range-min-max');
    await dialog.getByLabel('Minimum Value').fill('3.5');
    await dialog.getByLabel('Maximum Value').fill('5.1');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await search(page, test);
    const row = page.getByRole('row').filter({ hasText: test });
    await expect(row.getByRole('cell', { name: '3.5', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '5.1', exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Disable' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Edit' }), 'spec 1 §2: no Edit on test result ranges').toHaveCount(
      0,
    );
    await shot('configuration-range-list');
  });

  test('Department with a parent: the parent is asked for only for a sub-department', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    const parent = `Laboratory ${unique()}`;
    await (
      await centralBiobank(api, admin)
    ).call('POST', 'departments', { title: parent, abbreviation: 'LAB', description: 'Main laboratory' });
    await openList(page, 'Advanced', 'Department');
    await page.getByRole('button', { name: 'Create Department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Department' });
    const child = `Microbiology ${unique()}`;
    await fillSimple(dialog, child, 'MIC', 'Cultures and sensitivity');
    await expect(dialog.getByLabel(field('Parent Department'))).toHaveCount(0);
    await dialog.getByLabel('Is Sub Department').check();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('*Required', { exact: true })).toBeVisible();
    await choose(page, dialog, 'Parent Department', parent);
    await shot('configuration-department-form');
    await dialog.getByRole('button', { name: 'Submit and create another' }).click();
    await see(page, `Department '${child}' created.`);
    await expect(dialog, 'the form stays open').toBeVisible();
    await expect(dialog.getByLabel(field('Title')), 'and is cleared').toHaveValue('');
    await expect(dialog.getByLabel('Is Sub Department')).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await search(page, child);
    const row = page.getByRole('row').filter({ hasText: child });
    await expect(row.getByRole('cell', { name: parent, exact: true })).toBeVisible();
    await shot('configuration-department-list');
  });

  test('Institution, Institution Site and Storage Container pages; the menu is a select on a small screen', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    test.slow(); // a long journey (three times the 60 s limit): on a busy 2-core machine it has taken over a minute
    // A Super Administrator manages every institution: create, edit, disable.
    await openList(page, 'Institution Management', 'Institution');
    await page.getByRole('button', { name: 'Create Institution' }).click();
    const create = page.getByRole('dialog', { name: 'Create an Institution' });
    const name = `Satellite Biobank ${unique()}`;
    await create.getByLabel(field('Title')).fill(name);
    await create.getByLabel(field('Abbreviation')).fill('SATXX');
    await create.getByLabel(field('Address')).fill('2 Harbour Road');
    await create.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(create, 'Abbreviation must be 4 characters or less');
    await create.getByLabel(field('Abbreviation')).fill('SAT');
    await create.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(create).toBeHidden();
    await search(page, name);
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    await rowAction(page, name, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit an Institution' });
    await edit.getByLabel(field('Address')).fill('3 Harbour Road');
    await edit.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('cell', { name: '3 Harbour Road' })).toBeVisible();
    await rowAction(page, name, 'Disable');
    await page.getByRole('dialog', { name: 'Disable Institution' }).getByRole('button', { name: 'Disable' }).click();
    await see(page, `Institution '${name}' disabled.`);
    await shot('configuration-institutions');

    // An Institution Administrator sees and edits the current institution.
    const instAdmin = await createAccount(await centralBiobank(api, admin), {
      firstName: 'Ines',
      lastName: 'Admin',
      role: 'Institution Administrator',
      password: 'Admin#2024x-ok',
    });
    await logOut(page);
    await see(page, 'Log in to your portal');
    await signIn(page, instAdmin.email, instAdmin.password);
    await pickInstitution(page);
    await page.goto('/configuration/institution');
    await see(page, 'Central Biobank');
    await page.getByRole('button', { name: 'Edit Institution' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit an Institution' });
    await dialog.getByLabel(field('Abbreviation')).fill('CBBXX');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, 'Abbreviation must be 4 characters or less');
    await dialog.getByLabel(field('Abbreviation')).fill('CBB');
    const address = `Lab Street ${unique()}`;
    await dialog.getByLabel(field('Address')).fill(address);
    await shot('configuration-institution-form');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await see(page, address);
    await shot('configuration-institution');

    await menu(page).getByRole('link', { name: 'Institution Site' }).click();
    await expect(page.getByRole('heading', { name: 'Institution Site', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Create Institution Site' }).click();
    const site = page.getByRole('dialog', { name: 'Create an Institution Site' });
    const title = `North Clinic ${unique()}`;
    await site.getByLabel(field('Title')).fill(title);
    await site.getByLabel(field('Address')).fill('North Road 1');
    await site.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(site).toBeHidden();
    await search(page, title);
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
    await shot('configuration-institution-site');

    await menu(page).getByRole('button', { name: 'Storage Container' }).click();
    // The storage screen itself is walked in e2e/storage.spec.ts.
    await expect(page.getByRole('heading', { name: 'Storage Container', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Container' })).toBeVisible();
    await shot('configuration-storage-container');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('combobox', { name: 'Configurations' }).click();
    await page.getByRole('option', { name: 'Marital Status', exact: true }).click();
    // On a phone the list shows cards (PagedTable below 768 px): one per record, headed by its title.
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Married' }).getByText('Married', { exact: true }).first(),
    ).toBeVisible();
    await shot('configuration-small-screen');
  });

  test('an account without configuration.manage reads the lists but gets no Create and no row actions', async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    await biobank.call('POST', 'genders', {
      title: `Reader ${unique()}`,
      abbreviation: 'RD',
      description: 'For the reader',
    });
    const reader = await createAccount(biobank, {
      firstName: 'Rita',
      lastName: 'Reader',
      role: 'Researcher',
      password: 'Reader#2024-ok',
    });
    await signedInAs(page, reader, 'Central Biobank', '/configuration/gender');
    await expect(page.getByRole('cell', { name: 'Female', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Gender' }), 'Create is hidden').toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ }), 'no row actions').toHaveCount(0);
    await shot('configuration-read-only');
  });

  test('a Gender created in Configuration is offered at once by the Create Participant form, without a reload', async ({
    signedInPage: page,
    shot,
  }) => {
    const openGenderPicker = async () => {
      await mainNav(page).getByRole('link', { name: 'Participants' }).click();
      await page.getByRole('main').getByRole('button', { name: 'New Participant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Participant' });
      await dialog.getByLabel(field('Gender')).click();
      return dialog;
    };
    // The form has loaded (and cached) the genders before the new one exists.
    let dialog = await openGenderPicker();
    await expect(page.getByRole('option', { name: 'Female', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await mainNav(page).getByRole('link', { name: 'Configuration' }).click();
    const advanced = menu(page).getByRole('button', { name: 'Advanced', exact: true });
    await expect(advanced).toBeVisible();
    if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
    await menu(page).getByRole('link', { name: 'Gender', exact: true }).click();
    await page.getByRole('button', { name: 'Create Gender' }).click();
    const create = page.getByRole('dialog', { name: 'Create a Gender' });
    const title = `Nonbinary ${unique()}`;
    await fillSimple(create, title, 'NB', 'Neither only male nor only female');
    await create.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(page, `Gender '${title}' created.`);

    dialog = await openGenderPicker();
    await page.getByRole('option', { name: title, exact: true }).click();
    await expect(dialog.getByLabel(field('Gender'))).toHaveValue(title);
    await shot('participant-new-gender-offered');
  });
});
