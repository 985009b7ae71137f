import dayjs from 'dayjs';
import { FLAGS, type Flag, type OrderedTestDetail } from '@contract/orders.contract';

interface Names { firstName: string; fatherName: string; grandFatherName?: string }

/** spec 1 §2: first, father and (on the patient card) grand-father names joined. */
export const fullName = (p: Names) => [p.firstName, p.fatherName, p.grandFatherName].filter(Boolean).join(' ');
export const shortName = (p: Names) => [p.firstName, p.fatherName].filter(Boolean).join(' ');

/** spec 1 §9: dates as YYYY-MM-DD. */
export const ymd = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '—');
export const ymdHm = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Age since birth: years, or months / days for the very young. */
export function age(birthDate: string, now = dayjs()): string {
  const born = dayjs(birthDate.slice(0, 10));
  if (!born.isValid()) return '—';
  const years = now.diff(born, 'year');
  if (years >= 2) return `${years} years`;
  const months = now.diff(born, 'month');
  if (months >= 1) return `${months} month${months === 1 ? '' : 's'}`;
  const days = Math.max(0, now.diff(born, 'day'));
  return `${days} day${days === 1 ? '' : 's'}`;
}

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;

export type ResultKind = 'accepted' | 'numeric' | 'text';
export const resultKind = (t: OrderedTestDetail): ResultKind =>
  (t.test.hasAcceptedValue ? 'accepted' : t.test.hasRange ? 'numeric' : 'text');

/**
 * The server's rule (issue 5) shown before saving: a numeric test takes a number, flagged L below and
 * H above its range; an out-of-range number is valid.
 */
export function checkValue(t: OrderedTestDetail, raw: string): { error: string | null; flag: Flag | null } {
  const value = raw.trim();
  if (!value || resultKind(t) !== 'numeric') return { error: null, flag: null };
  const n = Number(value.replace(',', '.'));
  if (!NUMBER.test(value) || !Number.isFinite(n)) return { error: 'Enter a number', flag: null };
  const range = t.testResultRange;
  return { error: null, flag: range ? (n < range.minimumValue ? 'L' : n > range.maximumValue ? 'H' : null) : null };
}

export const flagLabel = (flag: Flag) => FLAGS[flag];

/** spec 1 §2: the test-result screen is addressed by sample ID. */
export const testResultPath = (sampleId: string) => `/orders/test-result?sampleId=${encodeURIComponent(sampleId)}`;
