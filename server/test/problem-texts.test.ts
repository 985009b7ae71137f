import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../contract/i18n/catalogues';
import { LANGUAGES } from '../../contract/i18n/languages';
import { authErrors } from '../modules/auth/auth.errors';
import { configurationErrors } from '../modules/configuration/configuration.errors';
import { formErrors } from '../modules/forms/forms.errors';
import { institutionErrors } from '../modules/institutions/institutions.errors';
import { partnerErrors } from '../modules/partners/partners.errors';
import { labelErrors } from '../modules/labels/labels.errors';
import { orderErrors } from '../modules/orders/orders.errors';
import { participantErrors } from '../modules/participants/participants.errors';
import { protocolErrors } from '../modules/protocols/protocols.errors';
import { reportErrors } from '../modules/reports/reports.errors';
import { requestErrors } from '../modules/distribution/requests.errors';
import { queryErrors } from '../modules/queries/queries.errors';
import { sampleErrors } from '../modules/samples/samples.errors';
import { shipmentErrors } from '../modules/shipments/shipments.errors';
import { storageErrors } from '../modules/storage/storage.errors';
import {
  forbidden,
  notFound,
  permissionRefused,
  staleStamp,
  tooLarge,
  unauthorized,
  validationProblem,
} from '../platform/errors';
import { translateProblem } from '../platform/i18n';
import { MSG } from '../../contract/messages';
// administration areas (issue 33)
import { accountErrors } from '../modules/accounts/accounts.errors';
import { distributionErrors } from '../modules/distribution/distribution.errors';
import { importErrors } from '../modules/imports/imports.errors';
import { indicatorErrors } from '../modules/indicators/indicators.errors';
// the last modules (issue 33, server side)
import { fhirErrors } from '../modules/fhir/fhir.errors';
import { healthErrors } from '../modules/health/health.errors';

/**
 * Issue 33: the areas whose problem titles are converted. Each complete language translates every error
 * they declare; add an area's errors here when converting it (docs/languages.md).
 */
const CONVERTED = {
  auth: authErrors,
  participants: participantErrors,
  orders: orderErrors,
  reports: reportErrors,
  labels: labelErrors,
  samples: sampleErrors,
  storage: storageErrors,
  shipments: shipmentErrors,
  protocols: protocolErrors,
  // administration areas (issue 33)
  accounts: accountErrors,
  imports: importErrors,
  indicators: indicatorErrors,
  distribution: distributionErrors,
  // configuration, questionnaires, partners, institutions
  configuration: configurationErrors,
  forms: formErrors,
  partners: partnerErrors,
  institutions: institutionErrors,
  requests: requestErrors,
  // the last modules (issue 33, server side)
  fhir: fhirErrors,
  health: healthErrors,
  queries: queryErrors,
};
const GENERIC = [
  'unauthorized',
  'forbidden',
  'forbidden_permission',
  'not_found',
  'stale_stamp',
  'validation',
  'validation_unnamed',
  'body_too_large',
  'invalid_json',
  'internal',
  'unique_violation',
  'reference_missing',
  'invalid_url',
  'unknown_query',
  'statement_timeout',
  'database_busy',
];

