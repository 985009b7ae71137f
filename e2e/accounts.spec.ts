import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtBothWidths } from './support/axe';
import { centralBiobank, createAccount, unique } from './support/data';
import { mainNav, openScreen, pickInstitution, search, see, signedInAs, signIn } from './support/ui';

interface AccountForm {
  first: string;
  last: string;
  email: string;
  password: string;
  phone: string;
  role: string;
}

async function fillAccount(page: Page, a: AccountForm) {
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

test.describe('accounts', () => {
  test('an administrator creates a Technician account, finds it, and the technician cannot see accounts', async ({
    signedInPage: page,
    shot,
    newPage,
  }) => {
    await openScreen(page, 'Accounts');
    await shot('accounts');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an Account' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, '*required');
    await see(dialog, '*Required');
    await shot('account-create-validation');
    const email = `tech.${unique()}@lab.test`;
    await fillAccount(page, {
      first: 'Tina',
      last: 'Technician',
      email,
      password: 'Bench#2024!ok',
      phone: '0912345678',
      role: 'Technician',
    });
    await shot('account-create-filled');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await see(page, `Account ${email} created.`);
    await search(page, email);
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
    await see(page, '1–1 of 1'); // exactly the one match
    await shot('accounts-search');

    const techPage = await newPage();
    await signedInAs(techPage, { email, password: 'Bench#2024!ok' });
    // Accounts is not offered to a Technician; its address shows the no-access screen (e2e/roles.spec.ts covers the rest).
    await expect(mainNav(techPage).getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(mainNav(techPage).getByRole('link', { name: 'Accounts' })).toHaveCount(0);
    await techPage.goto('/accounts');
    await expect(techPage.getByRole('heading', { name: "You don't have access to accounts", level: 1 })).toBeVisible();
    await expect(techPage.getByRole('button', { name: 'Create' }), 'Create is hidden').toHaveCount(0);
    await shot('accounts-no-permission', techPage);
  });

  test('Submit and create another saves, keeps the form open and clears it', async ({ signedInPage: page }) => {
    await openScreen(page, 'Accounts');
    await page.getByRole('button', { name: 'Create' }).click();
    const email = `again.${unique()}@lab.test`;
    const dialog = await fillAccount(page, {
      first: 'Ada',
      last: 'Again',
      email,
      password: 'Again#2024!ok',
      phone: '+251911000111',
      role: 'Researcher',
    });
    await dialog.getByRole('button', { name: 'Submit and create another' }).click();
    await see(page, `Account ${email} created.`);
    await expect(dialog.getByLabel('Email'), 'form cleared').toHaveValue('');
    await expect(dialog, 'form still open').toBeVisible();
    // A second account with the same e-mail: the server's conflict title shows in the form.
    await fillAccount(page, {
      first: 'Ada',
      last: 'Twice',
      email,
      password: 'Again#2024!ok',
      phone: '0911000222',
      role: 'Researcher',
    });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, 'An account with this e-mail already exists.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await search(page, email);
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
  });

  test('an administrator changes an account password from its row', async ({ page, admin, api, shot }) => {
    const account = await createAccount(await centralBiobank(api, admin));
    await signedInAs(page, admin, 'Central Biobank', `/accounts?SearchTerm=${encodeURIComponent(account.email)}`);
    await page.getByRole('cell', { name: account.email }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await see(dialog, 'an administrator resetting a forgotten password may leave it empty');
    await dialog.getByLabel('New Password').fill('Changed#2025!');
    await dialog.getByLabel(/^Your administrator password/).fill('wrong-admin-password');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, 'Your administrator password is incorrect.');
    await dialog.getByLabel(/^Your administrator password/).fill(admin.password);
    await shot('account-change-password');
    await dialog.getByLabel(/^Your administrator password/).press('Enter');
    await expect(dialog).toBeHidden();
    await see(page, `The password of ${account.email} was changed.`);
    await api.login(account.email, 'Changed#2025!');
    const old = await api.call('POST', '/Authentication/login', '', {
      userName: account.email,
      password: account.password,
    });
    expect(old.status, 'the old password no longer works').toBe(401);
  });

  test('disabling an account asks first, then the account cannot sign in until enabled', async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const account = await createAccount(await centralBiobank(api, admin), { role: 'Clinician' });
    await signedInAs(page, admin, 'Central Biobank', `/accounts?SearchTerm=${encodeURIComponent(account.email)}`);
    const row = page.getByRole('row').filter({ hasText: account.email });
    await row.getByRole('button', { name: 'Disable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable account' });
    await see(confirm, 'will no longer be able to sign in');
    await shot('account-disable-confirm');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled')).toBeVisible();
    const denied = await api.call('POST', '/Authentication/login', '', {
      userName: account.email,
      password: account.password,
    });
    expect(denied.status).toBe(401);
    await row.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('dialog', { name: 'Enable account' }).getByRole('button', { name: 'Enable' }).click();
    await expect(row.getByText('Enabled')).toBeVisible();
    await api.login(account.email, account.password);
  });

  test("an administrator changes an account's roles and adds it to a second institution", async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const account = await createAccount(biobank, { role: 'Technician' });
    const second = `Second Biobank ${unique()}`;
    const created = await api.call('POST', '/institutions', biobank.token, {
      title: second,
      abbreviation: 'SB',
      address: '9 River Road',
    });
    expect(created.status, `create institution: ${JSON.stringify(created.body)}`).toBe(201);
    await signedInAs(page, admin, 'Central Biobank', `/accounts?SearchTerm=${encodeURIComponent(account.email)}`);
    await page
      .getByRole('row')
      .filter({ hasText: account.email })
      .getByRole('button', { name: /^Access: roles and institutions of/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Roles and Institutions' });
    await dialog.getByLabel('Institution', { exact: true }).click();
    await page.getByRole('option', { name: second, exact: true }).click();
    await dialog.getByLabel('Roles there').click();
    await page.getByRole('option', { name: 'Researcher', exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByLabel(`Roles in ${second}`)).toBeVisible(); // a row for the new membership
    const first = dialog.getByLabel(/^Roles in /).first(); // the first institution, Technician
    await first.click();
    await page.keyboard.press('Backspace'); // removes the last chosen role, Technician
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(dialog, '*Required');
    await first.click();
    await page.getByRole('option', { name: 'Bench Scientist', exact: true }).click();
    await page.keyboard.press('Escape');
    await shot('account-access');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: account.email });
    await expect(row.getByText('Bench Scientist')).toBeVisible();
    await expect(row.getByText('Researcher')).toBeVisible();
    await shot('accounts-roles-per-institution');
    const login = await api.call<{ account: { institutionIds: number[]; memberships: { roles: string[] }[] } }>(
      'POST',
      '/Authentication/login',
      '',
      { userName: account.email, password: account.password },
    );
    expect(login.body.account.memberships.map((m) => m.roles).sort()).toEqual([['Bench Scientist'], ['Researcher']]);
    expect(login.body.account.institutionIds).toHaveLength(2);
  });
});

test.describe('invitations (issue 26: no account-existence oracle across institutions)', () => {
  test('an administrator of another institution adds an existing e-mail as if new; the person accepts on the picker and works there', async ({
    admin,
    api,
    newPage,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const alice = await createAccount(biobank, { role: 'Technician', firstName: 'Alicia', lastName: 'Ownname' });
    const partner = `Partner Lab ${unique()}`;
    const created = await api.call('POST', '/institutions', biobank.token, {
      title: partner,
      abbreviation: 'PL',
      address: '3 Lake Road',
    });
    expect(created.status, `create institution: ${JSON.stringify(created.body)}`).toBe(201);
    const partnerAdmin = { email: `partner.admin.${unique()}@lab.test`, password: 'Partner#Admin-2026' };
    const made = await api.call('POST', '/users', biobank.token, {
      firstName: 'Paula',
      lastName: 'Partner',
      email: partnerAdmin.email,
      password: partnerAdmin.password,
      confirmPassword: partnerAdmin.password,
      phoneNumber: '0911223355',
      roles: ['Institution Administrator'],
      institutionId: created.body.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    // The partner's administrator creates "an account" with Alice's e-mail: the same form, the same answer as a new one.
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, partnerAdmin.email, partnerAdmin.password);
    await pickInstitution(page, partner);
    await openScreen(page, 'Accounts');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = await fillAccount(page, {
      first: 'Typed',
      last: 'ByPartner',
      email: alice.email,
      password: 'Partner#Typed-2026',
      phone: '0911000999',
      role: 'Researcher',
    });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden();
    await see(page, `Account ${alice.email} created.`);
    await search(page, alice.email);
    const row = page.getByRole('row').filter({ hasText: alice.email });
    await expect(row.getByRole('cell', { name: 'Typed', exact: true }), 'only what the partner typed').toBeVisible();
    await expect(page.getByText('Alicia')).toHaveCount(0);
    await shot('invitation-partner-sees-typed', page);

    // Alice signs in: the invitation waits above the institution picker; her password is still her own.
    const alicePage = await newPage();
    await alicePage.goto('/login');
    await signIn(alicePage, alice.email, alice.password);
    const invitations = alicePage.getByRole('region', { name: 'Invitations' });
    const invitation = invitations.getByRole('article', { name: `Invitation to ${partner}` });
    await expect(invitation).toBeVisible();
    await expect(invitation.getByText('Researcher')).toBeVisible();
    await expect(invitation.getByText(/Invited by Paula Partner/)).toBeVisible();
    await expect(
      alicePage.getByRole('button', { name: new RegExp(partner) }),
      'not a member before accepting',
    ).toHaveCount(0);
    await shot('invitation-picker', alicePage);
    await expectNoAxeViolationsAtBothWidths(alicePage, 'invitation panel', invitation);
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await see(alicePage, `You joined ${partner}.`);
    await expect(invitations).toHaveCount(0);
    await pickInstitution(alicePage, partner);
    await expect(mainNav(alicePage).getByRole('link', { name: 'Home' })).toBeVisible();
    await shot('invitation-accepted', alicePage);

    // The partner now sees Alice's own account, and the typed password never opens it.
    await page.reload();
    await expect(
      page.getByRole('row').filter({ hasText: alice.email }).getByRole('cell', { name: 'Alicia', exact: true }),
    ).toBeVisible();
    const typed = await api.call('POST', '/Authentication/login', '', {
      userName: alice.email,
      password: 'Partner#Typed-2026',
    });
    expect(typed.status).toBe(401);
  });
});
