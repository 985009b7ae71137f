import type { Page } from 'playwright-core';
import { assert, pickInstitution, see, signIn, signInAndPick, type ApiHelpers, type Admin, type E2ETest } from './harness';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openAccounts(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
}

async function fillAccount(page: Page, a: { first: string; last: string; email: string; password: string; phone: string; role: string }) {
  const dialog = page.getByRole('dialog', { name: 'Create an Account' });
  await dialog.getByLabel('First Name').fill(a.first);
  await dialog.getByLabel('Last Name').fill(a.last);
  await dialog.getByLabel('Email').fill(a.email);
  await dialog.getByLabel(/^Password/).fill(a.password);
  await dialog.getByLabel('Confirm Password').fill(a.password);
  await dialog.getByLabel('Phone Number').fill(a.phone);
  await dialog.getByLabel('Roles').click();
  await page.getByRole('option', { name: a.role, exact: true }).click();
  await page.keyboard.press('Escape'); // close the roles dropdown, not the form
  return dialog;
}

/** An account made through the API, for tests about what happens to an existing account. */
async function createAccountByApi(api: ApiHelpers, admin: Admin, role = 'Technician') {
  const token = await api.login(admin.email, admin.password);
  const { body: institutions } = await api.call<{ id: number }[]>('GET', '/institutions', token);
  const email = `e2e.${unique()}@lab.test`;
  const res = await api.call<{ id: number }>('POST', '/users', token, {
    firstName: 'Tess', lastName: 'Api', email, password: 'Original#2024', confirmPassword: 'Original#2024',
    phoneNumber: '0911223344', roles: [role], institutionId: institutions[0].id,
  });
  assert.equal(res.status, 201, `create account: ${JSON.stringify(res.body)}`);
  return { email, password: 'Original#2024' };
}

