import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolationsAtBothWidths } from './support/axe';
import { centralBiobank, participantCount, registerParticipant, unique } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { choose, field, noSideScroll, search, signedInAs } from './support/ui';

// Issue 17: Configuration > Import Data. A participant file with errors, the errors by line after a dry run,
// the fixed file dry-runs clean and imports; the participant is then found in the list.

const HEADER =
  'mrn,Nombre,fatherName,grandFatherName,birthDate,birthTime,gender,patientType,maritalStatus,vitalStatus,races,ethnicities,phoneType,phoneNumber';
const row = (mrn: string, first: string, over: { gender?: string; birthDate?: string } = {}) =>
  [
    mrn,
    first,
    'Tesfaye',
    'Bekele',
    over.birthDate ?? '1984-03-12',
    '08:30',
    over.gender ?? 'Female',
    'Outpatient',
    'Single',
    'Alive',
    '"Asian;White"',
    'Not Hispanic or Latino',
    'Mobile',
    '+251911223344',
  ].join(',');

async function chooseFile(page: Page, name: string, csv: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  // "Nombre" is no field's name, label or synonym: map it by hand; the others are matched.
  await choose(
    page,
    page.getByRole('table', { name: 'Column mapping' }),
    'Field for column Nombre',
    'First name (required)',
  );
}

