import type { Flag, OrderedTestDetail } from '@contract/orders.contract';
import { MSG } from '@contract/messages';
import { i18next } from '@/lib/i18n';

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;

export type ResultKind = 'accepted' | 'numeric' | 'text';
export const resultKind = (t: OrderedTestDetail): ResultKind =>
  t.test.hasAcceptedValue ? 'accepted' : t.test.hasRange ? 'numeric' : 'text';

/**
 * The server's rule (issue 5) shown before saving: a numeric test takes a number, flagged L below and
 * H above its range; an out-of-range number is valid.
 */
export function checkValue(t: OrderedTestDetail, raw: string): { error: string | null; flag: Flag | null } {
  const value = raw.trim();
  if (!value || resultKind(t) !== 'numeric') return { error: null, flag: null };
  const n = Number(value.replace(',', '.'));
  if (!NUMBER.test(value) || !Number.isFinite(n))
    return { error: i18next.t('enterNumber', { ns: 'messages', defaultValue: MSG.enterNumber }), flag: null };
  const range = t.testResultRange;
  return { error: null, flag: range ? (n < range.minimumValue ? 'L' : n > range.maximumValue ? 'H' : null) : null };
}

/** Low / High in the screens' language (contract FLAGS). */
export const flagLabel = (flag: Flag) => i18next.t(`flags.${flag}`, { ns: 'orders' });

/** spec 1 §2: the test-result screen is addressed by sample ID. */
export const testResultPath = (sampleId: string) => `/orders/test-result?sampleId=${encodeURIComponent(sampleId)}`;
