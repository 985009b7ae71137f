import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centralBiobank, createAccount, unique } from './support/data';
import { collectingProtocol } from './support/protocols';
import { expectNoAxeViolations } from './support/axe';
import { lookAt, signedInInFrench } from './support/language';
import { choose, field } from './support/ui';

const submit = (dialog: Locator) => dialog.getByRole('button', { name: 'Valider', exact: true }).click();

/** Add one questionnaire field through the field editor, in French. */
async function addField(page: Page, kind: string, prompt: string, options: string[] = []) {
  await page.getByRole('group', { name: 'Ajouter un champ' }).getByRole('button', { name: kind, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ajouter un champ\u00a0: ${kind}` });
  await dialog.getByLabel(field('Libellé du champ')).fill(prompt);
  await dialog.getByLabel(field('Titre de la réponse')).fill(`${prompt} (réponse)`);
  for (const o of options) {
    await dialog.getByLabel(field('Nouvelle option')).fill(o);
    await dialog.getByLabel(field('Nouvelle option')).press('Enter');
    await expect(dialog.getByRole('textbox', { name: /^Option \d+$/ }).last()).toHaveValue(o);
  }
  await dialog.getByLabel('Obligatoire', { exact: true }).check();
  await dialog.getByLabel(field('Message si vide')).fill(`${prompt}\u00a0: réponse obligatoire`);
  return dialog;
}

// Issue 33: a French-speaking administrator sets up a list value, an analysis and a questionnaire, and fills it.
test.describe('configuration and questionnaires in French', () => {
  test('a lookup value, an analysis with its range, a panel analysis, the questionnaire builder and filling', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // configuration, builder and fill form on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const s = await collectingProtocol(b);
    const u = unique();
    // An account of its own in French (the worker's administrator keeps English for the other specs).
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Élodie', lastName: 'Martin' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInInFrench(page, api, who);

    // --- A lookup value: Configuration > Avancé > Sexe.
    await page.goto('/configuration/gender');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Sexe', level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Configuration' });
    await expect(menu.getByRole('button', { name: 'Configuration du LIMS' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sexe' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('columnheader', { name: 'Titre' })).toBeVisible();
    await page.getByRole('button', { name: 'Créer\u00a0: Sexe' }).click();
    const gender = page.getByRole('dialog', { name: 'Créer un sexe' });
    await submit(gender);
    await expect(gender.getByText('*obligatoire', { exact: true })).toHaveCount(3);
    const title = `Non précisé ${u}`;
    await gender.getByLabel(field('Titre')).fill(title);
    await gender.getByLabel(field('Abréviation')).fill('NP');
    await gender.getByLabel(field('Description')).fill('Sexe non précisé par le participant');
    await shot('language-fr-configuration-create-1280');
    await expectNoAxeViolations(page, 'lookup create form in French');
    await submit(gender);
    await expect(gender).toBeHidden();
    await expect(page.getByText(`Sexe «\u00a0${title}\u00a0»\u00a0: création enregistrée.`)).toBeVisible();
    await page.getByRole('button', { name: `Actions pour ${title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Désactiver' }).click();
    const confirm = page.getByRole('dialog', { name: 'Désactiver\u00a0: Sexe' });
    await expect(confirm.getByText(/ne sera plus proposé quand on choisit un sexe/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await lookAt(page, 'language-fr-configuration-list', shot);

    // --- An analysis with its result range, then in a panel.
    await page.goto('/configuration/test');
    await expect(page.getByRole('heading', { name: 'Analyse', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Créer\u00a0: Analyse' }).click();
    const test_ = page.getByRole('dialog', { name: 'Créer une analyse' });
    const analysis = `Glycémie ${u}`;
    await test_.getByLabel(field('Titre')).fill(analysis);
    await test_.getByLabel(field('Abréviation')).fill(`GL${u}`.slice(0, 20));
    await test_.getByLabel(field('Description')).fill('Glucose sanguin à jeun');
    await test_.getByLabel('A un intervalle').check();
    await expect(
      test_.getByRole('group', { name: 'Intervalle de résultats (les deux bornes, ou aucune)' }),
    ).toBeVisible();
    await test_.getByLabel(field('Valeur minimale')).fill('5');
    await test_.getByLabel(field('Valeur maximale')).fill('3');
    await submit(test_);
    await expect(test_.getByText('La valeur maximale ne doit pas être inférieure à la valeur minimale')).toBeVisible();
    await test_.getByLabel(field('Valeur minimale')).fill('0.7');
    await test_.getByLabel(field('Valeur maximale')).fill('1.1');
    await lookAt(page, 'language-fr-configuration-test', shot);
    await submit(test_);
    await expect(test_).toBeHidden();
    await expect(page.getByText(`Analyse «\u00a0${analysis}\u00a0»\u00a0: création enregistrée.`)).toBeVisible();

    // A panel of its own (its department through the API): the dependent select waits for its category.
    const department = `Hématologie ${u}`;
    await b.call('POST', 'departments', { title: department, abbreviation: 'HEM', description: 'Analyses sanguines' });
    await page.goto('/configuration/panel');
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Créer\u00a0: Panel' }).click();
    const panelDialog = page.getByRole('dialog', { name: 'Créer un panel' });
    const panel = `NFS ${u}`;
    await panelDialog.getByLabel(field('Titre')).fill(panel);
    await panelDialog.getByLabel(field('Abréviation')).fill('NFS');
    await panelDialog.getByLabel(field('Description')).fill('Numération formule sanguine');
    const specimenType = panelDialog.getByLabel(field("Type d'échantillon"));
    await expect(specimenType).toBeDisabled();
    await expect(specimenType).toHaveAttribute('placeholder', "Choisissez d'abord une catégorie de type d'échantillon");
    await choose(page, panelDialog, "Catégorie de type d'échantillon", 'Liquide biologique');
    await choose(page, panelDialog, "Type d'échantillon", 'Sérum');
    await choose(page, panelDialog, 'Service', department);
    await shot('language-fr-configuration-panel-1280');
    await expectNoAxeViolations(page, 'panel form in French');
    await submit(panelDialog);
    await expect(panelDialog).toBeHidden();

    await page.goto('/configuration/panel-test');
    await expect(page.getByRole('heading', { name: 'Analyse du panel', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Créer\u00a0: Analyse du panel' }).click();
    const panelTest = page.getByRole('dialog', { name: 'Créer une analyse du panel' });
    await expect(panelTest.getByLabel(field('Panel'))).toHaveAttribute('placeholder', 'Choisissez un panel');
    await choose(page, panelTest, 'Panel', panel);
    await choose(page, panelTest, 'Analyse', analysis);
    await submit(panelTest);
    await expect(panelTest).toBeHidden();
    await expect(page.getByText(/Analyse du panel «\u00a0.+\u00a0»\u00a0: création enregistrée\./)).toBeVisible();

    // --- Storage: a container's create form and its labeling fields.
    await page.goto('/configuration/storage-container');
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Créer (un|votre premier) conteneur$/ })
      .first()
      .click();
    const container = page.getByRole('dialog', { name: 'Créer un conteneur' });
    await expect(container.getByLabel(field('Ordre de remplissage'))).toHaveValue(
      'Ligne par ligne (A1, A2, … puis B1)',
    );
    await expect(container.getByText('Au plus 2\u00a0caractères, unique parmi les conteneurs.')).toBeVisible();
    await submit(container);
    await expect(container.getByText(/^\*obligatoire$/i).first()).toBeVisible();
    await lookAt(page, 'language-fr-storage-container-form', shot);
    await container.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(container).toBeHidden();

    // --- The questionnaire builder.
    await page.goto(`/collection-protocols/${s.protocol.id}/collectio-protocol-forms`);
    await expect(page.getByRole('heading', { name: 'Questionnaires', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Créer un questionnaire' }).click();
    const create = page.getByRole('dialog', { name: 'Créer un questionnaire' });
    const formName = `Accueil ${u}`;
    await create.getByLabel(field('Nom')).fill(formName);
    await create.getByLabel(field('Description')).fill('Posé lors de la première visite');
    await submit(create);
    await expect(page.getByRole('heading', { name: formName })).toBeVisible();
    await expect(page.getByText("Aucun champ pour l'instant. Ajoutez-en un avec les boutons de gauche.")).toBeVisible();
    const room = await addField(page, 'Ligne simple', 'Numéro de chambre');
    await room.getByLabel('Avec contrôle de format').check();
    await room.getByLabel(field('Expression régulière')).fill('(\\d');
    await room.getByLabel(field("Message de l'expression régulière")).fill('Trois chiffres, svp');
    await submit(room);
    await expect(room.getByText("Cette expression régulière n'est pas valide")).toBeVisible();
    await room.getByLabel(field('Expression régulière')).fill('\\d{3}');
    await lookAt(page, 'language-fr-form-field', shot);
    await submit(room);
    await expect(room).toBeHidden();
    const smoker = await addField(page, 'Boutons radio', 'Fumeur', ['Jamais', 'Ancien', 'Actuel']);
    await submit(smoker);
    await expect(smoker).toBeHidden();
    const fields = page.getByRole('list', { name: 'Champs' }).getByRole('listitem');
    await expect(fields).toHaveCount(2);
    await expect(fields.nth(1)).toContainText('Boutons radio · Fumeur (réponse) · Jamais, Ancien, Actuel');
    await lookAt(page, 'language-fr-form-editor', shot);
    await page.getByRole('tab', { name: 'Aperçu' }).click();
    await expect(page.getByRole('radio', { name: 'Ancien' })).toBeVisible();

    // --- Filling it for the participant.
    await page.goto(`/collection-protocols/${s.protocol.id}/participants/${s.enrolment.id}/participant-forms`);
    await expect(
      page.getByText("Aucun formulaire rempli pour l'instant. Remplir un formulaire ajoute le premier."),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Remplir un formulaire' }).click();
    const fill = page.getByRole('dialog', { name: 'Remplir un formulaire de participant du protocole' });
    await submit(fill);
    await expect(fill.getByText('*Obligatoire', { exact: true })).toHaveCount(2);
    await choose(page, fill, 'Formulaire', formName);
    await choose(page, fill, "Site de l'établissement", s.site);
    await submit(fill);
    await expect(fill.getByText('Numéro de chambre\u00a0: réponse obligatoire')).toBeVisible();
    await fill.getByLabel(field('Numéro de chambre')).fill('12a');
    await fill.getByRole('radio', { name: 'Ancien' }).check();
    await submit(fill);
    await expect(fill.getByText('Trois chiffres, svp')).toBeVisible();
    await fill.getByLabel(field('Numéro de chambre')).fill('123');
    await lookAt(page, 'language-fr-form-fill', shot);
    await submit(fill);
    await expect(fill).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(formName) });
    await row.getByRole('button', { name: /^Voir / }).click();
    const view = page.getByRole('dialog', { name: formName });
    const answers = view.getByRole('table', { name: 'Réponses' });
    await expect(answers.getByRole('row', { name: /Numéro de chambre/ })).toContainText('123');
    await expect(view.getByText(/^Rempli le .+ · version 1 · /)).toBeVisible();
    await lookAt(page, 'language-fr-form-view', shot);
  });
});