describe('problem titles in every complete language', () => {
  for (const language of LANGUAGES.filter((l) => l.complete && l.code !== 'en')) {
    const problems = CATALOGUES[language.code].problems;
    const keys = Object.keys(problems);

    it(`${language.code}: every error of the converted areas and every generic problem has a title`, () => {
      for (const [area, errors] of Object.entries(CONVERTED))
        for (const key of Object.keys(errors)) {
          const code = `${area}.${key}`;
          // A title choosing among sentences has one key per variant (`participants.mrn_taken_site`).
          expect(
            keys.some((k) => k === code || k.startsWith(`${code}_`)),
            `${language.code} lacks ${code}`,
          ).toBe(true);
        }
      for (const key of GENERIC) expect(problems[key], `${language.code} lacks ${key}`).toBeTruthy();
    });

    it(`${language.code}: no title for a code that no longer exists`, () => {
      const codes = Object.entries(CONVERTED).flatMap(([area, errors]) =>
        Object.keys(errors).map((k) => `${area}.${k}`),
      );
      for (const k of keys.filter((k) => k.includes('.')))
        expect(
          codes.some((c) => k === c || k.startsWith(`${c}_`)),
          `${k} is no error of a converted area`,
        ).toBe(true);
    });
  }

  it('translates the collect, allocate and ship errors whose English picks among sentences', () => {
    const fr = (e: Parameters<typeof translateProblem>[0]) => translateProblem(e, 'fr').title;
    expect(fr(sampleErrors.outside_dates('Cohort A', 'from 2026-01-01 to 2026-06-30', '2026-07-02'))).toBe(
      'Le protocole Cohort A se déroule du 2026-01-01 au 2026-06-30\u00a0; la date de prélèvement 2026-07-02 est en dehors.',
    );
    expect(fr(sampleErrors.outside_dates('Cohort A', 'until 2026-06-30', '2026-07-02'))).toContain(
      "s'achève le 2026-06-30",
    );
    expect(fr(sampleErrors.aliquot_unit('factor', 'mL', 'L', 'mL and L'))).toContain('pour mL et pour L');
    expect(fr(sampleErrors.held_elsewhere_use('S-1', 'Lab B', 'labelled'))).toContain('étiqueté');
    expect(fr(storageErrors.code_taken('F1', 'in Freezer 2'))).toBe('Le code F1 est déjà utilisé dans Freezer 2.');
    expect(fr(storageErrors.wrong_parent('box', ['shelf', 'rack', 'drawer'], 'container'))).toContain('Une boîte');
    expect(fr(storageErrors.has_children('shelf'))).toContain('Cette étagère');
    expect(fr(storageErrors.box_lacks_room('Box 1', 1, 3))).toBe(
      "Box 1 a 1 position libre\u00a0; 3 échantillons n'y tiennent pas. Rien n'a été placé.",
    );
    expect(fr(storageErrors.position_occupied('A1', 'Box 1', ''))).toContain('déjà occupée\u00a0:');
    expect(fr(shipmentErrors.not_receivable('cancelled'))).toContain('annulée');
    expect(fr(shipmentErrors.cannot_cancel('partially received'))).toContain('partiellement réceptionnée');
    expect(fr(shipmentErrors.receipt_conflict('S-1', 'rejected', 'received'))).toContain('refusé ici mais réceptionné');
    const refused = [1, 2, 3, 4].map((n) => ({ title: `Sample S-${n} is already received.`, sampleId: `S-${n}` }));
    expect(fr(shipmentErrors.items_refused('received', refused))).toBe(
      "Rien n'a été réceptionné\u00a0: des échantillons sont refusés (S-1, S-2, S-3 et 1 autre).",
    );
    expect(shipmentErrors.items_refused('received', refused).title).toBe(
      'Nothing was received: Sample S-1 is already received; Sample S-2 is already received; Sample S-3 is already received; and 1 more.',
    );
    expect(fr(shipmentErrors.receipt_other_shipment({ kind: 'sample', sampleId: 'S-9' }))).toContain(
      "l'échantillon S-9 n'en fait pas partie",
    );
  });

  it('translates the collection protocol errors whose English picks among sentences', () => {
    const fr = (e: Parameters<typeof translateProblem>[0]) => translateProblem(e, 'fr').title;
    expect(fr(protocolErrors.outside_dates('Cohort A', 'from 2026-01-01 to 2026-06-30', '2026-07-02'))).toBe(
      "Le protocole Cohort A se déroule du 2026-01-01 au 2026-06-30\u00a0; aujourd'hui (2026-07-02) est en dehors.",
    );
    expect(fr(protocolErrors.outside_dates('Cohort A', 'from 2026-08-01', '2026-07-02'))).toContain(
      'commence le 2026-08-01',
    );
    expect(fr(protocolErrors.outside_dates('Cohort A', 'until 2026-06-30', '2026-07-02'))).toContain(
      "s'achève le 2026-06-30",
    );
    expect(fr(protocolErrors.aliquots_exceed('item 1.2', 3, 2))).toBe(
      "Les aliquotes de l'élément 1.2 demandent 3 au total, plus que sa quantité de 2.",
    );
    expect(fr(protocolErrors.aliquots_exceed('Whole blood', 3, 2))).toContain('Les aliquotes de Whole blood');
    expect(fr(protocolErrors.consent_withdrawn('Abebe Kebede', '2026-03-01', null))).toBe(
      'Abebe Kebede a retiré son consentement le 2026-03-01\u00a0: ses échantillons ne peuvent plus être utilisés.',
    );
    expect(
      fr(
        protocolErrors.consent_withdrawn('Abebe Kebede', '2026-03-01', { on: '2026-04-01', from: '2026-04-01 10:00' }),
      ),
    ).toContain('a consenti de nouveau le 2026-04-01');
    expect(fr(protocolErrors.code_taken('CA', 'Cohort A'))).toBe(
      'Le code CA est déjà utilisé par le protocole Cohort A.',
    );
    expect(fr(notFound('Collection protocol'))).toBe('Protocole de collecte introuvable.');
    expect(fr(validationProblem({ endDate: [MSG.endDateBeforeStart] }))).toBe(
      'Date de fin\u00a0: La date de fin ne peut pas être antérieure à la date de début',
    );
    expect(protocolErrors.consent_withdrawn('Abebe Kebede', '2026-03-01', null).title).toBe(
      'Abebe Kebede withdrew consent on 2026-03-01: their samples may not be used further.',
    );
  });

  it('translates the configuration, questionnaire, partner and institution errors, list names included', () => {
    const fr = (e: Parameters<typeof translateProblem>[0]) => translateProblem(e, 'fr').title;
    expect(configurationErrors.duplicate('Specimen Type', 'Title').title).toBe(
      'A specimen type with this title already exists.',
    );
    expect(configurationErrors.duplicate('Panel Test', null).title).toBe(
      'A panel test with these values already exists.',
    );
    expect(fr(configurationErrors.duplicate('Specimen Type', 'Title'))).toBe(
      "Type d'échantillon\u00a0: un enregistrement avec la même valeur de «\u00a0Titre\u00a0» existe déjà.",
    );
    expect(configurationErrors.cycle('Parent Department', 'Department').title).toBe(
      'Parent Department cannot be the department itself or one of its sub-departments',
    );
    expect(fr(configurationErrors.parent_mismatch('Specimen Type', 'Specimen Type Category'))).toContain(
      "Catégorie de type d'échantillon",
    );
    // A list name without a French name keeps the whole title English.
    expect(fr(configurationErrors.parent_mismatch('Gadget', 'Panel'))).toBe(
      'Gadget does not belong to the chosen Panel',
    );
    expect(fr(formErrors.answers_invalid({ prompt: 'Smoker', message: 'Tick the box or leave it empty' }, 2))).toBe(
      'Smoker\u00a0: Cochez la case ou laissez-la vide (et 2 autre(s))',
    );
    expect(formErrors.answers_invalid(null, 0).title).toBe('An answer names a field that is not on the questionnaire');
    expect(fr(partnerErrors.untrusted('receipt', 'abcdef0123456789ffff'))).toContain('empreinte abcdef0123456789…');
    expect(partnerErrors.key_file_invalid('fingerprint', 2).title).toBe(
      'This is not a public key file this system can import: key 2’s fingerprint is not the SHA-256 of its public key.',
    );
    expect(fr(institutionErrors.title_taken('A site'))).toBe('Un site portant ce titre existe déjà.');
    expect(fr(notFound('Questionnaire'))).toBe('Questionnaire introuvable.');
    // A registry list is named as the configuration screens name it.
    expect(fr(notFound('Specimen Type'))).toBe("Type d'échantillon introuvable.");
  });

  it('translates a title with its arguments as values, and keeps English where a language lacks the key', () => {
    expect(translateProblem(authErrors.throttled(30), 'fr').title).toBe(
      'Trop de tentatives de connexion échouées. Réessayez dans 30\u00a0s.',
    );
    expect(translateProblem(authErrors.throttled(600), 'fr').title).toBe(
      'Trop de tentatives de connexion échouées. Réessayez dans 10\u00a0min.',
    );
    expect(translateProblem(authErrors.session_idle(15), 'fr').title).toContain('15\u00a0min');
    expect(translateProblem(participantErrors.child_duplicate('phone number'), 'fr').title).toBe(
      'Ce numéro de téléphone est déjà enregistré pour le participant.',
    );
    expect(translateProblem(unauthorized(), 'fr').title).toBe("Vous n'êtes pas connecté ou votre session a expiré.");
    expect(translateProblem(forbidden(), 'fr').title).toBe("Vous n'avez pas l'autorisation de faire ceci.");
    // A permission refused names the permission in the language's words (`permissions.labels`).
    expect(permissionRefused('results.release').title).toBe('You need permission to release results.');
    expect(translateProblem(permissionRefused('results.release'), 'fr').title).toBe(
      "Vous n'avez pas l'autorisation nécessaire pour valider des résultats.",
    );
    expect(translateProblem(staleStamp(), 'fr').title).toContain("quelqu'un d'autre");
    expect(translateProblem(tooLarge(1024 * 1024), 'fr').title).toContain('(1 MB)');
    expect(translateProblem(orderErrors.collected_sample_held_elsewhere('S-1', 'Lyon Biobank'), 'fr').title).toBe(
      "L'échantillon prélevé S-1 a été reçu par Lyon Biobank\u00a0: il est sous sa garde, aucune analyse ne peut donc y être demandée ici.",
    );
    expect(translateProblem(reportErrors.range_too_long(400), 'fr').title).toContain('au plus 366\u00a0jours');
    expect(translateProblem(notFound('Ordered test'), 'fr').title).toBe('Analyse demandée introuvable.');
    expect(translateProblem(notFound('Shipment'), 'fr').title).toBe('Expédition introuvable.');
    // Not yet converted: the whole English title, never half and half.
    expect(translateProblem(notFound('Gadget'), 'fr').title).toBe('Gadget not found.');
    expect(translateProblem(forbidden('Only the author may do this.'), 'fr').title).toBe(
      'Only the author may do this.',
    );
    expect(translateProblem(validationProblem({ comment: ['Some English text'] }), 'fr').title).toBe(
      'Comment: Some English text',
    );
    // English is the problem as thrown.
    const english = authErrors.throttled(30);
    expect(translateProblem(english, 'en')).toBe(english);
  });

  it('translates the administration errors whose English picks among sentences or names a phrase', () => {
    const fr = (e: Parameters<typeof translateProblem>[0]) => translateProblem(e, 'fr').title;
    expect(fr(importErrors.rows_invalid(3, 2))).toBe(
      "3 problèmes sur 2 lignes\u00a0: rien n'a été importé. Lancez un essai à blanc pour les voir ligne par ligne.",
    );
    expect(fr(importErrors.rows_invalid(1, 1))).toMatch(/^1 problème sur 1 ligne/);
    expect(fr(importErrors.too_many_rows())).toBe(
      'Le fichier dépasse 200\u202f000 lignes\u00a0: découpez-le en fichiers plus petits.',
    );
    expect(fr(importErrors.bad_csv('Line 4: a quoted cell is not closed'))).toBe(
      "Le fichier n'est pas un CSV valide. Ligne 4\u00a0: une cellule entre guillemets n'est pas refermée.",
    );
    // A reason csv-parse words itself has no French sentence: the title stays English, never half and half.
    expect(fr(importErrors.bad_csv('Line 4: something new'))).toBe('The file is not valid CSV. Line 4: something new.');
    expect(fr(importErrors.bad_mapping('Columns "A" and "B" are both mapped to mrn.'))).toBe(
      'Les colonnes «\u00a0A\u00a0» et «\u00a0B\u00a0» sont toutes deux associées à mrn.',
    );
    expect(fr(importErrors.template_name_taken('Clinic', 'samples'))).toMatch(/import d'échantillons .*Clinic/);
    expect(fr(distributionErrors.document_empty('The agreement'))).toBe("L'accord de transfert de matériel est vide.");
    expect(fr(distributionErrors.not_a_member('Approvers'))).toMatch(/^Approbateurs/);
    expect(fr(indicatorErrors.range_too_long(366))).toBe('Choisissez une période de 366 jours au plus.');
    expect(fr(notFound('Distribution protocol'))).toBe('Protocole de distribution introuvable.');
    // The last modules (issue 33, server side): the FHIR export, readiness, the query builder.
    expect(fr(fhirErrors.too_large(5000))).toContain('plus de 5\u202f000 entrées');
    expect(fr(fhirErrors.not_found('Specimen'))).toBe('Ressource Specimen introuvable.');
    expect(fr(healthErrors.database_down())).toBe('Pas prêt\u00a0: la base de données ne répond pas.');
    expect(fr(queryErrors.disabled('Adults'))).toContain('La requête enregistrée Adults est désactivée');
    // Issue 33, service messages: the bare badRequest titles made named errors, English unchanged.
    expect(orderErrors.result_not_accepted('HIV', 'maybe', ['Positive', 'Negative']).title).toBe(
      "HIV: 'maybe' is not an accepted value. Choose one of: Positive, Negative.",
    );
    expect(fr(orderErrors.result_not_accepted('HIV', 'maybe', ['Positive', 'Negative']))).toContain(
      'Choisissez parmi\u00a0: Positive, Negative.',
    );
    expect(fr(orderErrors.result_not_accepted('HIV', 'maybe', []))).toContain("n'a encore aucune valeur acceptée");
    expect(fr(protocolErrors.sites_not_enabled('7, 9'))).toContain('(introuvables\u00a0: 7, 9)');
  });
});
