import { and, eq, sql, type SQL } from 'drizzle-orm';
import { patientMrns, patientPhoneNumbers, patients } from './participants.table';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Terms this long match any part of an MRN or phone number (a trigram needs 3 characters); shorter ones match the start. */
export const ANY_PART_MIN = 3;

/**
 * Participants whose name parts start with every word of the term, whose external subject id starts
 * with the term, or whose MRN or phone number contains it (starts with it when shorter than
 * ANY_PART_MIN). Written as a union of index-friendly sub-selects (names and ids: btree prefix
 * indexes; MRN and phone: pg_trgm GIN indexes), so it stays fast with a million participants.
 */
export function searchPatients(institutionId: number, term: string): SQL {
  const t = term.trim().toLowerCase().slice(0, 100);
  const words = t.split(/\s+/).filter(Boolean).slice(0, 5);
  const nameOf = (w: string) => {
    const p = `${escapeLike(w)}%`;
    return sql`(lower(${patients.firstName}) like ${p} or lower(${patients.fatherName}) like ${p} or lower(${patients.grandFatherName}) like ${p})`;
  };
  const whole = `${escapeLike(t)}%`;
  const digits = t.replace(/[\s-]/g, '');
  const mrnMatch =
    t.length >= ANY_PART_MIN
      ? sql`${patientMrns.mrn} ilike ${`%${escapeLike(t)}%`}`
      : sql`lower(${patientMrns.mrn}) like ${whole}`;
  const phonePattern = digits.length >= ANY_PART_MIN ? `%${escapeLike(digits)}%` : `${escapeLike(digits)}%`;
  // A term of only spaces and dashes has no digits: it must not match every phone number ('%').
  const phoneMatch = digits ? sql`${patientPhoneNumbers.phoneNumber} like ${phonePattern}` : sql`false`;
  const others = sql`select ${patients.id} from ${patients} where ${patients.institutionId} = ${institutionId} and lower(${patients.externalSubjectId}) like ${whole}
    union select ${patientMrns.patientId} from ${patientMrns} where ${patientMrns.institutionId} = ${institutionId} and ${mrnMatch} and ${patientMrns.isEnabled}
    union select ${patientPhoneNumbers.patientId} from ${patientPhoneNumbers} where ${patientPhoneNumbers.institutionId} = ${institutionId} and ${phoneMatch} and ${patientPhoneNumbers.isEnabled}`;
  // One word: the name test stays in the outer where, so the planner sees its selectivity (statistics
  // of the prefix indexes): a name shared by 80,000 walks the primary key backwards and stops at the
  // page (under 1 ms), a rare one takes the indexes. Several words: their estimates multiply and
  // mislead the planner into that walk for pairs that never match (1.8 s), so the matching ids are
  // computed first, as an array (`in (...)` let the planner walk the primary key as well).
  if (words.length === 1) {
    return sql`(${nameOf(words[0])} or ${patients.id} = any(array(${others})))`;
  }
  return sql`${patients.id} = any(array(
    select ${patients.id} from ${patients} where ${patients.institutionId} = ${institutionId} and ${sql.join(words.map(nameOf), sql` and `)}
    union ${others}
  ))`;
}

/** Exact phone number lookup (spec 1 §7: patients?PhoneNumber). */
export function byPhone(institutionId: number, phone: string): SQL {
  return sql`${patients.id} = any(array(select ${patientPhoneNumbers.patientId} from ${patientPhoneNumbers}
    where ${and(eq(patientPhoneNumbers.institutionId, institutionId), eq(patientPhoneNumbers.phoneNumber, phone.replace(/[\s-]/g, '')), eq(patientPhoneNumbers.isEnabled, true))}))`;
}

/** Exact MRN lookup (any site). */
export function byMrn(institutionId: number, mrn: string): SQL {
  return sql`${patients.id} = any(array(select ${patientMrns.patientId} from ${patientMrns}
    where ${patientMrns.institutionId} = ${institutionId} and lower(${patientMrns.mrn}) = ${mrn.trim().toLowerCase()} and ${patientMrns.isEnabled}))`;
}
