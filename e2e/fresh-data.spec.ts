import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signaturePng } from '../server/test/protocols-fixtures';
import { centralBiobank, type Rec } from './support/data';
import { collectingProtocol } from './support/protocols';
import { storageByApi } from './support/storage';
import { field, see } from './support/ui';

/**
 * Issue 28 "What is shown is current": after each write the figures it changed are shown without a reload.
 * Every test loads the app once (page.goto) and then moves only by its own links and buttons, so a screen
 * seen before the write is served from the query cache unless the write invalidated it.
 */
const sampleRow = (scope: Page | Locator, id: string) => scope.getByRole('group', { name: `Sample ${id}`, exact: true });
const protocolNav = (page: Page) => page.getByRole('navigation', { name: 'Collection protocol' });
const remaining = (page: Page) => page.getByText('Remaining Amount', { exact: true }).locator('..');

test.describe('what is shown is current', () => {
  async function world(b: Awaited<ReturnType<typeof centralBiobank>>, amount = 10) {
    const s = await collectingProtocol(b);
    const sampleId = `FR-${s.u}`.toUpperCase();
    const [made] = await b.call<Rec[]>('POST', `collectionProtocols/${s.protocol.id}/collectedSamples/collect`, {
      collectionProtocolEventId: s.event.id, patientId: s.patient.id, collectedDate: new Date().toISOString().slice(0, 10), collectedTime: '08:00',
      rows: [{ key: 'r', sampleId, specimenTypeId: s.blood, quantity: amount, unitOfMeasurementId: s.ml }],
    });
    return { s, sampleId, made };
  }

  test('a sub-sample from the list lands on the parent, its remaining amount lower there and in the list', async ({ signedInPage: page, api, admin, shot }) => {
    const { s, sampleId } = await world(await centralBiobank(api, admin));
    await page.goto(`/collection-protocols/${s.protocol.id}/collected-samples`);
    await expect(sampleRow(page, sampleId)).toContainText('10 mL');
    await page.getByRole('button', { name: `Create a sub-sample of ${sampleId}` }).click();
    const sub = page.getByRole('dialog', { name: 'Create Sub-sample' });
    await sub.getByLabel(field('Sub Sample Lineage')).click();
    await page.getByRole('option', { name: 'Aliquot' }).click();
    await sub.getByLabel(field('Collected Amount')).fill('2');
    await sub.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(sub).toBeHidden();
    // On the parent's page: 8 mL left and the new aliquot listed.
    await expect(page.getByRole('heading', { name: `Sample ${sampleId}` })).toBeVisible();
    await expect(remaining(page)).toContainText('8 mL');
    await expect(page.getByRole('region', { name: 'Sub-samples' })).toContainText(`${sampleId}.1`);
    await shot('sample-after-subsample');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('sample-after-subsample-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Back in the list (seen before the write): the new figure, no reload.
    await protocolNav(page).getByRole('link', { name: 'Collected Samples' }).click();
    await expect(sampleRow(page, sampleId)).toContainText('8 mL');
  });

  test('a sub-sample from the sample page returns to it with the new remaining amount', async ({ signedInPage: page, api, admin }) => {
    const { s, sampleId, made } = await world(await centralBiobank(api, admin));
    await page.goto(`/collection-protocols/${s.protocol.id}/collected-samples/${made.id}`);
    await expect(remaining(page)).toContainText('10 mL');
    await page.getByRole('link', { name: 'Create Sub-sample' }).click();
    const sub = page.getByRole('dialog', { name: 'Create Sub-sample' });
    await expect(sub.getByLabel('Remaining Amount')).toHaveValue('10 mL');
    await sub.getByLabel(field('Sub Sample Lineage')).click();
    await page.getByRole('option', { name: 'Aliquot' }).click();
    await sub.getByLabel(field('Collected Amount')).fill('3');
    await sub.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(sub).toBeHidden();
    await expect(page.getByRole('heading', { name: `Sample ${sampleId}` })).toBeVisible();
    await expect(remaining(page)).toContainText('7 mL');
    await expect(page.getByRole('region', { name: 'Sub-samples' })).toContainText(`${sampleId}.1`);
  });

  test('a manual adjustment changes the remaining amount on the sample page and in the list', async ({ signedInPage: page, api, admin }) => {
    const { s, sampleId } = await world(await centralBiobank(api, admin));
    await page.goto(`/collection-protocols/${s.protocol.id}/collected-samples`);
    await expect(sampleRow(page, sampleId)).toContainText('10 mL');
    await page.getByRole('link', { name: sampleId, exact: true }).click();
    await page.getByRole('button', { name: 'Manual adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual adjustment' });
    await dialog.getByLabel(field('Amount')).fill('4');
    await dialog.getByLabel(field('Reason')).fill('Spilled while pipetting');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(dialog).toBeHidden();
    await expect(remaining(page)).toContainText('6 mL');
    await protocolNav(page).getByRole('link', { name: 'Collected Samples' }).click();
    await expect(sampleRow(page, sampleId)).toContainText('6 mL');
  });

  test('allocating a sample shows its position on the sample page seen before as not stored', async ({ signedInPage: page, api, admin }) => {
    const b = await centralBiobank(api, admin);
    const { s, sampleId, made } = await world(b);
    await storageByApi(b, `Freezer ${s.u}`);
    await page.goto(`/collection-protocols/${s.protocol.id}/collected-samples/${made.id}`);
    await see(page, 'Not stored');
    await protocolNav(page).getByRole('link', { name: 'Collected Samples' }).click();
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Collected Sample Allocation' });
    await dialog.getByLabel(field('Sample ID')).fill(sampleId);
    await dialog.getByLabel(field('Sample ID')).press('Enter');
    await expect(dialog.getByLabel(field('Position'))).toHaveValue(/^[A-Z]\d+$/);
    const position = await dialog.getByLabel(field('Position')).inputValue();
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await see(page, `${sampleId} stored at Freezer ${s.u} > Shelf 1 > Rack A > Drawer 1 > Box 1, position ${position}.`);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: sampleId, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Sample ${sampleId}` })).toBeVisible();
    await expect(page.getByText('Not stored')).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText(position);
  });

  // The sample's page caches the sample's tree; the collapsed list row must not show that old copy.
  test('withdrawing consent hides the sub-sample button of the donor\'s samples', async ({ signedInPage: page, api, admin }) => {
    const b = await centralBiobank(api, admin);
    const { s, sampleId } = await world(b);
    const base = `collectionProtocols/${s.protocol.id}`;
    const consent = await b.call<{ consentVersionId: number }>('POST', `${base}/collectionProtocolConsents`, { title: `Consent ${s.u}`, consent: '<p>Yes.</p>' });
    await b.call<Rec>('POST', `${base}/collectionProtocolParticipantConsents`, { participantId: s.enrolment.id, consentVersionId: consent.consentVersionId, signature: signaturePng().dataUrl });
    await page.goto(`/collection-protocols/${s.protocol.id}/collected-samples`);
    await expect(sampleRow(page, sampleId).getByRole('button', { name: `Create a sub-sample of ${sampleId}` })).toBeVisible();
    // To the donor through the sample's page, then the participant's consents.
    await page.getByRole('link', { name: sampleId, exact: true }).click();
    await page.getByRole('link', { name: new RegExp(`^${s.name}`) }).click();
    await page.getByRole('navigation', { name: 'Participant' }).getByRole('link', { name: 'Consents' }).click();
    await page.getByRole('row').filter({ hasText: `Consent ${s.u}` }).getByRole('button', { name: `Consent ${s.u}` }).click();
    const view = page.getByRole('dialog', { name: `Consent ${s.u}` });
    await view.getByRole('button', { name: 'Withdraw consent' }).click();
    const withdraw = page.getByRole('dialog', { name: `Withdraw consent: Consent ${s.u}` });
    await withdraw.getByLabel(field('Reason')).fill('Moved abroad');
    await withdraw.getByRole('radio', { name: /Stop further use/ }).check();
    await withdraw.getByRole('button', { name: 'Withdraw consent' }).click();
    await page.getByRole('dialog', { name: 'Withdraw this consent?' }).getByRole('button', { name: 'Withdraw' }).click();
    await expect(view.getByRole('button', { name: 'Withdraw consent' })).toHaveCount(0);
    await view.getByRole('button', { name: 'Close' }).last().click();
    await protocolNav(page).getByRole('link', { name: 'Collected Samples' }).click();
    await expect(sampleRow(page, sampleId)).toContainText('Consent withdrawn');
    await expect(sampleRow(page, sampleId).getByRole('button', { name: /^Create a sub-sample/ })).toHaveCount(0);
  });
});
