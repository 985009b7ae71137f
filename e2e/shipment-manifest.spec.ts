import { writeFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, registerParticipant, unique } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { expectNoAxeViolations } from './support/axe';
import { receivingInstitution } from './support/shipments';
import { openScreen, signedInAs } from './support/ui';

// Issue 17, shipment manifest exchange (docs/shipments.md "Manifest exchange"): the receiver imports the
// FHIR manifest file the sender's API produced, previews it (SHA-256 OK) and accepts an item.
test('the receiver imports a FHIR manifest file, previews it and accepts an item; the sender downloads it from the shipment', async ({
  signedInPage: page,
  api,
  admin,
  newPage,
  shot,
}, testInfo) => {
  test.slow();
  const b = await centralBiobank(api, admin);
  const u = unique();
  const name = `Manifest run ${u}`;
  const receiver = await createAccount(b, { role: 'Coordinator', firstName: 'Meron', lastName: 'Importer' });
  const {
    name: other,
    id: otherId,
    site,
  } = await receivingInstitution(b, receiver, ['Coordinator'], {
    title: `Import Lab ${u}`,
    address: '4 Lake Road',
  });
  const patient = await registerParticipant(b, { mrn: `MF${u}`.toUpperCase() });
  const samples = [
    await collectedSampleByApi(b, patient.id, `MF-${u}-1`.toUpperCase()),
    await collectedSampleByApi(b, patient.id, `MF-${u}-2`.toUpperCase()),
  ];
  const [ownSite] = await b.list('institutionSites?IsEnabled=true');
  const shipment = await b.call('POST', 'collectedSampleShipments', {
    name,
    trackingNumber: `TRK-${u}`,
    sendingInstitutionSiteId: ownSite.id,
    receivingInstitutionId: otherId,
    receivingInstitutionSiteId: site.id,
    collectedSampleIds: samples.map((s) => s.id),
  });
  const manifest = await b.call('GET', `collectedSampleShipments/${shipment.id}/manifest.fhir.json`);
  const file = testInfo.outputPath(`${name} manifest.fhir.json`);
  await writeFile(file, JSON.stringify(manifest, null, 2));
  // Signed manifests (issue 31): the receiver trusts the sender's public key file.
  const keys = await api.call('GET', `/institutions/${b.instId}/signingKeys/public-keys.json`, b.token);
  const trusted = await api.call('POST', `/institutions/${otherId}/trustedPartners`, b.token, keys.body);
  expect(trusted.status, JSON.stringify(trusted.body)).toBe(201);

  // The sender's shipment offers the FHIR manifest among the downloads.
  await page.goto(`/shipment/${shipment.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Download manifest' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'FHIR manifest (for another installation)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/manifest\.fhir\.json$/);

  // The receiver imports the file from the Shipments overview.
  const rp = await newPage();
  await signedInAs(rp, receiver, other);
  await openScreen(rp, 'Shipments', 'Shipment Requests');
  await rp.getByRole('button', { name: 'Import manifest' }).click();
  const dialog = rp.getByRole('dialog', { name: 'Import a shipment manifest' });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByText('Signature verified')).toBeVisible();
  await expect(dialog.getByText(/Signed by Central Biobank .* verified/)).toBeVisible();
  const listed = dialog.getByRole('table', { name: 'Samples in the manifest' });
  await expect(listed.getByRole('row')).toHaveCount(3);
  await expect(listed.getByRole('row', { name: new RegExp(samples[0].sampleId) })).toBeVisible();
  await expect(dialog.getByText('From: Central Biobank')).toBeVisible();
  await shot('manifest-import-preview', rp);
  await expectNoAxeViolations(rp, 'import manifest preview');
  await dialog.getByRole('button', { name: 'Import 2 samples' }).click();

  await expect(rp.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(rp.getByText(/Imported from/)).toBeVisible();
  const pending = rp.getByRole('table', { name: 'Pending items' });
  await expect(pending.getByRole('row')).toHaveCount(3);
  await pending.getByLabel(`Select ${samples[0].sampleId}`).check();
  await rp.getByRole('button', { name: 'Accept (1)' }).click();
  const processed = rp.getByRole('table', { name: 'Processed items' });
  await expect(processed.getByRole('row', { name: new RegExp(samples[0].sampleId) })).toContainText(
    /Received.*Meron Importer/,
  );
  // Accepting it made the receiver's own record (issue 31, docs/decisions/0014-received-samples.md): linked from the row.
  await expect(processed.getByRole('link', { name: `Open sample ${samples[0].sampleId}` })).toBeVisible();
  await expect(rp.getByText('2 items, 1 pending, 1 received')).toBeVisible();
  await expect(rp.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await shot('shipment-detail-imported', rp);
  await expectNoAxeViolations(rp, 'imported shipment detail');

  // The same file again: the preview says where it went, Import is disabled.
  await openScreen(rp, 'Shipments', 'Shipment Requests');
  await rp.getByRole('button', { name: 'Import manifest' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByText('This manifest was imported as')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 samples' })).toBeDisabled();
});
