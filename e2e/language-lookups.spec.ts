import { expect, test } from './fixtures';
import { centralBiobank, createAccount, unique } from './support/data';
import { lookAt, signedInInFrench } from './support/language';
import { field, searchList, signedInAs } from './support/ui';

type Rec = Record<string, unknown> & { id: number; title: string };

// Issue 33 item 4: an administrator gives a specimen type a French title; a French user sees it in a list.
test.describe('lookup titles per language', () => {
  test('Whole Blood gets a French title in the configuration screen and a French user sees it', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // configuration screens in two languages on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const u = unique();
    // A specimen type of its own, a copy of the seeded Whole Blood (the seeded one is shared by other specs).
    const seeded = (await b.list('specimenTypes?IsEnabled=true')).find((r) => r.title === 'Whole Blood') as Rec;
    const title = `Whole Blood ${u}`;
    const created = await b.call<Rec>('POST', 'specimenTypes', {
      specimenTypeCategoryId: seeded.specimenTypeCategoryId,
      title,
      abbreviation: `WB${u}`.slice(0, 50),
      description: 'Whole blood',
      unitOfMeasurementTypeId: seeded.unitOfMeasurementTypeId,
      unitOfMeasurementId: seeded.unitOfMeasurementId,
      ordinal: 0,
      isDefault: false,
    });
    const department = await b.call<Rec>('POST', 'departments', {
      title: `Haematology ${u}`,
      abbreviation: `H${u}`.slice(0, 50),
      description: 'Haematology',
    });
    const panel = `Blood count ${u}`;
    await b.call('POST', 'panels', {
      title: panel,
      abbreviation: `BC${u}`.slice(0, 50),
      description: 'Blood count',
      specimenTypeId: created.id,
      departmentId: department.id,
    });

    // The administrator (English) gives it a French title in the edit form.
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Ada', lastName: 'Admin' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInAs(page, who, 'Central Biobank', '/configuration/specimen-type');
    await expect(page.getByRole('heading', { name: 'Specimen Type', level: 1 })).toBeVisible();
    await searchList(page, 'Search', title);
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit a Specimen Type' });
    const french = edit.getByLabel(field('Title in French'));
    await expect(french).toHaveValue('');
    await french.fill(`Sang total ${u}`);
    await lookAt(page, 'language-lookups-edit', shot);
    await page.setViewportSize({ width: 1280, height: 800 });
    await edit.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(edit).toBeHidden();
    // The list of the lookup itself keeps the default title (the one edited).
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

    // A French user sees the French title where the specimen type is shown: the panels list.
    const fr = await createAccount(b, { role: 'Institution Administrator', firstName: 'Élodie', lastName: 'Martin' });
    await signedInInFrench(page, api, fr);
    await page.goto('/configuration/panel');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await searchList(page, 'Rechercher', panel);
    const row = page.getByRole('row').filter({ hasText: panel });
    await expect(row.getByRole('cell', { name: `Sang total ${u}`, exact: true })).toBeVisible();
    await expect(row.getByText(title)).toHaveCount(0);
    await lookAt(page, 'language-lookups-fr-list', shot);

    // The specimen types' own list says the French title to her too (the edit form keeps the default beside it).
    await page.goto('/configuration/specimen-type');
    await searchList(page, 'Rechercher', `Sang total ${u}`);
    await expect(page.getByRole('cell', { name: `Sang total ${u}`, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: title, exact: true })).toHaveCount(0);
    await lookAt(page, 'language-lookups-fr-own-list', shot);
    await page.getByRole('button', { name: `Actions pour Sang total ${u}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    const frEdit = page.getByRole('dialog');
    await expect(frEdit.getByLabel(field('Titre'), { exact: true })).toHaveValue(title);
    await expect(frEdit.getByLabel(field('Titre en français'))).toHaveValue(`Sang total ${u}`);
  });
});
