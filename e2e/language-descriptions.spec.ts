import { expect, test } from './fixtures';
import { centralBiobank, createAccount } from './support/data';
import { lookAt, signedInInFrench } from './support/language';
import { field, searchList } from './support/ui';

// Issue 33 ("every word in the user's language"): a seeded record's description has its French beside its English,
// and a French administrator's edit form shows both (server/db/seed/reference-data.ts, docs/languages.md).
test.describe('lookup descriptions per language', () => {
  test("a French administrator sees the seeded Whole Blood's French description in its edit form", async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // a configuration screen looked at in two widths on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    // An account of its own in French, signed in through the API (the worker's administrator keeps English).
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Élodie', lastName: 'Martin' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInInFrench(page, api, who);

    await page.goto('/configuration/specimen-type');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: "Type d'échantillon", level: 1 })).toBeVisible();
    await searchList(page, 'Rechercher', 'Whole Blood');
    // The list says the record's French title to her; the form edits the default title, with the French beside it.
    await expect(page.getByRole('cell', { name: 'Sang total', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Actions pour Sang total', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByRole('heading', { name: /^Modifier un type d.échantillon$/ })).toBeVisible();
    // The English description the institution keeps, then its French beside it (and the title's, above).
    await expect(edit.getByLabel(field('Description'), { exact: true })).toHaveValue('EDTA whole blood');
    const french = edit.getByLabel(field('Description en français'));
    await expect(french).toHaveValue('Sang total sur EDTA');
    await expect(french).toHaveAttribute('lang', 'fr');
    await expect(edit.getByLabel(field('Titre'), { exact: true })).toHaveValue('Whole Blood');
    await expect(edit.getByLabel(field('Titre en français'))).toHaveValue('Sang total');
    await expect(
      edit.getByText('Montrée à qui lit en français\u00a0; vide\u00a0: la description ci-dessus.'),
    ).toBeVisible();
    await french.scrollIntoViewIfNeeded();
    await lookAt(page, 'language-descriptions-edit', shot);
    // Nothing is saved: the seeded record stays as the other specs expect it.
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  });
});
