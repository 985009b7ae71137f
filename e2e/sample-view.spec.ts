import { test, expect } from './fixtures';
import { centralBiobank, freeTextPanel, registerParticipant, unique, type Rec } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { field } from './support/ui';
import { expectNoAxeViolations } from './support/axe';
import { nodeUrl, screenPath, storageByApi } from './support/storage';

// Issue 13, "Sample page" and "Suggest a position": a sample's storage position and lab orders on its page,
// and the first free position suggested for one not yet stored (on its page and in the allocation dialog).

test('a sample page shows where the sample is stored and its orders; an unstored one gets a suggested position', async ({
  signedInPage: page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const u = unique();
  const freezer = `Freezer ${u}`;
  const { box1, box2 } = await storageByApi(b, freezer);
  const patient = await registerParticipant(b, { mrn: `SV${u}`.toUpperCase() });
  const first = await collectedSampleByApi(b, patient.id, `SV-${u}-1`.toUpperCase());
  // A second sample of the same protocol and specimen type, not stored.
  type SampleRec = Rec & {
    sampleId: string;
    collectionProtocolId: number;
    collectedDate: string;
    institutionSite: Rec;
    collectionProtocolEvent: Rec;
    specimenType: Rec;
    unitOfMeasurement: Rec;
  };
  const f = first as SampleRec;
  const second = await b.call<Rec & { sampleId: string }>(
    'POST',
    `collectionProtocols/${f.collectionProtocolId}/collectedSamples`,
    {
      sampleId: `SV-${u}-2`.toUpperCase(),
      patientId: patient.id,
      institutionSiteId: f.institutionSite.id,
      collectionProtocolEventId: f.collectionProtocolEvent.id,
      specimenTypeId: f.specimenType.id,
      collectedAmount: 5,
      unitOfMeasurementId: f.unitOfMeasurement.id,
      collectedDate: f.collectedDate,
      collectedTime: '10:00',
    },
  );

  // The first sample stored in Box 1 at A1 (bulk allocate takes the first free position), and an order placed on it.
  await b.call('POST', `${nodeUrl(box1)}/allocate`, { collectedSampleIds: [first.id] });
  const { panel } = await freeTextPanel(b, u);
  const [order] = await b.call<{ sampleId: string }[]>('POST', 'LIMSOrders/place', {
    patientIds: [patient.id],
    priorityId: (await b.list('priorities'))[0].id,
    panelIds: [panel.id],
    collectedSampleId: first.id,
  });

  const samples = `/collection-protocols/${f.collectionProtocolId}/collected-samples`;
  await page.goto(`${samples}/${first.id}`);
  await expect(page.getByRole('heading', { name: `Sample ${first.sampleId}`, level: 1 })).toBeVisible();
  const storage = page.getByRole('region', { name: 'Storage position', exact: true });
  await expect(storage.getByText(`${freezer} > Shelf 1 > Rack A > Drawer 1 > Box 1, position A1`)).toBeVisible();
  const orders = page.getByRole('region', { name: 'Orders', exact: true });
  const row = orders.getByRole('row').filter({ hasText: order.sampleId });
  await expect(row).toContainText(panel.title as string);
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('link', { name: order.sampleId })).toHaveAttribute(
    'href',
    `/orders/test-result?sampleId=${encodeURIComponent(order.sampleId)}`,
  );
  await shot('sample-view-orders');
  await expectNoAxeViolations(page, 'sample page');

  // The box link opens Box 1 in Configuration > Storage Container, the sample in A1.
  await storage.getByRole('link', { name: 'Open the box' }).click();
  await expect(page.getByRole('heading', { name: 'Box 1', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^A1 .+, OCC/ })).toBeVisible();

  // The second sample: not stored, no orders; the suggestion is Box 1 (it holds this protocol's Whole Blood), A2.
  await page.goto(`${samples}/${second.id}`);
  await expect(page.getByRole('heading', { name: `Sample ${second.sampleId}`, level: 1 })).toBeVisible();
  const storage2 = page.getByRole('region', { name: 'Storage position', exact: true });
  await expect(storage2.getByText('Not stored')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Orders', exact: true }).getByText('No orders on this sample.'),
  ).toBeVisible();
  await storage2.getByRole('button', { name: 'Suggest a position' }).click();
  await expect(storage2.getByText(`${freezer} > Shelf 1 > Rack A > Drawer 1 > Box 1, position A2`)).toBeVisible();
  await expect(storage2.getByRole('link', { name: 'Open the suggested box' })).toHaveAttribute(
    'href',
    `/configuration/storage-container?path=${screenPath(box1)}`,
  );
  await shot('sample-view-position');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('sample-view-position-phone');
  await page.goto(`${samples}/${first.id}`);
  // A phone lists the order as a card: its sample ID, panel and release state.
  const card = page
    .getByRole('region', { name: 'Orders', exact: true })
    .getByRole('listitem')
    .filter({ hasText: order.sampleId });
  await expect(card).toContainText(panel.title as string);
  await expect(card).toContainText('Pending');
  await shot('sample-view-orders-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // In Box 2's allocation dialog the second sample, found by its ID, is suggested Box 1's A2; Go to suggested box opens it.
  await page.goto(`/configuration/storage-container?path=${box2.join('.')}`);
  await expect(page.getByRole('heading', { name: 'Box 2', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: /^A1 AVAIL/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Collected Sample Allocation' });
  await dialog.getByLabel(field('Sample ID')).fill(second.sampleId);
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(
    dialog.getByText(`Suggested: ${freezer} > Shelf 1 > Rack A > Drawer 1 > Box 1, position A2`),
  ).toBeVisible();
  await shot('sample-view-suggest-dialog');
  await dialog.getByRole('button', { name: 'Go to suggested box' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Box 1', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^A2 AVAIL/ })).toBeVisible();
});
