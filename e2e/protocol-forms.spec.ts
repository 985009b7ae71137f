import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, createAccount, registerParticipant, unique } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { choose, field, search, signedInAs } from './support/ui';

type Kind = { button: string; prompt: string; options?: string[] };

/** Add one field through the shared field editor overlay; Enter in New Option adds each option. */
async function addField(page: Page, k: Kind, extra?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('group', { name: 'Add a field' }).getByRole('button', { name: k.button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${k.button} Field` });
  await dialog.getByLabel(field('Field Label')).fill(k.prompt);
  await dialog.getByLabel(field('Response Title')).fill(`${k.prompt} answer`);
  for (const o of k.options ?? []) {
    await dialog.getByLabel(field('New Option')).fill(o);
    await dialog.getByLabel(field('New Option')).press('Enter');
    await expect(
      dialog
        .getByRole('listitem')
        .getByRole('textbox', { name: /^Option \d+$/ })
        .last(),
    ).toHaveValue(o);
  }
  if (extra) await extra(dialog);
  // From the keyboard, as the editor is used field after field: the 'added' notices stacked at the
  // bottom right may cover the button for a pointer, never for the key.
  await dialog.getByRole('button', { name: 'Submit', exact: true }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Fields' }).getByRole('button', { name: k.prompt, exact: true }),
  ).toBeVisible();
}

test.describe('questionnaires', () => {
  test('design a form with all nine field types, preview it, fill it for a participant and view what was filled', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // designs nine fields, fills and reports: over a minute on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const u = unique();
    const patient = await registerParticipant(b, { mrn: `QF${u}`, firstName: 'Selam', fatherName: `Fq${u}` });
    const sample = await collectedSampleByApi(b, patient.id);
    const protocolId = sample.collectionProtocolId as number;
    const [enrolment] = await b.list(`collectionProtocols/${protocolId}/collectionProtocolParticipants`);
    const formName = `Intake ${u}`;

    // Questionnaires: empty, then Create Questionnaire opens the new form's editor.
    await signedInAs(page, admin, 'Central Biobank', `/collection-protocols/${protocolId}/collectio-protocol-forms`);
    await expect(page.getByText('No questionnaires yet. Create Questionnaire adds the first.')).toBeVisible();
    await page.getByRole('button', { name: 'Create Questionnaire' }).click();
    const create = page.getByRole('dialog', { name: 'Create a Questionnaire' });
    await create.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(create.getByText('*required')).toBeVisible();
    await create.getByLabel(field('Name')).fill(formName);
    await create.getByLabel(field('Description')).fill('Asked at the first visit');
    await create.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('heading', { name: formName })).toBeVisible();
    await expect(page.getByText('No fields yet. Add one with the buttons on the left.')).toBeVisible();

    // Single line, required and validated; a pattern that does not compile is refused in the overlay.
    await addField(page, { button: 'Single Line', prompt: 'Room number' }, async (d) => {
      await d.getByLabel('Is Required').check();
      await d.getByLabel(field('Required Message')).fill('Room number is required');
      await d.getByLabel('Has Validation').check();
      await d.getByLabel(field('Regular Expression')).fill('(\\d');
      await d.getByLabel(field('Regular Expression Message')).fill('Three digits, please');
      await d.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(d.getByText('This regular expression is not valid')).toBeVisible();
      await d.getByLabel(field('Regular Expression')).fill('\\d{3}');
      await expect(d.getByLabel(field('Ordinal'))).toHaveValue('1');
      await expect(d.getByLabel(field('Place Holder'))).toHaveValue('none');
      await shot('form-field-editor');
    });
    await addField(page, { button: 'Multi Line', prompt: 'Notes' });
    await addField(page, { button: 'Time Picker', prompt: 'Arrival time' });
    await addField(page, { button: 'Date Picker', prompt: 'Last meal date' });
    await addField(page, { button: 'Date & Time Picker', prompt: 'Fasting since' });
    await addField(page, { button: 'Checkbox', prompt: 'Fasting confirmed' });
    await addField(
      page,
      { button: 'Checkbox List', prompt: 'Symptoms', options: ['Cough', 'Fever', 'Headache'] },
      async (d) => {
        // Reorder: Headache moves up above Fever.
        await d.getByRole('button', { name: 'Move Headache up' }).click();
        await expect(d.getByRole('textbox', { name: 'Option 2' })).toHaveValue('Headache');
      },
    );
    await addField(
      page,
      { button: 'Radio List', prompt: 'Smoker', options: ['Never', 'Former', 'Current'] },
      async (d) => {
        await d.getByLabel('Is Required').check();
        await d.getByLabel(field('Required Message')).fill('Choose a smoking status');
      },
    );
    await addField(page, { button: 'Select', prompt: 'Blood group', options: ['A', 'B', 'AB', 'O'] });
    const fields = page.getByRole('list', { name: 'Fields' }).getByRole('listitem');
    await expect(fields).toHaveCount(9);
    await expect(fields.nth(6)).toContainText('Cough, Headache, Fever');

    // Move Notes below Arrival time (the order command), then back.
    await page.getByRole('button', { name: 'Move Notes down' }).click();
    await expect(fields.nth(1)).toContainText('Arrival time');
    await page.getByRole('button', { name: 'Move Notes up' }).click();
    await expect(fields.nth(1)).toContainText('Notes');
    // Edit a list field: its options come back with their ids; a new one is added in the same save.
    await page.getByRole('list', { name: 'Fields' }).getByRole('button', { name: 'Symptoms', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Checkbox List Field' });
    await expect(edit.getByRole('textbox', { name: 'Option 2' })).toHaveValue('Headache');
    await edit.getByLabel(field('New Option')).fill('Nausea');
    await edit.getByLabel(field('New Option')).press('Enter');
    await edit.getByRole('button', { name: 'Submit', exact: true }).press('Enter');
    await expect(edit).toBeHidden();
    await expect(fields.nth(6)).toContainText('Cough, Headache, Fever, Nausea');
    await shot('form-editor');
    await expectNoAxeViolations(page, 'form editor');

    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByRole('radio', { name: 'Former' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Headache' })).toBeVisible();
    await expect(page.getByLabel(field('Arrival time'))).toHaveAttribute('type', 'time');
    await shot('form-preview');
    await expectNoAxeViolations(page, 'form preview');

    await page.goto(`/collection-protocols/${protocolId}/collectio-protocol-forms`);
    await expect(page.getByRole('cell', { name: formName })).toBeVisible();
    await shot('forms-list');

    // /forms: questioners across protocols; the name links to its editor.
    await page.goto('/forms');
    await search(page, formName);
    await expect(page.getByRole('row', { name: new RegExp(formName) })).toContainText('Study ');
    await shot('forms-all');
    await page.getByRole('link', { name: formName }).click();
    await expect(page.getByRole('heading', { name: formName })).toBeVisible();

    // Fill it for the participant.
    await page.goto(`/collection-protocols/${protocolId}/participants/${enrolment.id}/participant-forms`);
    await expect(page.getByText('No form filled yet. Fill Form adds the first.')).toBeVisible();
    await page.getByRole('button', { name: 'Fill Form' }).click();
    const fill = page.getByRole('dialog', { name: 'Create a Collection Protocol Participant Form' });
    await fill.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(fill.getByText('*Required')).toHaveCount(2);
    await choose(page, fill, 'Select Form', formName);
    await fill.getByLabel(field('Institution Site')).click();
    await page.getByRole('option').first().click();
    await choose(page, fill, 'Sample ID', sample.sampleId);
    await fill.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(fill.getByText('Room number is required')).toBeVisible();
    await expect(fill.getByText('Choose a smoking status')).toBeVisible();
    await fill.getByLabel(field('Room number')).fill('12a');
    await fill.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(fill.getByText('Three digits, please')).toBeVisible();
    await fill.getByLabel(field('Room number')).fill('123');
    await fill.getByLabel(field('Notes')).fill('Line one, "quoted"\nLine two');
    await fill.getByLabel(field('Arrival time')).fill('09:30');
    // Dates in the one date field (YYYY-MM-DD, as every other screen), not the browser's mm/dd/yyyy picker.
    await expect(fill.getByLabel(field('Last meal date'))).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    await fill.getByLabel(field('Last meal date')).fill('2026-01-15');
    await fill.getByLabel(field('Last meal date')).press('Tab');
    await fill.getByLabel(field('Fasting since')).fill('2026-01-15');
    await fill.getByLabel(field('Fasting since')).press('Tab');
    await fill.getByLabel('Time of Fasting since').fill('20:00');
    await fill.getByRole('checkbox', { name: 'Fasting confirmed' }).check();
    await fill.getByRole('checkbox', { name: 'Fever' }).check();
    await fill.getByRole('checkbox', { name: 'Cough' }).check();
    await fill.getByRole('radio', { name: 'Former' }).check();
    await choose(page, fill, 'Blood group', 'AB');
    await shot('form-fill');
    await expectNoAxeViolations(page, 'fill form');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('form-fill-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await fill.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(fill).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(formName) });
    await expect(row).toContainText(sample.sampleId);
    await row.getByRole('cell', { name: formName, exact: true }).click();
    const view = page.getByRole('dialog', { name: formName });
    const answers = view.getByRole('table', { name: 'Answers' });
    await expect(answers.getByRole('row', { name: /Room number/ })).toContainText('123');
    await expect(answers.getByRole('row', { name: /Symptoms/ })).toContainText('Cough, Fever');
    await expect(answers.getByRole('row', { name: /Fasting confirmed/ })).toContainText('Yes');
    await expect(answers.getByRole('row', { name: /Blood group/ })).toContainText('AB');
    await expect(answers.getByRole('row', { name: /Last meal date/ })).toContainText('2026-01-15');
    await expect(answers.getByRole('row', { name: /Fasting since/ })).toContainText('2026-01-15');
    await shot('form-view');
    await view.getByRole('button', { name: 'Close' }).click();
    // The same dialog from the keyboard-reachable View button.
    await row.getByRole('button', { name: /^View / }).click();
    await expect(view.getByRole('table', { name: 'Answers' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();

    // The collected questionnaires report: the first form by default, the last 7 days; then its CSV.
    await page.goto(`/collection-protocols/${protocolId}/collected-questioners`);
    await expect(page.getByRole('combobox', { name: 'Form', exact: true })).toHaveValue(formName);
    await page.getByRole('button', { name: 'Generate' }).click();
    const reportRow = page.getByRole('row', { name: /Selam/ });
    await expect(reportRow).toContainText('Cough; Fever');
    await expect(reportRow).toContainText('Yes');
    await expect(page.getByRole('columnheader', { name: 'Blood group' })).toBeVisible();
    await shot('forms-report');
    await expectNoAxeViolations(page, 'collected questionnaires report');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await (
      await download.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8'));
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(csv).toContain('"Line one, ""quoted""\nLine two"');
    expect(csv).toContain('"Room number"');

    // Phone width: the editor stacks its panel above the tabs; the report scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('forms-report-phone');
    await page.goto(`/collection-protocols/${protocolId}/collectio-protocol-forms`);
    await page.getByText(formName, { exact: true }).first().click();
    await expect(page.getByRole('heading', { name: formName })).toBeVisible();
    await shot('form-editor-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Disable it with the spec's confirmation.
    await page.goto(`/collection-protocols/${protocolId}/participants/${enrolment.id}/participant-forms`);
    await row.getByRole('button', { name: /^Disable / }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable Confirmation' });
    await expect(confirm).toContainText('Selam');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('No form filled yet. Fill Form adds the first.')).toBeVisible();
  });

  test('a Researcher reads questioners and runs the report but designs and fills nothing', async ({
    api,
    admin,
    newPage,
  }) => {
    const b = await centralBiobank(api, admin);
    const u = unique();
    const patient = await registerParticipant(b, { mrn: `QR${u}`, firstName: 'Abel', fatherName: `Fr${u}` });
    const sample = await collectedSampleByApi(b, patient.id);
    const protocolId = sample.collectionProtocolId as number;
    const [enrolment] = await b.list(`collectionProtocols/${protocolId}/collectionProtocolParticipants`);
    const form = await b.call('POST', `collectionProtocols/${protocolId}/collectionProtocolForms`, {
      name: `Read only ${u}`,
    });
    const tb = (await b.list('dataTypes?IsEnabled=true')).find((t) => t.abbreviation === 'TB')!;
    await b.call(
      'POST',
      `collectionProtocols/${protocolId}/collectionProtocolForms/${form.id}/collectionProtocolFormFields`,
      {
        dataTypeId: tb.id,
        prompt: 'Weight',
        responseTitle: 'Weight',
      },
    );
    const researcher = await createAccount(b, { role: 'Researcher' });
    const page = await newPage();
    const forms = `/collection-protocols/${protocolId}/collectio-protocol-forms`;
    await signedInAs(page, { email: researcher.email, password: researcher.password }, 'Central Biobank', forms);
    await expect(page.getByRole('cell', { name: `Read only ${u}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Questionnaire' })).toHaveCount(0);
    await page.goto(`${forms}/new`);
    await expect(page.getByText("You don't have access to creating questionnaires")).toBeVisible();
    await page.goto(`${forms}/${form.id}`);
    await expect(page.getByRole('list', { name: 'Fields' })).toContainText('Weight');
    await expect(page.getByRole('group', { name: 'Add a field' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Disable Weight' })).toHaveCount(0);
    await page.goto(`/collection-protocols/${protocolId}/participants/${enrolment.id}/participant-forms`);
    await expect(page.getByText('No form filled yet.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fill Form' })).toHaveCount(0);
    await page.goto(`/collection-protocols/${protocolId}/collected-questioners`);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('No form of this questionnaire was filled in these dates.')).toBeVisible();
  });
});
