import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, registerParticipant, unique } from './support/data';
import { field, noClippedButtons, noSideScroll, see, tablesSettled } from './support/ui';
import { expectNoAxeViolations } from './support/axe';

/** Pick `option` in the select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(field(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// Issue 33: a French-speaking technician registers a participant and finds it in the list without an English word
// of the interface; the seeded lookup titles say their French ('Femme', 'Ambulatoire': server/db/seed/reference-data.ts).
test.describe('participants in French', () => {
  test('register a participant and search the list in French, at 1280 and 390 px, axe clean', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // a whole register journey at two widths on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    // An account of its own, set to French through the API: the worker's administrator keeps English.
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Élodie', lastName: 'Martin' });
    const token = await api.login(who.email, who.password);
    const set = await api.call('PUT', '/Authentication/language', token, { language: 'fr' });
    expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);
    const existing = `MRN${unique()}`.toUpperCase();
    await registerParticipant(b, { mrn: existing, fatherName: `Lefèvre${unique().slice(-4)}` });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/api/health');
    await page.evaluate(
      ([t, id]) => {
        localStorage.setItem('lims.token', t);
        localStorage.setItem('lims.institutionId', String(id));
      },
      [token, b.instId] as const,
    );
    await page.goto('/patients');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await see(page, /^Les parties du nom et les identifiants externes correspondent depuis leur début/);
    await expect(main.getByRole('button', { name: 'Nouveau participant' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Rechercher', exact: true })).toBeVisible();

    // The list: French column headings, search answer and pagination.
    const box = page.getByLabel(field('Rechercher'));
    await expect(box).toHaveAttribute('placeholder', 'Nom, n° de dossier, téléphone ou identifiant externe');
    const nobody = `personne-${unique()}`;
    await box.fill(nobody);
    await box.press('Enter');
    await see(page, `Aucun résultat pour « ${nobody} ».`);
    await box.fill(existing);
    await box.press('Enter');
    await see(page, '1–1 sur 1');
    await tablesSettled(page);
    for (const heading of ['Nom', 'Date de naissance', 'Sexe', 'Situation familiale', 'Statut vital', 'N° de dossier'])
      await expect(page.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByText('Lignes par page')).toBeVisible();
    await shot('language-participants-list-fr-1280');
    await expectNoAxeViolations(page, 'participants list in French at 1280 px');

    // Register: the empty submit says what is missing in French.
    await main.getByRole('button', { name: 'Nouveau participant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer un participant' });
    await expect(dialog.locator('input[data-path="patientTypeId"][value="Ambulatoire"]')).toBeAttached();
    await expect(dialog.getByLabel(field('Date de naissance'))).toHaveAttribute('placeholder', 'AAAA-MM-JJ');
    await dialog.getByRole('button', { name: 'Valider', exact: true }).click();
    await expect(dialog.getByText('*obligatoire', { exact: true })).toHaveCount(3);
    await expect(dialog.getByText('*Obligatoire', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('*required')).toHaveCount(0);

    const mrn = `MRN${unique()}`.toUpperCase();
    const father = `Dubois${unique().slice(-4)}`;
    await dialog.getByLabel(field('Numéro de dossier')).fill(mrn);
    await dialog.getByLabel(field('Identifiant externe du sujet')).fill(`EXT-${mrn}`);
    await dialog.getByLabel(field('Prénom')).fill('Hélène');
    await dialog.getByLabel(field('Nom du père')).fill(father);
    await dialog.getByLabel(field('Nom du grand-père')).fill('Girard');
    await choose(page, dialog, 'Sexe', 'Femme');
    await choose(page, dialog, 'Situation familiale', 'Célibataire');
    await choose(page, dialog, 'Statut vital', 'Vivant');
    // The calendar names its months and days in French; what is typed stays YYYY-MM-DD.
    await dialog.getByLabel(field('Date de naissance')).fill('1984-03-12');
    await dialog.getByLabel(field('Date de naissance')).click();
    await expect(page.getByText('mars 1984')).toBeVisible();
    await shot('language-participants-calendar-fr');
    await page.keyboard.press('Escape');
    await expect(page.getByText('mars 1984')).toBeHidden();
    await dialog.getByLabel(field('Date de naissance')).press('Tab');
    // In French the time is Mantine's 24-hour picker (web/src/components/time-field.tsx): hours, then minutes.
    await dialog.getByRole('spinbutton', { name: 'Heures' }).fill('08');
    await dialog.getByRole('spinbutton', { name: 'Minutes' }).fill('30');
    await dialog.getByLabel(field('Races')).fill('As');
    await page.getByRole('option', { name: 'Asiatique', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Retirer Asiatique' })).toBeVisible();
    await dialog.getByLabel(field('Ethnicités')).fill('Ni h');
    await page.getByRole('option', { name: 'Ni hispanique ni latino', exact: true }).click();

    // A phone number: the adder's labels and the contract's rule in French.
    await dialog.getByRole('button', { name: 'Ajouter un numéro de téléphone' }).click();
    await choose(page, dialog, 'Catégorie', 'Personnel');
    await choose(page, dialog, 'Type', 'Portable');
    await dialog.getByLabel(field('Numéro de téléphone')).fill('09 11');
    await dialog.getByRole('button', { name: 'AJOUTER', exact: true }).click();
    await see(dialog, 'Les espaces ne sont pas autorisées');
    await expect(dialog.getByRole('button', { name: 'Ajouter un numéro de dossier de site' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Valider et en créer un autre' })).toBeVisible();
    await shot('language-participants-register-fr-1280');
    await expectNoAxeViolations(page, 'register a participant in French at 1280 px');

    // 390 px: the same form, every button whole, nothing sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog.getByRole('button', { name: 'AJOUTER', exact: true })).toBeVisible();
    await noClippedButtons(dialog, 'register at 390 px');
    await noSideScroll(page, 'register a participant in French');
    await shot('language-participants-register-fr-390');
    await expectNoAxeViolations(page, 'register a participant in French at 390 px');
    await dialog.getByRole('button', { name: 'Valider et en créer un autre' }).scrollIntoViewIfNeeded();
    await shot('language-participants-register-fr-390-end');

    const phone = `09${String(Date.now()).slice(-8)}`;
    await dialog.getByLabel(field('Numéro de téléphone')).fill(phone);
    await dialog.getByRole('button', { name: 'AJOUTER', exact: true }).click();
    await expect(dialog.getByRole('button', { name: `Retirer ${phone}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Valider', exact: true }).click();
    await expect(dialog).toBeHidden();
    await see(page, `Participant Hélène ${father} Girard enregistré.`);

    // The list at 390 px: cards with French labels, the sort and the pagination in French.
    await box.fill(father);
    await box.press('Enter');
    await see(page, '1–1 sur 1');
    await tablesSettled(page);
    await expect(page.getByLabel(field('Trier par'))).toHaveCount(0); // the participants list has no sort
    await expect(main.getByText('Date de naissance', { exact: true })).toBeVisible();
    await expect(main.getByText('1984-03-12 08:30', { exact: true }), 'the 24-hour clock in French').toBeVisible();
    await noClippedButtons(main, 'participants list at 390 px');
    await noSideScroll(page, 'participants list in French');
    await shot('language-participants-list-fr-390');
    await expectNoAxeViolations(page, 'participants list in French at 390 px');

    // Edit: the same form, titled in French, the MRN locked with a French reason; the close button is 'Fermer'.
    await page.setViewportSize({ width: 1280, height: 900 });
    await main.getByRole('button', { name: `Modifier Hélène ${father} Girard` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier un participant' });
    await expect(edit.getByLabel(field('Prénom'))).toHaveValue('Hélène');
    await expect(edit.getByLabel('Lecture seule')).toBeVisible();
    await expect(edit.getByRole('button', { name: `Retirer ${phone}` })).toBeVisible();
    await shot('language-participants-edit-fr-1280');
    await expectNoAxeViolations(page, 'edit a participant in French');
    await edit.getByRole('button', { name: 'Fermer' }).click();
    await expect(edit).toBeHidden();

    // Leaving typed input asks in French.
    await main.getByRole('button', { name: 'Nouveau participant' }).click();
    await dialog.getByLabel(field('Prénom')).fill('Brouillon');
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Abandonner les modifications non enregistrées ?' });
    await expect(question.getByRole('button', { name: 'Continuer la saisie' })).toBeFocused();
    await shot('language-participants-unsaved-fr');
    await expectNoAxeViolations(page, 'unsaved-changes question in French');
    await question.getByRole('button', { name: 'Abandonner' }).click();
    await expect(dialog).toBeHidden();

    // Home: the dashboard's cards and tables in French.
    await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Accueil' }).click();
    await see(page, 'Bienvenue, Élodie Martin');
    await expect(page.getByRole('heading', { name: 'Protocoles de collecte en cours' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Participants au total' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Participants récents' })).toBeVisible();
    await shot('language-home-fr-1280');
    await expectNoAxeViolations(page, 'home dashboard in French at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('group', { name: 'Participants au total' })).toBeVisible();
    await noSideScroll(page, 'home in French');
    await noClippedButtons(main, 'home at 390 px');
    await shot('language-home-fr-390');
    await expectNoAxeViolations(page, 'home dashboard in French at 390 px');
  });

  test('the 404 and About pages follow a French browser (they are outside the signed-in shell)', async ({
    browser,
    baseURL,
    shot,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 - Page introuvable' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Aller à l'accueil" })).toBeVisible();
    await shot('language-404-fr', page);
    await expectNoAxeViolations(page, '404 in French');
    await page.goto('/about');
    await expect(page.getByRole('link', { name: '/api/openapi.json' })).toBeVisible();
    await see(page, /^L'API HTTP est documentée/);
    await shot('language-about-fr', page);
    await expectNoAxeViolations(page, 'About in French');
    await context.close();
  });
});
