import type { ProtocolEvent } from '@contract/protocol-events.contract';

/**
 * The event point in words, counted from enrolment as the seeded units describe it ('Days after
 * enrolment'): "At enrolment", "1 week after enrolment", "3 days before enrolment", never "-3 Day".
 */
export function timePoint(e: Pick<ProtocolEvent, 'eventPoint' | 'unit'>): string {
  const unit = e.unit?.title?.trim().toLowerCase() ?? '';
  const n = Math.abs(e.eventPoint);
  if (!unit) return e.eventPoint.toLocaleString('en-US');
  if (n === 0) return 'At enrolment';
  const units = n === 1 || unit.endsWith('s') ? unit : `${unit}s`;
  return `${n.toLocaleString('en-US')} ${units} ${e.eventPoint < 0 ? 'before' : 'after'} enrolment`;
}
