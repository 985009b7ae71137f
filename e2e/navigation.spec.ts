import { assert, pickInstitution, see, signInAndPick, type E2ETest } from './harness';

const COMING_SOON = [
  ['Collection Protocols', '/collection-protocols'],
  ['Report', '/report'],
] as const;

export const tests: E2ETest[] = [
  {
    name: 'every main entry opens its page; areas not built yet say so',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [label, path] of COMING_SOON) {
        await nav.getByRole('link', { name: label }).click();
        await page.waitForURL(`**${path}`);
        await page.getByRole('heading', { name: label }).waitFor();
        await see(page, `${label} is not available yet in this version`);
        assert.equal(await nav.getByRole('link', { name: label }).getAttribute('aria-current'), 'page');
      }
      await shot('coming-soon');
      for (const [label, path] of [['Orders', '/orders'], ['Configuration', '/configuration/panel'], ['Participants', '/patients'], ['Setting', '/setting/printer']] as const) {
        await nav.getByRole('link', { name: label }).click();
        await page.waitForURL(`**${path}`);
        await nav.locator('a[aria-current="page"]', { hasText: label }).waitFor();
        assert.equal(await page.getByText('is not available yet in this version').count(), 0, `${label} is built`);
      }
      await nav.getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
      await nav.getByRole('link', { name: 'Home' }).click();
      await see(page, /Welcome, /);
      for (const [name, heading, path] of [['New Order', 'Create a New Order', '/orders/new'], ['New Participant', 'Create Participant', '/patients/new'],
        ['Barcode Generator', 'Barcode Generator', '/barcode-generator']] as const) {
        await page.getByRole('link', { name, exact: true }).click();
        await page.waitForURL(`**${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.keyboard.press('Escape'); // the full-screen forms cover the navigation; Escape closes them
      }
    },
  },
  {
    name: 'the institution chip clears the selection and choosing again goes Home',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('button', { name: /Central Biobank/ }).click();
      await page.getByRole('heading', { name: 'Institutions' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('lims.institutionId')), null);
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no navigation without an institution');
      await pickInstitution(page);
      await page.waitForURL((url) => url.pathname === '/');
      await see(page, /Welcome, /);
      await shot('home-after-chip');
    },
  },
  {
    name: 'on a small screen the navigation collapses into a burger menu',
    run: async ({ page, admin, shot }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAndPick(page, admin);
      const burger = page.getByRole('button', { name: 'Toggle navigation' });
      await burger.waitFor();
      await burger.click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Accounts' }).waitFor();
      await shot('mobile-menu');
      await nav.getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
      await shot('mobile-accounts');
    },
  },
];
