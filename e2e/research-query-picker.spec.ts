import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtBothWidths } from './support/axe';
import { centralBiobank, createAccount, type Rec } from './support/data';
import { collectingProtocol } from './support/protocols';
import { choose, field, noSideScroll, openScreen, signedInAs } from './support/ui';

// Issue 32 item 4 (docs/research.md "Query builder"): the questionnaire-answer criterion is chosen, not typed:
// the questionnaire, its question by label, the answer from the question's options. A saved query that names its
// field by number shows it by label; a researcher is offered only the list questions of shared questionnaires.

test('the answer criterion picks questionnaire, question and answer; a researcher sees only shared list questions', async ({
  signedInPage: page,
  api,
  admin,
  shot,
  newPage,
}) => {
  test.slow(); // a questionnaire, a submission and two browsers at two widths on a busy 2-core machine
  const b = await centralBiobank(api, admin);
  const w = await collectingProtocol(b);
  const base = `collectionProtocols/${w.protocol.id}/collectionProtocolForms`;
  const form = await b.call('POST', base, { name: `Habits ${w.u}`, description: 'Asked at the first visit' });
  const kinds = await b.list('dataTypes');
  const kind = (abbreviation: string) => kinds.find((d) => d.abbreviation === abbreviation)!.id;
  const smoker = await b.call('POST', `${base}/${form.id}/collectionProtocolFormFields`, {
    dataTypeId: kind('RL'),
    prompt: 'Do you smoke?',
    responseTitle: 'Smoker',
    options: [{ value: 'Yes' }, { value: 'No' }],
  });
  await b.call('POST', `${base}/${form.id}/collectionProtocolFormFields`, {
    dataTypeId: kind('TB'),
    prompt: 'Anything else?',
    responseTitle: 'Notes',
  });
  await b.call('POST', 'submittedCollectionProtocolForms', {
    institutionSiteId: w.event.institutionSiteId,
    collectionProtocolFormId: form.id,
    patientId: w.patient.id,
    formFields: [{ collectionProtocolFormFieldId: smoker.id, value: 'Yes' }],
  });
  await w.collect();
  // Saved before the picker existed: the criterion names its field by number, its answer in lower case.
  const saved = `Smokers ${w.u}`;
  await b.call('POST', 'savedQueries', {
    name: saved,
    criteria: { op: 'and', items: [{ field: 'answer', formFieldId: smoker.id, value: 'yes' }] },
  });
  const current = await b.call<Rec & { concurrencyStamp: string }>('GET', `${base}/${form.id}`);
  await b.call('PUT', `${base}/${form.id}/shareable`, { shareable: true, concurrencyStamp: current.concurrencyStamp });
  const questionnaire = `Habits ${w.u} · ${w.protocol.title}`;

  // Staff: the saved query shows its question by label and its answer as the option.
  await page.goto('/');
  await openScreen(page, 'Queries');
  const main = page.getByRole('main');
  await choose(page, main, 'Saved query', saved);
  await expect(main.getByLabel(field('Questionnaire'))).toHaveValue(questionnaire);
  await expect(main.getByLabel(field('Question'))).toHaveValue('Do you smoke?');
  await expect(main.getByLabel(field('Answer'))).toHaveValue('Yes');
  await page.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Matching samples' })).toHaveText('Matching samples: 1');

  // By keyboard: another question of the questionnaire, answered in free text (staff may ask about any field).
  const question = main.getByLabel(field('Question'));
  await question.focus();
  await question.fill('Anything');
  await expect(page.getByRole('option', { name: 'Anything else?', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(question).toHaveValue('Anything else?');
  await expect(main.getByLabel(field('Answer'))).toHaveValue('');
  await expect(main.getByText('The answer is compared as typed, ignoring capitals and outer spaces.')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, 'query builder answer picker (staff)', question);
  await shot('query-picker-staff');

  // A researcher: a fresh answer criterion; the questionnaire found by typing, only its list question offered.
  const researcher = await createAccount(b, { role: 'Researcher' });
  const r = await newPage();
  await signedInAs(r, researcher, 'Central Biobank', '/queries');
  const rMain = r.getByRole('main');
  await expect(r.getByRole('heading', { name: 'Queries', level: 1 })).toBeVisible();
  await choose(r, rMain, 'Field', 'Questionnaire answer');
  const pick = rMain.getByLabel(field('Questionnaire'));
  await pick.fill(w.u);
  await expect(r.getByRole('option', { name: questionnaire, exact: true })).toBeVisible();
  await r.keyboard.press('ArrowDown');
  await r.keyboard.press('Enter');
  await expect(pick).toHaveValue(questionnaire);
  await rMain.getByLabel(field('Question')).click();
  await expect(r.getByRole('option', { name: 'Do you smoke?', exact: true })).toBeVisible();
  await expect(r.getByRole('option', { name: 'Anything else?' })).toHaveCount(0);
  await r.getByRole('option', { name: 'Do you smoke?', exact: true }).click();
  await choose(r, rMain, 'Answer', 'Yes');
  await r.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(r.getByRole('status').filter({ hasText: 'Matching samples' })).toHaveText('Matching samples: < 5');
  await expectNoAxeViolationsAtBothWidths(r, 'query builder answer picker (researcher)', pick);
  await shot('query-picker-researcher', r);
  await r.setViewportSize({ width: 390, height: 844 });
  await noSideScroll(r, 'query builder answer picker (researcher)');
  await shot('query-picker-researcher-phone', r);
});
