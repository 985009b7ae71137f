import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  centralBiobank,
  createAccount,
  freeTextPanel,
  institutionView,
  registerParticipant,
  unique,
  type Rec,
} from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { receivingInstitution } from './support/shipments';
import { expectNoAxeViolations } from './support/axe';
import { see, signedInAs } from './support/ui';

async function chooseOption(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// Issue 31 item 1 (docs/decisions/0014-received-samples.md): the receiver orders tests on a received sample like on
// its own; the order's subject is the sample's pseudonymous donor code. The sender's record shows who holds it now.
test('a received sample is ordered on from its page, the order shows the donor code, and a result is entered', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const u = unique();
  const receiver = await createAccount(b, { role: 'Institution Administrator', firstName: 'Ola', lastName: 'Orderer' });
  const other = await receivingInstitution(b, receiver, ['Institution Administrator'], {
    title: `Receiving Lab ${u}`,
    address: '5 Quay Street',
  });
  const patient = await registerParticipant(b, { mrn: `RO${u}`.toUpperCase(), firstName: 'Selamawit' });
  const sample = await collectedSampleByApi(b, patient.id, `RO-${u}`.toUpperCase());
  const [ownSite] = await b.list('institutionSites?IsEnabled=true');
  const shipment = await b.call('POST', 'collectedSampleShipments', {
    name: `For testing ${u}`,
    sendingInstitutionSiteId: ownSite.id,
    receivingInstitutionId: other.id,
    receivingInstitutionSiteId: other.site.id,
    collectedSampleIds: [sample.id],
  });
  const r = institutionView(api, await api.session(receiver.email, receiver.password), other.id);
  const [item] = await r.call<Rec[]>('GET', `collectedSampleShipments/${shipment.id}/collectedSampleShipmentItems`);
  const accepted = await r.call<{ items: (Rec & { receivedSample: Rec })[] }>(
    'POST',
    `collectedSampleShipments/${shipment.id}/collectedSampleShipmentItems/receive`,
    { items: [{ id: item.id }] },
  );
  const record = accepted.items[0].receivedSample;
  const { panel, test: morphology } = await freeTextPanel(r, u);
  const donorCode = (await r.call<{ receivedFrom: { donorCode: string } }>('GET', `collectedSamples/${record.id}`))
    .receivedFrom.donorCode;

  // The receiver: New Order's COLLECTED SAMPLE ID tab (which orders for a participant) points to the sample's page.
  await signedInAs(page, receiver, other.name, '/orders/new');
  const newOrder = page.getByRole('dialog', { name: 'Create a New Order' });
  await newOrder.getByRole('tab', { name: 'COLLECTED SAMPLE ID' }).click();
  await newOrder.getByLabel('Collected Sample ID', { exact: true }).fill(sample.sampleId);
  await newOrder.getByLabel('Collected Sample ID', { exact: true }).press('Enter');
  await expect(
    newOrder.getByText('Received from another institution: its donor is not a participant here.'),
  ).toBeVisible();
  await newOrder.getByRole('link', { name: 'Order from its sample page' }).click();

  // The received sample's page has Order tests.
  await expect(page).toHaveURL(new RegExp(`/sample/${record.id}$`));
  await expect(page.getByRole('heading', { name: `Sample ${sample.sampleId}`, level: 1 })).toBeVisible();
  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders.getByText('No orders on this sample.', { exact: false })).toBeVisible();
  await orders.getByRole('link', { name: 'Order tests' }).click();

  const dialog = page.getByRole('dialog', { name: 'Order tests' });
  await expect(dialog.getByText(donorCode)).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog.getByText('*Required').first()).toBeVisible();
  await chooseOption(page, 'Priority', 'Routine', dialog);
  const box = dialog.getByRole('textbox', { name: 'Panels' });
  await box.fill(String(panel.title).split(' ')[0]);
  await page.getByRole('option', { name: String(panel.title), exact: true }).click();
  await expect(dialog.getByText(String(panel.title), { exact: true })).toBeVisible();
  await dialog.getByLabel('Comment to Lab').fill('Received tube, run on arrival.');
  await shot('received-order-form');
  await expectNoAxeViolations(page, 'order tests on a received sample');
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();

  // The test-result screen: the donor card names the code, never the sender's participant.
  await expect(page.getByRole('heading', { name: 'Test Results', level: 1 })).toBeVisible();
  const donor = page.getByRole('region', { name: 'Donor' });
  await expect(donor.getByText(donorCode)).toBeVisible();
  await expect(page.getByText('Selamawit')).toHaveCount(0);
  await page.getByLabel(`Result of ${String(morphology.title)}`).fill('Normocytic, normochromic');
  await page.getByRole('button', { name: /^Save/ }).click();
  await see(page, 'Saved successfully!');
  await shot('received-order-result');
  await expectNoAxeViolations(page, 'test results of an order on a received sample');

  // The Orders list shows the donor code in the Patient column.
  await page.goto('/orders');
  await expect(page.getByRole('cell', { name: donorCode }).first()).toBeVisible();

  // Back on the sample page: the order is listed, and the custody FHIR export downloads.
  await page.goto(`/sample/${record.id}`);
  await expect(orders.getByRole('link', { name: /^L\d{10}$/ }).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Custody FHIR' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  await shot('received-order-sample-page');
  await expectNoAxeViolations(page, 'received sample page with its order');

  // The sender's record of the tube: held by the receiver since the receipt, no ordering any more.
  await signedInAs(page, admin, 'Central Biobank', `/sample/${sample.id}`);
  await expect(page.getByText(new RegExp(`^Held by ${other.name} since `))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order tests' })).toHaveCount(0);
  await shot('received-order-sender-held-by');
});
