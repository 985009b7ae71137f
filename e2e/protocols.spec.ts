import { expect, test } from './fixtures';
import { centralBiobank, unique } from './support/data';
import { protocolByApi } from './support/protocols';
import { field, openScreen, search, see, tablesSettled } from './support/ui';

test.describe('collection protocols', () => {
  test('a protocol is created, found, opened, updated; its sub-pages are reachable and the dashboard lists it', async ({
    signedInPage: page,
    shot,
  }) => {
    const title = `Cervical Screening ${unique()}`;
    await openScreen(page, 'Collection Protocols');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByRole('heading', { name: 'Create a Collection Protocol' })).toBeVisible();

    // The contract's rules show before anything is sent.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('*required').first()).toBeVisible();
    await form.getByLabel(field('Title')).fill(title);
    await form.getByLabel(field('Abbreviation')).fill('CCS');
    await form.getByLabel(field('Code')).fill('Z'); // at most 2 (the field counts them); the server keeps it unique
    await form.getByLabel(field('Start Date')).fill('2026-01-01');
    await form.getByLabel(field('End Date')).fill('2027-12-31');
    await form.getByLabel(field('Expected Participants')).fill('250');
    await shot('protocol-create');
    // The tests share one database: a code another test took is refused under the field, and another one is tried.
    const overview = page.getByRole('heading', { name: title, level: 1 });
    const taken = form.getByText('This code is already used');
    for (let attempt = 0; ; attempt++) {
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(overview.or(taken)).toBeVisible();
      if (await overview.isVisible()) break;
      expect(attempt, 'a free code within 10 attempts').toBeLessThan(10);
      await form
        .getByLabel(field('Code'))
        .fill(`${attempt}${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`);
    }
    const subNav = page.getByRole('navigation', { name: 'Collection protocol' });
    await expect(subNav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await see(page, '2026-01-01');
    await see(page, '2027-12-31');
    await see(page, '250');
    await shot('protocol-overview');

    await page.getByRole('button', { name: 'Update' }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByRole('heading', { name: 'Update a Collection Protocol' })).toBeVisible();
    await expect(edit.getByLabel(field('Start Date'))).toHaveValue('2026-01-01');
    await edit.getByLabel(field('Expected Participants')).fill('300');
    await edit.getByRole('button', { name: 'Submit' }).click();
    await expect(edit).toBeHidden();
    await see(page, '300');

    // The Shipments sub-page leads to the shipments screen, filtered to this protocol.
    await subNav.getByRole('link', { name: 'Shipments' }).click();
    await expect(page.getByRole('link', { name: "Open this protocol's shipments" })).toHaveAttribute(
      'href',
      /\/shipment\?protocol=\d+$/,
    );

    // The list finds it by abbreviation search and a row opens its overview.
    await page.getByRole('link', { name: 'Collection Protocols' }).first().click();
    await expect(page.getByRole('heading', { name: 'Collection Protocols', level: 1 })).toBeVisible();
    await search(page, title);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
    await tablesSettled(page);
    await shot('protocol-list');
    await page.getByRole('row', { name: new RegExp(title) }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

    // The dashboard counts protocols for real and lists the open ones with Launch.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const card = page.getByRole('table', { name: 'Pending collection protocols' });
    await expect(card.getByRole('row', { name: new RegExp(title) })).toBeVisible();
    await shot('dashboard-protocols');
    await card.getByRole('link', { name: `Launch ${title}` }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'View More collection protocols' }).click();
    await expect(page.getByRole('heading', { name: 'Collection Protocols', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page
      .getByRole('table', { name: 'Pending collection protocols' })
      .getByRole('link', { name: title, exact: true })
      .click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  });

  test('an ended protocol is not pending; an unknown protocol says it was not found', async ({
    signedInPage: page,
    api,
    admin,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const ended = await protocolByApi(biobank, { startDate: '2020-01-01', endDate: '2020-12-31' });
    const open = await protocolByApi(biobank);
    await page.reload();
    const card = page.getByRole('table', { name: 'Pending collection protocols' });
    await expect(card.getByRole('row', { name: new RegExp(open.title) })).toBeVisible();
    await expect(card.getByRole('row', { name: new RegExp(ended.title) })).toHaveCount(0);
    await page.goto('/collection-protocols/987654321/overview');
    await see(page, 'Collection protocol not found');
    await page.getByRole('link', { name: 'All collection protocols' }).click();
    await expect(page.getByRole('heading', { name: 'Collection Protocols', level: 1 })).toBeVisible();
  });
});
