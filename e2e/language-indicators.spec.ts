import { expect, test } from './fixtures';
import { centralBiobank, createAccount, unique } from './support/data';
import { expectNoAxeViolations } from './support/axe';
import { lookAt, signedInInFrench } from './support/language';
import { field } from './support/ui';

type Definition = {
  id: number;
  ordinal: number;
  title: string;
  protocolAbbreviation: string;
  fieldPrompt: string | null;
  matchingValues: string[];
  countMode: string;
  remark: string | null;
  concurrencyStamp: string;
};

// Issue 33: the screening indicators' titles and remarks per language (docs/languages.md). A French coordinator reads
// the breast report and its definitions in French and gives an indicator another French title in the edit form.
test.describe('indicator titles per language', () => {
  test('a French coordinator reads the breast report in French and edits an indicator’s French title', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // a report, a drawer and a dialog in two widths on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const u = unique();
    // Indicator 2 back to its seeded French (a previous run on this database may have renamed it).
    const defs = await b.call<Definition[]>('GET', 'indicators/breast/definitions');
    const cbe = defs.find((d) => d.ordinal === 2)!;
    const reset = async (titles: Record<string, string>) => {
      const now = await b.call<Definition>('GET', `indicators/breast/definitions/${cbe.id}`);
      await b.call('PUT', `indicators/breast/definitions/${cbe.id}`, {
        title: 'Clinical breast examination done',
        protocolAbbreviation: now.protocolAbbreviation,
        fieldPrompt: now.fieldPrompt,
        matchingValues: now.matchingValues,
        countMode: now.countMode,
        remark: now.remark,
        titles,
        concurrencyStamp: now.concurrencyStamp,
      });
    };
    await reset({ fr: 'Examen clinique des seins réalisé' });

    const who = await createAccount(b, { role: 'Coordinator', firstName: 'Céline', lastName: 'Dubois' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInInFrench(page, api, who);

    // The report: every indicator and remark in French; the English titles are nowhere.
    await page.goto('/report/breast-cancer-report-per-date-range');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Rapport cancer du sein par période', level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: 'Rapport cancer du sein par période' });
    await expect(
      table.getByRole('cell', { name: 'Femmes dépistées pour le cancer du sein', exact: true }),
    ).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Examen clinique des seins réalisé', exact: true })).toBeVisible();
    await expect(
      table.getByRole('cell', { name: 'Visites de dépistage du cancer du sein', exact: true }),
    ).toBeVisible();
    await expect(table.getByText('Biopsie\u00a0: maligne', { exact: true })).toBeVisible();
    await expect(table.getByText('Women screened for breast cancer')).toHaveCount(0);
    await expect(table.getByText('Biopsy: Malignant')).toHaveCount(0);
    await lookAt(page, 'language-indicators-report', shot);

    // The definitions: French titles and the suggested rule's note in French.
    await main.getByRole('button', { name: 'Définitions des indicateurs' }).click();
    const drawer = page.getByRole('dialog', { name: 'Définitions des indicateurs' });
    await expect(drawer.getByText('Examen clinique des seins réalisé', { exact: true })).toBeVisible();
    await expect(drawer.getByText(/^La spécification ne donne aucune règle/).first()).toBeVisible();
    await expect(drawer.getByText('Clinical breast examination done')).toHaveCount(0);
    await shot('language-indicators-definitions-1280');
    await expectNoAxeViolations(page, 'indicator definitions in French at 1280 px');

    // The edit form: the default (English) indicator, its French beside it, and the remark's French.
    await drawer.getByRole('button', { name: "Modifier l'indicateur 2", exact: true }).click();
    const edit = page.getByRole('dialog', { name: "Modifier l'indicateur 2", exact: true });
    await expect(edit.getByLabel(field('Indicateur'))).toHaveValue('Clinical breast examination done');
    const french = edit.getByLabel(field('Indicateur en français'));
    await expect(french).toHaveValue('Examen clinique des seins réalisé');
    await expect(edit.getByLabel(field('Remarque en français'))).toHaveValue(
      "Tout résultat d'examen clinique des seins enregistré",
    );
    await french.fill(`Examen clinique fait ${u}`);
    await lookAt(page, 'language-indicators-edit', shot);
    await edit.getByLabel(field('Remarque en français')).scrollIntoViewIfNeeded();
    await shot('language-indicators-edit-remark-1280');
    await edit.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(drawer.getByText(`Examen clinique fait ${u}`, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await main.getByRole('button', { name: 'Générer le rapport' }).click();
    await expect(table.getByRole('cell', { name: `Examen clinique fait ${u}`, exact: true })).toBeVisible();
    await reset({ fr: 'Examen clinique des seins réalisé' });
  });
});
