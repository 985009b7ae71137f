import { expect, test } from './fixtures';
import { centralBiobank, createAccount, registerParticipant, unique, type Rec } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { expectNoAxeViolations } from './support/axe';
import { receivingInstitution } from './support/shipments';
import { signedInAs } from './support/ui';

// Issue 31 item 4 (docs/shipments.md "Bulk accept and reject"): the receiver scans tubes into the selection
// (a barcode scanner types the sample ID and Enter) and accepts them in one call.
test('the receiver scans two sample IDs into the selection and accepts both in one click', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const u = unique();
  const name = `Scanned box ${u}`;
  const receiver = await createAccount(b, { role: 'Coordinator', firstName: 'Saba', lastName: 'Scanner' });
  const {
    name: other,
    id: otherId,
    site,
  } = await receivingInstitution(b, receiver, ['Coordinator'], {
    title: `Scan Lab ${u}`,
    address: '3 Dock Road',
  });
  const patient = await registerParticipant(b, { mrn: `BK${u}`.toUpperCase() });
  const samples = [];
  for (const n of [1, 2, 3, 4]) samples.push(await collectedSampleByApi(b, patient.id, `BK-${u}-${n}`.toUpperCase()));
  const [ownSite] = await b.list('institutionSites?IsEnabled=true');
  const shipment = await b.call('POST', 'collectedSampleShipments', {
    name,
    sendingInstitutionSiteId: ownSite.id,
    receivingInstitutionId: otherId,
    receivingInstitutionSiteId: site.id,
    collectedSampleIds: samples.map((s) => s.id),
  });

  await signedInAs(page, receiver, other, `/shipment/${shipment.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending items' });
  await expect(pending.getByRole('row')).toHaveCount(5);

  // The scanner types into the focused field and presses Enter; the field empties and keeps the focus.
  const scan = page.getByRole('textbox', { name: 'Scan to select' });
  const said = page.getByTestId('scan-result');
  await scan.click();
  await page.keyboard.type(samples[0].sampleId.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(said).toHaveText(`${samples[0].sampleId} selected (1 of 4).`);
  await expect(scan).toHaveValue('');
  await expect(scan).toBeFocused();
  await page.keyboard.type(`NOPE-${u}`);
  await page.keyboard.press('Enter');
  await expect(said).toHaveText(`NOPE-${u} is not in this shipment.`);
  await page.keyboard.type(samples[1].sampleId);
  await page.keyboard.press('Enter');
  await expect(said).toHaveText(`${samples[1].sampleId} selected (2 of 4).`);
  await expect(pending.getByLabel(`Select ${samples[0].sampleId}`)).toBeChecked();
  await expect(pending.getByLabel(`Select ${samples[1].sampleId}`)).toBeChecked();
  await expect(pending.getByLabel(`Select ${samples[2].sampleId}`)).not.toBeChecked();
  await shot('shipment-bulk-scan');
  await expectNoAxeViolations(page, 'shipment detail (receiver), scan-to-select');

  // One click, one call: both are received, the others still pending.
  await page.getByRole('button', { name: 'Accept (2)' }).click();
  const processed = page.getByRole('table', { name: 'Processed items' });
  await expect(processed.getByRole('row')).toHaveCount(3);
  for (const s of samples.slice(0, 2))
    await expect(processed.getByRole('row', { name: new RegExp(s.sampleId) })).toContainText('Received');
  await expect(pending.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('4 items, 2 pending, 2 received')).toBeVisible();

  // Scanning a tube already accepted says so.
  await scan.fill(samples[0].sampleId);
  await scan.press('Enter');
  await expect(said).toHaveText(`${samples[0].sampleId} is already received.`);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await shot('shipment-bulk-accepted');
  await expectNoAxeViolations(page, 'shipment detail (receiver), after a bulk accept');

  // A colleague rejects one of the next two tubes meanwhile: the accept is refused as a whole, naming it.
  for (const s of samples.slice(2)) {
    await scan.fill(s.sampleId);
    await scan.press('Enter');
  }
  const token = await api.login(receiver.email, receiver.password);
  const items = `/institutions/${otherId}/collectedSampleShipments/${shipment.id}/collectedSampleShipmentItems`;
  const { body: listed } = await api.call<(Rec & { status: string })[]>('GET', items, token);
  const last = listed.find((i) => i.status === 'pending')!; // the oldest pending: samples[2]
  const rejected = await api.call('POST', `${items}/${last.id}/reject`, token, { reason: 'Cracked' });
  expect(rejected.status).toBe(200);
  await page.getByRole('button', { name: 'Accept (2)' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was accepted: 1 sample refused' });
  await expect(refusal.getByRole('listitem')).toHaveText(
    `${samples[2].sampleId}: Sample ${samples[2].sampleId} is already rejected.`,
  );
  await expect(processed.getByRole('row')).toHaveCount(4);
  await expect(pending.getByLabel(`Select ${samples[3].sampleId}`)).toBeChecked();
  await shot('shipment-bulk-refused');
});
