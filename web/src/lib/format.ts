import dayjs from 'dayjs';
import { currentLanguage, i18next } from './i18n';

/** A participant (first, father, grand-father names) or an account (first, last name). */
export interface PersonName {
  firstName: string;
  fatherName?: string | null;
  grandFatherName?: string | null;
  lastName?: string | null;
}

/** spec 1 §2: every name part the person has, joined; '' for nobody. */
export const fullName = (p: PersonName | null | undefined) =>
  p ? [p.firstName, p.fatherName, p.grandFatherName, p.lastName].filter(Boolean).join(' ') : '';

/** A participant's first and father names (order lists, labels). */
export const shortName = (p: PersonName) => [p.firstName, p.fatherName].filter(Boolean).join(' ');

type When = string | Date | null | undefined;

// spec 1 §9: dates as YYYY-MM-DD, times on the 24-hour clock.
/** A moment's date, e.g. 2026-03-12; `empty` when there is none. */
export const formatDate = (value: When, empty = '') => (value ? dayjs(value).format('YYYY-MM-DD') : empty);

/** A moment's date and time, e.g. 2026-03-12 14:05 (with seconds: 14:05:09). */
export const formatDateTime = (value: When, { seconds = false, empty = '' } = {}) =>
  value ? dayjs(value).format(seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : empty;

/** A calendar date the server stores without a time zone (a birth date): its first ten characters, never shifted. */
export const calendarDate = (value: string) => value.slice(0, 10);

/**
 * spec 1 §2: birth date with the 12-hour birth time, e.g. 1984-03-12 08:30 AM. AM/PM is English's clock: other
 * languages read the 24-hour clock (1984-03-12 14:05 in French, issue 33).
 */
export function birthDateTime(p: { birthDate: string; birthTime?: string | null }): string {
  const date = calendarDate(p.birthDate);
  const time = dayjs(`${date}T${(p.birthTime || '00:00').slice(0, 5)}`);
  if (!time.isValid()) return date;
  return time.format(currentLanguage() === 'en' ? 'YYYY-MM-DD hh:mm A' : 'YYYY-MM-DD HH:mm');
}

/** Age since birth: years, or months / days for the very young. */
export function age(birthDate: string, now = dayjs()): string {
  const born = dayjs(calendarDate(birthDate));
  if (!born.isValid()) return '—';
  const years = now.diff(born, 'year');
  if (years >= 2) return i18next.t('age.years', { ns: 'common', count: years });
  const months = now.diff(born, 'month');
  if (months >= 1) return i18next.t('age.months', { ns: 'common', count: months });
  const days = Math.max(0, now.diff(born, 'day'));
  return i18next.t('age.days', { ns: 'common', count: days });
}

/** Today's date as a form value (YYYY-MM-DD). */
export const today = () => dayjs().format('YYYY-MM-DD');
/** The time now as a form value (HH:mm). */
export const nowHourMinute = () => dayjs().format('HH:mm');

/**
 * A number in the screens' language through Intl (issue 33): 12,480.5 in English, 12 480,5 in French.
 * Typed dates stay YYYY-MM-DD in every language (formatDate): the spec's unambiguous form.
 */
export const formatNumber = (n: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(currentLanguage(), options).format(n);

/** A count with thousands separators, e.g. 12,480 (12 480 in French). */
export const formatCount = (n: number) => formatNumber(n);

/** A moment in words in the screens' language, e.g. '12 March 2026' / '12 mars 2026' (headings, notices; never inputs). */
export const formatLongDate = (value: string | Date) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'long' }).format(new Date(value));

/**
 * Text compared as people of the current language read it (issue 33 item 3): 'Émile' between 'Eliane' and 'Eric',
 * numbers in text by value ('Box 2' before 'Box 10'). The web's one sort of names and titles.
 */
export const compareText = (a: string, b: string) => collator().compare(a, b);
let cached: { language: string; collator: Intl.Collator } | undefined;
function collator() {
  const language = currentLanguage();
  if (cached?.language !== language) cached = { language, collator: new Intl.Collator(language, { numeric: true }) };
  return cached.collator;
}
