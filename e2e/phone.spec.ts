import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, orderWithResults, registerParticipant, unique } from './support/data';
import { receivingInstitution } from './support/shipments';
import { collectedSampleByApi, collectingProtocol } from './support/protocols';
import {
  accountMenu,
  changeInstitution,
  field,
  institutionMenu,
  mainNav,
  noSideScroll,
  pickInstitution,
  see,
  signedInAs,
  tablesSettled,
} from './support/ui';

/**
 * Issue 11 "Phone-size layouts": at 390 px the lists show their records as cards, the test-result
 * screen stacks each test, and no screen scrolls sideways; buttons keep their whole words.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The button's words are all shown: neither it nor anything in it clips its text. */
async function showsWholeWords(button: Locator, words: string) {
  await expect(button).toBeVisible();
  await expect(button).toContainText(words);
  const clipped = await button.evaluate((b) =>
    [b, ...b.querySelectorAll('*')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName} ${e.scrollWidth}>${e.clientWidth}`),
  );
  expect(clipped, `'${words}' is not cut off`).toEqual([]);
}

/** The control is shown whole inside the 390 px viewport: its box lies within 0..390 across, and on screen. */
async function withinPhone(target: Locator, what: string) {
  await expect(target, `${what} is visible`).toBeVisible();
  await expect(target, `${what} is on screen`).toBeInViewport({ ratio: 1 });
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      return box && box.x >= 0 && box.x + box.width <= 390 ? 'inside' : `x ${box?.x}..${box && box.x + box.width}`;
    }, `${what} lies within 0..390 px`)
    .toBe('inside');
}

/** Every tab of the bar is in view and opens its page (marked current). */
async function everyTabWorks(page: Page, bar: Locator, labels: string[]) {
  await expect(bar.getByRole('link')).toHaveText(labels);
  for (const label of labels) {
    const tab = bar.getByRole('link', { name: label, exact: true });
    await withinPhone(tab, `the '${label}' tab`);
    await tab.click();
    await expect(tab, `'${label}' opens`).toHaveAttribute('aria-current', 'page');
  }
}

const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

/** Open a screen as a phone user does: the burger, then the link (no full page load on the busy test machine). */
async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await mainNav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: link, level: 1 })).toBeVisible();
}

test.describe('on a phone', () => {
  test('the participants list shows cards; a card opens the participant; the forms fit', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    test.slow(); // data set-up and several screens on a busy 2-core machine
    const biobank = await centralBiobank(api, admin);
    const mrn = `PH-${unique()}`.toUpperCase();
    const p = await registerParticipant(biobank, { mrn, firstName: 'Meron', fatherName: `Phone${mrn.slice(-4)}` });
    await openFromMenu(page, 'Participants');
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    await showsWholeWords(searchButton, 'Search');
    await page.getByLabel(field('Search')).fill(mrn);
    await searchButton.click();
    const found = card(page, mrn);
    await expect(found).toHaveCount(1);
    await expect(
      found.getByRole('button', { name: new RegExp(`^Meron ${p.fatherName}`) }),
      'the card is headed by the name',
    ).toBeVisible();
    await expect(found.getByText('MRN', { exact: true }), 'column titles label the values').toBeVisible();
    await expect(found.getByText('Birth Date', { exact: true })).toBeVisible();
    await expect(found.getByText('1990-06-01')).toBeVisible();
    await see(page, '1–1 of 1');
    await expect(page.getByRole('table'), 'no wide table on a phone').toHaveCount(0);
    await noSideScroll(page, 'Participants');
    await shot('phone-participants');

    // A tap anywhere on the card opens the participant.
    await found.click({ position: { x: 200, y: 60 } });
    const edit = page.getByRole('dialog', { name: 'Edit a Participant' });
    await expect(edit.getByLabel(field('MRN'))).toHaveValue(mrn);
    await noSideScroll(page, 'Edit a Participant');
    await shot('phone-participant-edit');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    // The card's title is a button: the keyboard reaches and opens it too.
    await found.getByRole('button', { name: new RegExp(`^Meron ${p.fatherName}`) }).focus();
    await page.keyboard.press('Enter');
    await expect(edit).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    await page.getByRole('button', { name: 'New Participant' }).click();
    const create = page.getByRole('dialog', { name: 'Create Participant' });
    await expect(create.getByLabel(field('First Name'))).toBeVisible();
    await noSideScroll(page, 'Create Participant');
    await shot('phone-participant-create');
  });

  test('the orders list shows cards headed by the sample ID; a card opens the stacked test results', async ({
    signedInPage: page,
    admin,
    api,
    shot,
  }) => {
    test.slow(); // data set-up and several screens on a busy 2-core machine
    const biobank = await centralBiobank(api, admin);
    const lab = await orderWithResults(biobank);
    await openFromMenu(page, 'Orders');
    await showsWholeWords(page.getByRole('button', { name: 'Search', exact: true }), 'Search');
    const box = page.getByRole('tabpanel', { name: 'SAMPLE ID' }).getByLabel(field('Search'));
    await box.fill(lab.sampleId);
    await box.press('Enter');
    const found = card(page, lab.mrn);
    await expect(
      found.getByRole('button', { name: lab.sampleId }),
      'the card is headed by the sample ID',
    ).toBeVisible();
    await expect(found.getByText('Patient MRN', { exact: true })).toBeVisible();
    await expect(found.getByText(lab.name)).toBeVisible();
    await expect(found.getByText(lab.panel)).toBeVisible();
    await see(page, '1–1 of 1');
    // No headings to click on a phone: the sortable columns are offered in a select, newest first by default.
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Ordered Date, descending');
    await tablesSettled(page);
    await noSideScroll(page, 'Orders');
    await shot('phone-orders');

    await found.click();
    await expect(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    const tests = page.getByRole('list', { name: `Tests of ${lab.panel}` });
    const numeric = tests.getByRole('listitem', { name: lab.numeric });
    await expect(numeric.getByLabel(`Result of ${lab.numeric}`)).toHaveValue('7.2');
    await expect(numeric.getByText('mmol/L', { exact: true }), 'the unit beside the result').toBeVisible();
    await expect(numeric.getByText('3.5 – 5.5')).toBeVisible();
    await expect(numeric.getByText('High', { exact: true }), 'the flag').toBeVisible();
    await expect(numeric.getByText('Not released')).toBeVisible();
    const accepted = tests.getByRole('listitem', { name: lab.accepted });
    await expect(accepted.getByLabel(`Result of ${lab.accepted}`)).toHaveValue('Negative');
    await expect(accepted, 'the accepted values, labelled').toContainText(
      /Accepted values: (Negative \/ Positive|Positive \/ Negative)/,
    );
    const text = tests.getByRole('listitem', { name: lab.text });
    await expect(text.getByText('Free text')).toBeVisible();
    await text.getByLabel(`Result of ${lab.text}`).fill('Few epithelial cells');
    await showsWholeWords(page.getByRole('button', { name: /^Save/ }), 'Save (1)');
    await showsWholeWords(page.getByRole('button', { name: 'Print' }), 'Print');
    await showsWholeWords(page.getByRole('button', { name: 'Release panel' }), 'Release panel');
    await noSideScroll(page, 'Test Results');
    await shot('phone-test-results');

    await page.getByRole('button', { name: /^Save/ }).click();
    await see(page, 'Saved successfully!');
    await text.getByRole('button', { name: `Actions for ${lab.text}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Release' }), 'the row menu works on a phone').toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('the dashboard and the new order stepper fit a phone', async ({ signedInPage: page, shot }) => {
    await noSideScroll(page, 'Dashboard');
    await shot('phone-dashboard');

    await openFromMenu(page, 'Orders');
    await page.getByRole('link', { name: 'New Order', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a New Order' });
    await expect(dialog.getByLabel('MRN', { exact: true })).toBeVisible();
    await showsWholeWords(dialog.getByRole('button', { name: 'Search', exact: true }), 'Search');
    await showsWholeWords(dialog.getByRole('button', { name: 'Next' }), 'Next');
    await noSideScroll(page, 'Create a New Order');
    await shot('phone-new-order');
  });

  test('issue 28 item 4: every header action is on screen and works: navigation, institution menu, account menu, Logout', async ({
    signedInPage: page,
    shot,
  }) => {
    await noSideScroll(page, 'Dashboard');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    const institution = institutionMenu(page, 'Central Biobank');
    await withinPhone(burger, 'the navigation burger');
    await withinPhone(page.getByRole('link', { name: 'Biobanking LIMS' }), 'the product name');
    await withinPhone(institution, 'the institution menu');
    await withinPhone(accountMenu(page), 'the account menu');
    // The institution's name is whole in the header (it wraps rather than ending in '...').
    const shownName = institution.getByText('Central Biobank', { exact: true });
    await expect(shownName).toBeVisible();
    await expect
      .poll(
        () => shownName.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1),
        'no part of the name is cut off',
      )
      .toBe(true);
    await shot('phone-header');

    // Navigation: the burger opens every main entry inside the screen.
    await burger.click();
    const links = mainNav(page).getByRole('link');
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) await withinPhone(link, `the '${await link.textContent()}' entry`);
    await mainNav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

    // The institution menu shows the whole name and changes the institution only when asked to.
    await institution.click();
    const menu = page.getByRole('menu');
    await withinPhone(menu.getByText('Central Biobank', { exact: true }), 'the institution name in its menu');
    await withinPhone(menu.getByRole('menuitem', { name: 'Change institution' }), 'Change institution');
    await shot('phone-institution-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(institution, 'closing the menu keeps the institution').toBeVisible();
    await changeInstitution(page);
    await pickInstitution(page);

    // The account menu holds Change password and Logout, both on screen; Logout signs out.
    await accountMenu(page).click();
    await withinPhone(page.getByRole('menuitem', { name: 'Change password' }), 'Change password');
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await withinPhone(logout, 'Logout');
    await shot('phone-account-menu');
    await logout.click();
    await see(page, 'Log in to your portal');
  });

  test('issue 28 item 4: the protocol and participant tab bars wrap; every tab is on screen and opens', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // a protocol with an enrolled participant, then thirteen tab clicks on a busy 2-core machine
    const biobank = await centralBiobank(api, admin);
    const { protocol, enrolment } = await collectingProtocol(biobank);
    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${protocol.id}/overview`);
    const protocolTabs = page.getByRole('navigation', { name: 'Collection protocol' });
    await expect(protocolTabs).toBeVisible();
    await noSideScroll(page, 'Protocol overview');
    await shot('phone-protocol-tabs');
    await everyTabWorks(page, protocolTabs, [
      'Overview',
      'Consents',
      'Sites',
      'Events',
      'Participants',
      'Collected Samples',
      'Collected Questionnaires',
      'Questionnaires',
      'Shipments',
    ]);

    await page.goto(`/collection-protocols/${protocol.id}/participants/${enrolment.id}/participant-overview`);
    await expect(page.getByRole('heading', { name: /^Participant: Tigist/ })).toBeVisible();
    const participantTabs = page.getByRole('navigation', { name: 'Participant' });
    await noSideScroll(page, 'Participant overview');
    await shot('phone-participant-tabs');
    await everyTabWorks(page, participantTabs, ['Overview', 'Consents', 'Questionnaires', 'Collected Samples']);
    await expect(page.getByRole('heading', { name: 'Collected Samples' })).toBeVisible();
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('issue 28 item 4: the Shipments list fits without a sideways scroll; on a phone it shows cards', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // a second institution, its site, a sample and a shipment through the API
    const b = await centralBiobank(api, admin);
    const u = unique();
    const receiver = await createAccount(b, { role: 'Coordinator' });
    const { id: otherId, site } = await receivingInstitution(b, receiver, ['Coordinator'], {
      title: `Regional Reference Laboratory ${u}`,
      address: '1 Hill Road',
    });
    const patient = await registerParticipant(b, { mrn: `WD${u}`.toUpperCase() });
    const sample = await collectedSampleByApi(b, patient.id, `WD-${u}`.toUpperCase());
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');
    const name = `Quarterly plasma transfer ${u}`;
    await b.call('POST', 'collectedSampleShipments', {
      name,
      trackingNumber: `TRK-${u}-0001`,
      sendingInstitutionSiteId: ownSite.id,
      receivingInstitutionId: otherId,
      receivingInstitutionSiteId: site.id,
      collectedSampleIds: [sample.id],
    });

    await signedInAs(page, admin, 'Central Biobank', '/shipment');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`Regional Reference Laboratory ${u}`);
    await expect(page.getByRole('columnheader')).toHaveText([
      'Name',
      'Tracking Number',
      'Sender',
      'Receiver',
      'Shipped',
      'Status',
      'Items',
    ]);
    await tablesSettled(page);
    const table = page.getByRole('region', { name: 'Table' });
    await expect
      .poll(
        () => table.evaluate((e) => `${e.scrollWidth} <= ${e.clientWidth}: ${e.scrollWidth <= e.clientWidth}`),
        'the table scrolls not sideways',
      )
      .toMatch(/true$/);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nor does the page')
      .toBe(true);
    await shot('shipments-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    const found = card(page, name);
    await expect(found.getByText('Receiver', { exact: true })).toBeVisible();
    await expect(found).toContainText(`Regional Reference Laboratory ${u}`);
    await noSideScroll(page, 'Shipments');
    await shot('shipments-390');
  });
});
