import { expect, test } from './fixtures';
import { changeInstitution, institutionMenu, mainNav, pickInstitution, see } from './support/ui';

test.describe('navigation', () => {
  test('every main entry opens its page', async ({ signedInPage: page }) => {
    const nav = mainNav(page);
    // An administrator's ten entries fit the 1280 px row without a sideways scroll (the quick actions sit in the top row).
    await expect(nav.getByRole('link', { name: 'Accounts' })).toBeVisible();
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // Each built area: its link is marked current and its own page (heading) shows, not the placeholder.
    for (const [label, heading] of [
      ['Collection Protocols', 'Collection Protocols'],
      ['Orders', 'Orders'],
      ['Configuration', 'Panel'],
      ['Participants', 'Participants'],
      ['Setting', 'Printer'],
      ['Report', 'Test Results'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(nav.locator('a[aria-current="page"]', { hasText: label })).toBeVisible();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText('is not available yet in this version'), `${label} is built`).toHaveCount(0);
    }
    await nav.getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Home' }).click();
    await see(page, /Welcome, /);
    for (const [name, heading] of [
      ['New Order', 'Create a New Order'],
      ['New Participant', 'Create Participant'],
      ['Barcode Generator', 'Barcode Generator'],
    ] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await page.keyboard.press('Escape'); // the full-screen forms cover the navigation; Escape closes them
      await expect(page.getByRole('heading', { name: heading })).toBeHidden();
    }
  });

  test("the institution menu shows the whole name; only 'Change institution' clears it, and choosing again goes Home", async ({
    signedInPage: page,
    shot,
  }) => {
    await mainNav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    // Opening the menu and closing it again keeps the institution: no stray tap clears it.
    await institutionMenu(page, 'Central Biobank').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Central Biobank', { exact: true })).toBeVisible();
    // Escape closes the menu once it has taken the focus; pressed in the same instant it opened (CI, once), it went to
    // the page: pressed again until the menu has gone (on the Orders screen Escape does nothing else).
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden({ timeout: 1_000 });
    }).toPass();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lims.institutionId'))).not.toBeNull();
    await changeInstitution(page);
    await expect(page.getByRole('heading', { name: 'Institutions' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lims.institutionId'))).toBeNull();
    await expect(mainNav(page), 'no navigation without an institution').toHaveCount(0);
    await pickInstitution(page);
    await see(page, /Welcome, /);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await shot('home-after-chip');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('on a small screen the navigation collapses into a burger menu', async ({ signedInPage: page, shot }) => {
      const burger = page.getByRole('button', { name: 'Toggle navigation' });
      await burger.click();
      const nav = mainNav(page);
      await expect(nav.getByRole('link', { name: 'Accounts' })).toBeVisible();
      await shot('mobile-menu');
      await nav.getByRole('link', { name: 'Accounts' }).click();
      await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
      await shot('mobile-accounts');
    });
  });
});
