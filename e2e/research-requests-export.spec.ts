import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtBothWidths } from './support/axe';
import { centralBiobank } from './support/data';
import { asAccount, distributedRequest, requestScene } from './support/research-requests';
import { noSideScroll, signedInAs } from './support/ui';

// Issue 32 item 6 (docs/research.md "Export of a distribution"): once distributed, the Researcher and staff download
// the distribution as CSV and as FHIR from the request's page; both name each sample by its code only, never the
// sample ID or the donor.

const PHONE = { width: 390, height: 844 };

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('main').getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('the Researcher and staff download a distribution as CSV and FHIR: codes, never sample IDs', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow();
  const b = await centralBiobank(api, admin);
  const s = await requestScene(b);
  const title = `Export cohort ${s.u}`;
  const r = await distributedRequest(b, s, title);
  const [{ code }] = await (
    await asAccount(b, s.researcher)
  )<{ code: string }[]>('GET', `researchRequests/${r.id}/distributedSamples`);
  const main = page.getByRole('main');

  for (const who of [s.researcher, s.banker]) {
    await signedInAs(page, who, 'Central Biobank', `/research-requests/${r.id}`);
    await expect(page.getByRole('heading', { name: 'Distributed samples' })).toBeVisible();
    await expect(
      main.getByRole('table', { name: 'Distributed samples' }).getByRole('cell', { name: code, exact: true }),
    ).toBeVisible();

    const csv = await download(page, 'Download CSV');
    expect(csv.name).toBe(`${title} distribution.csv`);
    const [header, ...rows] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      '"Code","Specimen type","Anatomic site","Quantity distributed","Unit","Collected (year-month)","Consent purposes granted"',
    );
    expect(rows[0]).toMatch(new RegExp(`^"${code}","Whole Blood",`));
    expect(csv.text).not.toContain(r.sampleId);
    expect(csv.text).not.toContain(s.mrn);

    const fhir = await download(page, 'Download FHIR');
    expect(fhir.name).toBe(`${title} distribution.fhir.json`);
    const bundle = JSON.parse(fhir.text) as { resourceType: string; entry: { resource: { resourceType: string } }[] };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.entry.map((e) => e.resource.resourceType).sort()).toEqual(['Consent', 'Specimen']);
    expect(fhir.text).toContain(code);
    expect(fhir.text).not.toContain(r.sampleId);
    expect(fhir.text).not.toContain(s.mrn);
  }

  // The staff view, then the Researcher's, at both widths: axe, no side scroll, screenshots.
  await expectNoAxeViolationsAtBothWidths(
    page,
    'distributed request (staff)',
    main.getByRole('button', { name: 'Download CSV' }),
  );
  await signedInAs(page, s.researcher, 'Central Biobank', `/research-requests/${r.id}`);
  const buttons = main.getByRole('button', { name: /^Download (CSV|FHIR)$/ });
  await expect(buttons).toHaveCount(2);
  await expectNoAxeViolationsAtBothWidths(page, 'distributed request (researcher)', buttons.first());
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('research-request-export');
  await page.setViewportSize(PHONE);
  await expect(buttons.first()).toBeVisible();
  await noSideScroll(page, 'distributed request (researcher)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('research-request-export-phone');
});
