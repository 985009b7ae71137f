import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, registerParticipant, unique, type Rec } from './support/data';
import { receivingInstitution } from './support/shipments';
import { collectedSampleByApi, collectingProtocol } from './support/protocols';
import { storageByApi } from './support/storage';
import { field, signedInAs } from './support/ui';

// Issue 28 item 6: four daily jobs done with the keyboard only (Tab, Enter, Space, arrows, typing): register a
// participant, collect a sample, allocate a sample to a storage position, receive a shipment item. Each
// checks what the user sees afterwards, and that focus stays where the user is (never dropped to <body>).
// Setup happens through the API; page.goto stands for typing an address.

/** Presses Tab (Shift+Tab with `back`) until `target` has focus: the way a keyboard user reaches a control. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target}`);
}

/** In a focused select: ArrowDown opens it, arrows move to `option`, Enter picks it. */
async function pickWithKeys(page: Page, select: Locator, option: string) {
  await expect(select).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 40 && (await wanted.getAttribute('data-combobox-selected')) === null; i++)
    await page.keyboard.press('ArrowDown');
  await expect(wanted).toHaveAttribute('data-combobox-selected');
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(option);
}

const bodyHasFocus = (page: Page) =>
  page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

test.describe('keyboard only (issue 28)', () => {
  test('register a participant: fields, selects, a date, race and ethnicity chips, a phone number; focus follows each step', async ({
    page,
    admin,
  }) => {
    const u = unique().toUpperCase();
    await signedInAs(page, admin, 'Central Biobank', '/patients');
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
    const create = page.getByRole('main').getByRole('button', { name: 'New Participant' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Create Participant' });
    await expect(
      form.getByRole('combobox', { name: field('Participant Type') }),
      'the form starts at its first field',
    ).toBeFocused();

    await tabTo(page, form.getByLabel(field('MRN')));
    await page.keyboard.type(`KB${u}`);
    for (const [label, text] of [
      ['First Name', 'Keyboard'],
      ['Father Name', `Only${u.slice(-4)}`],
      ['Grand Father Name', 'Tab'],
    ]) {
      await tabTo(page, form.getByLabel(field(label)));
      await page.keyboard.type(text);
    }
    for (const [label, option] of [
      ['Gender', 'Female'],
      ['Marital Status', 'Single'],
      ['Vital Status', 'Alive'],
    ]) {
      const select = form.getByRole('combobox', { name: field(label) });
      await tabTo(page, select);
      await pickWithKeys(page, select, option);
    }
    const birth = form.getByLabel(field('Birth Date'));
    await tabTo(page, birth);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1991-04-02');

    // Chips: typing searches, Enter picks the highlighted match; removing a chip keeps focus in the field.
    const races = form.getByLabel(field('Races'));
    await tabTo(page, races);
    await page.keyboard.type('Asi');
    await expect(page.getByRole('option', { name: 'Asian', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: 'Remove Asian' })).toBeVisible();
    await page.keyboard.type('Whi');
    await expect(page.getByRole('option', { name: 'White', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    const removeWhite = form.getByRole('button', { name: 'Remove White' });
    await tabTo(page, removeWhite);
    await page.keyboard.press('Enter');
    await expect(removeWhite).toHaveCount(0);
    await expect(
      form.getByRole('button', { name: 'Remove Asian' }),
      'focus moves to the chip before the removed one',
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(races, 'after the last chip, focus goes back to the field that adds chips').toBeFocused();
    await page.keyboard.type('Asi');
    await expect(page.getByRole('option', { name: 'Asian', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    const ethnicities = form.getByLabel(field('Ethnicities'));
    await tabTo(page, ethnicities);
    await page.keyboard.type('Not His');
    await expect(page.getByRole('option', { name: 'Not Hispanic or Latino', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: 'Remove Not Hispanic or Latino' })).toBeVisible();

    // The phone adder: opening it focuses its first field; ADD hands focus back to 'Add Phone Number'.
    const addPhone = form.getByRole('button', { name: 'Add Phone Number' });
    await tabTo(page, addPhone);
    await page.keyboard.press('Enter');
    const category = form.getByRole('combobox', { name: field('Category') });
    await expect(category, 'Add Phone Number moves focus to the category').toBeFocused();
    await pickWithKeys(page, category, 'Personal');
    const type = form.getByRole('combobox', { name: field('Type') });
    await tabTo(page, type);
    await pickWithKeys(page, type, 'Mobile');
    await tabTo(page, form.getByLabel(field('Phone Number')));
    await page.keyboard.type('+251911000111');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: 'Remove +251911000111' })).toBeVisible();
    await expect(addPhone, 'ADD hands focus back to Add Phone Number').toBeFocused();
    // The empty site MRN row goes; focus moves on to Add Site MRN.
    await tabTo(page, form.getByRole('button', { name: 'Remove site MRN row 1' }));
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: 'Add Site MRN' }), 'removing the row moves focus on').toBeFocused();

    // Enter in a text field submits the form.
    await tabTo(page, form.getByLabel(field('First Name')), { back: true });
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();
    await expect(page.getByText('Participant Keyboard').first()).toBeVisible();
    await expect(create, 'closing the form gives focus back to New Participant').toBeFocused();
    const search = page.getByLabel(field('Search'));
    await tabTo(page, search, { back: true });
    await page.keyboard.type(`KB${u}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row').filter({ hasText: `KB${u}` })).toContainText('Keyboard');
  });

  test('collect a sample from the participant overview with the stepper; Next moves focus to the step shown', async ({
    page,
    admin,
    api,
  }) => {
    const b = await centralBiobank(api, admin);
    const s = await collectingProtocol(b);
    await signedInAs(
      page,
      admin,
      'Central Biobank',
      `/collection-protocols/${s.protocol.id}/participants/${s.enrolment.id}/participant-overview`,
    );
    const event = page.getByRole('table', { name: 'Events' }).getByRole('button', { name: 'Baseline' });
    await tabTo(page, event);
    await page.keyboard.press('Enter');
    const stepper = page.getByRole('dialog', { name: 'Collect Specimen' });
    await expect(stepper.getByRole('list', { name: 'Specimen requirements' })).toContainText('Blood tube');
    await tabTo(page, stepper.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    const site = stepper.getByRole('combobox', { name: field('Institution Site') });
    await expect(site, 'Next moves focus to the first field of step 2, not the page').toBeFocused();
    await expect(site).toHaveValue(s.site);
    const id = `KB-${s.u}`.toUpperCase();
    const rows = stepper.getByRole('list', { name: 'Samples to collect' }).getByRole('listitem');
    await tabTo(page, rows.nth(0).getByLabel(field('Sample ID')));
    await page.keyboard.type(id);
    await page.keyboard.press('Enter');
    await expect(stepper).toBeHidden();
    await expect(page.getByRole('group', { name: `Sample ${id}`, exact: true })).toContainText('Baseline');
    await expect.poll(() => bodyHasFocus(page), 'focus is not dropped to the page').toBe(false);
  });

  test('allocate a sample to a storage position: arrows in the grid, Enter opens, type, Enter finds, Allocate', async ({
    page,
    admin,
    api,
  }) => {
    const b = await centralBiobank(api, admin);
    const { box1 } = await storageByApi(b, `Freezer ${unique()}`);
    const patient = await registerParticipant(b, { mrn: `KB-${unique()}`.toUpperCase() });
    const sample = await collectedSampleByApi(b, patient.id);
    await signedInAs(page, admin, 'Central Biobank', `/configuration/storage-container?path=${box1.join('.')}`);
    const grid = page.getByRole('group', { name: /^Positions of / });
    const cells = grid.getByRole('button');
    await tabTo(page, cells.first());
    await page.keyboard.press('ArrowRight');
    const second = cells.nth(1);
    await expect(second).toBeFocused();
    const code = (await second.getAttribute('aria-label'))!.split(' ')[0];
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Collected Sample Allocation' });
    await expect(dialog.getByLabel(field('Sample ID'))).toBeFocused();
    await page.keyboard.type(sample.sampleId.toLowerCase());
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(sample.sampleId, { exact: true })).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Allocate' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(grid.getByRole('button', { name: new RegExp(`^${code} .+, OCC`) })).toContainText(
      /OCC|Whole Blood|\S/,
    );
    await expect(
      grid.getByRole('button', { name: new RegExp(`^${code} .+, OCC`) }),
      'focus goes back to the position',
    ).toBeFocused();
  });

  test('receive a shipment item: Space selects it, Enter on Accept receives it', async ({ admin, api, newPage }) => {
    const b = await centralBiobank(api, admin);
    const u = unique();
    const receiver = await createAccount(b, { role: 'Coordinator' });
    const {
      name: other,
      id: otherId,
      site,
    } = await receivingInstitution(b, receiver, ['Coordinator', 'Tissue Banker'], {
      title: `Lab ${u}`,
      address: '1 Hill Road',
    });
    const patient = await registerParticipant(b, { mrn: `KB-${unique()}`.toUpperCase() });
    const sample = await collectedSampleByApi(b, patient.id, `KR-${u}`.toUpperCase());
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');
    const shipment = await b.call<Rec>('POST', 'collectedSampleShipments', {
      name: `Keyboard ${u}`,
      sendingInstitutionSiteId: ownSite.id,
      receivingInstitutionId: otherId,
      receivingInstitutionSiteId: site.id,
      collectedSampleIds: [sample.id],
    });

    const rp = await newPage();
    await signedInAs(rp, receiver, other, `/shipment/${shipment.id}`);
    await expect(rp.getByRole('heading', { name: `Keyboard ${u}`, level: 1 })).toBeVisible();
    const select = rp.getByRole('table', { name: 'Pending items' }).getByLabel(`Select ${sample.sampleId}`);
    await tabTo(rp, select);
    await rp.keyboard.press('Space');
    await expect(select).toBeChecked();
    await tabTo(rp, rp.getByRole('button', { name: 'Accept (1)' }));
    await rp.keyboard.press('Enter');
    const processed = rp.getByRole('table', { name: 'Processed items' });
    await expect(processed.getByRole('row').filter({ hasText: sample.sampleId })).toContainText('Received');
    await expect.poll(() => bodyHasFocus(rp), 'focus is not dropped to the page').toBe(false);
  });
});
