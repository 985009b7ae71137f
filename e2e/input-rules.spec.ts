import { expect, test } from './fixtures';
import { centralBiobank, type Rec } from './support/data';
import { collectingProtocol } from './support/protocols';
import { choose, field, openScreen, signedInAs } from './support/ui';

// Issue 28 item 2: what was typed stays as typed, and the field says what is wrong with it.
test.describe('typed input is never silently changed', () => {
  test('collect form: an impossible date, a mistyped amount and a future date are kept and explained', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const s = await collectingProtocol(b);
    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${s.protocol.id}/collected-samples`);
    await page.getByRole('button', { name: 'Collect Sample' }).click();
    const form = page.getByRole('dialog', { name: 'Collect Specimen' });
    await form.getByLabel(field('Patient MRN')).fill(s.mrn);
    await form.getByLabel(field('Patient MRN')).press('Enter');
    await expect(form.getByLabel('Selected patient')).toContainText(s.name);
    const id = `TYPED-${s.u}`;
    await form.getByLabel(field('Sample Id')).fill(id);
    await choose(page, form, 'Event', 'Baseline (BL)');
    await choose(page, form, 'Specimen Type', 'Whole Blood');

    const date = form.getByLabel(field('Collected Date'));
    await date.fill('2027-02-30');
    await date.press('Tab');
    await expect(date, 'not rolled over to 2027-03-02').toHaveValue('2027-02-30');
    await expect(form.getByText('Not a valid date')).toBeVisible();

    const amount = form.getByLabel(field('Collected Amount'));
    await amount.fill('1O.5');
    await amount.press('Tab');
    await expect(amount, 'the letter O is not dropped').toHaveValue('1O.5');
    await expect(form.getByText('Enter a number')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot('input-rules-collect');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('input-rules-collect-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(form, 'nothing is sent while the fields are wrong').toBeVisible();
    await expect(form.getByText('Not a valid date')).toBeVisible();
    await expect(form.getByText('Enter a number')).toBeVisible();

    // A date after today (the institution's): said under the field, nothing stored.
    await date.fill('2099-01-01');
    await amount.fill('1.5');
    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(form.getByText('Collected date cannot be in the future')).toBeVisible();
    await expect(date).toHaveValue('2099-01-01');
    const stored = await b.call<Rec[]>('GET', `collectionProtocols/${s.protocol.id}/collectedSamples?SampleID=${id}`);
    expect(stored).toHaveLength(0);
    await shot('input-rules-future');
  });

  test('protocol code: a third character is kept and explained, not cut', async ({ signedInPage: page, shot }) => {
    await openScreen(page, 'Collection Protocols');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByRole('heading', { name: 'Create a Collection Protocol' })).toBeVisible();
    const code = form.getByLabel(field('Code'));
    await code.fill('BC');
    await expect(form.getByLabel('2 of 2 characters')).toBeVisible();
    await code.pressSequentially('X');
    await expect(code, 'BCX is not cut to BC').toHaveValue('BCX');
    await expect(form.getByText('Code must be 2 characters or less')).toBeVisible();
    await expect(form.getByLabel('3 of 2 characters')).toBeVisible();
    await shot('input-rules-code');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('input-rules-code-phone');
  });
});
