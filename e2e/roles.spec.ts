import type { Page } from '@playwright/test';
import { PERMISSION_LABELS } from '../contract/permission-labels';
import type { Permission } from '../contract/permissions.contract';
import { expect, test } from './fixtures';
import {
  centralBiobank,
  createAccount,
  freeTextOrder,
  registerParticipant,
  secondInstitution,
  unique,
  type Biobank,
} from './support/data';
import { protocolByApi } from './support/protocols';
import { changeInstitution, logOut, mainNav, pickInstitution, signedInAs, signInAndPick } from './support/ui';

// Issue 11 "role-aware screens": what an account may not use is not offered, and a deep link to it shows the
// one no-access screen (docs/permissions.md, "What the web hides").
const ALL = [
  'Home',
  'Collection Protocols',
  'Orders',
  'Shipments',
  'Configuration',
  'Participants',
  'Report',
  // Issue 32: distribution protocols, for administrators and researchers (distribution.read).
  'Distribution',
  // Issue 32 item 5: research requests (requests.read: researchers, reviewers, tissue bankers, administrators).
  'Requests',
  // Issue 32 item 3: the research catalogue, for administrators and researchers (catalogue.read).
  'Catalogue',
  // Issue 32 item 4: the query builder (queries.read: researchers, administrators and lab staff).
  'Queries',
  'Setting',
  'Accounts',
];
const ACTIONS = ['Barcode Generator', 'New Order', 'New Participant'];
const TECHNICIAN = [
  'Home',
  'Collection Protocols',
  'Orders',
  'Shipments',
  'Configuration',
  'Participants',
  'Queries',
  'Setting',
];
/** The first look after a full page load (a deep link) waits longer: the app boots and asks /me again. */
const afterLoad = expect.configure({ timeout: 20_000 });

/** The top bar's entries and actions, as the account sees them at 1280 px. */
async function expectNav(page: Page, links: string[], actions: string[]) {
  await expect(mainNav(page).getByRole('link')).toHaveText(links);
  const header = page.getByRole('banner');
  for (const name of ACTIONS) {
    await expect(header.getByRole('link', { name, exact: true }), name).toHaveCount(actions.includes(name) ? 1 : 0);
  }
}

