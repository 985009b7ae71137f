import { signaturePng } from '../server/test/protocols-fixtures';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, createAccount, unique, type Biobank, type Rec } from './support/data';
import { collectingProtocol, drawSignature } from './support/protocols';
import { choose, field, openScreen, see, signedInAs } from './support/ui';

// Issue 32 items 1 and 2 (docs/research.md): an administrator creates a distribution protocol needing two
// consent purposes, finds it in the list and sees how many samples are eligible for it; the signing screen asks
// the participant's Yes or No for each purpose the consent grants.

/** A protocol whose consent grants Future research and Genetic research, its donor, and a collected sample. */
async function consentingDonor(b: Biobank) {
  const w = await collectingProtocol(b);
  const base = `collectionProtocols/${w.protocol.id}`;
  const purposes = await b.ids('consentPurposes');
  const title = `Biobank consent ${unique()}`;
  const consent = await b.call<Rec & { consentVersionId: number }>('POST', `${base}/collectionProtocolConsents`, {
    title,
    consent: '<h2>Research use</h2><p>Your samples may be used in research you agree to below.</p>',
    purposeIds: [purposes.get('Future research'), purposes.get('Genetic research')],
  });
  return { ...w, base, purposes, consent, title };
}

test('an administrator creates a distribution protocol with two purposes, finds it and sees its eligible samples', async ({
  signedInPage: page,
  api,
  admin,
  shot,
}) => {
  test.slow(); // a form with two multi-selects and a count on a busy 2-core machine
  const b = await centralBiobank(api, admin);
  const d = await consentingDonor(b);
  // The donor said yes to both purposes and gave a sample: at least that sample is eligible.
  await b.call('POST', `${d.base}/collectionProtocolParticipantConsents`, {
    participantId: d.enrolment.id,
    consentVersionId: d.consent.consentVersionId,
    signature: signaturePng().dataUrl,
    purposes: [
      { purposeId: d.purposes.get('Future research'), granted: true },
      { purposeId: d.purposes.get('Genetic research'), granted: true },
    ],
  });
  await b.call('POST', `${d.base}/collectedSamples`, {
    patientId: d.patient.id,
    institutionSiteId: d.event.institutionSiteId,
    collectionProtocolEventId: d.event.id,
    specimenTypeId: d.blood,
    collectedAmount: 5,
    unitOfMeasurementId: d.ml,
    collectedDate: new Date().toISOString().slice(0, 10),
    collectedTime: '00:00',
  });
  // The investigator: an account of the institution (a researcher here).
  const pi = `Selam Pi${unique()}`;
  await createAccount(b, { role: 'Researcher', firstName: 'Selam', lastName: pi.slice('Selam '.length) });
  const study = `Genomics of breast cancer ${unique()}`;

  await page.goto('/');
  await openScreen(page, 'Distribution', 'Distribution Protocols');
  await page.getByRole('button', { name: 'Create' }).click();
  const form = page.getByRole('dialog', { name: 'Create a Distribution Protocol' });
  await form.getByLabel(field('Title')).fill(study);
  await form.getByLabel(field('Principal Investigator')).fill(pi);
  await page.getByRole('option', { name: pi, exact: true }).click();
  await form.getByLabel(field('Institution')).fill('Addis Ababa University');
  await form.getByLabel(field('Ethics Approval Number')).fill('IRB-2026-032');
  await choose(page, form, 'Consent Purposes Needed', 'Future research');
  await choose(page, form, 'Consent Purposes Needed', 'Genetic research');
  await page.keyboard.press('Escape'); // close the dropdown, not the form
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page, 'distribution protocol form');
  await shot('distribution-form');
  await form.getByRole('button', { name: 'Submit' }).click();

  // Saved, the protocol's page opens with its eligible samples counted.
  await expect(page.getByRole('heading', { name: study, level: 1 })).toBeVisible();
  const count = page.getByTestId('eligible-count');
  await expect(count).toContainText('Future research, Genetic research');
  const created = (await b.list(`distributionProtocols?SearchTerm=${encodeURIComponent(study)}`))[0];
  const expected = await b.call<{ count: number }>('GET', `distributionProtocols/${created.id}/eligibility-count`);
  expect(expected.count).toBeGreaterThanOrEqual(1);
  await expect(count).toContainText(`${expected.count.toLocaleString('en-US')} sample`);
  await expectNoAxeViolations(page, 'distribution protocol page');
  await shot('distribution-page');

  // Listed, and opened again from the list.
  await page.getByRole('link', { name: 'Distribution Protocols' }).click();
  await page.getByLabel(field('Search')).fill(study);
  await page.getByLabel(field('Search')).press('Enter');
  const row = page.getByRole('row').filter({ hasText: study });
  await expect(row).toContainText('Future research, Genetic research');
  await expect(row).toContainText('IRB-2026-032');
  await expectNoAxeViolations(page, 'distribution protocol list');
  await shot('distribution-list');
  await row.getByText(study).click();
  await expect(page.getByRole('heading', { name: study, level: 1 })).toBeVisible();
});

test('the signing screen asks Yes or No for each purpose the consent grants', async ({ page, api, admin, shot }) => {
  test.slow(); // a drawn signature on a busy 2-core machine
  const b = await centralBiobank(api, admin);
  const d = await consentingDonor(b);
  await signedInAs(
    page,
    admin,
    'Central Biobank',
    `/collection-protocols/${d.protocol.id}/participants/${d.enrolment.id}/participant-consents/new?consent=${d.consent.id}`,
  );
  const form = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant Consent' });
  await expect(form.getByRole('heading', { name: 'Research use' })).toBeVisible();
  const future = form.getByRole('radiogroup', { name: 'Future research' });
  const genetic = form.getByRole('radiogroup', { name: 'Genetic research' });
  await expect(future.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  await expect(future.getByRole('radio', { name: 'No' })).not.toBeChecked();
  await drawSignature(page);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Record Yes or No for each purpose')).toHaveCount(2);
  await future.getByRole('radio', { name: 'Yes' }).check();
  await genetic.getByRole('radio', { name: 'No' }).check();
  await expectNoAxeViolations(page, 'signing form with purposes');
  await shot('signing-purposes');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();

  const signedRow = page.getByRole('row').filter({ hasText: d.title });
  await signedRow.getByRole('button', { name: d.title }).click();
  const view = page.getByRole('dialog', { name: d.title });
  await see(view, 'Future research: yes · Genetic research: no');
  await expectNoAxeViolations(page, 'signed consent with purposes');
  await shot('signed-consent-purposes');
});
