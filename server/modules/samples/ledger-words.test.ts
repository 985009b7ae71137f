import { describe, expect, it } from 'vitest';
import { en } from '../../../contract/i18n/en';
import { fr } from '../../../contract/i18n/fr';
import { fill } from '../../platform/i18n';
import { ledgerText, sayLedger, type LedgerSentence } from './ledger-words';

// Issue 33: every stored ledger sentence is found back from its English, with its values, and said in French.
const VALUES = {
  amount: 2.5,
  unit: 'mL',
  parent: 'S-1',
  child: 'S-1-A',
  taken: 3,
  parentUnit: 'L',
  copies: 2,
  where: 'F1 / S1 / B1 A1',
  institution: 'Lyon Biobank',
  sender: 'Lyon Biobank',
  receiver: 'Dakar Lab',
  name: 'Plasma (June)',
  reason: 'Tube broken: leaked',
  by: 'A. Diallo',
  at: '2026-06-01T10:00:00Z',
  code: 'LYB-77',
};

describe('the sample ledger sentences', () => {
  it('stores English and says every sentence in French with the same values', () => {
    for (const key of Object.keys(en.samples.ledger) as LedgerSentence[]) {
      const english = ledgerText(key, VALUES);
      expect(sayLedger(english, 'en')).toBe(english);
      expect(sayLedger(english, 'fr'), key).toBe(fill(fr.samples.ledger[key], VALUES));
    }
    expect(ledgerText('collected', { amount: 10, unit: 'mL' })).toBe('Collected 10 mL.');
    expect(sayLedger('Collected 10 mL.', 'fr')).toBe('Prélevé\u00a0: 10 mL.');
  });

  it('leaves a sentence no template matches as stored', () => {
    expect(sayLedger('Something written long ago.', 'fr')).toBe('Something written long ago.');
  });
});
