import type { TFunction } from 'i18next';
import type { ProtocolEvent } from '@contract/protocol-events.contract';
import { formatNumber } from '@/lib/format';

/** The seeded event units (server/db/seed/reference-data.ts), by their English title: their words per language. */
const UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;

/**
 * The event point in words, counted from enrolment as the seeded units describe it ('Days after
 * enrolment'): "At enrolment", "1 week after enrolment", "3 days before enrolment", never "-3 Day".
 * A seeded unit is said in the screens' language; an institution's own unit keeps its title.
 */
export function timePoint(e: Pick<ProtocolEvent, 'eventPoint' | 'unit'>, t: TFunction<'protocols'>): string {
  const title = e.unit?.title?.trim().toLowerCase() ?? '';
  const n = Math.abs(e.eventPoint);
  if (!title) return formatNumber(e.eventPoint);
  if (n === 0) return t('timePoint.atEnrolment');
  const seeded = UNITS.find((u) => title === u || title === `${u}s`);
  const unit = seeded
    ? t(`timePoint.units.${seeded}`, { count: n })
    : n === 1 || title.endsWith('s')
      ? title
      : `${title}s`;
  return t(e.eventPoint < 0 ? 'timePoint.before' : 'timePoint.after', { n: formatNumber(n), unit });
}