export const tests: E2ETest[] = [
  {
    name: 'an administrator creates a Technician account, finds it, and the technician cannot see accounts',
    run: async ({ page, admin, shot, newPage }) => {
      await signInAndPick(page, admin);
      await openAccounts(page);
      await shot('accounts');
      await page.getByRole('button', { name: 'Create' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an Account' });
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('*required').first().waitFor();
      await dialog.getByText('*Required').first().waitFor();
      await shot('account-create-validation');
      const email = `tech.${unique()}@lab.test`;
      await fillAccount(page, { first: 'Tina', last: 'Technician', email, password: 'Bench#2024!ok', phone: '0912345678', role: 'Technician' });
      await shot('account-create-filled');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await see(page, `Account ${email} created.`);
      await page.getByLabel('Search', { exact: true }).fill(email);
      await page.getByLabel('Search', { exact: true }).press('Enter');
      await page.waitForURL(/SearchTerm=tech/);
      await page.getByRole('cell', { name: email }).waitFor();
      await see(page, '1–1 of 1'); // exactly the one match
      await shot('accounts-search');

      const techPage = await newPage();
      await techPage.goto('/login');
      await signIn(techPage, email, 'Bench#2024!ok');
      await pickInstitution(techPage);
      await openAccounts(techPage);
      await see(techPage, 'You do not have permission to see accounts.');
      assert.equal(await techPage.getByRole('button', { name: 'Create' }).count(), 0, 'Create is hidden');
      await shot('accounts-no-permission', techPage);
    },
  },
  {
    name: 'Submit and create another saves, keeps the form open and clears it',
    run: async ({ page, admin }) => {
      await signInAndPick(page, admin);
      await openAccounts(page);
      await page.getByRole('button', { name: 'Create' }).click();
      const email = `again.${unique()}@lab.test`;
      const dialog = await fillAccount(page, { first: 'Ada', last: 'Again', email, password: 'Again#2024!ok', phone: '+251911000111', role: 'Researcher' });
      await dialog.getByRole('button', { name: 'Submit and create another' }).click();
      await see(page, `Account ${email} created.`);
      assert.equal(await dialog.getByLabel('Email').inputValue(), '', 'form cleared');
      assert.ok(await dialog.isVisible(), 'form still open');
      // A second account with the same e-mail: the server's conflict title shows in the form.
      await fillAccount(page, { first: 'Ada', last: 'Twice', email, password: 'Again#2024!ok', phone: '0911000222', role: 'Researcher' });
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('An account with this e-mail already exists.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByLabel('Search', { exact: true }).fill(email);
      await page.getByLabel('Search', { exact: true }).press('Enter');
      await page.getByRole('cell', { name: email }).waitFor();
    },
  },
  {
    name: 'an administrator changes an account password from its row',
    run: async ({ page, admin, api, shot }) => {
      const account = await createAccountByApi(api, admin);
      await signInAndPick(page, admin);
      await page.goto(`/accounts?SearchTerm=${encodeURIComponent(account.email)}`);
      await page.getByRole('cell', { name: account.email }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await dialog.getByText('an administrator resetting a forgotten password may leave it empty').waitFor();
      await dialog.getByLabel('New Password').fill('Changed#2025!');
      await dialog.getByLabel(/^Your administrator password/).fill('wrong-admin-password');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('Your administrator password is incorrect.').first().waitFor();
      await dialog.getByLabel(/^Your administrator password/).fill(admin.password);
      await shot('account-change-password');
      await dialog.getByLabel(/^Your administrator password/).press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await see(page, `The password of ${account.email} was changed.`);
      await api.login(account.email, 'Changed#2025!');
      const old = await api.call('POST', '/Authentication/login', '', { userName: account.email, password: account.password });
      assert.equal(old.status, 401, 'the old password no longer works');
    },
  },
  {
    name: 'disabling an account asks first, then the account cannot sign in until enabled',
    run: async ({ page, admin, api, shot }) => {
      const account = await createAccountByApi(api, admin, 'Clinician');
      await signInAndPick(page, admin);
      await page.goto(`/accounts?SearchTerm=${encodeURIComponent(account.email)}`);
      const row = page.getByRole('row').filter({ hasText: account.email });
      await row.getByRole('button', { name: 'Disable' }).click();
      const confirm = page.getByRole('dialog', { name: 'Disable account' });
      await confirm.getByText('will no longer be able to sign in').waitFor();
      await shot('account-disable-confirm');
      await confirm.getByRole('button', { name: 'Disable' }).click();
      await row.getByText('Disabled').waitFor();
      const denied = await api.call('POST', '/Authentication/login', '', { userName: account.email, password: account.password });
      assert.equal(denied.status, 401);
      await row.getByRole('button', { name: 'Enable' }).click();
      await page.getByRole('dialog', { name: 'Enable account' }).getByRole('button', { name: 'Enable' }).click();
      await row.getByText('Enabled').waitFor();
      await api.login(account.email, account.password);
    },
  },
  {
    name: 'an administrator changes an account\'s roles and adds it to a second institution',
    run: async ({ page, admin, api, shot }) => {
      const account = await createAccountByApi(api, admin, 'Technician');
      const token = await api.login(admin.email, admin.password);
      const second = `Second Biobank ${unique()}`;
      const created = await api.call('POST', '/institutions', token, { title: second, abbreviation: 'SB', address: '9 River Road' });
      assert.equal(created.status, 201, `create institution: ${JSON.stringify(created.body)}`);
      await signInAndPick(page, admin);
      await page.goto(`/accounts?SearchTerm=${encodeURIComponent(account.email)}`);
      await page.getByRole('row').filter({ hasText: account.email }).getByRole('button', { name: /^Roles and institutions of/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Roles and Institutions' });
      await dialog.getByLabel('Institution', { exact: true }).click();
      await page.getByRole('option', { name: second, exact: true }).click();
      await dialog.getByLabel('Roles there').click();
      await page.getByRole('option', { name: 'Researcher', exact: true }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByLabel(`Roles in ${second}`).waitFor(); // a row for the new membership
      const first = dialog.getByLabel(/^Roles in /).first(); // the first institution, Technician
      await first.click();
      await page.keyboard.press('Backspace'); // removes the last chosen role, Technician
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.getByText('*Required').first().waitFor();
      await first.click();
      await page.getByRole('option', { name: 'Bench Scientist', exact: true }).click();
      await page.keyboard.press('Escape');
      await shot('account-access');
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row').filter({ hasText: account.email });
      await row.getByText('Bench Scientist').waitFor();
      await row.getByText('Researcher').waitFor();
      await shot('accounts-roles-per-institution');
      const login = await api.call<{ account: { institutionIds: number[]; memberships: { roles: string[] }[] } }>('POST', '/Authentication/login', '', { userName: account.email, password: account.password });
      assert.deepEqual(login.body.account.memberships.map((m) => m.roles).sort(), [['Bench Scientist'], ['Researcher']]);
      assert.equal(login.body.account.institutionIds.length, 2);
    },
  },
];
