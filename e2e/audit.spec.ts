import { expect, test } from './fixtures';
import { centralBiobank, unique } from './support/data';
import { mainNav, see } from './support/ui';

test.describe('audit', () => {
  test('an administrator reads who changed a record, with its before and after values', async ({ signedInPage: page, admin, api, shot }) => {
    const biobank = await centralBiobank(api, admin);
    const title = `Audited ${unique()}`;
    const created = await biobank.call<{ id: number; concurrencyStamp: string }>('POST', 'genders', { title, abbreviation: 'AU', description: 'Before' });
    await biobank.call('PUT', `genders/${created.id}`, { title, abbreviation: 'AU', description: 'After', concurrencyStamp: created.concurrencyStamp });

    await mainNav(page).getByRole('link', { name: 'Setting' }).click();
    await page.getByRole('navigation', { name: 'Setting' }).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await page.getByLabel('Record type').fill('genders');
    await page.getByLabel('Record id').fill(String(created.id));
    await page.getByLabel('Record id').press('Enter');
    // The unfiltered page stays on screen until the filtered one arrives: wait for the record's two events.
    await see(page, '1–2 of 2');
    await see(page, 'description: Before → After');
    await expect(page.getByRole('cell', { name: 'create', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'System Administrator' }), 'both changes name their author').toHaveCount(2);
    await shot('audit-log');
  });
});
