import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS } from '../../../contract/reports.contract';
import { endOfDayIn, startOfDayIn, todayIn } from '../../platform/today';
import { reportErrors } from './reports.errors';
import { MSG, msgf } from '../../../contract/messages';

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY));

/**
 * A report's range: whole days From..To (inclusive) of the institution's calendar (its IANA `zone`), as the
 * half-open instants [start, end): the first instant of From and of the day after To there (DST-aware).
 */
export interface Range {
  from: string;
  to: string;
  zone: string;
  start: Date;
  end: Date;
}

/**
 * From and To as asked; To defaults to today in the institution's zone and From to six days before To
 * (spec 2 §9: the last 7 days). To before From, or more than MAX_REPORT_DAYS days, is a 400.
 */
export function resolveRange(q: { from?: string | null; to?: string | null }, now: Date, zone: string): Range {
  const to = q.to ?? todayIn(zone, now);
  const from = q.from ?? addDays(to, 1 - DEFAULT_REPORT_DAYS);
  if (from > to) throw reportErrors.range_reversed(from, to, { to: [MSG.toBeforeFrom] });
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
  if (days > MAX_REPORT_DAYS)
    throw reportErrors.range_too_long(days, { from: [msgf('atMostDays', { max: MAX_REPORT_DAYS })] });
  return { from, to, zone, start: startOfDayIn(from, zone), end: endOfDayIn(to, zone) };
}
