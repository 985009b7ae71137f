import dayjs from 'dayjs';
import type { Patient } from '@contract/participants.contract';

/** spec 1 §2: first, father and grand-father names joined. */
export const fullName = (p: Pick<Patient, 'firstName' | 'fatherName' | 'grandFatherName'>) =>
  [p.firstName, p.fatherName, p.grandFatherName].filter(Boolean).join(' ');

/** spec 1 §2: birth date as YYYY-MM-DD with the 12-hour birth time, e.g. 1984-03-12 08:30 AM. */
export function birthDateTime(p: Pick<Patient, 'birthDate' | 'birthTime'>): string {
  const date = p.birthDate.slice(0, 10);
  const time = dayjs(`${date}T${(p.birthTime || '00:00').slice(0, 5)}`);
  return time.isValid() ? time.format('YYYY-MM-DD hh:mm A') : date;
}

export const today = () => dayjs().format('YYYY-MM-DD');
export const nowHourMinute = () => dayjs().format('HH:mm');
/** spec 1 §4: the Death Date belongs to a vital status titled 'dead' (any case). */
export const isDeadTitle = (title: string | null | undefined) => (title ?? '').trim().toLowerCase() === 'dead';
