import { describe, expect, it } from 'vitest';
import { validate } from '../../test/fhir-validate';
import { fhirCode, fhirGender, localDateTime, serverOffset, toAnswers, type MapCtx } from './fhir.mapping';

// The pure parts of the mapping whose edge cases the API test's data set does not reach.
const ctx: MapCtx = { institutionId: 7, offsetOf: () => '+03:00' };

describe('FHIR mapping details', () => {
  it('gender: our abbreviation first, then the title, anything else unknown', () => {
    expect([
      fhirGender('F', 'Whatever'),
      fhirGender(' m ', null),
      fhirGender(null, 'Other'),
      fhirGender('X', 'Intersex'),
      fhirGender(null, null),
    ]).toEqual(['female', 'male', 'other', 'unknown', 'unknown']);
  });

  it('a wall-clock date and time gets its zone and seconds; a date alone stays a date', () => {
    expect(localDateTime(ctx, '2026-03-14', '09:30')).toBe('2026-03-14T09:30:00+03:00');
    expect(localDateTime(ctx, '2026-03-14', '23:59:07')).toBe('2026-03-14T23:59:07+03:00');
    expect(localDateTime(ctx, '2026-03-14', '')).toBe('2026-03-14');
    expect(serverOffset('2026-03-14', '09:30')).toMatch(/^[+-]\d\d:\d\d$/);
  });

  it('answers: dateTimes keep a given zone, unreadable checkbox lists and empty texts give no answer', () => {
    const a = (kind: 'DTP' | 'CBL' | 'TB' | 'TP', value: string) =>
      toAnswers(ctx, 1, { fieldId: 2, kind, prompt: 'p', value });
    expect(a('DTP', '2026-05-01T09:15')).toEqual([{ valueDateTime: '2026-05-01T09:15:00+03:00' }]);
    expect(a('DTP', '2026-05-01T09:15Z')).toEqual([{ valueDateTime: '2026-05-01T09:15:00Z' }]);
    expect(a('DTP', '2026-05-01T09:15:30.5-05:00')).toEqual([{ valueDateTime: '2026-05-01T09:15:30.5-05:00' }]);
    expect(a('TP', '07:05')).toEqual([{ valueTime: '07:05:00' }]);
    expect(a('CBL', 'not json')).toEqual([]);
    expect(a('CBL', '{"a":1}')).toEqual([]);
    expect(a('TB', '')).toEqual([]);
    // Each answer given is valid R4 in a QuestionnaireResponse (a dateTime with a time carries its zone).
    const answers = [
      a('DTP', '2026-05-01T09:15'),
      a('DTP', '2026-05-01T09:15Z'),
      a('DTP', '2026-05-01T09:15:30.5-05:00'),
      a('TP', '07:05'),
    ];
    validate({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: answers.map((answer, i) => ({ linkId: String(i + 1), answer })),
    });
  });

  it('codes never carry doubled or edge white space', () => {
    expect([fhirCode('  Rash   spots '), fhirCode('   '), fhirCode('', 'x')]).toEqual(['Rash spots', '-', 'x']);
  });
});
