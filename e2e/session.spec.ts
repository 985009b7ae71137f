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
