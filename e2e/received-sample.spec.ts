import { expect, test } from './fixtures';
import {
  centralBiobank,
  createAccount,
  institutionView,
  registerParticipant,
  secondInstitution,
  unique,
  type Rec,
} from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { storageByApi } from './support/storage';
import { expectNoAxeViolations } from './support/axe';
import { field, signedInAs } from './support/ui';

// Issue 31 item 1 (docs/decisions/0014-received-samples.md): accepting a sample makes it the receiver's own record;
// the receiver stores it from the normal storage screen by its sample ID and sees its custody timeline.
test('a received sample is stored from the storage screen and shows where it came from and its timeline', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const u = unique();
  const receiver = await createAccount(b, {
    role: 'Institution Administrator',
    firstName: 'Rita',
    lastName: 'Receiver',
  });
  const other = await secondInstitution(b, receiver, ['Institution Administrator']);
  const { body: institutions } = await api.call<Rec[]>('GET', '/institutions?PageSize=1000', b.token);
  const otherId = institutions.find((i) => i.title === other)!.id;
  const site = await api.call('POST', `/institutions/${otherId}/institutionSites`, b.token, {
    title: `Receiving Lab ${u}`,
    abbreviation: null,
    address: '5 Quay Street',
  });
  expect(site.status, JSON.stringify(site.body)).toBe(201);
  const patient = await registerParticipant(b, { mrn: `RS${u}`.toUpperCase() });
  const sample = await collectedSampleByApi(b, patient.id, `RS-${u}`.toUpperCase());
  const [ownSite] = await b.list('institutionSites?IsEnabled=true');
  const shipment = await b.call('POST', 'collectedSampleShipments', {
    name: `To the second biobank ${u}`,
    sendingInstitutionSiteId: ownSite.id,
    receivingInstitutionId: otherId,
    receivingInstitutionSiteId: site.body.id,
    collectedSampleIds: [sample.id],
  });
  // The receiver accepts it (the bulk call the shipment screen makes) and has a box to put it in.
  const r = institutionView(api, await api.session(receiver.email, receiver.password), otherId);
  const [item] = await r.call<Rec[]>('GET', `collectedSampleShipments/${shipment.id}/collectedSampleShipmentItems`);
  const accepted = await r.call<{ items: (Rec & { receivedSample: Rec })[] }>(
    'POST',
    `collectedSampleShipments/${shipment.id}/collectedSampleShipmentItems/receive`,
    { items: [{ id: item.id }] },
  );
  const record = accepted.items[0].receivedSample;
  const { box1 } = await storageByApi(r, `Freezer ${u}`);

  await signedInAs(page, receiver, other, `/configuration/storage-container?path=${box1.join('.')}`);
  const a1 = page.getByRole('button', { name: /^A1 (AVAIL|.+, OCC), row \d+ column \d+/ });
  await a1.click();
  const dialog = page.getByRole('dialog', { name: 'Collected Sample Allocation' });
  await dialog.getByLabel(field('Sample ID')).fill(sample.sampleId);
  await dialog.getByLabel(field('Sample ID')).press('Enter');
  await expect(dialog.getByText(sample.sampleId, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Allocate' }).click();
  await expect(dialog).toBeHidden();
  await expect(a1).toContainText(sample.sampleId);

  await page.goto(`/sample/${record.id}`);
  await expect(page.getByRole('heading', { name: `Sample ${sample.sampleId}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Received from Central Biobank' })).toBeVisible();
  const timeline = page.getByLabel('Custody timeline');
  await expect(timeline.getByText('Collected', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Received', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Stored', { exact: true })).toBeVisible();
  await expect(timeline.getByText(/^Central Biobank ·/).first()).toBeVisible();
  await expect(page.getByText(/Box 1/).first()).toBeVisible();
  // Its label prints like an own sample's (the institution's label route): the PDF sheet downloads, the timeline notes it.
  await page.evaluate(() => localStorage.setItem('lims.printMethod', 'pdf'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Print label' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('labels.pdf');
  await expect(timeline.getByText('Label printed', { exact: true })).toBeVisible();
  await shot('received-sample-timeline');
  await expectNoAxeViolations(page, 'received sample page');
});