/** A deep link the account may not use shows the no-access screen naming what and, in words, the permission missing. */
async function expectNoAccess(page: Page, path: string, what: string, permission: Permission) {
  await page.goto(path);
  await afterLoad(page.getByRole('heading', { name: `You don't have access to ${what}`, level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(
        new RegExp(
          `You need permission to ${PERMISSION_LABELS[permission]}, and your roles? in \\S.* \\(.+\\) (does|do) not include it\\.`,
        ),
      ),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText(permission), "the permission's name is not shown").toHaveCount(0);
  await expect(page.getByRole('dialog'), `${path} opens no form`).toHaveCount(0);
  await expect(page.getByRole('table'), `${path} shows no list`).toHaveCount(0);
}

const account = (b: Biobank, role: string) =>
  createAccount(b, {
    firstName: role.split(' ')[0],
    lastName: 'Roles',
    role,
    password: `${role.replace(/ /g, '')}#2024-ok`,
  });

test.describe('role-aware screens', () => {
  // Each test makes its records and accounts through the API and signs in: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('a Technician sees no Accounts, Report, New Order or New Participant, and no release hint', async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const order = await freeTextOrder(biobank);
    await signedInAs(page, await account(biobank, 'Technician'));

    await expectNav(page, TECHNICIAN, ['Barcode Generator']);
    await shot('roles-technician-home');

    await mainNav(page).getByRole('link', { name: 'Participants' }).click();
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Participant' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / }), 'no edit action on the rows').toHaveCount(0);
    await mainNav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'New Order' })).toHaveCount(0);
    await mainNav(page).getByRole('link', { name: 'Setting' }).click();
    const setting = page.getByRole('navigation', { name: 'Setting' });
    await expect(setting.getByRole('link')).toHaveText(['Printer', 'Institution']);
    await expect(page.getByRole('heading', { name: 'Printer', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Port'), 'the server printer is configured by printer.configure only').toHaveCount(0);

    // Results: entered and saved, but the hint does not promise a release the server refuses.
    await page.goto(`/orders/test-result?sampleId=${order.sampleId}`);
    await afterLoad(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Release panel' })).toHaveCount(0);
    await expect(
      page.getByText(
        'Right-click a test, or use its ⋮ button, to comment on it. You need permission to release results.',
        { exact: false },
      ),
    ).toBeVisible();
    await shot('roles-technician-test-result');

    // A protocol's tabs: no Collected Questionnaires (the report needs reports.run), the rest as for everyone.
    const protocol = await protocolByApi(biobank);
    await page.goto(`/collection-protocols/${protocol.id}/overview`);
    await afterLoad(page.getByRole('navigation', { name: 'Collection protocol' }).getByRole('link')).toHaveText([
      'Overview',
      'Consents',
      'Sites',
      'Events',
      'Participants',
      'Collected Samples',
      'Questionnaires',
      'Shipments',
    ]);
  });

  test("a Technician's deep links to screens it may not use show the no-access screen, on a phone too", async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const patient = await registerParticipant(biobank, { mrn: `MRN-${unique()}`.toUpperCase() });
    await signedInAs(page, await account(biobank, 'Technician'));
    await expectNoAccess(page, '/accounts', 'accounts', 'accounts.read');
    await shot('roles-technician-no-access');
    await expectNoAccess(page, '/patients/new', 'registering participants', 'participants.manage');
    await expectNoAccess(page, `/patients/${patient.id}`, 'editing participants', 'participants.manage');
    await expectNoAccess(page, '/orders/new', 'creating orders', 'orders.create');
    await expectNoAccess(page, '/setting/audit-log', 'the audit log', 'audit.read');
    await expectNoAccess(page, '/report', 'reports', 'reports.run');
    await page.getByRole('link', { name: 'Go To Homepage' }).click();
    await expect(page.getByRole('heading', { name: 'Central Biobank', level: 1 })).toBeVisible();

    // A phone: the burger menu offers the same entries; the no-access screen fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(mainNav(page).getByRole('link')).toHaveText(TECHNICIAN);
    // At this width the header's own row is hidden, so only the menu's actions count.
    await expect(page.getByRole('link', { name: 'Barcode Generator' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^New (Order|Participant)$/ })).toHaveCount(0);
    await shot('roles-technician-burger');
    await expectNoAccess(page, '/orders/new', 'creating orders', 'orders.create');
    await shot('roles-technician-no-access-phone');
  });

  test('a Clinician registers participants and orders tests but sees no Accounts', async ({ page, admin, api }) => {
    const biobank = await centralBiobank(api, admin);
    await signedInAs(page, await account(biobank, 'Clinician'));
    await expectNav(
      page,
      ALL.filter(
        (l) => l !== 'Accounts' && l !== 'Distribution' && l !== 'Requests' && l !== 'Catalogue' && l !== 'Queries',
      ),
      ACTIONS,
    );
    await page.getByRole('banner').getByRole('link', { name: 'New Participant' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Participant' })).toBeVisible();
    await page.goto('/orders/new');
    await afterLoad(page.getByRole('dialog', { name: 'Create a New Order' })).toBeVisible();
    await expectNoAccess(page, '/accounts', 'accounts', 'accounts.read');
    await expectNoAccess(page, '/setting/audit-log', 'the audit log', 'audit.read');
  });

  test('a Researcher reads and runs reports: no creating, no saving results, no printer', async ({
    page,
    admin,
    api,
    shot,
  }) => {
    const biobank = await centralBiobank(api, admin);
    const order = await freeTextOrder(biobank);
    await signedInAs(page, await account(biobank, 'Researcher'));
    await expectNav(
      page,
      ALL.filter((l) => l !== 'Accounts'),
      [],
    );
    await page.goto(`/orders/test-result?sampleId=${order.sampleId}`);
    await afterLoad(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Actions for ${order.test}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
    await shot('roles-researcher-test-result');
    // Setting opens on the first entry the account may use.
    await mainNav(page).getByRole('link', { name: 'Setting' }).click();
    await expect(page.getByRole('heading', { name: 'Institution', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Setting' }).getByRole('link')).toHaveText(['Institution']);
    await expectNoAccess(page, '/setting/printer', 'the printer settings', 'labels.print');
    await expectNoAccess(page, '/barcode-generator', 'the barcode generator', 'labels.print');
    await expectNoAccess(page, '/patients/new', 'registering participants', 'participants.manage');
  });

  test('an Administrator sees everything; switching institution follows the roles held there', async ({
    page,
    admin,
    api,
  }) => {
    await signInAndPick(page, admin);
    await expectNav(page, ALL, ACTIONS);
    await page.goto('/accounts');
    await afterLoad(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toBeVisible();

    // A Technician in the Central Biobank who administers a second institution.
    const biobank = await centralBiobank(api, admin);
    const tech = await account(biobank, 'Technician');
    const second = await secondInstitution(biobank, tech, ['Administrator']);
    await logOut(page);
    await expect(page.getByText('Log in to your portal')).toBeVisible();
    await signInAndPick(page, tech);
    await expectNav(page, TECHNICIAN, ['Barcode Generator']);
    await changeInstitution(page);
    await pickInstitution(page, second);
    await expectNav(page, ALL, ACTIONS);
    await changeInstitution(page);
    await pickInstitution(page);
    await expectNav(page, TECHNICIAN, ['Barcode Generator']);
  });
});
