import type { Flag } from '../../../contract/orders.contract';
import { orderErrors } from './orders.errors';
import { MSG } from '../../../contract/messages';

export interface TestRules {
  title: string;
  hasRange: boolean;
  hasAcceptedValue: boolean;
  acceptedValues: string[];
  range: { min: number; max: number } | null;
}

/**
 * Issue 5 result rules: a test with accepted values takes one of them; a numeric (ranged) test takes a
 * number, flagged L/H outside its range (still valid); anything else is free text. Empty clears.
 */
export function checkResult(rules: TestRules, raw: string | null): { result: string | null; flag: Flag | null } {
  const value = raw?.trim() ?? '';
  if (!value) return { result: null, flag: null };
  if (rules.hasAcceptedValue) {
    const match = rules.acceptedValues.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!match) {
      throw orderErrors.result_not_accepted(rules.title, value, rules.acceptedValues, {
        result: [MSG.chooseAcceptedValue],
      });
    }
    return { result: match, flag: null };
  }
  if (rules.hasRange) {
    const n = Number(value.replace(',', '.'));
    if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/.test(value) || !Number.isFinite(n)) {
      throw orderErrors.result_not_number(rules.title, { result: [MSG.enterNumber] });
    }
    const flag: Flag | null = rules.range ? (n < rules.range.min ? 'L' : n > rules.range.max ? 'H' : null) : null;
    return { result: String(n), flag };
  }
  return { result: value, flag: null };
}
