import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, registerParticipant, unique, type Biobank, type Rec } from './support/data';
import { protocolByApi } from './support/protocols';
import { signedInAs } from './support/ui';

// Screening indicator reports (docs/indicators.md): the cervical report counted over forms filled
// through the API today, a definition edited on screen, the CSV exported.

const VIA = [
  'Positive, eligible for cryotherapy',
  'Positive, non-eligible for cryotherapy',
  'Positive, eligible for thermocoagulation',
  'Positive, non-eligible for thermocoagulation',
  'Negative',
];
const TITLE = 'Cervical cancer report Per Date Range';

/** A CCS protocol with a form of the spec's cervical prompts, and three women's forms filled today (one woman twice). */
async function cervicalForms(b: Biobank) {
  const u = unique();
  const protocol = await protocolByApi(b, { abbreviation: 'CCS', title: `Cervical Cancer Screening ${u}` });
  const base = `collectionProtocols/${protocol.id}/collectionProtocolForms`;
  const form = await b.call('POST', base, { name: `Cervical screening ${u}` });
  const types = new Map((await b.list('dataTypes')).map((t) => [t.abbreviation as string, t.id]));
  const field = async (prompt: string, type: string, options?: string[]) =>
    (
      await b.call('POST', `${base}/${form.id}/collectionProtocolFormFields`, {
        dataTypeId: types.get(type),
        prompt,
        responseTitle: prompt,
        options: options?.map((value) => ({ value })),
      })
    ).id;
  const ids = {
    via: await field('VIA Screening Result', 'RL', VIA),
    hpv: await field('HPV DNA Screening Result', 'RL', ['Positive', 'Negative']),
    suspicious: await field('Suspicious for cancer', 'CB'),
    referral: await field('Referral/Linkage', 'RL', ['Yes', 'No']),
  };
  const women = [];
  for (const n of [1, 2, 3])
    women.push(await registerParticipant(b, { mrn: `CC${n}${u}`, firstName: 'Almaz', fatherName: `Cervix${n}${u}` }));
  await b.call('POST', `collectionProtocols/${protocol.id}/collectionProtocolParticipants`, {
    patientIds: women.map((w) => w.id),
  });
  const [site] = await b.list('institutionSites?IsEnabled=true');
  const fill = (patientId: number, answers: [number, unknown][]) =>
    b.call<Rec>('POST', 'submittedCollectionProtocolForms', {
      collectionProtocolFormId: form.id,
      patientId,
      institutionSiteId: site.id,
      formFields: answers.map(([id, value]) => ({ collectionProtocolFormFieldId: id, value })),
    });
  await fill(women[0].id, [
    [ids.via, VIA[0]],
    [ids.hpv, 'Positive'],
    [ids.suspicious, true],
    [ids.referral, 'Yes'],
  ]);
  await fill(women[0].id, [[ids.hpv, 'Negative']]);
  await fill(women[1].id, [
    [ids.via, 'Negative'],
    [ids.hpv, 'Negative'],
  ]);
  await fill(women[2].id, [
    [ids.via, VIA[3]],
    [ids.referral, 'No'],
  ]);
}

const frequencyOf = (page: Page, indicator: string) =>
  page
    .getByRole('table', { name: TITLE })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: indicator, exact: true }) })
    .getByRole('cell')
    .nth(2);

test('cervical cancer report: real counts, a definition edited on screen, CSV exported', async ({
  page,
  api,
  admin,
  shot,
}) => {
  const b = await centralBiobank(api, admin);
  await cervicalForms(b);

  // The last 7 days are generated at once.
  await signedInAs(page, admin, 'Central Biobank', '/report/cervical-cancer-report-per-date-range');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const expected: [string, string][] = [
    ['Women screened for cervical cancer', '3'],
    ['Women screened with VIA', '3'],
    ['VIA negative', '1'],
    ['VIA positive', '2'],
    ['VIA positive, eligible for cryotherapy', '1'],
    ['VIA positive, non-eligible for cryotherapy', '0'],
    ['VIA positive, non-eligible for thermocoagulation', '1'],
    ['Women tested for HPV DNA', '2'],
    ['HPV DNA positive', '1'],
    ['HPV DNA negative', '2'],
    ['Suspicious for cancer', '1'],
    ['Referred or linked to care', '1'],
    ['Cervical screening visits', '4'],
  ];
  for (const [indicator, n] of expected) await expect(frequencyOf(page, indicator), indicator).toHaveText(n);
  await expect(page.getByText(/^Generated at .* UTC by /)).toBeVisible();
  await shot('indicators-cervical-report');

  // Generate Report with a range before any form: every indicator 0, and the hint says why.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-07');
  await page.getByLabel('To', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText('Nothing counted in these dates.', { exact: false })).toBeVisible();
  await expect(frequencyOf(page, 'Women screened for cervical cancer')).toHaveText('0');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(frequencyOf(page, 'Women screened for cervical cancer')).toHaveText('3');

  // Indicator definitions: indicator 13 counts the women who were not referred instead.
  await page.getByRole('button', { name: 'Indicator definitions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Indicator definitions' });
  await expect(drawer.getByRole('row').filter({ hasText: 'Referred or linked to care' })).toContainText(
    "whose 'Referral/Linkage' is one of 'Yes'",
  );
  await shot('indicators-definitions');
  await drawer.getByRole('button', { name: 'Edit indicator 13' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit indicator 13' });
  await edit.getByRole('textbox', { name: 'Indicator', exact: true }).fill('Not referred');
  const values = edit.getByRole('combobox', { name: 'Matching values' });
  await values.press('Backspace');
  await values.fill('No');
  await values.press('Enter');
  await shot('indicators-edit-definition');
  await edit.getByRole('textbox', { name: 'Remark', exact: true }).press('Enter');
  await expect(edit).toBeHidden();
  await expect(drawer.getByRole('row').filter({ hasText: 'Not referred' })).toContainText(
    "whose 'Referral/Linkage' is one of 'No'",
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(frequencyOf(page, 'Not referred')).toHaveText('1');

  // Export CSV: named after the report, every cell quoted, the footer below the table.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${TITLE}.csv`);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv[0]).toBe('"S.no","Indicator","Frequency","Remark"');
  expect(csv[1]).toBe('"1","Women screened for cervical cancer","3","Distinct women with any CCS form in the range"');
  expect(csv[13]).toBe('"13","Not referred","1","Referral/Linkage: Yes"');
  expect(csv[16]).toBe(
    `"${TITLE}: ${today} to ${today} (both days included, UTC, by the date each form was submitted)"`,
  );

  // The breast report: 25 indicators, the first from the spec, the others suggested rules to adapt.
  await page.goto('/report/breast-cancer-report-per-date-range');
  await expect(page.getByRole('heading', { name: 'Breast cancer report Per Date Range' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Breast cancer report Per Date Range' }).getByRole('row')).toHaveCount(
    26,
  );
  await shot('indicators-breast-report');
});
