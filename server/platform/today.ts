export { todayIn } from '../../contract/common.contract';

/** The time of day (HH:MM, 24 h) in `timeZone` (IANA) at `now`. */
export function timeIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    now,
  );
}
