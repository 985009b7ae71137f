import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../contract/i18n/catalogues';
import { LANGUAGES } from '../../contract/i18n/languages';
import { authErrors } from '../modules/auth/auth.errors';
import { labelErrors } from '../modules/labels/labels.errors';
import { orderErrors } from '../modules/orders/orders.errors';
import { participantErrors } from '../modules/participants/participants.errors';
import { reportErrors } from '../modules/reports/reports.errors';
import { requestErrors } from '../modules/distribution/requests.errors';
import { sampleErrors } from '../modules/samples/samples.errors';
import { shipmentErrors } from '../modules/shipments/shipments.errors';
import { storageErrors } from '../modules/storage/storage.errors';
import { forbidden, notFound, staleStamp, tooLarge, unauthorized, validationProblem } from '../platform/errors';
import { translateProblem } from '../platform/i18n';

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
  requests: requestErrors,
};
const GENERIC = [
  'unauthorized',
  'forbidden',
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
    expect(translateProblem(forbidden('You need permission to release results.'), 'fr').title).toBe(
      'You need permission to release results.',
    );
    expect(translateProblem(validationProblem({ comment: ['Some English text'] }), 'fr').title).toBe(
      'Comment: Some English text',
    );
    // English is the problem as thrown.
    const english = authErrors.throttled(30);
    expect(translateProblem(english, 'en')).toBe(english);
  });
});
