import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signaturePng } from '../server/test/protocols-fixtures';
import { centralBiobank, createAccount, freeTextOrder, registerParticipant, unique, type Rec } from './support/data';
import { receivingInstitution } from './support/shipments';
import { collectedSampleByApi, collectingProtocol } from './support/protocols';
import { storageByApi } from './support/storage';
import { changeInstitution, field, mainNav, openScreen, pickInstitution, search, see, signedInAs } from './support/ui';

/**
 * Issue 28 "What is shown is current": after each write the figures it changed are shown without a reload.
 * Every test loads the app once (page.goto) and then moves only by its own links and buttons, so a screen
 * seen before the write is served from the query cache unless the write invalidated it.
 */
const sampleRow = (scope: Page | Locator, id: string) =>
  scope.getByRole('group', { name: `Sample ${id}`, exact: true });
const protocolNav = (page: Page) => page.getByRole('navigation', { name: 'Collection protocol' });
const shipmentsNav = (page: Page) => page.getByRole('navigation', { name: 'Shipments overview' });
const remaining = (page: Page) => page.getByText('Remaining Amount', { exact: true }).locator('..');

test.describe('what is shown is current', () => {
  async function world(b: Awaited<ReturnType<typeof centralBiobank>>, amount = 10) {
    const s = await collectingProtocol(b);
    const sampleId = `FR-${s.u}`.toUpperCase();
    const [made] = await b.call<Rec[]>('POST', `collectionProtocols/${s.protocol.id}/collectedSamples/collect`, {
      collectionProtocolEventId: s.event.id,
      patientId: s.patient.id,
      collectedDate: new Date().toISOString().slice(0, 10),
      collectedTime: '08:00',
      rows: [{ key: 'r', sampleId, specimenTypeId: s.blood, quantity: amount, unitOfMeasurementId: s.ml }],
    });
    return { s, sampleId, made };
  }

  test('a sub-sample from the list lands on the parent, its remaining amount lower there and in the list', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    const { s, sampleId } = await world(await centralBiobank(api, admin));
    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${s.protocol.id}/collected-samples`);
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

  test('a sub-sample from the sample page returns to it with the new remaining amount', async ({
    page,
    api,
    admin,
  }) => {
    const { s, sampleId, made } = await world(await centralBiobank(api, admin));
    await signedInAs(
      page,
      admin,
      'Central Biobank',
      `/collection-protocols/${s.protocol.id}/collected-samples/${made.id}`,
    );
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

  test('a manual adjustment changes the remaining amount on the sample page and in the list', async ({
    page,
    api,
    admin,
  }) => {
    const { s, sampleId } = await world(await centralBiobank(api, admin));
    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${s.protocol.id}/collected-samples`);
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

  test('allocating a sample shows its position on the sample page seen before as not stored', async ({
    page,
    api,
    admin,
  }) => {
    const b = await centralBiobank(api, admin);
    const { s, sampleId, made } = await world(b);
    await storageByApi(b, `Freezer ${s.u}`);
    await signedInAs(
      page,
      admin,
      'Central Biobank',
      `/collection-protocols/${s.protocol.id}/collected-samples/${made.id}`,
    );
    await see(page, 'Not stored');
    await protocolNav(page).getByRole('link', { name: 'Collected Samples' }).click();
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Collected Sample Allocation' });
    await dialog.getByLabel(field('Sample ID')).fill(sampleId);
    await dialog.getByLabel(field('Sample ID')).press('Enter');
    await expect(dialog.getByLabel(field('Position'))).toHaveValue(/^[A-Z]\d+$/);
    const position = await dialog.getByLabel(field('Position')).inputValue();
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await see(
      page,
      `${sampleId} stored at Freezer ${s.u} > Shelf 1 > Rack A > Drawer 1 > Box 1, position ${position}.`,
    );
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: sampleId, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Sample ${sampleId}` })).toBeVisible();
    await expect(page.getByText('Not stored')).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText(position);
  });

  // The sample's page caches the sample's tree; the collapsed list row must not show that old copy.
  test("withdrawing consent hides the sub-sample button of the donor's samples", async ({ page, api, admin }) => {
    const b = await centralBiobank(api, admin);
    const { s, sampleId } = await world(b);
    const base = `collectionProtocols/${s.protocol.id}`;
    const consent = await b.call<{ consentVersionId: number }>('POST', `${base}/collectionProtocolConsents`, {
      title: `Consent ${s.u}`,
      consent: '<p>Yes.</p>',
    });
    await b.call<Rec>('POST', `${base}/collectionProtocolParticipantConsents`, {
      participantId: s.enrolment.id,
      consentVersionId: consent.consentVersionId,
      signature: signaturePng().dataUrl,
    });
    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${s.protocol.id}/collected-samples`);
    await expect(
      sampleRow(page, sampleId).getByRole('button', { name: `Create a sub-sample of ${sampleId}` }),
    ).toBeVisible();
    // To the donor through the sample's page, then the participant's consents.
    await page.getByRole('link', { name: sampleId, exact: true }).click();
    await page.getByRole('link', { name: new RegExp(`^${s.name}`) }).click();
    await page.getByRole('navigation', { name: 'Participant' }).getByRole('link', { name: 'Consents' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `Consent ${s.u}` })
      .getByRole('button', { name: `Consent ${s.u}` })
      .click();
    const view = page.getByRole('dialog', { name: `Consent ${s.u}` });
    await view.getByRole('button', { name: 'Withdraw consent' }).click();
    const withdraw = page.getByRole('dialog', { name: `Withdraw consent: Consent ${s.u}` });
    await withdraw.getByLabel(field('Reason')).fill('Moved abroad');
    await withdraw.getByRole('radio', { name: /Stop further use/ }).check();
    await withdraw.getByRole('button', { name: 'Withdraw consent' }).click();
    await page
      .getByRole('dialog', { name: 'Withdraw this consent?' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await expect(view.getByRole('button', { name: 'Withdraw consent' })).toHaveCount(0);
    await view.getByRole('button', { name: 'Close' }).last().click();
    await protocolNav(page).getByRole('link', { name: 'Collected Samples' }).click();
    await expect(sampleRow(page, sampleId)).toContainText('Consent withdrawn');
    await expect(sampleRow(page, sampleId).getByRole('button', { name: /^Create a sub-sample/ })).toHaveCount(0);
  });

  test('saving and releasing a result shows the new release state in the order list seen before', async ({
    signedInPage: page,
    api,
    admin,
  }) => {
    const order = await freeTextOrder(await centralBiobank(api, admin));
    await openScreen(page, 'Orders');
    const searchBox = page
      .getByRole('tabpanel', { name: 'SAMPLE ID', exact: true })
      .getByLabel('Search', { exact: true });
    await searchBox.fill(order.sampleId);
    await searchBox.press('Enter');
    const row = page.getByRole('row').filter({ hasText: order.sampleId });
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('cell', { name: order.sampleId }).click();
    await expect(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
    await page.getByLabel(`Result of ${order.test}`).fill('Reactive lymphocytes');
    await page.getByRole('button', { name: /^Save/ }).click();
    await see(page, 'Saved successfully!');
    await page.getByRole('button', { name: `Actions for ${order.test}` }).click();
    await page.getByRole('menuitem', { name: 'Release' }).click();
    await see(page, `${order.test} released.`);
    // The same search again, by the app's own links: the list's cached page unless the release invalidated it.
    await mainNav(page).getByRole('link', { name: 'Orders' }).click();
    await searchBox.fill(order.sampleId);
    await searchBox.press('Enter');
    await expect(row.getByText('Released', { exact: true })).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toHaveCount(0);
  });

  // One person in both institutions: the receiver's lists, then the sender's list and sample page, each seen before the items were processed.
  test("receiving a shipment changes its status and counts in the receiver's lists and the sender's", async ({
    page,
    api,
    admin,
  }) => {
    test.slow(); // two institutions, each list seen before and after, on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const u = unique();
    const name = `Fresh shipment ${u}`;
    const {
      name: other,
      id: otherId,
      site,
    } = await receivingInstitution(b, await createAccount(b, { role: 'Coordinator' }), ['Coordinator'], {
      title: `Fresh Lab ${u}`,
      address: '3 Hill Road',
    });
    const patient = await registerParticipant(b, { mrn: `FS${u}`.toUpperCase() });
    const samples = [
      await collectedSampleByApi(b, patient.id, `FSH-${u}-1`.toUpperCase()),
      await collectedSampleByApi(b, patient.id, `FSH-${u}-2`.toUpperCase()),
    ];
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');
    await b.call('POST', 'collectedSampleShipments', {
      name,
      sendingInstitutionSiteId: ownSite.id,
      receivingInstitutionId: otherId,
      receivingInstitutionSiteId: site.id,
      collectedSampleIds: samples.map((s) => s.id),
    });
    const protocol = await b.call<Rec>('GET', `collectionProtocols/${samples[0].collectionProtocolId}`);
    const shipmentRow = (scope: Page) => scope.getByRole('row', { name: new RegExp(name) });

    // The sender sees the sample in transit and the shipment under Issued.
    await signedInAs(
      page,
      admin,
      'Central Biobank',
      `/collection-protocols/${samples[0].collectionProtocolId}/collected-samples/${samples[0].id}`,
    );
    await see(page, `In transit (shipment ${name})`);
    await openScreen(page, 'Shipments', 'Shipment Requests');
    await shipmentsNav(page).getByRole('link', { name: 'Issued' }).click();
    await expect(shipmentRow(page)).toContainText('Shipped');
    await expect(shipmentRow(page)).toContainText('2 items');

    // The receiver's Requests, Approved and RECEIVED lists before anything is processed.
    await changeInstitution(page);
    await pickInstitution(page, other);
    await openScreen(page, 'Shipments', 'Shipment Requests');
    await expect(shipmentRow(page)).toContainText('2 items');
    await shipmentsNav(page).getByRole('link', { name: 'Approved' }).click();
    await expect(page.getByRole('heading', { name: 'Approved Shipments', level: 1 })).toBeVisible();
    await see(page, 'No shipment has been received yet.');
    await shipmentsNav(page).getByRole('link', { name: 'Requests' }).click();
    await shipmentRow(page).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Shipments', exact: true }).click();
    await page.getByText('RECEIVED', { exact: true }).click();
    await expect(shipmentRow(page)).toContainText('Shipped');
    await expect(shipmentRow(page)).toContainText('2 items');

    // Accept one: the list seen before says partially received, one of two.
    await shipmentRow(page).click();
    const pending = page.getByRole('table', { name: 'Pending items' });
    await pending.getByLabel(`Select ${samples[0].sampleId}`).check();
    await page.getByRole('button', { name: 'Accept (1)' }).click();
    await expect(page.getByRole('table', { name: 'Processed items' }).getByRole('row')).toHaveCount(2);
    await page.getByRole('main').getByRole('link', { name: 'Shipments', exact: true }).click();
    await page.getByText('RECEIVED', { exact: true }).click();
    await expect(shipmentRow(page)).toContainText('Partially received');
    await expect(shipmentRow(page)).toContainText('2 items, 1 pending, 1 received');

    // Reject the other: the shipment leaves Requests and shows under Approved, both seen before.
    await shipmentRow(page).click();
    await pending.getByLabel(`Select ${samples[1].sampleId}`).check();
    await page.getByRole('button', { name: 'Reject (1)' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject 1 sample' });
    await reject.getByLabel(field('Reason')).fill('Label unreadable');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await see(page, '2 items, 1 received, 1 rejected');
    await openScreen(page, 'Shipments', 'Shipment Requests');
    await expect(shipmentRow(page)).toHaveCount(0);
    await shipmentsNav(page).getByRole('link', { name: 'Approved' }).click();
    await expect(shipmentRow(page)).toContainText('2 items, 1 received, 1 rejected');

    // Back at the sender: its Issued list and the sample's page, both seen while the shipment was in transit.
    await changeInstitution(page);
    await pickInstitution(page, 'Central Biobank');
    await openScreen(page, 'Shipments', 'Shipment Requests');
    await shipmentsNav(page).getByRole('link', { name: 'Issued' }).click();
    await expect(shipmentRow(page)).toContainText('Received');
    await expect(shipmentRow(page)).toContainText('2 items, 1 received, 1 rejected');
    await openScreen(page, 'Collection Protocols');
    const code = String(protocol.code);
    await search(page, code);
    // The row whose code cell is this code: any-part search also lists protocols whose title merely contains it
    // (a generated code '10' matched 'Study xi010i3gy' in CI).
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: code, exact: true }) })
      .click();
    await protocolNav(page).getByRole('link', { name: 'Collected Samples' }).click();
    await page.getByRole('link', { name: samples[0].sampleId, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Sample ${samples[0].sampleId}` })).toBeVisible();
    await expect(page.getByText(/^In transit/)).toHaveCount(0);
  });
});
