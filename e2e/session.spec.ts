import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount } from './support/data';
import { field, logOut, openScreen, pickInstitution, see, signIn, signInAndPick } from './support/ui';

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe('session', () => {
  test('a user signs in and picks an institution, then sees Home', async ({ page, admin, api, shot }) => {
    const token = await api.login(admin.email, admin.password);
    const { body: me } = await api.call<{ firstName: string; lastName: string }>('GET', '/Authentication/me', token);
    await page.goto('/');
    await see(page, 'Log in to your portal');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Stay logged in?'), 'Stay logged in? is on by default').toBeChecked();
    await see(page, '© 2021. All rights reserved.');
    await shot('login');
    await signIn(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Institutions' })).toBeVisible();
    // issue 26: the browser now holds a device cookie, for the sign-in path only, out of scripts' reach.
    const device = (await page.context().cookies()).filter((c) => c.name.startsWith('lims_device_'));
    expect(device, 'one device cookie').toHaveLength(1);
    expect(device[0]).toMatchObject({ path: '/api/Authentication/login', httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie), 'not readable by scripts').not.toContain('lims_device_');
    await shot('institution-picker');
    await pickInstitution(page);
    await see(page, `Welcome, ${me.firstName} ${me.lastName}`);
    await expect(page.getByRole('heading', { name: 'Central Biobank' })).toBeVisible();
    expect(await stored(page, 'lims.token'), 'token stored').toBeTruthy();
    expect(await stored(page, 'lims.institutionId'), 'institution stored').toBeTruthy();
    await shot('home');
    // The stored institution survives a reload: no picker this time.
    await page.reload();
    await see(page, /Welcome, /);
  });

  test('a wrong password shows Incorrect username or password.', async ({ page, admin, shot }) => {
    await page.goto('/login');
    await signIn(page, admin.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('button[data-loading]')).toHaveCount(0);
    await shot('login-error');
  });

  test('a deep link to a protected page goes to login and back to it', async ({ page, admin, shot }) => {
    await page.goto('/accounts?SearchTerm=admin');
    await see(page, 'Log in to your portal');
    await expect(page).toHaveURL(/\/login\?next=%2Faccounts%3FSearchTerm%3Dadmin$/);
    await signIn(page, admin.email, admin.password);
    await pickInstitution(page);
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/accounts\?SearchTerm=admin$/);
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('admin');
    await expect(page.getByRole('cell', { name: admin.email })).toBeVisible();
    const ownRow = page.getByRole('row').filter({ hasText: admin.email });
    await expect(ownRow.getByRole('button', { name: 'Disable' }), 'no Disable on your own account').toHaveCount(0);
    await shot('deep-link-accounts');
    await page.getByLabel('Search', { exact: true }).fill('no-such-person');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await see(page, "Nothing matches 'no-such-person'.");
    await shot('accounts-empty');
  });

  test('logout clears token and institution and returns to login', async ({ signedInPage: page }) => {
    await logOut(page);
    await see(page, 'Log in to your portal');
    expect(await stored(page, 'lims.token')).toBeNull();
    expect(await stored(page, 'lims.institutionId')).toBeNull();
    await page.goto('/accounts');
    await see(page, 'Log in to your portal');
    await expect(page).toHaveURL(/\/login\?next=%2Faccounts$/);
  });

  test('an expired session (401) sends the user to login', async ({ signedInPage: page }) => {
    await page.evaluate(() => localStorage.setItem('lims.token', 'revoked-or-expired'));
    await page.goto('/accounts');
    await see(page, 'Log in to your portal');
    await expect(page).toHaveURL(/\/login\?next=%2Faccounts$/);
    expect(await stored(page, 'lims.token')).toBeNull();
  });

  test('a session ended on the server returns the user to login with a message that says so', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    await see(page, /Welcome, /);
    const token = await stored(page, 'lims.token');
    expect((await api.call('POST', '/Authentication/logout', token ?? '')).status).toBe(204);
    await page.getByRole('link', { name: 'Participants' }).first().click();
    await expect(
      page.getByRole('status').filter({ hasText: 'You are not signed in or your session has expired.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Biobanking LIMS' })).toBeVisible();
    await shot('login-session-ended');
    await signIn(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
  });

  test('any user changes their own password from the account menu', async ({ page, admin, api, shot }) => {
    const account = await createAccount(await centralBiobank(api, admin), {
      firstName: 'Rita',
      lastName: 'Researcher',
      role: 'Researcher',
      password: 'First-Pass-2026',
    });
    await signInAndPick(page, account);
    await page.getByRole('button', { name: 'Rita Researcher: account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    await dialog.getByLabel(/^Current password/).fill('First-Pass-2026');
    // issue 26: the server's verdict shows while typing, before any submit.
    const verdict = (text: RegExp) => expect(dialog.getByText(text)).toBeVisible();
    await dialog.getByLabel(/^New password/).pressSequentially('password1234');
    await verdict(/^This password is too easy to guess\./);
    await shot('change-own-password-typing');
    await dialog.getByLabel(/^New password/).fill('First-Pass-2026');
    await verdict(/^Password must not be your current password\./);
    await dialog.getByLabel(/^New password/).fill('Second-Pass-2026');
    await verdict(/^Strong password\.$/);
    await dialog.getByLabel(/^New password/).fill('qwerty123456');
    await dialog.getByLabel(/^Confirm new password/).fill('qwerty123456');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, 'This password is too common');
    await shot('change-own-password-common');
    await dialog.getByLabel(/^New password/).fill('Second-Pass-2026');
    await dialog.getByLabel(/^Confirm new password/).fill('Second-Pass-2026');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(page, 'Your password was changed.');
    await logOut(page);
    await see(page, 'Log in to your portal');
    await signIn(page, account.email, 'Second-Pass-2026');
    await expect(page.getByRole('heading', { name: 'Institutions' })).toBeVisible();
  });

  test('an unknown route shows the 404 page', async ({ page, shot }) => {
    await page.goto('/no/such/page');
    await see(page, 'Oops!');
    await see(page, '404 - Page not found');
    await see(page, /removed, had its name changed or is temporarily unavailable/);
    await shot('not-found');
    await page.getByRole('link', { name: 'Go To Homepage' }).click();
    await see(page, 'Log in to your portal'); // Home is protected and nobody is signed in
  });

  test('the About page names the product, its version and the API docs', async ({ page, shot }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Biobanking LIMS' })).toBeVisible();
    await see(page, /^Version \d+\.\d+\.\d+/);
    await expect(page.getByRole('link', { name: '/api/docs' })).toHaveAttribute('href', '/api/docs');
    await shot('about');
  });
  test.describe('the idle warning', () => {
    // page.clock belongs to the browser context: a context of its own, so the next test keeps the real clock.
    test.use({ freshContext: true });
    test('before an idle session ends, a warning offers to stay signed in; staying keeps what was typed', async ({
      page,
      admin,
      shot,
    }) => {
      // The browser's clock is moved, not waited for: the server's idle limit (30 min) is never reached.
      await page.clock.install();
      await signInAndPick(page, admin);
      await openScreen(page, 'Participants');
      await page.getByRole('main').getByRole('button', { name: 'New Participant' }).click();
      const form = page.getByRole('dialog', { name: 'Create Participant' });
      await form.getByLabel(field('First Name')).fill('Almaz');
      const warning = page.getByRole('dialog', { name: 'Your session is about to end' });
      await page.clock.fastForward('20:00');
      await expect(warning, 'no warning while the session has minutes left').toHaveCount(0);
      await page.clock.fastForward('08:00');
      await expect(warning).toBeVisible();
      await expect(warning.getByText('signed out after 30 minutes without activity')).toBeVisible();
      await shot('session-idle-warning');
      await warning.getByRole('button', { name: 'Stay signed in' }).click();
      await expect(warning).toBeHidden();
      await expect(form.getByLabel(field('First Name')), 'the typed name is still there').toHaveValue('Almaz');
      // Staying was a request: the next warning is again 27 minutes away.
      await page.clock.fastForward('20:00');
      await expect(warning).toHaveCount(0);
    });
  });
});
