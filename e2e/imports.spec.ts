import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolationsAtBothWidths } from './support/axe';
import { centralBiobank, participantCount, registerParticipant, unique } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { choose, field, search } from './support/ui';

// Issue 17: Configuration > Import Data. A participant file with errors, the errors by line after a dry run,
// the fixed file dry-runs clean and imports; the participant is then found in the list.

const HEADER = 'mrn,Given name,fatherName,grandFatherName,birthDate,birthTime,gender,patientType,maritalStatus,vitalStatus,races,ethnicities,phoneType,phoneNumber';
const row = (mrn: string, first: string, over: { gender?: string; birthDate?: string } = {}) =>
  [mrn, first, 'Tesfaye', 'Bekele', over.birthDate ?? '1984-03-12', '08:30', over.gender ?? 'Female', 'Outpatient', 'Single', 'Alive',
    '"Asian;White"', 'Not Hispanic or Latino', 'Mobile', '+251911223344'].join(',');

async function chooseFile(page: Page, name: string, csv: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  // "Given name" is not a field name: map it by hand; the others are prefilled.
  await choose(page, page.getByRole('table', { name: 'Column mapping' }), 'Field for column Given name', 'firstName *');
}

test('imports participants: errors by line after a dry run, fixed file imports, participant found', async ({ signedInPage: page, api, admin, shot }) => {
  const b = await centralBiobank(api, admin);
  const u = unique().toUpperCase();
  const mrns = [`IM${u}A`, `IM${u}B`, `IM${u}C`];
  const before = await participantCount(b);

  await page.goto('/configuration/import');
  await expect(page.getByRole('heading', { name: 'Import data', level: 1 })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  expect((await download).suggestedFilename()).toBe('participants-template.csv');

  const broken = `${HEADER}\r\n${row(mrns[0], 'Zeritu')}\r\n${row(mrns[1], 'Hanna', { gender: 'Martian' })}\r\n${row(mrns[2], 'Liya', { birthDate: '1984-13-40' })}\r\n`;
  await chooseFile(page, 'participants.csv', broken);
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('2 problems on 2 lines')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems by line' });
  await expect(problems.getByRole('row', { name: /^3 gender gender No Gender titled "Martian" in this institution$/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /^4 birthDate birthDate/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  expect(await participantCount(b)).toBe(before);
  await shot('imports-dry-run-errors');
  await expectNoAxeViolationsAtBothWidths(page, 'import screen with problems by line', problems);

  const fixed = broken.replace('Martian', 'Female').replace('1984-13-40', '1984-12-30');
  // Issue 28: choosing the corrected file again keeps the hand-made mapping of a header it still has.
  await page.locator('input[type="file"]').setInputFiles({ name: 'participants-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await expect(page.getByText('participants-fixed.csv')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Column mapping' }).getByLabel(field('Field for column Given name')), 'the manual mapping is kept')
    .not.toHaveValue('(ignore this column)');
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('No problems found')).toBeVisible();
  await expect(page.getByText('3 rows are ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 3 participants')).toBeVisible();
  await expect(page.getByText('3 of 3 rows written')).toBeVisible();
  expect(await participantCount(b)).toBe(before + 3);
  await shot('imports-done');

  await page.getByRole('link', { name: 'Open the participant list' }).click();
  await search(page, mrns[2]);
  await expect(page.getByRole('row', { name: new RegExp(`Liya.*${mrns[2]}|${mrns[2]}.*Liya`) })).toBeVisible();
  await shot('imports-participant-found');
});

test('imports a freezer map: container, shelf and rack from one file', async ({ signedInPage: page, shot }) => {
  const code = unique().slice(-2).toUpperCase();
  const csv = ['parent,code,title,rows,columns,positionLabeling,rowLabeling,columnLabeling',
    `,${code},Imported freezer ${code},2,1,Two Dimensional,Letters Upper Case,Numbers`,
    `${code},S1,Top shelf,1,1,Two Dimensional,Letters Upper Case,Numbers`,
    `${code}/S1,R1,Rack ${code},1,1,Two Dimensional,Letters Upper Case,Numbers`].join('\r\n');
  await page.goto('/configuration/import');
  await page.getByText('Storage containers', { exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'freezer.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('3 rows are ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 3 storage containers')).toBeVisible();
  await shot('imports-storage-done');
  await page.getByRole('link', { name: 'Open Storage Container' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Imported freezer ${code} Container · Code ${code}`) })).toBeVisible();
  await shot('imports-storage-container');
});

test('imports samples: an unknown MRN on its line, then a sample and its aliquot of an existing sample', async ({ signedInPage: page, api, admin, shot }) => {
  const b = await centralBiobank(api, admin);
  const mrn = `SI${unique()}`.toUpperCase();
  const patient = await registerParticipant(b, { mrn });
  const existing = await collectedSampleByApi(b, patient.id);
  const protocol = await b.call<{ code: string }>('GET', `collectionProtocols/${String(existing.collectionProtocolId)}`);
  const id = `IS-${unique()}`.toUpperCase();
  const head = 'sampleId,mrn,protocol,specimenType,amount,unit,collectedDate,collectedTime,parentSampleId';
  const csv = (who: string) => [head, `${id},${who},${protocol.code},Whole Blood,5,Millilitre,2026-03-14,09:30,`,
    `${id}.A,,,Whole Blood,2,,2026-03-14,09:45,${existing.sampleId}`].join('\r\n');
  await page.goto('/configuration/import');
  await page.getByText('Samples', { exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'samples.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('NO-SUCH')) });
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('table', { name: 'Problems by line' }).getByRole('row', { name: /^2 mrn mrn No participant with MRN NO-SUCH in this institution$/ })).toBeVisible();
  await shot('imports-samples-errors');
  await page.locator('input[type="file"]').setInputFiles({ name: 'samples-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(mrn)) });
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('2 rows are ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 2 samples')).toBeVisible();
  await shot('imports-samples-done');
  const [aliquot] = await b.list(`collectedSamples?SampleID=${id}.A`);
  expect(aliquot).toMatchObject({ kind: 'aliquot', parentSample: { sampleId: existing.sampleId } });
});
