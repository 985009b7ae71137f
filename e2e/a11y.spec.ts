import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, orderWithResult, registerParticipant, unique } from './support/data';
import { protocolByApi } from './support/protocols';
import { signedInAs, signIn, tablesSettled } from './support/ui';

/** Every main screen, scanned by axe-core once it has settled: 0 violations of any impact (issues 11 and 28). */
// The two whole-app scans are the longest tests of the suite and make their own data: in parallel mode the two
// workers take one each instead of one worker running both (docs/performance.md "CI time").
test.describe.configure({ mode: 'parallel' });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const h1 = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const dialogTitle = (page: Page, name: string) => page.getByRole('dialog').getByRole('heading', { name });

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every main screen has no axe violation', async ({ page, admin, api, shot }) => {
      test.setTimeout(480_000); // 20 screens, each a cold page load on a busy machine
      const biobank = await centralBiobank(api, admin);
      const participant = await registerParticipant(biobank, {
        mrn: `MRN-${unique()}`.toUpperCase(),
        phone: '0911000111',
      });
      const order = await orderWithResult(biobank);
      const protocol = await protocolByApi(biobank, { startDate: '2026-01-01' });
      const at = `${viewport.width} px`;
      // Waits for what shows the screen is ready, then for its tables, then scans.
      const scan = async (name: string, ready: Locator) => {
        await expect(ready, `${name} shows`).toBeVisible({ timeout: 30_000 }); // a cold chunk on a busy machine
        await tablesSettled(page);
        await expectNoAxeViolations(page, `${name} at ${at}`);
      };
      const visit = async (name: string, path: string, ready: Locator) => {
        await page.goto(path);
        await scan(name, ready);
      };

      await visit('login', '/login', h1(page, 'Biobanking LIMS'));
      await signIn(page, admin.email, admin.password);
      await scan('institution picker', h1(page, 'Institutions'));
      await page.getByRole('button', { name: /Central Biobank/ }).click();
      await scan('dashboard', page.getByText(/Welcome, /));
      if (viewport.width < 500) await shot('a11y-dashboard-390');

      await visit('participants list', '/patients', h1(page, 'Participants'));
      await visit('create participant form', '/patients/new', dialogTitle(page, 'Create Participant'));
      await visit('participant edit form', `/patients/${participant.id}`, page.getByLabel(/^First Name/));
      await visit('orders list', '/orders', h1(page, 'Orders'));
      if (viewport.width < 500) await shot('a11y-orders-390');
      await visit('new order form', '/orders/new', dialogTitle(page, 'Create a New Order'));
      await visit(
        'test result page',
        `/orders/test-result?sampleId=${order.sampleId}`,
        page.getByLabel(`Result of ${order.test}`),
      );
      if (viewport.width < 500) await shot('a11y-test-result-390');

      await visit('panel list', '/configuration/panel', h1(page, 'Panel'));
      await visit('test list', '/configuration/test', h1(page, 'Test'));
      await page.getByRole('button', { name: 'Create Test' }).click();
      await scan('test form', dialogTitle(page, 'Create a Test'));

      await visit('protocol list', '/collection-protocols', h1(page, 'Collection Protocols'));
      await visit(
        'protocol create form',
        '/collection-protocols/new',
        dialogTitle(page, 'Create a Collection Protocol'),
      );
      await visit('protocol overview', `/collection-protocols/${protocol.id}/overview`, h1(page, protocol.title));
      if (viewport.width < 500) await shot('a11y-protocol-overview-390');

      await visit('accounts list', '/accounts', h1(page, 'Accounts'));
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await scan('account form', dialogTitle(page, 'Create an Account'));
      // issue 26: the strength meter and verdict under the new password.
      await page
        .getByRole('dialog')
        .getByLabel(/^Password/)
        .fill('password1234');
      await scan(
        'account form with the password verdict',
        page.getByRole('dialog').getByText(/^This password is too easy to guess\./),
      );

      await visit('printer settings', '/setting/printer', h1(page, 'Printer'));
      await visit('institution settings', '/setting/institution', h1(page, 'Institution'));
      await visit('barcode generator', '/barcode-generator', dialogTitle(page, 'Barcode Generator'));
      await visit('audit log', '/setting/audit-log', h1(page, 'Audit Log'));
      if (viewport.width < 500) await shot('a11y-audit-log-390');
      await visit('about', '/about', h1(page, 'Biobanking LIMS'));
      await visit('not found', '/no-such-page', page.getByRole('heading', { name: '404 - Page not found' }));
      await visit('test result report', '/report', h1(page, 'Test Results'));
      await page.getByRole('button', { name: 'Generate Report' }).click();
      await scan(
        'test result report asking for a panel',
        page.getByRole('alert').filter({ hasText: 'Choose a panel.' }),
      );
      await visit('import screen', '/configuration/import', h1(page, 'Import data'));
    });
  });
}

test.describe('keyboard', () => {
  test('the skip link is the first Tab stop, shows on focus and moves focus to the content', async ({
    page,
    admin,
    shot,
  }) => {
    await signedInAs(page, admin, 'Central Biobank', '/orders');
    await expect(h1(page, 'Orders')).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    const width = async () => (await skip.boundingBox())?.width ?? 0;
    expect(await width(), 'clipped to a pixel until focused').toBeLessThanOrEqual(1);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect.poll(width, { message: 'shown in full once focused' }).toBeGreaterThan(60);
    await expect(skip).toBeInViewport();
    await shot('a11y-skip-link');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab goes into the page, past the navigation.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).locator(':focus')).toHaveCount(0);
  });

  test('focus moves to the page heading after sign-in and navigation, never out of an open form', async ({
    page,
    admin,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email'), 'the login form keeps its own focus').toBeFocused();
    await signIn(page, admin.email, admin.password);
    await expect(h1(page, 'Institutions')).toBeFocused();
    await page.getByRole('button', { name: /Central Biobank/ }).click();
    await expect(h1(page, 'Central Biobank')).toBeFocused();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await expect(h1(page, 'Orders')).toBeFocused();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Setting' }).click();
    await expect(h1(page, 'Printer')).toBeFocused();
    // A full-screen form opened by navigation keeps focus inside it.
    await page.getByRole('link', { name: 'New Participant', exact: true }).click();
    await expect(dialogTitle(page, 'Create Participant')).toBeVisible();
    await expect(page.getByRole('dialog').locator(':focus')).toHaveCount(1);
    await expect(h1(page, 'Participants')).not.toBeFocused();
  });
});
