import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../contract/i18n/catalogues';
import { LANGUAGES } from '../../contract/i18n/languages';
import { authErrors } from '../modules/auth/auth.errors';
import { labelErrors } from '../modules/labels/labels.errors';
import { orderErrors } from '../modules/orders/orders.errors';
import { participantErrors } from '../modules/participants/participants.errors';
import { reportErrors } from '../modules/reports/reports.errors';
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
    // Not yet converted: the whole English title, never half and half.
    expect(translateProblem(notFound('Shipment'), 'fr').title).toBe('Shipment not found.');
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
