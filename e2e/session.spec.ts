import { assert, pickInstitution, see, signIn, signInAndPick, type E2ETest } from './harness';

export const tests: E2ETest[] = [
  {
    name: 'a user signs in and picks an institution, then sees Home',
    run: async ({ page, admin, shot, api }) => {
      const token = await api.login(admin.email, admin.password);
      const { body: me } = await api.call<{ firstName: string; lastName: string }>('GET', '/Authentication/me', token);
      await page.goto('/');
      await page.waitForURL('**/login');
      await see(page, 'Log in to your portal');
      assert.equal(await page.getByLabel('Stay logged in?').isChecked(), true, 'Stay logged in? is on by default');
      await see(page, '© 2021. All rights reserved.');
      await shot('login');
      await signIn(page, admin.email, admin.password);
      await page.getByRole('heading', { name: 'Institutions' }).waitFor();
      await shot('institution-picker');
      await pickInstitution(page);
      await see(page, `Welcome, ${me.firstName} ${me.lastName}`);
      await page.getByRole('heading', { name: 'Central Biobank' }).waitFor();
      assert.ok(await page.evaluate(() => localStorage.getItem('lims.token')), 'token stored');
      assert.ok(await page.evaluate(() => localStorage.getItem('lims.institutionId')), 'institution stored');
      await shot('home');
      // The stored institution survives a reload: no picker this time.
      await page.reload();
      await see(page, /Welcome, /);
    },
  },
  {
    name: 'a wrong password shows Incorrect username or password.',
    run: async ({ page, admin, shot }) => {
      await page.goto('/login');
      await signIn(page, admin.email, 'not-the-password');
      await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).waitFor();
      assert.match(page.url(), /\/login$/);
      await page.waitForFunction(() => !document.querySelector('button[data-loading]'));
      await shot('login-error');
    },
  },
  {
    name: 'a deep link to a protected page goes to login and back to it',
    run: async ({ page, admin, shot }) => {
      await page.goto('/accounts?SearchTerm=admin');
      await page.waitForURL(/\/login\?next=%2Faccounts%3FSearchTerm%3Dadmin$/);
      await signIn(page, admin.email, admin.password);
      await pickInstitution(page);
      await page.waitForURL(/\/accounts\?SearchTerm=admin$/);
      await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
      assert.equal(await page.getByLabel('Search', { exact: true }).inputValue(), 'admin');
      await page.getByRole('cell', { name: admin.email }).waitFor();
      const ownRow = page.getByRole('row').filter({ hasText: admin.email });
      assert.equal(await ownRow.getByRole('button', { name: 'Disable' }).count(), 0, 'no Disable on your own account');
      await shot('deep-link-accounts');
      await page.getByLabel('Search', { exact: true }).fill('no-such-person');
      await page.getByLabel('Search', { exact: true }).press('Enter');
      await see(page, "Nothing matches 'no-such-person'.");
      await shot('accounts-empty');
    },
  },
  {
    name: 'logout clears token and institution and returns to login',
    run: async ({ page, admin }) => {
      await signInAndPick(page, admin);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      assert.equal(await page.evaluate(() => localStorage.getItem('lims.token')), null);
      assert.equal(await page.evaluate(() => localStorage.getItem('lims.institutionId')), null);
      await page.goto('/accounts');
      await page.waitForURL(/\/login\?next=%2Faccounts$/);
    },
  },
  {
    name: 'an expired session (401) sends the user to login',
    run: async ({ page, admin }) => {
      await signInAndPick(page, admin);
      await page.evaluate(() => localStorage.setItem('lims.token', 'revoked-or-expired'));
      await page.goto('/accounts');
      await page.waitForURL(/\/login\?next=%2Faccounts$/);
      assert.equal(await page.evaluate(() => localStorage.getItem('lims.token')), null);
    },
  },
  {
    name: 'a session ended on the server returns the user to login with a message that says so',
    run: async ({ page, admin, api, shot }) => {
      await signInAndPick(page, admin);
      await see(page, /Welcome, /);
      const token = await page.evaluate(() => localStorage.getItem('lims.token'));
      assert.equal((await api.call('POST', '/Authentication/logout', token ?? '')).status, 204);
      await page.getByRole('link', { name: 'Participants' }).first().click();
      await page.getByRole('status').filter({ hasText: 'You are not signed in or your session has expired.' }).waitFor();
      await page.getByRole('heading', { name: 'Biobanking LIMS' }).waitFor();
      await shot('login-session-ended');
      await signIn(page, admin.email, admin.password);
      await page.getByRole('heading', { name: 'Participants', level: 1 }).waitFor();
    },
  },
  {
    name: 'any user changes their own password from the account menu',
    run: async ({ page, admin, api, shot }) => {
      const adminToken = await api.login(admin.email, admin.password);
      const { body: me } = await api.call<{ institutionIds: number[] }>('GET', '/Authentication/me', adminToken);
      const email = `researcher.${Date.now()}@e2e.local`;
      const created = await api.call('POST', '/users', adminToken, { FirstName: 'Rita', LastName: 'Researcher', Email: email,
        Password: 'First-Pass-2026', ConfirmPassword: 'First-Pass-2026', PhoneNumber: '+251911000333', Roles: ['Researcher'], InstitutionId: me.institutionIds[0] });
      assert.equal(created.status, 201);
      await signInAndPick(page, { email, password: 'First-Pass-2026' });
      await page.getByRole('button', { name: 'Account menu of Rita Researcher' }).click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change your password' });
      await dialog.getByLabel(/^Current password/).fill('First-Pass-2026');
      await dialog.getByLabel(/^New password/).fill('qwerty123456');
      await dialog.getByLabel(/^Confirm new password/).fill('qwerty123456');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('This password is too common').waitFor();
      await shot('change-own-password-common');
      await dialog.getByLabel(/^New password/).fill('Second-Pass-2026');
      await dialog.getByLabel(/^Confirm new password/).fill('Second-Pass-2026');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await see(page, 'Your password was changed.');
      await page.getByRole('button', { name: 'Logout' }).click();
      await see(page, 'Log in to your portal');
      await signIn(page, email, 'Second-Pass-2026');
      await page.getByRole('heading', { name: 'Institutions' }).waitFor();
    },
  },
  {
    name: 'an unknown route shows the 404 page',
    run: async ({ page, shot }) => {
      await page.goto('/no/such/page');
      await see(page, 'Oops!');
      await see(page, '404 - Page not found');
      await see(page, /removed, had its name changed or is temporarily unavailable/);
      await shot('not-found');
      await page.getByRole('link', { name: 'Go To Homepage' }).click();
      await page.waitForURL('**/login'); // Home is protected and nobody is signed in
    },
  },
  {
    name: 'the About page names the product, its version and the API docs',
    run: async ({ page, shot }) => {
      await page.goto('/about');
      await page.getByRole('heading', { name: 'Biobanking LIMS' }).waitFor();
      await see(page, /^Version \d+\.\d+\.\d+/);
      assert.equal(await page.getByRole('link', { name: '/api/docs' }).getAttribute('href'), '/api/docs');
      await shot('about');
    },
  },
];
