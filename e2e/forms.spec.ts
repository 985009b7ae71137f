import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, freeTextOrder, participantCount, registerParticipant, unique } from './support/data';
import { changeInstitution, field, logOut, openScreen, search, see, signedInAs } from './support/ui';

// issue 11: nothing typed is lost without asking; pickers open only when asked; adders and printing tell the truth.

async function openCreateParticipant(page: Page) {
  await openScreen(page, 'Participants');
  await page.getByRole('main').getByRole('button', { name: 'New Participant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Participant' });
  // The preset participant type is part of the starting values, not a change.
  await expect(dialog.locator('input[data-path="patientTypeId"][value="Outpatient"]')).toBeAttached();
  return dialog;
}

const discardDialog = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

/** The question is open with focus on Keep editing; answer it. */
async function answer(page: Page, choice: 'Keep editing' | 'Discard') {
  const ask = discardDialog(page);
  await expect(ask.getByRole('button', { name: 'Keep editing' }), 'focus starts on Keep editing').toBeFocused();
  await ask.getByRole('button', { name: choice }).click();
  await expect(ask).toBeHidden();
}

async function atSize(page: Page, width: number, height: number, shoot: () => Promise<void>) {
  await page.setViewportSize({ width, height });
  await shoot();
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('forms', () => {
  test('a clean form closes at once; a dirty one asks on Escape, the close button and Back, and keeps the text on Keep editing', async ({
    signedInPage: page,
    shot,
  }) => {
    let dialog = await openCreateParticipant(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discardDialog(page), 'a clean form does not ask').toHaveCount(0);

    dialog = await openCreateParticipant(page);
    const firstName = dialog.getByLabel(field('First Name'));
    await firstName.fill('Meron');
    await page.keyboard.press('Escape');
    await expect(discardDialog(page)).toBeVisible();
    await shot('form-discard-question');
    await atSize(page, 390, 844, () => shot('form-discard-question-phone'));
    await answer(page, 'Keep editing');
    await expect(firstName, 'Keep editing keeps what was typed').toHaveValue('Meron');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await answer(page, 'Keep editing');
    await expect(firstName).toBeVisible();

    // Browser Back: /patients/new -> /patients is a route change, so the shell's guard asks.
    await page.goBack();
    await answer(page, 'Keep editing');
    await expect(page).toHaveURL(/\/patients\/new$/);
    await expect(firstName).toHaveValue('Meron');

    await page.goBack();
    await answer(page, 'Discard');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
  });

  test('selects and calendars open only when asked, and Escape in them closes only the popover', async ({
    signedInPage: page,
  }) => {
    const dialog = await openCreateParticipant(page);
    // The form opens with its first select focused, but closed.
    const type = dialog.getByRole('combobox', { name: field('Participant Type') });
    await expect(type).toBeFocused();
    await expect(type, 'the focused first select stays closed').not.toHaveAttribute('aria-expanded', 'true');

    // Tabbing onto a select does not open it; ArrowDown does; Escape closes only the list.
    const gender = dialog.getByRole('combobox', { name: field('Gender') });
    await gender.focus();
    await expect(gender, 'focus alone does not open a select').not.toHaveAttribute('aria-expanded', 'true');
    await gender.press('ArrowDown');
    const female = page.getByRole('option', { name: 'Female', exact: true });
    await expect(female).toBeVisible();
    await gender.press('Escape');
    await expect(female).toBeHidden();
    await expect(dialog, 'Escape in the list leaves the form open').toBeVisible();

    // The birth date: focus does not open the calendar; a click does; Escape closes just the calendar.
    const birth = dialog.getByLabel(field('Birth Date'));
    const calendar = page.locator('.mantine-DatePicker-calendarHeader');
    await birth.focus();
    await dialog.getByLabel(field('Birth Time')).focus();
    await expect(calendar, 'focus alone does not open the calendar').toHaveCount(0);
    await birth.click();
    await expect(calendar).toBeVisible();
    await birth.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(dialog, 'Escape in the calendar leaves the form open').toBeVisible();
    await expect(discardDialog(page)).toHaveCount(0);

    // A searchable multi-select (account roles) used to open as soon as it was tabbed onto.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await openScreen(page, 'Accounts');
    await page.getByRole('button', { name: 'Create' }).click();
    const account = page.getByRole('dialog', { name: 'Create an Account' });
    await account.getByLabel(field('Phone Number')).focus();
    await page.keyboard.press('Tab');
    await expect(account.locator('.mantine-MultiSelect-root :focus')).toHaveCount(1);
    await expect(page.getByRole('option', { name: 'Technician' }), 'tabbing onto Roles does not open it').toHaveCount(
      0,
    );
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Technician' })).toBeVisible();
  });

  test('a death date before the birth date is kept and explained, not erased', async ({ signedInPage: page }) => {
    const dialog = await openCreateParticipant(page);
    await dialog.getByLabel(field('Birth Date')).fill('1990-05-01');
    await dialog.getByLabel(field('Birth Date')).press('Tab');
    await dialog.getByRole('combobox', { name: field('Vital Status') }).click();
    await page.getByRole('option', { name: 'Dead', exact: true }).click();
    const death = dialog.getByLabel(field('Death Date'));
    await death.fill('1980-01-01');
    await death.press('Tab');
    await expect(death, 'the typed date stays').toHaveValue('1980-01-01');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('Death date cannot be before the birth date')).toBeVisible();
    await expect(death).toHaveValue('1980-01-01');
  });

  test('a phone number typed but not added stops the submit with a message next to it', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const before = await participantCount(biobank);
    const dialog = await openCreateParticipant(page);
    await dialog.getByRole('button', { name: 'Add Phone Number' }).click();
    const phone = dialog.getByLabel(field('Phone Number'));
    await phone.fill('0911000000');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('Press ADD to add this phone number, or Cancel')).toBeVisible();
    await shot('form-phone-not-added');
    await expect(phone, 'focus goes to the typed number').toBeFocused();
    // Nothing else was checked or sent: no field errors, no participant.
    await expect(dialog.getByText('*required', { exact: true })).toHaveCount(0);
    expect(await participantCount(biobank), 'nothing saved').toBe(before);
    // Closing with the typed number asks too.
    await page.keyboard.press('Escape');
    await answer(page, 'Discard');
    await expect(dialog).toBeHidden();
  });

  test('a participant ticked but not added stops Next of a new order with a message beside Add', async ({
    signedInPage: page,
    admin,
    api,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const [first, second] = [`MRN-${unique()}`.toUpperCase(), `MRN-${unique()}`.toUpperCase()];
    await registerParticipant(biobank, { mrn: first });
    await registerParticipant(biobank, { mrn: second });
    await page.getByRole('link', { name: 'New Order', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a New Order' });
    const results = dialog.getByRole('table', { name: 'Search results' });
    const selected = dialog.getByRole('table', { name: 'Selected participants' });
    const find = async (mrn: string) => {
      await dialog.getByLabel('MRN', { exact: true }).fill(mrn);
      await dialog.getByLabel('MRN', { exact: true }).press('Enter');
      await expect(results.getByText(mrn)).toBeVisible();
    };
    await find(first);
    await results.getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(selected.getByRole('row')).toHaveCount(2); // heading and the first participant
    await find(second);
    await results.getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Press Add to add the ticked participants, or untick them' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add', exact: true }), 'focus goes to Add').toBeFocused();
    await expect(results, 'still on the first step').toBeVisible();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(selected.getByRole('row')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Panels' })).toBeVisible();
    await page.keyboard.press('Escape');
    await answer(page, 'Discard');
    await expect(dialog).toBeHidden();
  });

  test('Logout and Change institution ask before unsaved test results are thrown away', async ({
    page,
    admin,
    api,
  }) => {
    const order = await freeTextOrder(await centralBiobank(api, admin));
    await signedInAs(page, admin, 'Central Biobank', `/orders/test-result?sampleId=${order.sampleId}`);
    await expect(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    const result = page.getByLabel(`Result of ${order.test}`);
    await result.fill('Normal cells');

    await logOut(page);
    await answer(page, 'Keep editing');
    await expect(result).toHaveValue('Normal cells');

    await changeInstitution(page);
    await answer(page, 'Keep editing');
    await expect(result).toHaveValue('Normal cells');

    await logOut(page);
    await answer(page, 'Discard');
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('printing through the browser extension with no extension answering says so; saving an IP offers the extension', async ({
    signedInPage: page,
    shot,
  }) => {
    await openScreen(page, 'Setting', 'Printer');
    await page.getByRole('radio', { name: 'PDF download' }).check();
    await page.getByLabel(field('Barcode Printer IP Address')).fill('10.0.0.9');
    await page.getByRole('button', { name: 'Update' }).click();
    await see(page, 'IP Address have been updated');
    const offer = page.getByRole('alert').filter({ hasText: 'Print through the browser extension?' });
    await offer.getByRole('button', { name: 'Use the browser extension' }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByRole('radio', { name: 'Browser extension' }), 'the method switched').toBeChecked();

    await page.getByRole('button', { name: 'Print a test label' }).click();
    await see(page, /No printer extension answered within \d+(\.\d+)? s/);
    await shot('print-no-extension');
    await expect(page.getByText(/Sent \d+ labels? to the printer extension/), 'no claim of success').toHaveCount(0);
  });

  test('a Test is set up in one place: range and several accepted values typed in its form, shown again on edit', async ({
    page,
    admin,
    shot,
  }) => {
    await signedInAs(page, admin, 'Central Biobank', '/configuration/test');
    await expect(page.getByRole('heading', { name: 'Test', level: 1 })).toBeVisible();
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
    await expect(dialog.getByText('Press Enter to add this value, or clear it')).toBeVisible();
    await values.fill('');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByText('Maximum Value must not be less than Minimum Value')).toBeVisible();
    await dialog.getByLabel('Maximum Value').fill('12');
    await shot('test-setup-form');
    await atSize(page, 390, 844, () => shot('test-setup-form-phone'));
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();

    await search(page, title);
    await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit a Test' });
    for (const v of ['Indeterminate', 'Positive', 'Negative', 'Reactive'])
      await expect(edit.getByText(v, { exact: true })).toBeVisible();
    await expect(edit.getByLabel('Minimum Value')).toHaveValue('9');
    await expect(edit.getByLabel('Maximum Value')).toHaveValue('12');
    // Loaded values are the starting point: closing at once does not ask.
    await edit.getByRole('button', { name: 'Close' }).click();
    await expect(edit).toBeHidden();
    await expect(discardDialog(page)).toHaveCount(0);
  });
});
