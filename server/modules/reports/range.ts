import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS } from '../../../contract/reports.contract';
import { reportErrors } from './reports.errors';

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY));

/** A report's range: whole UTC days From..To (inclusive), as the half-open instants [start, end). */
export interface Range {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * From and To as asked; To defaults to today and From to six days before To (spec 2 §9: the last
 * 7 days). Institutions have no time zone, so days are UTC days. To before From, or more than
 * MAX_REPORT_DAYS days, is a 400.
 */
export function resolveRange(q: { from?: string | null; to?: string | null }, now: Date): Range {
  const to = q.to ?? dayOf(now);
  const from = q.from ?? addDays(to, 1 - DEFAULT_REPORT_DAYS);
  if (from > to) throw reportErrors.range_reversed(from, to, { to: ['To cannot be before From'] });
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
  if (days > MAX_REPORT_DAYS) throw reportErrors.range_too_long(days, { from: [`At most ${MAX_REPORT_DAYS} days`] });
  return { from, to, start: new Date(`${from}T00:00:00Z`), end: new Date(`${addDays(to, 1)}T00:00:00Z`) };
}
