import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, registerParticipant, unique } from './support/data';
import { drawSignature } from './support/protocols';
import { choose, field, see, signedInAs } from './support/ui';

/**
 * Issue 12's journey, as a new Coordinator would do it in the browser, nothing through the API but the
 * account, two institution sites and the patient (those belong to the administrator and the registration desk):
 * protocol -> consent with headings and a list -> two sites -> an event with a requirement, an aliquot and a
 * derived child -> enrol -> sign with a drawn signature -> view -> edit the consent (version 2; the signature
 * keeps version 1's text) -> withdraw.
 */
const sub = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Collection protocol' }).getByRole('link', { name });

test('a coordinator sets up a study end to end, then enrols, consents and withdraws a participant', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow(); // one long journey through eight screens on a shared 2-core machine
  const b = await centralBiobank(api, admin);
  const u = unique();
  const coordinator = await createAccount(b, { role: 'Coordinator', firstName: 'Cora', lastName: 'Ordinator' });
  const sites = [`Journey North ${u}`, `Journey South ${u}`];
  for (const title of sites)
    await b.call('POST', 'institutionSites', { title, abbreviation: null, address: 'Clinic Road 2' });
  const mrn = `JR${u}`.toUpperCase();
  const donor = await registerParticipant(b, { mrn, firstName: 'Almaz', fatherName: `Jr${u}` });
  const donorName = `Almaz ${donor.fatherName} Tesfaye`;
  await signedInAs(page, coordinator);

  // 1. The protocol.
  const title = `Journey Study ${u}`;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection Protocols' }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  const create = page.getByRole('dialog', { name: 'Create a Collection Protocol' });
  await create.getByLabel(field('Title')).fill(title);
  await create.getByLabel(field('Abbreviation')).fill('JS');
  await create.getByLabel(field('Start Date')).fill('2026-01-01');
  const overview = page.getByRole('heading', { name: title, level: 1 });
  const taken = create.getByText('This code is already used');
  for (let attempt = 0; ; attempt++) {
    // the tests share one database: a taken code is retried
    await create
      .getByLabel(field('Code'))
      .fill(`${attempt % 10}${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`);
    await create.getByRole('button', { name: 'Submit' }).click();
    await expect(overview.or(taken)).toBeVisible();
    if (await overview.isVisible()) break;
    expect(attempt).toBeLessThan(10);
  }
  await shot('journey-1-protocol');

  // 2. A consent with a heading and a list.
  await sub(page, 'Consents').click();
  await page.getByRole('button', { name: 'Create Consent' }).click();
  const consentForm = page.getByRole('dialog', { name: 'Create a Consent' });
  const consentTitle = `Journey consent ${u}`;
  await consentForm.getByLabel(field('Title')).fill(consentTitle);
  const editor = consentForm.getByRole('textbox', { name: 'Consent', exact: true });
  await editor.click();
  await consentForm.getByRole('button', { name: 'Heading 1' }).click();
  await page.keyboard.type('Your samples');
  await page.keyboard.press('Enter');
  await consentForm.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('Blood is stored for ten years');
  await page.keyboard.press('Enter');
  await page.keyboard.type('You may withdraw at any time');
  await expect(editor.locator('h1')).toHaveText('Your samples');
  await shot('journey-2-consent');
  await consentForm.getByRole('button', { name: 'Submit' }).click();
  await expect(consentForm).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: consentTitle })).toContainText('Cora Ordinator');

  // 3. Two sites in one go.
  await sub(page, 'Sites').click();
  await page.getByRole('button', { name: 'Add Sites' }).click();
  const addSites = page.getByRole('dialog', { name: 'Add Sites' });
  await addSites.getByLabel(field('Search')).fill(u);
  await addSites.getByLabel(field('Search')).press('Enter');
  for (const site of sites) await addSites.getByRole('checkbox', { name: `Select ${site}` }).check();
  await addSites.getByRole('button', { name: 'Submit' }).click();
  await expect(addSites).toBeHidden();
  for (const site of sites) await expect(page.getByRole('row', { name: new RegExp(site) })).toBeVisible();
  await shot('journey-3-sites');

  // 4. An event at the first site with a requirement, an aliquot and a derived child, in one form.
  await sub(page, 'Events').click();
  await page.getByRole('button', { name: 'Create Event', exact: true }).click();
  const eventForm = page.getByRole('dialog', { name: 'Create Event', exact: true });
  await eventForm.getByLabel(field('Label')).fill('Baseline');
  await eventForm.getByLabel(field('Event Code')).fill('BL');
  await choose(page, eventForm, 'Unit', 'Day');
  await choose(page, eventForm, 'Institution Site', sites[0]);
  await eventForm.getByRole('button', { name: 'Submit' }).click();
  await expect(eventForm).toBeHidden();
  await page.getByRole('button', { name: 'Create Event Specimen Requirement' }).click();
  const reqForm = page.getByRole('dialog', { name: 'Create Event Specimen Requirement' });
  await reqForm.getByLabel(field('Title')).fill('Whole blood');
  await reqForm.getByLabel(field('Code')).fill('WB');
  await reqForm.getByLabel(field('Initial Quantity')).first().fill('10');
  await choose(page, reqForm, 'Unit Of Measurement', 'Millilitre (mL)');
  await choose(page, reqForm, 'Specimen Type', 'Whole Blood');
  await reqForm.getByRole('button', { name: 'Add item' }).click();
  await reqForm.getByRole('group', { name: 'Item 1' }).getByLabel(field('Initial Quantity')).fill('4');
  await reqForm.getByRole('button', { name: 'Add item' }).click();
  const derived = reqForm.getByRole('group', { name: 'Item 2' });
  await choose(page, derived, 'Sub Sample Lineage', 'Derived');
  await choose(page, derived, 'Specimen Type', 'Plasma');
  await derived.getByLabel(field('Initial Quantity')).fill('5');
  await reqForm.getByRole('button', { name: 'Submit' }).click();
  await expect(reqForm).toBeHidden();
  const children = page.getByRole('list', { name: 'Children of Whole blood' });
  await expect(children.getByRole('listitem')).toHaveCount(2);
  await expect(children).toContainText(/Aliquot\s*Whole Blood\s*4 mL/);
  await expect(children).toContainText(/Derived\s*Plasma\s*5 mL/);
  await shot('journey-4-events');

  // 5. Enrol the donor found by MRN.
  await sub(page, 'Participants').click();
  await page.getByRole('button', { name: 'Enrol Participants' }).click();
  const enrol = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant' });
  await enrol.getByLabel(field('MRN')).fill(mrn);
  await enrol.getByLabel(field('MRN')).press('Enter');
  await enrol.getByRole('checkbox', { name: `Select ${donorName}` }).check();
  await enrol.getByRole('button', { name: 'Submit' }).click();
  await expect(enrol).toBeHidden();
  const donorRow = page.getByRole('row').filter({ hasText: donorName });
  await expect(donorRow).toBeVisible();
  await shot('journey-5-enrolled');

  // 6. Sign the consent with a drawn signature, then view it.
  await donorRow.getByText(donorName).click();
  const participantNav = page.getByRole('navigation', { name: 'Participant' });
  await participantNav.getByRole('link', { name: 'Consents' }).click();
  await page.getByRole('button', { name: 'Sign Consent' }).click();
  const sign = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant Consent' });
  await choose(page, sign, 'Select Consent', `${consentTitle} (version 1)`);
  await expect(sign.getByRole('heading', { name: 'Your samples' })).toBeVisible();
  await drawSignature(page);
  await shot('journey-6-sign');
  await sign.getByRole('button', { name: 'Submit' }).click();
  await expect(sign).toBeHidden();
  const signed = page.getByRole('row').filter({ hasText: consentTitle });
  await expect(signed).toContainText('Signed');
  await signed.getByRole('button', { name: consentTitle }).click();
  let view = page.getByRole('dialog', { name: consentTitle });
  await expect(view.getByText('Version 1 signed')).toBeVisible();
  await expect(view.getByRole('img', { name: `Signature of ${donorName} on ${consentTitle}` })).toBeVisible();
  await expect(view.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await shot('journey-7-signed-view');
  await view.getByRole('button', { name: 'Close' }).last().click();
  await expect(view).toBeHidden();

  // 7. Edit the consent: a signed consent gets version 2; the signature keeps version 1's text.
  await sub(page, 'Consents').click();
  await page.getByRole('button', { name: `Actions for ${consentTitle}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit a Consent' });
  await see(edit, 'Signed once: saving a new text creates version 2; signed versions keep their text.');
  await edit.getByRole('textbox', { name: 'Consent', exact: true }).locator('li').last().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Results may be shared with your doctor');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: consentTitle }).getByRole('cell').nth(1)).toHaveText('2');
  await shot('journey-8-consent-v2');

  await sub(page, 'Participants').click();
  await page.getByRole('row').filter({ hasText: donorName }).getByText(donorName).click();
  await participantNav.getByRole('link', { name: 'Consents' }).click();
  await page.getByRole('row').filter({ hasText: consentTitle }).getByRole('button', { name: consentTitle }).click();
  view = page.getByRole('dialog', { name: consentTitle });
  await expect(view.getByText('Version 1 signed')).toBeVisible();
  await expect(view.getByRole('listitem')).toHaveText([
    'Blood is stored for ten years',
    'You may withdraw at any time',
  ]);
  await expect(view.getByText('Results may be shared with your doctor')).toHaveCount(0);

  // 8. Withdraw: the participant is marked, and the overview says their samples may not be used.
  await view.getByRole('button', { name: 'Withdraw consent' }).click();
  const withdraw = page.getByRole('dialog', { name: `Withdraw consent: ${consentTitle}` });
  await withdraw.getByLabel(field('Reason')).fill('Moved away');
  await withdraw.getByRole('radio', { name: /Stop further use/ }).check();
  await withdraw.getByRole('button', { name: 'Withdraw consent' }).click();
  await page.getByRole('dialog', { name: 'Withdraw this consent?' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(view.getByText(/Withdrawn on \d{4}-\d{2}-\d{2}/).first()).toBeVisible();
  await shot('journey-9-withdrawn');
  await view.getByRole('button', { name: 'Close' }).last().click();
  await participantNav.getByRole('link', { name: 'Overview' }).click();
  await see(page, 'Consent withdrawn: the samples of this participant may not be used further.');
  await sub(page, 'Participants').click();
  await expect(page.getByRole('row').filter({ hasText: donorName })).toContainText('Consent withdrawn');
});
