import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, freeTextPanel, registerParticipant, unique } from './support/data';
import { signIn } from './support/ui';
import { expectNoAxeViolations } from './support/axe';

/** Every button's label shows its whole words (none cut by its box), and the page never scrolls sideways. */
async function nothingClipped(page: Page, screen: string) {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-Badge-label')]
      .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.textContent),
  );
  expect(clipped, `${screen}: clipped labels`).toEqual([]);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, `${screen}: no sideways scroll`).toBeLessThanOrEqual(1);
}

// Issue 33: a French-speaking technician places an order, opens its results and runs a report without an English word.
test.describe('orders and reports in French', () => {
  test('an account set to French places an order, opens its results and a report: French words, axe, 1280 and 390 px', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Hélène', lastName: 'Roux' });
    const token = await api.session(who.email, who.password);
    expect((await api.call('PUT', '/Authentication/language', token, { language: 'fr' })).status).toBe(200);
    const s = unique();
    const { panel } = await freeTextPanel(b, s);
    const mrn = `MRN-${s}`.toUpperCase();
    const patient = await registerParticipant(b, { mrn, firstName: 'Élise', fatherName: `Martin${s.slice(-3)}` });
    const panelTitle = String(panel.title);

    await page.goto('/login');
    await signIn(page, who.email, who.password);
    await expect(page.getByRole('heading', { name: 'Établissements' })).toBeVisible();
    await page.getByRole('button', { name: /Central Biobank/ }).click();
    const nav = page.getByRole('navigation', { name: 'Principale' });
    await expect(nav.getByRole('link', { name: 'Demandes' })).toBeVisible();

    // The Orders list.
    await nav.getByRole('link', { name: 'Demandes' }).click();
    await expect(page.getByRole('heading', { name: 'Demandes', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'N° DE DOSSIER' })).toBeVisible();
    await expect(page.getByText('Cliquez sur un en-tête de colonne pour trier.')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Panels demandés' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Date de la demande/ })).toBeVisible();
    await shot('language-orders-list-fr-1280');
    await expectNoAxeViolations(page, 'orders list in French');

    // New Order, step 1: find the participant by MRN, tick, add.
    await page.getByRole('link', { name: 'Nouvelle demande', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Créer une nouvelle demande' });
    await expect(dialog.getByRole('tab', { name: 'N° de dossier du participant' })).toBeVisible();
    await dialog.getByLabel('N° de dossier', { exact: true }).fill(mrn);
    await dialog.getByLabel('N° de dossier', { exact: true }).press('Enter');
    const results = dialog.getByRole('table', { name: 'Résultats de la recherche' });
    await results.getByRole('checkbox', { name: new RegExp(`^Sélectionner Élise`) }).check();
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Participants sélectionnés (1)' })).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Participants sélectionnés' })).toContainText(patient.firstName);
    await shot('language-orders-new-step1-fr-1280');
    await expectNoAxeViolations(page, 'New Order step 1 in French');
    await dialog.getByRole('button', { name: 'Suivant' }).click();

    // Step 2: Valider with nothing chosen marks the fields (their client-side texts are the shared form
    // resolver's, web/src/lib/contract-resolver.ts, converted with the shared components); then a priority and the panel.
    await dialog.getByRole('button', { name: 'Valider', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Panels' })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('combobox', { name: 'Priorité' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: 'Panels' }).fill(panelTitle.split(' ')[0]);
    await page.getByRole('option', { name: panelTitle, exact: true }).click();
    await expect(dialog.getByLabel('Commentaire pour le laboratoire')).toBeVisible();
    await shot('language-orders-new-step2-fr-1280');
    await expectNoAxeViolations(page, 'New Order step 2 in French');
    await dialog.getByRole('button', { name: 'Valider', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'La demande a été créée' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Demandes créées' })).toContainText('pour Élise');
    await shot('language-orders-created-fr-1280');
    await expectNoAxeViolations(page, 'order created in French');

    // The order's test results.
    await dialog.getByRole('button', { name: 'Ouvrir les résultats' }).click();
    await expect(page.getByRole('heading', { name: "Résultats d'analyses", level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: `Panel ${panelTitle}` });
    await expect(card.getByRole('columnheader', { name: 'Analyse' })).toBeVisible();
    await expect(card.getByText('Non validé')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Valider le panel' })).toBeVisible();
    await expect(page.getByText('Les lignes bordées de jaune ne sont pas encore validées.')).toBeVisible();
    await shot('language-orders-results-fr-1280');
    await expectNoAxeViolations(page, 'test results in French');

    // 390 px: the same screen stacks; no label is cut, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: `Analyses de ${panelTitle}` })).toBeVisible();
    await shot('language-orders-results-fr-390');
    await expectNoAxeViolations(page, 'test results in French at 390 px');
    await nothingClipped(page, 'test results at 390 px');

    // A report: Panel usage, generated in French (the server writes its headings and footer in French).
    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.getByRole('link', { name: 'Rapports' }).click();
    const reports = page.getByRole('navigation', { name: 'Rapports' });
    await reports.getByRole('link', { name: 'Utilisation des panels' }).click();
    await expect(page.getByRole('heading', { name: "Rapport d'utilisation des panels", level: 1 })).toBeVisible();
    await expect(page.getByText('Choisissez les dates, puis cliquez sur Générer le rapport.')).toBeVisible();
    await page.getByRole('button', { name: 'Générer le rapport' }).click();
    const row = page.getByRole('row').filter({ hasText: panelTitle });
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Assurance' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'À la charge du patient' })).toBeVisible();
    const footer = page.getByRole('region', { name: 'Paramètres du rapport' });
    await expect(footer).toContainText('Chaque panel demandé compte une fois.');
    await expect(footer).toContainText(/Du \d{4}-\d{2}-\d{2} au \d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeEnabled();
    await shot('language-orders-report-fr-1280');
    await expectNoAxeViolations(page, 'panel usage report in French');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Générer le rapport' })).toBeVisible();
    await shot('language-orders-report-fr-390');
    await expectNoAxeViolations(page, 'panel usage report in French at 390 px');
    await nothingClipped(page, 'report at 390 px');

    // The Barcode Generator (labels) in French, at 390 px.
    await page.goto('/barcode-generator');
    const generator = page.getByRole('dialog', { name: 'Générateur de codes-barres' });
    await generator.getByLabel('Préfixe').fill('FR-');
    await generator.getByLabel('Exemplaires').fill('2');
    await expect(generator.getByText('1 étiquette x 2 exemplaires = 2 imprimées')).toBeVisible();
    await expect(generator.getByRole('heading', { name: 'Aperçu' })).toBeVisible();
    await expect(generator.getByRole('img', { name: 'Code-barres FR-1' })).toBeVisible();
    await shot('language-labels-generator-fr-390');
    await expectNoAxeViolations(page, 'barcode generator in French at 390 px');
    await nothingClipped(page, 'barcode generator at 390 px');
  });
});
