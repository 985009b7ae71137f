import type { Page } from '@playwright/test';
import { signaturePng } from '../server/test/protocols-fixtures';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, unique, type Rec } from './support/data';
import { collectingProtocol, drawSignature } from './support/protocols';
import { see } from './support/ui';

// Issue 31 item 5 (docs/protocols.md "Re-consent"): a participant who withdrew signs the consent again in the
// browser, choosing explicitly what happens to the samples collected before; the list keeps both signatures.

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a withdrawn consent is signed again, keeping earlier samples blocked; the history shows both', async ({
  signedInPage: page,
  api,
  admin,
  shot,
}) => {
  test.slow(); // a form with a drawn signature and two dialogs on a busy 2-core machine
  const b = await centralBiobank(api, admin);
  const w = await collectingProtocol(b);
  const base = `collectionProtocols/${w.protocol.id}`;
  const title = `Biobank consent ${unique()}`;
  const consent = await b.call<Rec & { consentVersionId: number }>('POST', `${base}/collectionProtocolConsents`, {
    title,
    consent: '<h2>Your samples</h2><p>Blood is kept for 10 years.</p>',
  });
  const signed = await b.call<Rec>('POST', `${base}/collectionProtocolParticipantConsents`, {
    participantId: w.enrolment.id,
    consentVersionId: consent.consentVersionId,
    signature: signaturePng().dataUrl,
  });
  const today = new Date().toISOString().slice(0, 10);
  // Collected at midnight today: before the re-consent signed below, so an earlier sample.
  const old = await b.call<Rec & { sampleId: string }>('POST', `${base}/collectedSamples`, {
    patientId: w.patient.id,
    institutionSiteId: w.event.institutionSiteId,
    collectionProtocolEventId: w.event.id,
    specimenTypeId: w.blood,
    collectedAmount: 5,
    unitOfMeasurementId: w.ml,
    collectedDate: today,
    collectedTime: '00:00',
  });
  await b.call('POST', `${base}/collectionProtocolParticipantConsents/${signed.id}/withdraw`, {
    withdrawnDate: today,
    reason: 'Moved abroad',
    effect: 'stop_use',
  });

  await page.goto(`/collection-protocols/${w.protocol.id}/participants/${w.enrolment.id}/participant-consents`);
  const withdrawnRow = row(page, `Withdrawn on ${today}`);
  await expect(withdrawnRow).toBeVisible();
  await withdrawnRow.getByRole('button', { name: title }).click();
  const view = page.getByRole('dialog', { name: title });
  await view.getByRole('button', { name: 'Sign again (re-consent)' }).click();

  const form = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant Consent' });
  await expect(form.getByRole('heading', { name: 'Your samples' })).toBeVisible();
  await see(form, 'Re-consent after a withdrawal');
  const keep = form.getByRole('radio', { name: /Keep previously collected samples blocked/ });
  const cover = form.getByRole('radio', { name: /also covers previously collected samples/ });
  // Nothing is chosen for the user: Submit without a choice asks for one.
  await expect(keep).not.toBeChecked();
  await expect(cover).not.toBeChecked();
  await drawSignature(page);
  await form.getByRole('button', { name: 'Submit' }).click();
  await see(form, 'Choose what happens to the samples collected before');
  await keep.check();
  await expectNoAxeViolations(page, 're-consent form');
  await shot('re-consent-form');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();

  // Both signatures stay in the list: the withdrawn one and the re-consent with its choice.
  await expect(page.getByRole('table', { name: 'Signed consents' }).getByRole('row')).toHaveCount(3);
  await expect(withdrawnRow).toBeVisible();
  const againRow = row(page, 'Signed again · earlier samples blocked');
  await expect(againRow).toBeVisible();
  await shot('re-consent-list');
  await againRow.getByRole('button', { name: title }).click();
  const again = page.getByRole('dialog', { name: title });
  await expect(again.getByText(/^Signed again after a withdrawal, from \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  await expect(again.getByText(/^Samples collected before .* stay blocked\.$/)).toBeVisible();
  await expectNoAxeViolations(page, 're-consent view');
  await shot('re-consent-view');

  // The earlier sample stays blocked; the participant may give samples again.
  const sample = await b.call<Rec & { hasWithdrawnConsent: boolean }>('GET', `${base}/collectedSamples/${old.id}`);
  expect(sample.hasWithdrawnConsent).toBe(true);
  const participant = await b.call<Rec & { hasWithdrawnConsent: boolean }>(
    'GET',
    `${base}/collectionProtocolParticipants/${w.enrolment.id}`,
  );
  expect(participant.hasWithdrawnConsent).toBe(false);
});
