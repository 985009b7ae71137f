import { writeFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, institutionView, registerParticipant, unique } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { receivingInstitution } from './support/shipments';
import { nodeUrl, storageByApi } from './support/storage';
import { lookAt, signedInInFrench } from './support/language';

// Issue 33: the rack-scan reconcile dialog, Import a shipment manifest and the receiver's Store dialog in French.
test.describe('rack scan, manifest import and store in French', () => {
  test('the reconcile, Import manifest and Store dialogs speak French', async ({
    page,
    api,
    admin,
    shot,
  }, testInfo) => {
    test.slow(); // two institutions, a signed manifest and three dialogs on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const u = unique();
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Céline', lastName: 'Roux' });
    const other = await receivingInstitution(b, who, ['Institution Administrator'], {
      title: `Laboratoire ${u}`,
      address: '3 quai du Port',
    });
    const patient = await registerParticipant(b, { mrn: `RF${u}`.toUpperCase() });
    const [kept, moved, lost, shipped] = [
      await collectedSampleByApi(b, patient.id, `RF-${u}-1`.toUpperCase()),
      await collectedSampleByApi(b, patient.id, `RF-${u}-2`.toUpperCase()),
      await collectedSampleByApi(b, patient.id, `RF-${u}-3`.toUpperCase()),
      await collectedSampleByApi(b, patient.id, `RF-${u}-4`.toUpperCase()),
    ];
    const { box1 } = await storageByApi(b, `Congélateur ${u}`);
    await b.call('POST', `${nodeUrl(box1)}/allocate`, { collectedSampleIds: [kept.id, moved.id, lost.id] });
    // The receiver has a box of its own, so Store suggests a position.
    await storageByApi(institutionView(api, b.token, other.id), `Réfrigérateur ${u}`);

    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInInFrench(page, api, who);

    // --- Reconcile a rack scan: kept where it is, one moved to B2, one missing, a stranger's tube, an unreadable line.
    const csv = [
      'Tube Position,Tube Barcode',
      `A01,${kept.sampleId}`,
      'A02,No Tube',
      'A03,No Tube',
      `B02,${moved.sampleId}`,
      `C03,ETRANGER-${u}`,
    ].join('\r\n');
    await page.goto(`/configuration/storage-container?path=${box1.join('.')}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Box 1', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Rapprocher un scan de rack' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rapprocher un scan de rack\u00a0: Box 1' });
    await expect(dialog.getByText('La lecture ne change rien.', { exact: false })).toBeVisible();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'rack.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Lire le scan' }).click();
    const grid = dialog.getByRole('list', { name: 'Scan de Box 1 par position' });
    await expect(grid.getByRole('listitem', { name: `A1\u00a0: Conforme ${kept.sampleId}` })).toBeVisible();
    await expect(
      grid.getByRole('listitem', { name: `B2\u00a0: Déplacé ${moved.sampleId} venant de A2` }),
    ).toBeVisible();
    await expect(grid.getByRole('listitem', { name: `A3\u00a0: Manquant ${lost.sampleId}; Vide` })).toBeVisible();
    const list = dialog.getByRole('table', { name: 'Résultats du scan' });
    await expect(list.getByRole('row').filter({ hasText: lost.sampleId })).toContainText('Rangé ici, absent du scan');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Déplacé\u00a0: 1' })).toBeVisible();
    await dialog.getByRole('checkbox', { name: "Retirer aussi l'échantillon manquant (1)" }).check();
    await expect(dialog.getByLabel('Motif')).toHaveAttribute('placeholder', 'Absent du scan de rack');
    await dialog.getByRole('checkbox', { name: "Retirer aussi l'échantillon manquant (1)" }).uncheck();
    await dialog.getByRole('button', { name: 'Appliquer les déplacements' }).click();
    await expect(dialog.getByText('Appliquer 1 déplacement\u00a0?')).toBeVisible();
    await lookAt(page, 'language-fr-rack-scan', shot);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(dialog.getByText('Appliqué\u00a0: 1 échantillon déplacé, 0 retiré.')).toBeVisible();
    await expect(grid.getByRole('listitem', { name: `B2\u00a0: Conforme ${moved.sampleId}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    // --- Import manifest: the sender's signed manifest, read by the receiver in French.
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');
    const shipment = await b.call('POST', 'collectedSampleShipments', {
      name: `Envoi ${u}`,
      trackingNumber: `TRK-${u}`,
      sendingInstitutionSiteId: ownSite.id,
      receivingInstitutionId: other.id,
      receivingInstitutionSiteId: other.site.id,
      collectedSampleIds: [shipped.id],
    });
    const manifest = await b.call('GET', `collectedSampleShipments/${shipment.id}/manifest.fhir.json`);
    const file = testInfo.outputPath(`envoi-${u}.fhir.json`);
    await writeFile(file, JSON.stringify(manifest));
    const keys = await api.call('GET', `/institutions/${b.instId}/signingKeys/public-keys.json`, b.token);
    const trusted = await api.call('POST', `/institutions/${other.id}/trustedPartners`, b.token, keys.body);
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(201);

    // The receiving institution, chosen as the header's picker would (the stored choice), then its overview.
    await page.evaluate((id) => localStorage.setItem('lims.institutionId', String(id)), other.id);
    await page.goto('/shipment/overview');
    await page.getByRole('button', { name: 'Importer un manifeste' }).click();
    const importing = page.getByRole('dialog', { name: "Importer un manifeste d'expédition" });
    // A file that is not JSON is refused in French before anything is sent.
    await importing
      .locator('input[type="file"]')
      .setInputFiles({ name: 'faux.fhir.json', mimeType: 'application/json', buffer: Buffer.from('pas du json') });
    await expect(importing.getByText("Le fichier n'est pas du JSON", { exact: false })).toBeVisible();
    await importing.locator('input[type="file"]').setInputFiles(file);
    await expect(importing.getByText('Signature vérifiée')).toBeVisible();
    await expect(importing.getByText(/Signé par Central Biobank .* vérifiée/)).toBeVisible();
    const listed = importing.getByRole('table', { name: 'Échantillons du manifeste' });
    await expect(listed.getByRole('row', { name: new RegExp(shipped.sampleId) })).toBeVisible();
    await expect(importing.getByText('De\u00a0: Central Biobank', { exact: false })).toBeVisible();
    await lookAt(page, 'language-fr-import-manifest', shot);
    await importing.getByRole('button', { name: 'Importer 1 échantillon' }).click();
    await expect(page.getByRole('heading', { name: `Envoi ${u}`, level: 1 })).toBeVisible();

    // --- Accept the item, then Store it in the receiver's own box.
    const pending = page.getByRole('table', { name: 'Éléments en attente' });
    await pending.getByLabel(`Sélectionner ${shipped.sampleId}`).check();
    await page.getByRole('button', { name: 'Accepter (1)' }).click();
    const processed = page.getByRole('table', { name: 'Éléments traités' });
    await processed.getByRole('button', { name: `Ranger ${shipped.sampleId}` }).click();
    const store = page.getByRole('dialog', { name: `Ranger ${shipped.sampleId}` });
    await expect(store.getByText('La première position libre dans vos boîtes\u00a0:')).toBeVisible();
    await expect(store.getByTestId('suggested-position')).toContainText(`Réfrigérateur ${u}`);
    await expect(store.getByRole('button', { name: 'Ranger ici' })).toBeEnabled();
    await lookAt(page, 'language-fr-store', shot);
    await store.getByRole('button', { name: 'Ranger ici' }).click();
    await expect(store).toBeHidden();
    await expect(page.getByText(`${shipped.sampleId} rangé en Réfrigérateur ${u}`, { exact: false })).toBeVisible();
    // The notice's close button is named by the theme in the screens' language too.
    await expect(page.getByRole('button', { name: 'Fermer la notification' }).first()).toBeVisible();
  });
});
