import { expect, test } from './fixtures';
import { centralBiobank, createAccount } from './support/data';
import { collectingProtocol } from './support/protocols';
import { receivingInstitution } from './support/shipments';
import { storageByApi } from './support/storage';
import { expectNoAxeViolations } from './support/axe';
import { atPhone, signedInInFrench, toastsGone } from './support/language';
import { choose, field } from './support/ui';

// Issue 33: a French-speaking technician collects a sample, stores it in a box and ships it, in French.
test.describe('collect, allocate and ship in French', () => {
  test('the collect stepper, the allocate dialog, the box and the shipment stepper and page speak French', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    test.slow(); // three flows on a shared 2-core machine
    const b = await centralBiobank(api, admin);
    const s = await collectingProtocol(b);
    await storageByApi(b, `Congélateur ${s.u}`);
    // An account of its own in French (the worker's administrator keeps English for the other specs).
    const who = await createAccount(b, {
      role: 'Institution Administrator',
      firstName: 'Amélie',
      lastName: 'Durand',
    });
    const receiver = await createAccount(b, { role: 'Coordinator' });
    const other = await receivingInstitution(b, receiver, ['Coordinator'], {
      title: `Laboratoire ${s.u}`,
      address: '9 rue du Fleuve',
    });
    // The receiving institution is offered to the institutions' members (the administrator sees every one).
    const joined = await api.call('POST', `/users/${who.id}/institutions`, b.token, {
      institutionId: other.id,
      roles: ['Coordinator'],
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const [ownSite] = await b.list('institutionSites?IsEnabled=true');

    await page.setViewportSize({ width: 1280, height: 800 });
    // Signed in (the support helper waits for the English header), then French through the API: the next load
    // reads the account's language.
    const token = await signedInInFrench(page, api, who);

    // --- Collect: the participant's stepper from the overview's Events table.
    await page.goto(`/collection-protocols/${s.protocol.id}/participants/${s.enrolment.id}/participant-overview`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByRole('table', { name: 'Événements' }).getByRole('button', { name: 'Baseline' }).click();
    const stepper = page.getByRole('dialog', { name: 'Prélever les échantillons' });
    await expect(stepper.getByText('Choisir les échantillons requis', { exact: true })).toBeVisible();
    await stepper.getByRole('button', { name: 'Suivant' }).click();
    const rows = stepper.getByRole('list', { name: 'Échantillons à prélever' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(stepper.getByLabel(field("Site de l'établissement"))).toHaveValue(s.site);
    await expect(stepper.getByLabel(field('Date de prélèvement'))).toBeVisible();
    await expect(stepper.getByText(/un échantillon par ligne/)).toBeVisible();
    const sampleId = `FR-${s.u}`.toUpperCase();
    await rows.nth(0).getByLabel(field("Identifiant d'échantillon")).fill(sampleId);
    await shot('language-fr-collect-1280');
    await expectNoAxeViolations(page, 'collect stepper in French at 1280 px');
    await atPhone(page, 'language-fr-collect', shot);
    await stepper.getByRole('button', { name: 'Valider' }).click();
    await expect(stepper).toBeHidden();
    await expect(page.getByText('2 échantillons prélevés pour Baseline.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Échantillons prélevés', level: 2 })).toBeVisible();

    // --- Allocate: the protocol's collected samples, Ranger, the suggested position.
    await page.goto(`/collection-protocols/${s.protocol.id}/collected-samples`);
    await expect(page.getByRole('heading', { name: 'Échantillons prélevés', level: 1 })).toBeVisible();
    await expect(page.getByText('1 échantillon primaire')).toBeVisible();
    await page.getByRole('button', { name: 'Ranger' }).click();
    const allocate = page.getByRole('dialog', { name: "Rangement d'échantillons prélevés" });
    await allocate.getByLabel(field("Identifiant d'échantillon")).fill(sampleId);
    await allocate.getByRole('button', { name: 'Rechercher' }).click();
    await expect(allocate.getByText('Proposée\u00a0: la première position libre')).toBeVisible();
    await expect(allocate.getByText(/restants/)).toBeVisible();
    await shot('language-fr-allocate-1280');
    await expectNoAxeViolations(page, 'allocate dialog in French at 1280 px');
    await atPhone(page, 'language-fr-allocate', shot);
    await allocate.getByRole('button', { name: 'Ranger' }).click();
    // The suggested position is the first free one of the worker's database: earlier specs may have filled A1.
    await expect(page.getByText(new RegExp(`^${sampleId} rangé en .+\\.$`))).toBeVisible();
    // The footer's Fermer, not the header's close button (Dialog's own 'Fermer' since the shared components speak French).
    await allocate.getByRole('button', { name: 'Fermer' }).last().click();

    // The sample's page says where it is stored.
    await page.getByRole('link', { name: sampleId, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Échantillon ${sampleId}`, level: 1 })).toBeVisible();
    const collectedId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByText('Position de stockage')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible();
    await expect(page.getByText('Rangé', { exact: true })).toBeVisible();
    await toastsGone(page);
    await shot('language-fr-sample-1280');
    await expectNoAxeViolations(page, "a sample's page in French at 1280 px");

    // --- Ship: the shipments list, the create stepper, the shipment's page.
    await page.goto('/shipment');
    await expect(page.getByRole('heading', { name: 'Expéditions', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Créer une expédition' }).click();
    const form = page.getByRole('dialog', { name: "Créer une expédition d'échantillons prélevés" });
    await form.getByLabel(field('Nom')).fill(`Envoi ${s.u}`);
    await form.getByLabel(field('Numéro de suivi')).fill(`TRK-${s.u}`);
    await choose(page, form, "Site d'expédition", ownSite.title as string);
    await choose(page, form, 'Établissement destinataire', other.name);
    await choose(page, form, "Site de l'établissement destinataire", `Laboratoire ${s.u}`);
    await shot('language-fr-ship-1-1280');
    await expectNoAxeViolations(page, 'shipment information in French at 1280 px');
    await atPhone(page, 'language-fr-ship-1', shot);
    await form.getByRole('button', { name: 'Suivant' }).click();
    await form.getByLabel(field("Identifiant d'échantillon")).fill(sampleId);
    await form.getByRole('button', { name: 'Rechercher' }).click();
    const found = form.getByRole('table', { name: 'Échantillons trouvés' });
    await found.getByRole('checkbox', { name: `Sélectionner ${sampleId}` }).check();
    await form.getByRole('button', { name: 'Ajouter la sélection (1)' }).click();
    await expect(form.getByRole('heading', { name: 'Échantillons à expédier (1)' })).toBeVisible();
    await shot('language-fr-ship-2-1280');
    await expectNoAxeViolations(page, 'shipment items in French at 1280 px');
    await atPhone(page, 'language-fr-ship-2', shot);
    await form.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByRole('heading', { name: `Envoi ${s.u}`, level: 1 })).toBeVisible();
    await expect(page.getByText(`À ${other.name}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'En attente (1)' })).toBeVisible();
    await expect(page.getByText('Expédiée', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: "Annuler l'expédition" })).toBeVisible();
    await toastsGone(page);
    await shot('language-fr-shipment-1280');
    await expectNoAxeViolations(page, 'a shipment in French at 1280 px');
    await atPhone(page, 'language-fr-shipment', shot);

    // A refusal from the server in French: the same sample cannot go into a second open shipment.
    const again = await api.call('POST', `/institutions/${b.instId}/collectedSampleShipments`, token, {
      name: `Deuxième ${s.u}`,
      sendingInstitutionSiteId: ownSite.id,
      receivingInstitutionId: other.id,
      receivingInstitutionSiteId: other.site.id,
      collectedSampleIds: [collectedId],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(String((again.body as { title?: string }).title)).toContain("fait déjà partie de l'expédition ouverte");
  });
});
