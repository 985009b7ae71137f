import { isTimeZone } from '../../contract/institutions.contract';
import { formatIn } from '../../contract/common.contract';

export { todayIn } from '../../contract/common.contract';

// An institution's clock (issue 31 item 6): timestamps stay UTC in the database and the API; days, 'today'
// and the times a report prints are the institution's (institutions.time_zone, an IANA name).

/** The time of day (HH:MM, 24 h) in `timeZone` (IANA) at `now`. */
export function timeIn(timeZone: string, now: Date): string {
  return formatIn(
    'time',
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(now);
}

/**
 * The zone a new institution gets when none is sent: LIMS_DEFAULT_TIME_ZONE (checked at start, server/config.ts),
 * else the server's own zone (the TZ of the process), else UTC.
 */
export function defaultTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.LIMS_DEFAULT_TIME_ZONE?.trim();
  if (set && isTimeZone(set)) return set;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return own && isTimeZone(own) ? own : 'UTC';
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string) {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `at`, as if it were a UTC time (milliseconds), whole seconds. */
function wallClock(timeZone: string, at: number) {
  const p: Record<string, number> = {};
  for (const x of formatOf(timeZone).formatToParts(new Date(at))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The zone's offset from UTC at `at`, in milliseconds (Addis Ababa: +3 h). */
export function offsetIn(timeZone: string, at: Date): number {
  const t = at.getTime();
  return wallClock(timeZone, t) - (t - (((t % 1000) + 1000) % 1000));
}

const DAY = 86_400_000;
/** The last instant a four-digit year can name: nothing stored is later (timestamps are the server's clock). */
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The first instant of the calendar day `day` (YYYY-MM-DD) in `timeZone`: its midnight, or, where the clocks
 * jump over midnight (a DST change at 00:00), the moment of the jump. A report's day is [start of day, start of next day).
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  return new Date(Math.min(startOfLocalDay(Date.parse(`${day}T00:00:00Z`), timeZone), LAST_INSTANT));
}

/**
 * Where a range of days ending with `day` ends (exclusive): the first instant of the next day in `timeZone`. After
 * 9999-12-31 that is the last instant a four-digit year names (a date the database and ISO strings both take).
 */
export function endOfDayIn(day: string, timeZone: string): Date {
  return new Date(Math.min(startOfLocalDay(Date.parse(`${day}T00:00:00Z`) + DAY, timeZone), LAST_INSTANT));
}

/** The first instant of the local day whose midnight, read as UTC, is `local` (ms), in `timeZone`. */
function startOfLocalDay(local: number, timeZone: string): number {
  // The offsets in force around that day (at most one change near midnight); the earliest candidate whose
  // local date is the day is its first instant.
  const offsets = new Set([-1, 0, 1].map((d) => offsetIn(timeZone, new Date(local + d * DAY))));
  const candidates = [...offsets]
    .map((o) => local - o)
    .filter((t) => Math.floor(wallClock(timeZone, t) / DAY) * DAY === local)
    .sort((a, b) => a - b);
  // A day the zone skipped altogether (Pacific/Apia, 2011-12-30) is empty: it starts where the next one does.
  return candidates.length ? candidates[0] : startOfLocalDay(local + DAY, timeZone);
}

/** 'UTC+03:00', 'UTC-04:30', 'UTC' at `at` in `timeZone`. */
export function utcOffsetText(timeZone: string, at: Date): string {
  const m = Math.round(offsetIn(timeZone, at) / 60_000);
  if (m === 0) return 'UTC';
  const a = Math.abs(m);
  return `UTC${m < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD HH:mm' (with `seconds`, ':ss') on the wall clock of `timeZone` at `at`. */
export function minuteIn(timeZone: string, at: Date, seconds = false): string {
  return new Date(wallClock(timeZone, at.getTime()))
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ');
}

/**
 * '2026-11-29 01:30 Africa/Addis_Ababa (UTC+03:00)', '2026-11-28 22:30 UTC': a moment as the institution reads
 * it, for footers (the API's own timestamps stay ISO UTC).
 */
export function momentIn(timeZone: string, at: Date, seconds = false): string {
  const wall = minuteIn(timeZone, at, seconds);
  return timeZone === 'UTC' || timeZone === 'Etc/UTC'
    ? `${wall} UTC`
    : `${wall} ${timeZone} (${utcOffsetText(timeZone, at)})`;
}
