import { describe, expect, it } from 'vitest';
import {
  type AnswerRules,
  checkAnswer,
  compilePattern,
  MAX_ANSWER_CHARS,
  MAX_PATTERN_PROGRAM,
  PATTERN_BUDGET,
  PATTERN_OVER_BUDGET,
  PATTERN_UNSUPPORTED,
  patternChecker,
  patternCost,
} from './forms.contract';

const rules = (kind: AnswerRules['kind'], over: Partial<AnswerRules> = {}): AnswerRules => ({
  kind,
  required: false,
  requiredMessage: null,
  hasValidation: false,
  regularExpression: null,
  regularExpressionMessage: null,
  options: [],
  ...over,
});
const stored = (r: AnswerRules, v: unknown) => {
  const c = checkAnswer(r, v);
  return c.ok ? c.stored : `!${c.message}`;
};

describe('answer rules shared by the fill form and the server', () => {
  it('accepts real times, dates and date-times only', () => {
    expect(['00:00', '23:59', ' 08:05 '].map((v) => stored(rules('TP'), v))).toEqual(['00:00', '23:59', '08:05']);
    for (const v of ['24:00', '8:05', '12:60', '12:00:00']) expect(stored(rules('TP'), v)).toMatch(/^!/);
    expect(stored(rules('DP'), '2024-02-29')).toBe('2024-02-29');
    for (const v of ['2023-02-29', '2024-2-1', '0000-01-01', '2024-04-31'])
      expect(stored(rules('DP'), v)).toMatch(/^!/);
    for (const v of ['2026-05-01T09:15', '2026-05-01T09:15:30', '2026-05-01T09:15:30.123Z', '2026-05-01T09:15+03:00'])
      expect(stored(rules('DTP'), v)).toBe(v);
    for (const v of ['2026-02-30T09:15', '2026-05-01 09:15', '2026-05-01T25:00', '2026-05-01'])
      expect(stored(rules('DTP'), v)).toMatch(/^!/);
  });

  it('checks options, checkboxes, required messages and whole-value patterns', () => {
    const cbl = rules('CBL', { options: ['a', 'b', 'c'] });
    expect(stored(cbl, ['c', 'a', 'a'])).toBe('["a","c"]');
    expect(stored(cbl, '["b"]')).toBe('["b"]');
    expect(stored(cbl, 'b')).toMatch(/^!/);
    expect(stored(cbl, [])).toBeNull();
    expect(stored({ ...cbl, required: true, requiredMessage: 'Pick one' }, [])).toBe('!Pick one');
    expect([true, 'false', undefined].map((v) => stored(rules('CB'), v))).toEqual(['true', 'false', 'false']);
    expect(stored(rules('CB', { required: true }), false)).toBe('!*required');
    expect(stored(rules('RL', { options: ['Yes'] }), 'yes')).toMatch(/^!/);
    const tb = rules('TB', {
      hasValidation: true,
      regularExpression: '\\d{3}',
      regularExpressionMessage: 'Three digits',
    });
    expect([stored(tb, '123'), stored(tb, 'a123'), stored(tb, '1234')]).toEqual([
      '123',
      '!Three digits',
      '!Three digits',
    ]);
    expect(stored(rules('TB'), 'x'.repeat(501))).toBe('!At most 500 characters');
    expect(stored(rules('TA'), 42)).toBe('!Enter text');
  });
});

describe('answer patterns: RE2 (re2js) with one budget per submission (issue 26)', () => {
  const tb = (regularExpression: string) =>
    rules('TB', { hasValidation: true, regularExpression, regularExpressionMessage: 'No' });

  it('matches the whole answer in linear time, whatever the pattern', () => {
    expect([stored(tb('(a|a)*b'), 'aaab'), stored(tb('(a|a)*b'), 'aaa')]).toEqual(['aaab', '!No']);
    const started = performance.now();
    expect(stored(tb('(a|aa)+'), `${'a'.repeat(400)}b`)).toBe('!No');
    expect(stored(tb('(x+x+)+y'), 'x'.repeat(500))).toBe('!No');
    expect(performance.now() - started).toBeLessThan(500);
    expect([stored(tb('(?i)[a-z]{2}\\d{3}'), 'Ab123'), stored(tb('\\d{3}'), '1234'), stored(tb('é+'), 'éé')]).toEqual([
      'Ab123',
      '!No',
      'éé',
    ]);
  });

  it('refuses what is past the budget, in order, and an unsupported stored pattern, with their messages', () => {
    const size = compilePattern('a*')!.programSize();
    const matches = patternChecker(patternCost(size, 10) * 2);
    const a = rules('TB', { hasValidation: true, regularExpression: 'a*', regularExpressionMessage: 'Only a' });
    expect([
      checkAnswer(a, 'a'.repeat(10), matches),
      checkAnswer(a, 'a'.repeat(10), matches),
      checkAnswer(a, 'a', matches),
    ]).toEqual([
      { ok: true, stored: 'a'.repeat(10) },
      { ok: true, stored: 'a'.repeat(10) },
      { ok: false, message: PATTERN_OVER_BUDGET },
    ]);
    expect(stored(tb('(?=a)a'), 'a')).toBe(`!${PATTERN_UNSUPPORTED}`);
    // The longest answer against the largest pattern still fits one submission's budget on its own.
    expect(patternCost(MAX_PATTERN_PROGRAM, MAX_ANSWER_CHARS.TB)).toBeLessThan(PATTERN_BUDGET);
  });
});
