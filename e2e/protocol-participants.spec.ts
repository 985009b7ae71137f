import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import {
  centralBiobank,
  createAccount,
  registerParticipant,
  unique,
  type Biobank,
  type NewParticipant,
} from './support/data';
import { drawSignature, inkedPng, protocolByApi, type ProtocolRec } from './support/protocols';
import { field, noSideScroll, see, signedInAs, tablesSettled } from './support/ui';

const participantsOf = (p: ProtocolRec) => `/collection-protocols/${p.id}/participants`;

/** A patient with a run-unique MRN, father name and phone, registered through the API. */
async function patient(b: Biobank, first = 'Selam', more: Partial<NewParticipant> = {}) {
  const u = unique();
  const mrn = `PP${u}`;
  const phone = `09${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
  const r = await registerParticipant(b, { mrn, firstName: first, fatherName: `Fa${u}`, phone, ...more });
  return {
    ...r,
    mrn,
    phone,
    name: `${r.firstName} ${r.fatherName}`,
    fullName: `${r.firstName} ${r.fatherName} Tesfaye`,
  };
}

async function openEnrolForm(page: Page, protocol: ProtocolRec) {
  await page.goto(participantsOf(protocol));
  await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol Participants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Search the enrol form by MRN or phone (Enter) and tick the patient found. */
async function findAndTick(dialog: Locator, by: 'MRN' | 'Phone Number', value: string, who: string) {
  const input = dialog.getByLabel(field(by));
  await input.fill(value);
  await input.press('Enter');
  await dialog.getByRole('checkbox', { name: `Select ${who}` }).check();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test.describe('protocol participants', () => {
  test('enrol by MRN and by phone in one batch; none chosen and a duplicate are refused; the list filters by name', async ({
    signedInPage: page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const [byMrn, byPhone] = [await patient(b, 'Hanna'), await patient(b, 'Meron')];

    const dialog = await openEnrolForm(page, protocol);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Select at least one participant')).toBeVisible();

    await findAndTick(dialog, 'MRN', byMrn.mrn, byMrn.fullName);
    await dialog.getByLabel(field('Phone Number')).fill(byPhone.phone);
    await expect(dialog.getByLabel(field('MRN')), 'typing a phone clears the MRN').toHaveValue('');
    await dialog.getByLabel(field('Phone Number')).press('Enter');
    await dialog.getByRole('checkbox', { name: `Select ${byPhone.fullName}` }).check();
    await expect(dialog.getByText(`Selected (2): ${byMrn.fullName}, ${byPhone.fullName}`)).toBeVisible();
    await shot('enrol-form');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, byMrn.fullName)).toBeVisible();
    await expect(row(page, byPhone.fullName)).toBeVisible();
    await expect(row(page, byMrn.fullName)).toContainText('1990-06-01');
    await expect(row(page, byMrn.fullName)).toContainText('Female');
    await expect(row(page, byMrn.fullName)).toContainText('Outpatient');

    // Enrolling one of them again names them, and nothing of the batch is saved.
    const again = await openEnrolForm(page, protocol);
    await findAndTick(again, 'MRN', byMrn.mrn, byMrn.fullName);
    await again.getByRole('button', { name: 'Submit' }).click();
    await expect(again.getByText(`${byMrn.name} is already enrolled in this protocol.`)).toBeVisible();
    await again.getByRole('button', { name: 'Close' }).click();
    // The ticked participant is unsaved input (issue 28): closing asks first.
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(again).toBeHidden();

    // Filter by name: the filter is in the address, and only the match stays.
    await page.getByLabel(field('Name')).fill(byPhone.fatherName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(row(page, byMrn.fullName)).toBeHidden();
    await expect(row(page, byPhone.fullName)).toBeVisible();
    await see(page, '1–1 of 1');
    expect(new URL(page.url()).searchParams.get('NameQuery')).toBe(byPhone.fatherName);
    await page.getByLabel(field('Name')).fill('');
    await page.getByLabel(field('Name')).press('Enter');
    await expect(row(page, byMrn.fullName)).toBeVisible();
    await tablesSettled(page);
    await shot('protocol-participants');
    await expectNoAxeViolations(page, 'protocol participants');
  });

  test('enrolling outside the protocol\'s dates asks first, then enrols after "Enrol anyway"', async ({
    signedInPage: page,
    api,
    admin,
  }) => {
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b, { startDate: '2020-01-01', endDate: '2020-12-31' });
    const p = await patient(b);
    const dialog = await openEnrolForm(page, protocol);
    await findAndTick(dialog, 'MRN', p.mrn, p.fullName);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: "Outside the protocol's dates" });
    await expect(
      confirm.getByText(
        new RegExp(
          `${protocol.title} runs from 2020-01-01 to 2020-12-31; today \\(\\d{4}-\\d{2}-\\d{2}\\) is outside it\\.`,
        ),
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Enrol anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, p.fullName)).toBeVisible();
    await row(page, p.fullName).getByText(p.fullName).click();
    await expect(page.getByText(/outside the protocol's dates \(confirmed at enrolment\)/)).toBeVisible();
  });

  test('enrolling a participant recorded as deceased asks first; Cancel keeps the form, "Enrol anyway" enrols', async ({
    signedInPage: page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const p = await patient(b, 'Almaz', { vitalStatus: 'Dead', deathDate: '2025-02-03' });
    const dialog = await openEnrolForm(page, protocol);
    await findAndTick(dialog, 'MRN', p.mrn, p.fullName);
    await expect(dialog.getByRole('row').filter({ hasText: p.fullName })).toContainText('Deceased');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deceased participant' });
    await expect(confirm.getByText(`${p.fullName} (died 2025-02-03) is recorded as deceased.`)).toBeVisible();
    await shot('enrol-deceased');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('enrol-deceased-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await confirm.getByRole('button', { name: 'Enrol anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, p.fullName)).toBeVisible();
  });

  test('overview, sign a drawn consent, view it, withdraw it, then disable the participant', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow();
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const base = `collectionProtocols/${protocol.id}`;
    const p = await patient(b, 'Liya');
    const consentTitle = `Biobank consent ${unique()}`;
    await b.call('POST', `${base}/collectionProtocolConsents`, {
      title: consentTitle,
      consent: '<h1>Storing your samples</h1><ul><li>Blood is kept for 10 years.</li></ul>',
    });
    const [unit] = await b.list('collectionProtocolEventUnitOfMeasurements?IsEnabled=true');
    await b.call('POST', `${base}/collectionProtocolEvents`, {
      label: 'Baseline visit',
      eventCode: 'BV',
      eventPoint: 0,
      collectionProtocolEventUnitOfMeasurementId: unit.id,
    });
    const [enrolled] = await b.call<{ id: number }[]>('POST', `${base}/collectionProtocolParticipants`, {
      patientIds: [p.id],
    });

    // Overview
    await signedInAs(page, admin, 'Central Biobank', `${participantsOf(protocol)}/${enrolled.id}`);
    await expect(page.getByRole('heading', { name: `Participant: ${p.name}` })).toBeVisible();
    const subNav = page.getByRole('navigation', { name: 'Participant' });
    await expect(subNav.getByRole('link')).toHaveText(['Overview', 'Consents', 'Questionnaires', 'Collected Samples']);
    await expect(page.getByText(p.mrn, { exact: true })).toBeVisible();
    await expect(page.getByText('Asian', { exact: true })).toBeVisible();
    await expect(page.getByText('Unknown', { exact: true })).toBeVisible();
    await expect(page.getByText('1990-06-01')).toBeVisible();
    await expect(page.getByText('Alive', { exact: true })).toBeVisible();
    // An event opens the Collect Specimen stepper (e2e/protocol-samples.spec.ts); this one has nothing to collect.
    await page.getByRole('button', { name: 'Baseline visit' }).click();
    const stepper = page.getByRole('dialog', { name: 'Collect Specimen' });
    await see(stepper, 'This event has no specimen requirements');
    await stepper.getByRole('button', { name: 'Cancel' }).click();
    await expect(stepper).toBeHidden();
    await see(page, 'No samples collected from this participant yet.');
    await shot('participant-overview');
    await expectNoAxeViolations(page, 'participant overview');

    // Sign: nothing chosen and an empty pad are refused; then choose, read, draw and submit.
    await subNav.getByRole('link', { name: 'Consents' }).click();
    await expect(page.getByRole('heading', { name: 'Consents' })).toBeVisible();
    await see(page, 'No consent signed yet.');
    await page.getByRole('button', { name: 'Sign Consent' }).click();
    const form = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant Consent' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('*Required')).toBeVisible();
    await expect(form.getByText('Please sign in the box')).toBeVisible();
    await form.getByLabel(field('Select Consent')).click();
    await page.getByRole('option', { name: `${consentTitle} (version 1)` }).click();
    await expect(form.getByRole('heading', { name: 'Storing your samples' })).toBeVisible();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Please sign in the box')).toBeVisible();
    await drawSignature(page);
    await expect(form.getByText('Please sign in the box')).toBeHidden();
    await shot('sign-consent');
    await expectNoAxeViolations(page, 'sign consent');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form).toBeHidden();
    const signedRow = row(page, consentTitle);
    await expect(signedRow).toContainText('Signed');

    // View: the exact text, the drawn image, signer, time and digest.
    await signedRow.getByRole('button', { name: consentTitle }).click();
    const view = page.getByRole('dialog', { name: consentTitle });
    await expect(view.getByText('Version 1 signed')).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Storing your samples' })).toBeVisible();
    const image = view.getByRole('img', { name: `Signature of ${p.fullName} on ${consentTitle}` });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(view.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
    await expect(view.getByText(`Signed by ${p.fullName}`)).toBeVisible();
    await expect(view.getByText('Recorded by System Administrator')).toBeVisible();
    await shot('consent-signed-view');

    // Withdraw with a reason and an effect; the status reads Withdrawn everywhere.
    await view.getByRole('button', { name: 'Withdraw consent' }).click();
    const withdraw = page.getByRole('dialog', { name: `Withdraw consent: ${consentTitle}` });
    await withdraw.getByRole('button', { name: 'Withdraw consent' }).click();
    await expect(withdraw.getByText('*Required')).toBeVisible();
    await expect(withdraw.getByText('Choose what happens to the samples')).toBeVisible();
    await withdraw.getByLabel(field('Reason')).fill('Moved abroad and asked to leave the study');
    await withdraw.getByRole('radio', { name: /Keep anonymised/ }).check();
    await expect(withdraw.getByLabel(field('Withdrawn Date'))).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    const day = await withdraw.getByLabel(field('Withdrawn Date')).inputValue();
    await shot('consent-withdraw');
    await withdraw.getByRole('button', { name: 'Withdraw consent' }).click();
    await page
      .getByRole('dialog', { name: 'Withdraw this consent?' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await expect(view.getByText(`Withdrawn on ${day}`).first()).toBeVisible();
    await expect(view.getByText('Reason: Moved abroad and asked to leave the study')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Withdraw consent' })).toHaveCount(0);
    await view.getByRole('button', { name: 'Close' }).last().click();
    await expect(signedRow).toContainText(`Withdrawn on ${day}`);
    await expect(page.getByText('Consent withdrawn', { exact: true })).toBeVisible();

    await subNav.getByRole('link', { name: 'Overview' }).click();
    await see(page, 'Consent withdrawn: the samples of this participant may not be used further.');
    await see(
      page,
      `${consentTitle} (version 1) withdrawn on ${day}. No further use; existing data may be kept only anonymised.`,
    );
    await page
      .getByRole('navigation', { name: 'Collection protocol' })
      .getByRole('link', { name: 'Participants' })
      .click();
    await expect(row(page, p.fullName)).toContainText('Consent withdrawn');

    // Disable: the spec's dialog, then back to the list without them.
    await row(page, p.fullName).getByText(p.fullName).click();
    await page.getByRole('button', { name: 'Disable' }).click();
    const ask = page.getByRole('dialog', { name: 'Disable Participant' });
    await expect(ask.getByText('Are you sure you want to disable this participant?')).toBeVisible();
    await ask.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
    await see(page, 'No participants enrolled yet.');
  });

  test('a Researcher reads participants and consents but cannot enrol, sign, withdraw or disable', async ({
    page,
    api,
    admin,
  }) => {
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const base = `collectionProtocols/${protocol.id}`;
    const p = await patient(b, 'Ruth');
    const consent = await b.call<{ consentVersionId: number }>('POST', `${base}/collectionProtocolConsents`, {
      title: 'Read-only consent',
      consent: '<p>Yes.</p>',
    });
    const [enrolled] = await b.call<{ id: number }[]>('POST', `${base}/collectionProtocolParticipants`, {
      patientIds: [p.id],
    });
    await b.call('POST', `${base}/collectionProtocolParticipantConsents`, {
      participantId: enrolled.id,
      consentVersionId: consent.consentVersionId,
      signature: inkedPng(),
    });
    const who = await createAccount(b, { role: 'Researcher' });
    await signedInAs(page, who, 'Central Biobank', participantsOf(protocol));
    await expect(row(page, p.fullName)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enrol Participants' })).toHaveCount(0);
    await row(page, p.fullName).getByText(p.fullName).click();
    await expect(page.getByRole('heading', { name: `Participant: ${p.name}` })).toBeVisible();
    await expect(page.getByText(p.mrn, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Participant' }).getByRole('link', { name: 'Consents' }).click();
    await row(page, 'Read-only consent').getByRole('button', { name: 'Read-only consent' }).click();
    await expect(page.getByRole('dialog', { name: 'Read-only consent' }).getByText('Version 1 signed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw consent' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign Consent' })).toHaveCount(0);
    await page.goto(`${participantsOf(protocol)}/new`);
    await expect(page.getByRole('heading', { name: "You don't have access to enrolling participants" })).toBeVisible();
  });

  test('phone width: list, overview and sign form fit 390 px', async ({ page, api, admin, shot }) => {
    const b = await centralBiobank(api, admin);
    const protocol = await protocolByApi(b);
    const p = await patient(b, 'Sara');
    const base = `collectionProtocols/${protocol.id}`;
    await b.call('POST', `${base}/collectionProtocolConsents`, {
      title: 'Phone consent',
      consent: '<p>I agree to give blood.</p>',
    });
    const [enrolled] = await b.call<{ id: number }[]>('POST', `${base}/collectionProtocolParticipants`, {
      patientIds: [p.id],
    });
    await page.setViewportSize({ width: 390, height: 844 });

    await signedInAs(page, admin, 'Central Biobank', participantsOf(protocol));
    await expect(page.getByText(p.fullName)).toBeVisible();
    await noSideScroll(page, 'Protocol participants');
    await shot('protocol-participants-phone');
    await page.getByRole('button', { name: 'Enrol Participants' }).click();
    const enrolForm = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant' });
    await enrolForm.getByLabel(field('MRN')).fill(p.mrn);
    await enrolForm.getByLabel(field('MRN')).press('Enter');
    await expect(enrolForm.getByRole('checkbox', { name: `Select ${p.fullName}` })).toBeVisible();
    await shot('enrol-form-phone');
    await enrolForm.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${participantsOf(protocol)}/${enrolled.id}/participant-overview`);
    await expect(page.getByText(p.mrn, { exact: true })).toBeVisible();
    await noSideScroll(page, 'Participant overview');
    await shot('participant-overview-phone');
    await page.goto(`${participantsOf(protocol)}/${enrolled.id}/participant-consents/new`);
    const form = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant Consent' });
    await form.getByLabel(field('Select Consent')).click();
    await page.getByRole('option', { name: 'Phone consent (version 1)' }).click();
    await drawSignature(page);
    await shot('sign-consent-phone');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form).toBeHidden();
    const card = page.getByRole('listitem').filter({ hasText: 'Phone consent' });
    await expect(card).toContainText('Signed');
    await noSideScroll(page, 'Participant consents');
    await shot('participant-consents-phone');
    await card.getByRole('button', { name: 'Phone consent' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Phone consent' }).getByRole('img', { name: /^Signature of/ }),
    ).toBeVisible();
    await shot('consent-signed-view-phone');
  });
});
