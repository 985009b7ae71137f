import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, createAccount, unique, type Rec } from './support/data';
import { collectingProtocol } from './support/protocols';
import { choose, field, noSideScroll, openScreen, signedInAs } from './support/ui';

// Issue 32 item 4 (docs/research.md "Query builder"): staff build criteria, count, see the matching samples, save
// the query and export the CSV; a researcher loads the saved query and sees counts only ('< 5'), never the list.

test('staff find samples with the query builder, save the query and export it; a researcher sees counts only', async ({
  page,
  api,
  admin,
  shot,
  newPage,
}) => {
  test.slow(); // a criteria tree, a list and a second browser on a busy 2-core machine
  const b = await centralBiobank(api, admin);
  const w = await collectingProtocol(b);
  const saliva = (await b.ids('specimenTypes')).get('Saliva');
  // Two saliva samples of an amount no other spec uses: the query below finds exactly these.
  const amount = 3.217;
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await b.call<Rec & { sampleId: string }>(
      'POST',
      `collectionProtocols/${w.protocol.id}/collectedSamples`,
      {
        patientId: w.patient.id,
        institutionSiteId: w.event.institutionSiteId,
        collectionProtocolEventId: w.event.id,
        specimenTypeId: saliva,
        collectedAmount: amount,
        unitOfMeasurementId: w.ml,
        collectedDate: new Date().toISOString().slice(0, 10),
        collectedTime: '00:00',
      },
    );
    ids.push(s.sampleId);
  }
  const name = `Saliva ${unique()}`;

  await signedInAs(page, admin, 'Central Biobank', '/');
  await openScreen(page, 'Queries');
  await expect(page.getByText('Build the criteria, then press Count.')).toBeVisible();
  await choose(page, page.locator('main'), 'Specimen types', 'Saliva');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add criterion' }).click();
  await page.getByLabel(field('Field')).nth(1).click();
  await page.getByRole('option', { name: 'Remaining quantity', exact: true }).click();
  await page.getByLabel(field('Quantity from')).fill(String(amount));
  await page.getByLabel(field('Quantity to')).fill(String(amount));
  await page.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Matching samples' })).toHaveText('Matching samples: 2');
  for (const id of ids) await expect(page.getByRole('row').filter({ hasText: id })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Saliva' }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'query builder (staff)');
  await shot('queries-staff');

  // Saved for the institution.
  await page.getByLabel(field('Name')).fill(name);
  await page.getByRole('button', { name: 'Save as new' }).click();
  await expect(page.getByText(`${name} is saved.`)).toBeVisible();

  // The CSV: the same samples, through the one writer.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain('"Sample ID","Specimen type"');
  for (const id of ids) expect(csv).toContain(`"${id}","Saliva"`);
  expect(csv).not.toContain(w.mrn);

  // At phone width nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideScroll(page, 'query builder');
  await shot('queries-staff-phone');

  // A researcher: the saved query, counts only.
  const researcher = await createAccount(b, { role: 'Researcher' });
  const r = await newPage();
  await signedInAs(r, researcher, 'Central Biobank', '/queries');
  await expect(r.getByRole('heading', { name: 'Queries', level: 1 })).toBeVisible();
  await choose(r, r.locator('main'), 'Saved query', name);
  await r.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(r.getByRole('status').filter({ hasText: 'Matching samples' })).toHaveText('Matching samples: < 5');
  await choose(r, r.locator('main'), 'Group counts by', 'Collection protocol');
  const row = r.getByRole('row').filter({ hasText: w.protocol.title });
  await expect(row).toContainText('< 5');
  await expect(r.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(r.getByRole('heading', { name: 'Samples' })).toHaveCount(0);
  for (const id of ids) await expect(r.getByText(id)).toHaveCount(0);
  await expectNoAxeViolations(r, 'query builder (researcher)');
  await shot('queries-researcher', r);
  await r.setViewportSize({ width: 390, height: 844 });
  await noSideScroll(r, 'query builder (researcher)');
  await shot('queries-researcher-phone', r);
});
