import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, createAccount, unique, type Rec } from './support/data';
import { collectingProtocol, drawSignature } from './support/protocols';
import { atPhone, signedInInFrench, toastsGone } from './support/language';
import { field, signedInAs } from './support/ui';

/** At 1280 px then 390 px: the screenshots, axe, and no sideways scroll of the page; then back to 1280 px. */
async function bothSizes(page: Page, name: string, shot: (name: string) => Promise<void>) {
  await shot(`${name}-1280`);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
  await atPhone(page, name, shot);
}

/** The protocol's tab bar, in French. */
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Protocole de collecte' });
const tab = (page: Page, name: string) => tabs(page).getByRole('link', { name, exact: true });

/** A full-screen form's own Submit button (the dialog's, not a page button behind it). */
const submit = (form: Locator) => form.getByRole('button', { name: 'Valider', exact: true });

// Issue 33: a French-speaking coordinator works in the collection protocols: the list, a new protocol and its
// update, its tabs (consents, sites, events, participants, shipments) and a consent signed with its purposes.
test.describe('collection protocols in French', () => {
  test('the list, the forms, every tab and the consent signing speak French', async ({ page, api, admin, shot }) => {
    test.slow(); // many screens and a drawn signature on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const s = await collectingProtocol(b);
    const base = `collectionProtocols/${s.protocol.id}`;
    const purposes = await b.ids('consentPurposes');
    const consentTitle = `Consentement biobanque ${unique()}`;
    const consent = await b.call<Rec>('POST', `${base}/collectionProtocolConsents`, {
      title: consentTitle,
      consent: '<h2>Utilisation en recherche</h2><p>Vos échantillons peuvent servir aux recherches acceptées.</p>',
      purposeIds: [purposes.get('Future research'), purposes.get('Genetic research')],
    });
    // An account of its own in French (the worker's administrator keeps English for the other specs).
    const who = await createAccount(b, {
      role: 'Institution Administrator',
      firstName: 'Élodie',
      lastName: 'Marchand',
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInInFrench(page, api, who);

    // The dashboard names the account's role in French (namespace permissions).
    await page.goto('/');
    await expect(page.getByText("Administrateur d'établissement", { exact: true })).toBeVisible();

    // --- The list.
    await page.goto(`/collection-protocols?SearchTerm=${encodeURIComponent(s.protocol.title)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Protocoles de collecte', level: 1 })).toBeVisible();
    await expect(page.getByPlaceholder('Titre, abréviation ou code')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Participants attendus' })).toBeVisible();
    await bothSizes(page, 'language-fr-protocol-list', shot);

    // --- Create a protocol, then update it.
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Créer un protocole de collecte' });
    const title = `Cohorte ${unique()}`;
    await create.getByLabel(field('Titre')).fill(title);
    await create.getByLabel(field('Abréviation')).fill('COH');
    await expect(create.getByText("2 caractères au plus, unique dans l'établissement.")).toBeVisible();
    await create.getByLabel(field('Participants attendus')).fill('120');
    await submit(create).click();
    // The code is required: the contract's message, in French.
    await expect(create.getByText('*obligatoire')).toBeVisible();
    await bothSizes(page, 'language-fr-protocol-create', shot);
    for (let attempt = 0; ; attempt++) {
      const code = Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X');
      await create.getByLabel(field('Code')).fill(code);
      await submit(create).click();
      // A code another test took is a 409 in the form: try another.
      const closed = await create.waitFor({ state: 'hidden', timeout: 8000 }).then(
        () => true,
        () => false,
      );
      if (closed) break;
      expect(attempt, 'a free protocol code').toBeLessThan(10);
    }
    await expect(page.getByText(`Protocole de collecte «\u00a0${title}\u00a0» créé.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Participants attendus')).toBeVisible();
    await page.getByRole('button', { name: 'Modifier' }).click();
    const update = page.getByRole('dialog', { name: 'Modifier un protocole de collecte' });
    await expect(update.getByText('2 caractères au plus\u00a0; vide, le code actuel est conservé.')).toBeVisible();
    await update.getByLabel(field('Date de début')).fill('2026-01-01');
    await update.getByLabel(field('Date de fin')).fill('2025-12-31');
    await update.getByLabel(field('Date de fin')).press('Tab');
    await submit(update).click();
    await expect(update.getByText('La date de fin ne peut pas être antérieure à la date de début')).toBeVisible();
    await bothSizes(page, 'language-fr-protocol-update', shot);
    await update.getByLabel(field('Date de fin')).fill('2027-12-31');
    await update.getByLabel(field('Date de fin')).press('Tab');
    await submit(update).click();
    await expect(update).toBeHidden();
    await expect(page.getByText(`Protocole de collecte «\u00a0${title}\u00a0» modifié.`)).toBeVisible();
    await expect(page.getByText('2026-01-01')).toBeVisible();

    // --- The working protocol's overview and tabs.
    await page.goto(`/collection-protocols/${s.protocol.id}/overview`);
    await expect(page.locator('#main-content').getByRole('link', { name: 'Protocoles de collecte' })).toBeVisible();
    for (const name of ['Aperçu', 'Consentements', 'Sites', 'Événements', 'Participants', 'Expéditions'])
      await expect(tab(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exporter en FHIR' })).toBeVisible();
    await toastsGone(page);
    await bothSizes(page, 'language-fr-protocol-overview', shot);

    await tab(page, 'Consentements').click();
    await expect(page.getByRole('heading', { name: 'Consentements', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Signatures' })).toBeVisible();
    await page.getByRole('button', { name: `Actions pour ${consentTitle}` }).click();
    await page.getByRole('menuitem', { name: 'Voir' }).click();
    const view = page.getByRole('dialog', { name: consentTitle });
    await expect(view.getByText('Pas encore signé')).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Texte (version 1, en vigueur)' })).toBeVisible();
    await expect(view.getByText('Finalités accordées à la signature\u00a0: ')).toBeVisible();
    await bothSizes(page, 'language-fr-consent-view', shot);
    await view.getByRole('button', { name: 'Fermer' }).last().click();
    await page.getByRole('button', { name: 'Créer un consentement' }).click();
    const consentForm = page.getByRole('dialog', { name: 'Créer un consentement' });
    await expect(consentForm.getByRole('group', { name: 'Mise en forme\u00a0: Consentement' })).toBeVisible();
    await expect(consentForm.getByRole('button', { name: 'Gras' })).toBeVisible();
    await expect(consentForm.getByLabel('Finalités accordées à la signature')).toBeVisible();
    await bothSizes(page, 'language-fr-consent-form', shot);
    await consentForm.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(consentForm).toBeHidden();

    await tab(page, 'Sites').click();
    await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Établissement' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Retirer Clinic/ })).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter des sites' }).click();
    const addSites = page.getByRole('dialog', { name: 'Ajouter des sites' });
    await expect(addSites.getByText('Dans le protocole').first()).toBeVisible();
    await expect(addSites.getByText('Sélectionnez au moins un site')).toBeVisible();
    await bothSizes(page, 'language-fr-sites-add', shot);
    await addSites.getByRole('button', { name: 'Fermer' }).first().click();

    await tab(page, 'Événements').click();
    await expect(page.getByRole('heading', { name: 'Événements', level: 1 })).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Événements' })).toContainText("À l'inclusion");
    await expect(page.getByRole('button', { name: "Créer un échantillon requis pour l'événement" })).toBeVisible();
    await bothSizes(page, 'language-fr-events', shot);
    await page.getByRole('button', { name: "Créer un échantillon requis pour l'événement" }).click();
    const requirement = page.getByRole('dialog', { name: "Créer un échantillon requis pour l'événement" });
    await expect(requirement.getByText("Pour l'événement Baseline (BL).")).toBeVisible();
    await requirement.getByRole('button', { name: 'Ajouter un élément' }).click();
    await expect(requirement.getByRole('group', { name: 'Élément 1' })).toBeVisible();
    await expect(requirement.getByLabel(field('Lignée du sous-échantillon'))).toBeVisible();
    await bothSizes(page, 'language-fr-requirement-form', shot);
    await requirement.getByRole('button', { name: 'Fermer' }).first().click();
    await page.getByRole('button', { name: 'Abandonner', exact: true }).click();
    await expect(requirement).toBeHidden();

    await tab(page, 'Participants').click();
    await expect(page.getByRole('heading', { name: 'Participants', level: 1 })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Filtrer les participants' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Date de naissance' })).toBeVisible();
    await page.getByRole('button', { name: 'Inclure des participants' }).click();
    const enrol = page.getByRole('dialog', { name: 'Inclure des participants au protocole de collecte' });
    await enrol.getByLabel(field('N° de dossier')).fill('INCONNU-0000');
    await enrol.getByRole('button', { name: 'Rechercher' }).click();
    await expect(enrol.getByText("Aucun patient n'a le numéro de dossier «\u00a0INCONNU-0000\u00a0».")).toBeVisible();
    await bothSizes(page, 'language-fr-enrol', shot);
    await enrol.getByRole('button', { name: 'Fermer' }).first().click();

    await tab(page, 'Expéditions').click();
    await expect(page.getByRole('link', { name: 'Ouvrir les expéditions de ce protocole' })).toBeVisible();
    await toastsGone(page);
    await shot('language-fr-protocol-shipments-1280');
    await expectNoAxeViolations(page, "the protocol's shipments tab in French");

    // --- A participant: the overview, then signing the consent with its purposes.
    const participant = `/collection-protocols/${s.protocol.id}/participants/${s.enrolment.id}`;
    await page.goto(`${participant}/participant-overview`);
    await expect(page.getByRole('heading', { name: 'Aperçu', level: 2 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Participant' }).getByRole('link', { name: 'Consentements' }),
    ).toBeVisible();
    await expect(page.getByText('Nom du grand-père')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Événements' })).toBeVisible();
    await bothSizes(page, 'language-fr-participant-overview', shot);

    await page.goto(`${participant}/participant-consents/new?consent=${consent.id}`);
    const sign = page.getByRole('dialog', { name: 'Créer un consentement de participant au protocole de collecte' });
    await expect(sign.getByRole('heading', { name: 'Utilisation en recherche' })).toBeVisible();
    await expect(sign.getByText('Version 1\u00a0: lisez-la avec le participant avant qu\u2019il signe.')).toBeVisible();
    const future = sign.getByRole('radiogroup', { name: 'Recherche future' });
    const genetic = sign.getByRole('radiogroup', { name: 'Recherche génétique' });
    await expect(future.getByRole('radio', { name: 'Oui' })).not.toBeChecked();
    await submit(sign).click();
    await expect(sign.getByText('Enregistrez Oui ou Non pour chaque finalité')).toHaveCount(2);
    await expect(sign.getByText('Veuillez signer dans le cadre')).toBeVisible();
    await drawSignature(page, /Zone de signature/);
    await future.getByRole('radio', { name: 'Oui' }).check();
    await genetic.getByRole('radio', { name: 'Non' }).check();
    await bothSizes(page, 'language-fr-sign-consent', shot);
    await submit(sign).click();
    await expect(sign).toBeHidden();
    await expect(page.getByText(`${consentTitle} signé par`)).toBeVisible();

    const signedRow = page.getByRole('row').filter({ hasText: consentTitle });
    await expect(signedRow.getByText('Signé', { exact: true })).toBeVisible();
    await signedRow.getByRole('button', { name: consentTitle }).click();
    const signed = page.getByRole('dialog', { name: consentTitle });
    await expect(signed.getByText('Recherche future\u00a0: oui · Recherche génétique\u00a0: non')).toBeVisible();
    await expect(signed.getByText('Version 1 signée')).toBeVisible();
    await toastsGone(page);
    await bothSizes(page, 'language-fr-signed-consent', shot);
    await signed.getByRole('button', { name: 'Retirer le consentement' }).click();
    await expect(signed.getByLabel(field('Date du retrait'))).toBeVisible();
    await expect(signed.getByText('Détruire les échantillons')).toBeVisible();
    await shot('language-fr-withdraw-1280');
    await expectNoAxeViolations(page, 'the withdrawal form in French');
  });

  test("a sample's Sub-sample form and manual adjustment dialog speak French", async ({ page, api, admin, shot }) => {
    const b = await centralBiobank(api, admin);
    const s = await collectingProtocol(b);
    const sampleId = `FRS-${s.u}`.toUpperCase();
    const sample = await b.call<Rec>('POST', `collectionProtocols/${s.protocol.id}/collectedSamples`, {
      sampleId,
      patientId: s.patient.id,
      institutionSiteId: (await b.list('institutionSites?IsEnabled=true')).find((x) => x.title === s.site)!.id,
      collectionProtocolEventId: s.event.id,
      specimenTypeId: s.blood,
      collectedAmount: 10,
      unitOfMeasurementId: s.ml,
      collectedDate: new Date().toISOString().slice(0, 10),
      collectedTime: '09:00',
    });
    const who = await createAccount(b, { role: 'Institution Administrator', firstName: 'Noémie', lastName: 'Roux' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInAs(page, who);
    const token = await api.login(who.email, who.password);
    expect((await api.call('PUT', '/Authentication/language', token, { language: 'fr' })).status).toBeLessThan(300);

    const samplePage = `/collection-protocols/${s.protocol.id}/collected-samples/${sample.id}`;
    await page.goto(`${samplePage}/sub-sample`);
    const sub = page.getByRole('dialog', { name: 'Créer un sous-échantillon' });
    await expect(sub.getByLabel(field("Identifiant de l'échantillon parent"))).toHaveValue(sampleId);
    await sub.getByLabel(field('Lignée du sous-échantillon')).click();
    await page.getByRole('option', { name: 'Dérivé', exact: true }).click();
    await expect(sub.getByText(/Un dérivé est une nouvelle matière/)).toBeVisible();
    await expect(sub.getByLabel(field('Quantité prise sur le parent'))).toBeVisible();
    await bothSizes(page, 'language-fr-subsample', shot);
    await sub.getByRole('button', { name: 'Fermer' }).first().click();
    await page.getByRole('button', { name: 'Abandonner', exact: true }).click();

    await page.goto(samplePage);
    await page.getByRole('button', { name: 'Ajustement manuel' }).click();
    const adjust = page.getByRole('dialog', { name: 'Ajustement manuel' });
    await expect(adjust.getByText(/Une quantité positive retire de la matière/)).toBeVisible();
    await adjust.getByLabel(field('Quantité')).fill('1');
    await adjust.getByLabel(field('Motif')).fill('Renversé pendant le pipetage');
    await toastsGone(page);
    await bothSizes(page, 'language-fr-adjustment', shot);
    await adjust.getByRole('button', { name: "Enregistrer l'ajustement" }).click();
    await expect(page.getByText(`Échantillon ${sampleId} ajusté\u00a0: il reste 9 mL.`)).toBeVisible();
  });
});
