import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, institutionView, registerParticipant, unique } from './support/data';
import { storageByApi } from './support/storage';
import { receivingInstitution } from './support/shipments';
import { collectedSampleByApi, protocolByApi } from './support/protocols';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths } from './support/axe';
import { choose, field, openScreen, signedInAs } from './support/ui';

/** Screenshots show the screen, not the toasts that confirmed the last action. */
const toastsGone = (page: Page) =>
  expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });

const atPhoneWidth = async (page: Page, take: () => Promise<void>) => {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await take();
  if (size) await page.setViewportSize(size);
};

test.describe('shipments', () => {
  test('send three samples to another institution; the receiver accepts two and rejects one; the sender sees the outcome and downloads the manifest', async ({
    page,
    api,
    admin,
    newPage,
    shot,
  }) => {
    test.slow(); // two people, a stepper and one call per item on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const u = unique();
    const name = `Reference lab ${u}`;

    // The receiver: a Coordinator and Tissue Banker (stores samples) of a second institution with its own site and freezer.
    const receiver = await createAccount(b, { role: 'Coordinator', firstName: 'Rahel', lastName: 'Receiver' });
    const { name: other, id: otherId } = await receivingInstitution(b, receiver, ['Coordinator', 'Tissue Banker'], {
      title: `Receiving Lab ${u}`,
      address: '9 River Road',
    });
    const freezer = `Receiver freezer ${u}`;
    await storageByApi(institutionView(api, b.token, otherId), freezer);

    // The sender's three samples of one patient.
    const mrn = `SH${u}`.toUpperCase();
    const patient = await registerParticipant(b, { mrn });
    const samples = [];
    for (const n of [1, 2, 3]) samples.push(await collectedSampleByApi(b, patient.id, `SHP-${u}-${n}`.toUpperCase()));
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');

    // --- The sender creates the shipment in the browser.
    await signedInAs(page, admin, 'Central Biobank', '/shipment');
    await expect(page.getByRole('heading', { name: 'Shipments', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Create Shipment' }).click();
    const form = page.getByRole('dialog', { name: 'Create a Collected Sample Shipment' });
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByText('*required').first()).toBeVisible();
    await form.getByLabel(field('Name')).fill(name);
    await form.getByLabel(field('Tracking Number')).fill(`TRK-${u}`);
    await form.getByLabel(field('Tracking URL')).fill('javascript:alert(1)');
    await choose(page, form, 'Sending Institution Site', ownSite.title as string);
    await choose(page, form, 'Receiving Institution', other);
    await choose(page, form, 'Receiving Institution Site', `Receiving Lab ${u}`);
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
    await form.getByLabel(field('Tracking URL')).fill(`https://track.example/TRK-${u}`);
    await shot('shipment-create-1');
    await form.getByRole('button', { name: 'Next' }).click();

    // Step 2: a date range needs both dates; then by patient MRN, tick all and add.
    await form.getByRole('tab', { name: 'DATE RANGE' }).click();
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(form.getByText('Give both the start and the end date.')).toBeVisible();
    await form.getByRole('tab', { name: 'PATIENT MRN' }).click();
    await form.getByLabel(field('Patient MRN')).fill(mrn);
    await form.getByLabel(field('Patient MRN')).press('Enter');
    const found = form.getByRole('table', { name: 'Samples found' });
    await expect(found.getByRole('row')).toHaveCount(4);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Add at least one sample to ship')).toBeVisible();
    await found.getByLabel('Select all samples found').check();
    await form.getByRole('button', { name: 'Add selected (3)' }).click();
    await expect(form.getByRole('heading', { name: 'Samples to ship (3)' })).toBeVisible();
    await shot('shipment-create-2');
    await expectNoAxeViolations(page, 'create shipment, step 2');
    await atPhoneWidth(page, () => shot('shipment-create-2-phone'));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pending items' }).getByRole('row')).toHaveCount(4);
    // The sender cannot accept its own shipment.
    await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

    // The SENT list (the default) shows it.
    await page.goto('/shipment');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await shot('shipments-list');
    await expectNoAxeViolations(page, 'shipments list');
    await atPhoneWidth(page, () => shot('shipments-list-phone'));

    // --- The receiver signs in to the second institution and processes the items.
    const rp = await newPage();
    await signedInAs(rp, receiver, other, '/shipment');
    await rp.getByText('RECEIVED', { exact: true }).click();
    await expect(rp.getByRole('radio', { name: 'RECEIVED' })).toBeChecked();
    await rp.getByRole('row', { name: new RegExp(name) }).click();
    await expect(rp.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(
      rp,
      'shipment detail (receiver), pending',
      rp.getByRole('heading', { name, level: 1 }),
    );
    await atPhoneWidth(rp, () => shot('shipment-detail-receiver-pending-phone', rp));
    const pending = rp.getByRole('table', { name: 'Pending items' });
    await pending.getByLabel(`Select ${samples[0].sampleId}`).check();
    await pending.getByLabel(`Select ${samples[1].sampleId}`).check();
    await rp.getByRole('button', { name: 'Accept (2)' }).click();
    const processed = rp.getByRole('table', { name: 'Processed items' });
    await expect(processed.getByRole('row')).toHaveCount(3);
    await expect(rp.getByText('Partially received')).toBeVisible();

    await pending.getByLabel(`Select ${samples[2].sampleId}`).check();
    await rp.getByRole('button', { name: 'Reject (1)' }).click();
    const dialog = rp.getByRole('dialog', { name: 'Reject 1 sample' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('*required')).toBeVisible();
    await dialog.getByLabel(field('Reason')).fill('Tube cracked in transit');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(processed.getByRole('row')).toHaveCount(4);
    await expect(processed.getByRole('row', { name: new RegExp(samples[2].sampleId) })).toContainText(
      'Tube cracked in transit',
    );
    await expect(rp.getByText('3 items, 2 received, 1 rejected')).toBeVisible();

    // The receiver stores one accepted sample in its own freezer (the suggested first free position).
    await processed.getByRole('button', { name: `Store ${samples[0].sampleId}` }).click();
    const store = rp.getByRole('dialog', { name: `Store ${samples[0].sampleId}` });
    const place = `${freezer} > Shelf 1 > Rack A > Drawer 1 > Box 1`;
    await expect(store.getByTestId('suggested-position')).toHaveText(`${place}, position A1`);
    await store.getByRole('button', { name: 'Store here' }).click();
    await expect(store).toBeHidden();
    await expect(processed.getByRole('row', { name: new RegExp(samples[0].sampleId) })).toContainText(`${place} > A1`);
    await expect(processed.getByRole('button', { name: `Store ${samples[1].sampleId}` })).toBeVisible();
    await expect(processed.getByRole('row', { name: new RegExp(samples[2].sampleId) }).getByRole('button')).toHaveCount(
      0,
    );
    await toastsGone(rp);
    await shot('shipment-detail-receiver', rp);
    await expectNoAxeViolationsAtBothWidths(
      rp,
      'shipment detail (receiver)',
      rp.getByRole('heading', { name, level: 1 }),
    );
    await atPhoneWidth(rp, () => shot('shipment-detail-receiver-phone', rp));

    // The Shipments overview (main navigation): nothing waits under Requests; the shipment is under Approved.
    await openScreen(rp, 'Shipments', 'Shipment Requests');
    await expect(rp.getByText('No shipment waits for you.')).toBeVisible();
    await rp.getByRole('navigation', { name: 'Shipments overview' }).getByRole('link', { name: 'Approved' }).click();
    await expect(rp.getByRole('heading', { name: 'Approved Shipments', level: 1 })).toBeVisible();
    await expect(rp.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await shot('shipments-overview', rp);
    await expectNoAxeViolations(rp, 'shipments overview');

    // --- The sender sees the outcome, who and why, and downloads the manifest.
    await page.getByRole('row', { name: new RegExp(name) }).click();
    const outcome = page.getByRole('table', { name: 'Processed items' });
    await expect(outcome.getByRole('row')).toHaveCount(4);
    await expect(outcome.getByRole('row', { name: new RegExp(samples[2].sampleId) })).toContainText(
      /Rejected.*Tube cracked in transit.*Rahel Receiver/,
    );
    await expect(outcome.getByRole('row', { name: new RegExp(samples[0].sampleId) })).toContainText(
      /Received.*Rahel Receiver/,
    );
    await expect(page.getByRole('button', { name: 'Cancel shipment' })).toHaveCount(0);
    await shot('shipment-detail-sender');
    await page.getByRole('button', { name: 'Download manifest' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/manifest\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(samples[2].sampleId);
    expect(csv).toContain('Tube cracked in transit');
  });

  test('a sample shipped meanwhile is refused by name; the sender cancels a shipment nothing of which is received', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    // A protocol's Shipments page leads to the list filtered to it.
    const protocol = await protocolByApi(b);
    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${protocol.id}/shipments`);
    // The tab's page has its own level-one heading (axe: page-has-heading-one), like every other tab.
    await expect(page.getByRole('heading', { name: 'Shipments', level: 1 })).toBeVisible();
    await shot('protocol-shipments');
    await page.getByRole('link', { name: "Open this protocol's shipments" }).click();
    await expect(page.getByRole('heading', { name: 'Shipments', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Protocol' })).toHaveValue(`${protocol.title} (${protocol.code})`);
    await expect(page.getByText('No shipment matches these filters.')).toBeVisible();
    const u = unique();
    const receiver = await createAccount(b, { role: 'Coordinator' });
    const {
      name: other,
      id: otherId,
      site,
    } = await receivingInstitution(b, receiver, ['Coordinator'], {
      title: `Lab ${u}`,
      address: '1 Hill Road',
    });
    const patient = await registerParticipant(b, { mrn: `SC${u}`.toUpperCase() });
    const sample = await collectedSampleByApi(b, patient.id, `SHC-${u}`.toUpperCase());
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');
    const payload = {
      sendingInstitutionSiteId: ownSite.id,
      receivingInstitutionId: otherId,
      receivingInstitutionSiteId: site.id,
    };

    // The stepper has the sample chosen when someone else ships it first.
    await page.goto('/shipment/new');
    const form = page.getByRole('dialog', { name: 'Create a Collected Sample Shipment' });
    await form.getByLabel(field('Name')).fill(`Second try ${u}`);
    await choose(page, form, 'Sending Institution Site', ownSite.title as string);
    await choose(page, form, 'Receiving Institution', other);
    await choose(page, form, 'Receiving Institution Site', `Lab ${u}`);
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByLabel(field('Sample ID')).fill(sample.sampleId.toLowerCase());
    await form.getByLabel(field('Sample ID')).press('Enter');
    await form.getByLabel(`Select ${sample.sampleId}`).check();
    await form.getByRole('button', { name: 'Add selected (1)' }).click();
    const first = await b.call('POST', 'collectedSampleShipments', {
      name: `First ${u}`,
      ...payload,
      collectedSampleIds: [sample.id],
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'The shipment was not created' })).toContainText(
      sample.sampleId,
    );

    // The first shipment, nothing received yet, is cancelled by its sender; its item stays listed as cancelled.
    await page.goto(`/shipment/${first.id}`);
    await expect(page.getByRole('heading', { name: `First ${u}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel shipment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this shipment?' });
    await confirm.getByRole('button', { name: 'Cancel shipment' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Cancelled').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Processed items' })).toContainText(sample.sampleId);
    await expect(page.getByRole('button', { name: 'Cancel shipment' })).toHaveCount(0);
  });

  test('save as draft from the stepper, then send it from its page; Draft is a status of the SENT list only', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const u = unique();
    const receiver = await createAccount(b, { role: 'Coordinator' });
    const { name: other } = await receivingInstitution(b, receiver, ['Coordinator'], {
      title: `Draft Lab ${u}`,
      address: '2 Hill Road',
    });
    const patient = await registerParticipant(b, { mrn: `SD${u}`.toUpperCase() });
    const sample = await collectedSampleByApi(b, patient.id, `SHD-${u}`.toUpperCase());
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');

    await signedInAs(page, admin, 'Central Biobank', '/shipment/new');
    const form = page.getByRole('dialog', { name: 'Create a Collected Sample Shipment' });
    await form.getByLabel(field('Name')).fill(`Draft ${u}`);
    await choose(page, form, 'Sending Institution Site', ownSite.title as string);
    await choose(page, form, 'Receiving Institution', other);
    await choose(page, form, 'Receiving Institution Site', `Draft Lab ${u}`);
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByLabel(field('Sample ID')).fill(sample.sampleId);
    await form.getByLabel(field('Sample ID')).press('Enter');
    await form.getByLabel(`Select ${sample.sampleId}`).check();
    await form.getByRole('button', { name: 'Add selected (1)' }).click();
    await form.getByRole('button', { name: 'Save as draft' }).click();

    await expect(page.getByRole('heading', { name: `Draft ${u}`, level: 1 })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/A draft: nothing has left yet/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel shipment' })).toBeVisible();
    await toastsGone(page);
    await shot('shipment-detail-draft');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
    await expect(page.getByText(`Waiting for ${other} to accept or reject them.`)).toBeVisible();

    // The sample page says it is in transit.
    await page.goto(`/collection-protocols/${sample.collectionProtocolId}/collected-samples/${sample.id}`);
    await expect(page.getByText(`In transit (shipment Draft ${u})`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Sub-sample' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Suggest a position' })).toHaveCount(0);
    await toastsGone(page);
    await shot('sample-in-transit');

    // The SENT list offers Draft; RECEIVED does not.
    await page.goto('/shipment');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await expect(page.getByRole('option', { name: 'Draft' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/shipment?direction=received');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await expect(page.getByRole('option', { name: 'Shipped' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Draft' })).toHaveCount(0);
  });
});
