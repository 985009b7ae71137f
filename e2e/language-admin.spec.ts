import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInInFrench } from './support/language';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, createAccount, unique } from './support/data';
import { choose, field, noClippedButtons, noSideScroll, see, tablesSettled } from './support/ui';

/** Screenshots show the screen, not the toast that confirmed the last action. */
const toastsGone = (page: Page) =>
  expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });

/** At 390 px: the screenshot, axe, no clipped button and no sideways scroll; then back to 1280 px. */
async function atPhone(page: Page, name: string, shot: (name: string) => Promise<void>, scope?: Locator) {
  await page.setViewportSize({ width: 390, height: 844 });
  await noClippedButtons(scope ?? page.locator('body'), `${name} at 390 px`);
  await shot(`${name}-390`);
  await expectNoAxeViolations(page, `${name} at 390 px`);
  await noSideScroll(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

// The import's participants file: every column matched by its key.
const HEADER =
  'mrn,firstName,fatherName,grandFatherName,birthDate,birthTime,gender,patientType,maritalStatus,vitalStatus,races,ethnicities,phoneType,phoneNumber';
const participantRow = (mrn: string) =>
  [
    mrn,
    'Hélène',
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
    'Mobile',
    '+251911223344',
  ].join(',');

// Issue 33: a French-speaking biobank administrator creates an account and sets its roles, reads the audit log,
// imports participants, creates a distribution protocol and runs a screening indicator report, in French.
// Data stay as entered (names, titles, the institution's lookup titles and indicator names: issue 33 item 4).
test.describe('administration in French', () => {
  test('accounts, the audit log, an import, a distribution protocol and the indicators speak French', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // five screens at two widths on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const u = unique();
    // An account of its own in French (the worker's administrator keeps English for the other specs).
    const who = await createAccount(b, {
      role: 'Institution Administrator',
      firstName: 'Amélie',
      lastName: `Roux${u}`,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Signed in (the helper waits for the English header), then French through the API: the next load reads it.
    await signedInInFrench(page, api, who);
    const main = page.getByRole('main');

    // --- Accounts: the list, Create an Account, then the new account's roles.
    await page.goto('/accounts');
    await expect(page.getByRole('heading', { name: 'Comptes', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const email = `claire.${u}@lab.test`;
    await main.getByRole('button', { name: 'Créer' }).click();
    const create = page.getByRole('dialog', { name: 'Créer un compte' });
    await create.getByLabel(field('Prénom')).fill('Claire');
    await create.getByLabel(field('Nom')).fill(`Moreau${u}`);
    await create.getByLabel(field('E-mail')).fill(email);
    await create.getByLabel(field('Mot de passe')).fill('Brouillard#2024-éprouvette');
    await create.getByLabel(field('Confirmer le mot de passe')).fill('Brouillard#2024-éprouvette');
    await create.getByLabel(field('Numéro de téléphone')).fill('0911223344');
    await choose(page, create, 'Rôles', 'Technicien');
    await page.keyboard.press('Escape'); // close the dropdown, not the form
    await expect(create.getByText('Le compte se connecte avec cette adresse e-mail.')).toBeVisible();
    await shot('language-admin-create-account-1280');
    await expectNoAxeViolations(page, 'Create an Account in French at 1280 px');
    await atPhone(page, 'language-admin-create-account', shot, create);
    await create.getByRole('button', { name: 'Valider', exact: true }).click();
    await see(page, `Compte ${email} créé.`);
    await expect(create).toBeHidden();

    const box = main.getByLabel(field('Rechercher'));
    await expect(box).toHaveAttribute('placeholder', 'Rechercher par nom, e-mail ou téléphone');
    await box.fill(email);
    await box.press('Enter');
    await see(page, '1–1 sur 1');
    await tablesSettled(page);
    for (const heading of ['Prénom', 'Nom', 'E-mail', 'Téléphone', 'Rôles', 'Statut'])
      await expect(page.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    const row = main.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Technicien', { exact: true })).toBeVisible();
    await expect(row.getByText('Actif', { exact: true })).toBeVisible();
    await toastsGone(page);
    await shot('language-admin-accounts-1280');
    await expectNoAxeViolations(page, 'accounts list in French at 1280 px');
    await atPhone(page, 'language-admin-accounts', shot, main);

    await main.getByRole('button', { name: `Accès\u00a0: rôles et établissements de Claire Moreau${u}` }).click();
    const access = page.getByRole('dialog', { name: 'Rôles et établissements' });
    await expect(access.getByText('Les rôles sont enregistrés avec Valider', { exact: false })).toBeVisible();
    await expect(access.getByText('Ajouter à un établissement')).toBeVisible();
    await choose(page, access, 'Rôles dans Central Biobank', 'Coordinateur');
    await page.keyboard.press('Escape');
    await shot('language-admin-roles-1280');
    await expectNoAxeViolations(page, 'Roles and Institutions in French at 1280 px');
    await atPhone(page, 'language-admin-roles', shot, access);
    await access.getByRole('button', { name: 'Valider', exact: true }).click();
    await see(page, `Les rôles de ${email} ont été enregistrés.`);
    await expect(access).toBeHidden();

    // --- The audit log: the new account's creation and its roles change, in words.
    await page.goto('/setting/audit-log?entity=account');
    await expect(page.getByRole('heading', { name: "Journal d'audit", level: 1 })).toBeVisible();
    await see(page, /^Chaque modification dans .*, de la plus récente à la plus ancienne\./);
    await tablesSettled(page);
    for (const heading of ['Quand', 'Qui', 'Enregistrement', 'Action', 'Modifications'])
      await expect(page.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    await expect(main.getByLabel(field("Type d'enregistrement"))).toHaveValue('Compte');
    const created = main.getByRole('row').filter({ hasText: `Claire` }).filter({ hasText: 'Créé' }).first();
    await expect(created).toContainText('Prénom:');
    await expect(main.getByRole('cell', { name: 'Rôles modifiés', exact: true }).first()).toBeVisible();
    await toastsGone(page);
    await shot('language-admin-audit-1280');
    await expectNoAxeViolations(page, 'audit log in French at 1280 px');
    await atPhone(page, 'language-admin-audit', shot, main);

    // --- An import: the template, a participants file, its mapping, the dry run and the import.
    await page.goto('/configuration/import');
    await expect(page.getByRole('heading', { name: 'Importer des données', level: 1 })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Télécharger le modèle' })).toBeVisible();
    const mrn = `FR${u}`.toUpperCase();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'participants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\r\n${participantRow(mrn)}\r\n`),
    });
    const mapping = page.getByRole('table', { name: 'Correspondance des colonnes' });
    await expect(mapping.getByRole('columnheader', { name: 'Colonne du fichier' })).toBeVisible();
    await expect(mapping.getByLabel('Champ de la colonne firstName')).toHaveValue('Prénom');
    await main.getByRole('button', { name: 'Essai à blanc' }).click();
    await see(page, 'Aucun problème trouvé');
    await see(page, '1 ligne est prête à être importée.');
    await shot('language-admin-import-1280');
    await expectNoAxeViolations(page, 'import in French at 1280 px');
    await atPhone(page, 'language-admin-import', shot, main);
    await main.getByRole('button', { name: 'Importer', exact: true }).click();
    await see(page, '1 participant importé');
    await expect(main.getByRole('link', { name: 'Ouvrir la liste des participants' })).toBeVisible();

    // --- A distribution protocol: the list, the create form, its page.
    await page.goto('/distribution-protocols');
    await expect(page.getByRole('heading', { name: 'Protocoles de distribution', level: 1 })).toBeVisible();
    await main.getByRole('button', { name: 'Créer' }).click();
    const form = page.getByRole('dialog', { name: 'Créer un protocole de distribution' });
    const study = `Génomique du cancer ${u}`;
    await form.getByLabel(field('Titre')).fill(study);
    await form.getByLabel(field('Investigateur principal')).fill(`Amélie Roux${u}`);
    await page.getByRole('option', { name: `Amélie Roux${u}`, exact: true }).click();
    await form.getByLabel(field('Établissement')).fill('Université de Lyon');
    await form.getByLabel(field("Numéro d'approbation éthique")).fill('CPP-2026-032');
    await expect(
      form.getByText('Les comptes de cet établissement qui peuvent approuver', { exact: false }),
    ).toBeVisible();
    await shot('language-admin-distribution-form-1280');
    await expectNoAxeViolations(page, 'distribution protocol form in French at 1280 px');
    await atPhone(page, 'language-admin-distribution-form', shot, form);
    await form.getByRole('button', { name: 'Valider', exact: true }).click();
    await expect(page.getByRole('heading', { name: study, level: 1 })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Échantillons éligibles aujourd’hui' })).toBeVisible();
    await expect(page.getByTestId('eligible-count')).toContainText("en autorise l'utilisation");
    await expect(main.getByText("Document d'approbation éthique", { exact: true })).toBeVisible();
    await expect(main.getByText('Sans limite')).toBeVisible();
    await toastsGone(page);
    await shot('language-admin-distribution-1280');
    await expectNoAxeViolations(page, 'distribution protocol page in French at 1280 px');
    await atPhone(page, 'language-admin-distribution', shot, main);

    // --- A screening indicator report and its definitions.
    await page.goto('/report/cervical-cancer-report-per-date-range');
    await expect(
      page.getByRole('heading', { name: 'Rapport cancer du col de l’utérus par période', level: 1 }),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Générer le rapport' })).toBeVisible();
    await expect(main.getByRole('columnheader', { name: 'Fréquence' })).toBeVisible();
    await see(page, /^Généré le .* par Amélie Roux/);
    await shot('language-admin-indicators-1280');
    await expectNoAxeViolations(page, 'indicators in French at 1280 px');
    await atPhone(page, 'language-admin-indicators', shot, main);
    await main.getByRole('button', { name: 'Définitions des indicateurs' }).click();
    const drawer = page.getByRole('dialog', { name: 'Définitions des indicateurs' });
    await expect(
      drawer.getByText(/^Compte les (participants distincts|formulaires soumis) de CCS/).first(),
    ).toBeVisible();
    await shot('language-admin-indicator-definitions-1280');
    await expectNoAxeViolations(page, 'indicator definitions in French at 1280 px');
  });
});
