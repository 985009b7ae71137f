import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, orderWithResults, registerParticipant, unique } from './support/data';
import { field, mainNav, see, tablesSettled } from './support/ui';

/**
 * Issue 11 "Phone-size layouts": at 390 px the lists show their records as cards, the test-result
 * screen stacks each test, and no screen scrolls sideways; buttons keep their whole words.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Nothing is wider than the viewport: the page never scrolls sideways (the message names what sticks out). */
async function noSideScroll(page: Page, screen: string) {
  await expect.poll(() => page.evaluate(() => {
    const over = document.documentElement.scrollWidth - window.innerWidth;
    if (over <= 1) return 'fits';
    const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)}`);
    return `${over}px too wide: ${wide.join(', ')}`;
  }), `${screen} fits 390 px`).toBe('fits');
}

/** The button's words are all shown: neither it nor anything in it clips its text. */
async function showsWholeWords(button: Locator, words: string) {
  await expect(button).toBeVisible();
  await expect(button).toContainText(words);
  const clipped = await button.evaluate((b) => [b, ...b.querySelectorAll('*')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.tagName} ${e.scrollWidth}>${e.clientWidth}`));
  expect(clipped, `'${words}' is not cut off`).toEqual([]);
}

const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

/** Open a screen as a phone user does: the burger, then the link (no full page load on the busy test machine). */
async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await mainNav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: link, level: 1 })).toBeVisible();
}

test.describe('on a phone', () => {
  test('the participants list shows cards; a card opens the participant; the forms fit', async ({ signedInPage: page, admin, api, shot }) => {
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
    await expect(found.getByRole('button', { name: new RegExp(`^Meron ${p.fatherName}`) }), 'the card is headed by the name').toBeVisible();
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

  test('the orders list shows cards headed by the sample ID; a card opens the stacked test results', async ({ signedInPage: page, admin, api, shot }) => {
    test.slow(); // data set-up and several screens on a busy 2-core machine
    const biobank = await centralBiobank(api, admin);
    const lab = await orderWithResults(biobank);
    await openFromMenu(page, 'Orders');
    await showsWholeWords(page.getByRole('button', { name: 'Search', exact: true }), 'Search');
    const box = page.getByRole('tabpanel', { name: 'SAMPLE ID' }).getByLabel(field('Search'));
    await box.fill(lab.sampleId);
    await box.press('Enter');
    const found = card(page, lab.mrn);
    await expect(found.getByRole('button', { name: lab.sampleId }), 'the card is headed by the sample ID').toBeVisible();
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
    await expect(accepted, 'the accepted values, labelled').toContainText(/Accepted values: (Negative \/ Positive|Positive \/ Negative)/);
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
});