test('imports participants: errors by line after a dry run, fixed file imports, participant found', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const u = unique().toUpperCase();
  const mrns = [`IM${u}A`, `IM${u}B`, `IM${u}C`];
  const before = await participantCount(b);

  await signedInAs(page, admin, 'Central Biobank', '/configuration/import');
  await expect(page.getByRole('heading', { name: 'Import data', level: 1 })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  expect((await download).suggestedFilename()).toBe('participants-template.csv');

  const broken = `${HEADER}\r\n${row(mrns[0], 'Zeritu')}\r\n${row(mrns[1], 'Hanna', { gender: 'Martian' })}\r\n${row(mrns[2], 'Liya', { birthDate: '1984-13-40' })}\r\n`;
  await chooseFile(page, 'participants.csv', broken);
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('2 problems on 2 lines')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems by line' });
  await expect(
    problems.getByRole('row', { name: /^3 gender Gender No Gender titled "Martian" in this institution$/ }),
  ).toBeVisible();
  await expect(problems.getByRole('row', { name: /^4 birthDate Birth date Not a valid date$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  expect(await participantCount(b)).toBe(before);
  await shot('imports-dry-run-errors');
  await expectNoAxeViolationsAtBothWidths(page, 'import screen with problems by line', problems);

  const fixed = broken.replace('Martian', 'Female').replace('1984-13-40', '1984-12-30');
  // Issue 28: choosing the corrected file again keeps the hand-made mapping of a header it still has.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'participants-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await expect(page.getByText('participants-fixed.csv')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Column mapping' }).getByLabel(field('Field for column Nombre')),
    'the manual mapping is kept',
  ).toHaveValue('First name');
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

test('maps headers in words by themselves, saves the mapping and applies it to a file with other headers', async ({
  signedInPage: page,
  api,
  admin,
  shot,
}) => {
  test.slow();
  const u = unique().toUpperCase();
  const name = `Clinic export ${u}`;
  const values = (mrn: string) => [
    mrn,
    'Almaz',
    'Tesfaye',
    'Bekele',
    '1984-03-12',
    '08:30',
    'Female',
    'Outpatient',
    'Single',
    'Alive',
    'Asian',
    'Not Hispanic or Latino',
  ];
  const first = [
    'MRN',
    'First Name',
    "Father's Name",
    'Abuelo',
    'DOB',
    'birth_time',
    'Sex',
    'Patient Type',
    'Marital Status',
    'VITAL-STATUS',
    'Race',
    'Ethnicity',
  ];
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  const fieldOf = (header: string) => mapping.getByLabel(field(`Field for column ${header}`));

  await page.goto('/configuration/import');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'clinic.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${first.join(',')}\r\n${values(`TM${u}A`).join(',')}\r\n`),
  });
  await expect(fieldOf('First Name')).toHaveValue('First name');
  await expect(fieldOf('DOB')).toHaveValue('Birth date');
  await expect(fieldOf('Sex')).toHaveValue('Gender');
  await expect(fieldOf('birth_time')).toHaveValue('Birth time');
  await expect(fieldOf('Abuelo')).toHaveValue('(ignore this column)');
  await expect(page.getByText("Required, not mapped to a column yet: Grandfather's name.")).toBeVisible();
  await fieldOf('Abuelo').click();
  await expect(page.getByRole('option', { name: "Grandfather's name (required)", exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Death date', exact: true })).toBeVisible();
  await shot('imports-mapping-words');
  await page.getByRole('option', { name: "Grandfather's name (required)", exact: true }).click();
  await expect(page.getByText(/Required, not mapped to a column yet/)).toHaveCount(0);

  await page.getByLabel(field('Save this mapping as')).fill(name);
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText(`Mapping '${name}' saved.`)).toBeVisible();
  await page.getByLabel(field('Save this mapping as')).fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(
    page.getByText(
      `A saved mapping for participants named '${name.toLowerCase()}' already exists: choose another name, or delete that one first.`,
    ),
  ).toBeVisible();
  await shot('imports-mapping-saved');

  // Next week: a fresh screen and a file whose columns are in another order, spelt otherwise, with one more.
  await page.reload();
  const second = [
    'abuelo',
    'first_name',
    'Notes',
    'MRN',
    "Father's Name",
    'DOB',
    'birth_time',
    'Sex',
    'Patient Type',
    'Marital Status',
    'VITAL-STATUS',
    'Race',
    'Ethnicity',
  ];
  const row = (mrn: string) => {
    const v = values(mrn);
    return [v[3], v[1], 'a note', v[0], v[2], ...v.slice(4)].join(',');
  };
  await page.locator('input[type="file"]').setInputFiles({
    name: 'clinic-next.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${second.join(',')}\r\n${row(`TM${u}B`)}\r\n${row(`TM${u}C`)}\r\n`),
  });
  await expect(fieldOf('abuelo')).toHaveValue('(ignore this column)');
  await page.getByRole('combobox', { name: 'Saved mapping' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Apply mapping' }).click();
  await expect(page.getByText(`Mapping '${name}' applied to 12 columns.`)).toBeVisible();
  await expect(fieldOf('abuelo')).toHaveValue("Grandfather's name");
  await expect(fieldOf('Notes')).toHaveValue('(ignore this column)');
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('2 rows are ready to import.')).toBeVisible();
  await shot('imports-mapping-applied');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Apply mapping' })).toBeVisible();
  await noSideScroll(page, 'Import Data with a saved mapping');
  await shot('imports-mapping-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Delete mapping' }).click();
  await expect(page.getByText(`Mapping '${name}' deleted.`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Saved mapping' })).toHaveValue('');
  const saved = await (
    await centralBiobank(api, admin)
  ).call<{ name: string }[]>('GET', 'imports/participants/mappingTemplates');
  expect(saved.map((x) => x.name)).not.toContain(name);
});

test('imports a freezer map: container, shelf and rack from one file', async ({ page, admin, shot }) => {
  const code = unique().slice(-2).toUpperCase();
  const csv = [
    'parent,code,title,rows,columns,positionLabeling,rowLabeling,columnLabeling',
    `,${code},Imported freezer ${code},2,1,Two Dimensional,Letters Upper Case,Numbers`,
    `${code},S1,Top shelf,1,1,Two Dimensional,Letters Upper Case,Numbers`,
    `${code}/S1,R1,Rack ${code},1,1,Two Dimensional,Letters Upper Case,Numbers`,
  ].join('\r\n');
  await signedInAs(page, admin, 'Central Biobank', '/configuration/import');
  await page.getByText('Storage containers', { exact: true }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'freezer.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('3 rows are ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 3 storage containers')).toBeVisible();
  await shot('imports-storage-done');
  await page.getByRole('link', { name: 'Open Storage Container' }).click();
  await expect(
    page.getByRole('button', { name: new RegExp(`^Imported freezer ${code} Container · Code ${code}`) }),
  ).toBeVisible();
  await shot('imports-storage-container');
});

test('imports samples: an unknown MRN on its line, then a sample and its aliquot of an existing sample', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  const mrn = `SI${unique()}`.toUpperCase();
  const patient = await registerParticipant(b, { mrn });
  const existing = await collectedSampleByApi(b, patient.id);
  const protocol = await b.call<{ code: string }>(
    'GET',
    `collectionProtocols/${String(existing.collectionProtocolId)}`,
  );
  const id = `IS-${unique()}`.toUpperCase();
  const head = 'sampleId,mrn,protocol,specimenType,amount,unit,collectedDate,collectedTime,parentSampleId';
  const csv = (who: string) =>
    [
      head,
      `${id},${who},${protocol.code},Whole Blood,5,Millilitre,2026-03-14,09:30,`,
      `${id}.A,,,Whole Blood,2,,2026-03-14,09:45,${existing.sampleId}`,
    ].join('\r\n');
  await signedInAs(page, admin, 'Central Biobank', '/configuration/import');
  await page.getByText('Samples', { exact: true }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'samples.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('NO-SUCH')) });
  await expect(page.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Problems by line' })
      .getByRole('row', { name: /^2 mrn Participant's MRN No participant with MRN NO-SUCH in this institution$/ }),
  ).toBeVisible();
  await shot('imports-samples-errors');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'samples-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(mrn)) });
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('2 rows are ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 2 samples')).toBeVisible();
  await shot('imports-samples-done');
  const [aliquot] = await b.list(`collectedSamples?SampleID=${id}.A`);
  expect(aliquot).toMatchObject({ kind: 'aliquot', parentSample: { sampleId: existing.sampleId } });
});
