import type { FormErrors } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { MSG } from '@contract/messages';
import {
  PatientRegister,
  type EthnicityRecord,
  type MrnRecord,
  type Patient,
  type PatientInputValues,
  type PatientRegisterValues,
  type PhoneRecord,
  type RaceRecord,
} from '@contract/participants.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { translateErrors } from '@/lib/field-messages';
import type { Chip } from './chip-picker';
import type { PhoneChip } from './phone-numbers';
import { nowHourMinute, today } from '@/lib/format';

/** spec 1 §4: the Death Date belongs to a vital status titled 'dead' (any case). */
export const isDeadTitle = (title: string | null | undefined) => (title ?? '').trim().toLowerCase() === 'dead';

export interface SiteMrnRow {
  key: string;
  institutionSiteId: string | null;
  mrn: string;
}

/** What the participant form holds; selects keep their ids as strings, chips keep their titles for display. */
export interface PatientFormValues {
  patientTypeId: string | null;
  patientMRN: string;
  socialSecurityNumber: string;
  externalSubjectId: string;
  firstName: string;
  fatherName: string;
  grandFatherName: string;
  genderId: string | null;
  maritalStatusId: string | null;
  vitalStatusId: string | null;
  deathDate: string | null;
  birthDate: string | null;
  birthTime: string;
  concurrencyStamp?: string;
  // Saved with the participant in one call: register on create, edit on edit (issue 28).
  races: Chip[];
  ethnicities: Chip[];
  phoneNumbers: PhoneChip[];
  siteMrns: SiteMrnRow[];
}

export const emptySiteMrn = (): SiteMrnRow => ({ key: randomId(), institutionSiteId: null, mrn: '' });

/** spec 1 §9: birth date today, birth time the current hour:minute, one empty site MRN row. */
export function blankPatient(defaultTypeId: string | null): PatientFormValues {
  return {
    patientTypeId: defaultTypeId,
    patientMRN: '',
    socialSecurityNumber: '',
    externalSubjectId: '',
    firstName: '',
    fatherName: '',
    grandFatherName: '',
    genderId: null,
    maritalStatusId: null,
    vitalStatusId: null,
    deathDate: null,
    birthDate: today(),
    birthTime: nowHourMinute(),
    races: [],
    ethnicities: [],
    phoneNumbers: [],
    siteMrns: [emptySiteMrn()],
  };
}

/** The enabled child records of a participant, as the edit form starts with them. */
export interface PatientChildren {
  races: RaceRecord[];
  ethnicities: EthnicityRecord[];
  phones: PhoneRecord[];
  mrns: MrnRecord[];
}

export function patientToValues(p: Patient, c: PatientChildren): PatientFormValues {
  const id = (v: number | null) => (v ? String(v) : null);
  const chip = (key: number, id: number, ref: { title: string | null } | null) => ({
    key,
    id,
    label: ref?.title ?? '',
  });
  return {
    patientTypeId: id(p.patientTypeId),
    patientMRN: p.patientMRN ?? '',
    socialSecurityNumber: p.socialSecurityNumber ?? '',
    externalSubjectId: p.externalSubjectId ?? '',
    firstName: p.firstName,
    fatherName: p.fatherName,
    grandFatherName: p.grandFatherName,
    genderId: id(p.genderId),
    maritalStatusId: id(p.maritalStatusId),
    vitalStatusId: id(p.vitalStatusId),
    deathDate: p.deathDate?.slice(0, 10) ?? null,
    birthDate: p.birthDate.slice(0, 10),
    birthTime: p.birthTime.slice(0, 5),
    concurrencyStamp: p.concurrencyStamp,
    races: c.races.map((r) => chip(r.id, r.raceId, r.race)),
    ethnicities: c.ethnicities.map((r) => chip(r.id, r.ethnicityId, r.ethnicity)),
    phoneNumbers: c.phones.map((ph) => ({
      key: ph.id,
      phoneNumberTypeId: ph.phoneNumberTypeId,
      phoneNumber: ph.phoneNumber,
      typeTitle: ph.phoneNumberType?.title ?? '',
    })),
    // The main MRN (no site) is the read-only MRN field; the rows are the site MRNs.
    siteMrns: c.mrns
      .filter((m) => m.institutionSiteId !== null)
      .map((m) => ({ key: String(m.id), institutionSiteId: String(m.institutionSiteId), mrn: m.mrn })),
  };
}

/** The PUT body; the death date only goes with a 'dead' vital status (spec 1 §4). */
export function toPatientInput(v: PatientFormValues, dead: boolean): PatientInputValues {
  const num = (s: string | null) => (s ? Number(s) : 0);
  return {
    patientMRN: v.patientMRN,
    socialSecurityNumber: v.socialSecurityNumber,
    externalSubjectId: v.externalSubjectId,
    firstName: v.firstName,
    fatherName: v.fatherName,
    grandFatherName: v.grandFatherName,
    patientTypeId: num(v.patientTypeId),
    genderId: num(v.genderId),
    maritalStatusId: num(v.maritalStatusId),
    vitalStatusId: num(v.vitalStatusId),
    deathDate: dead ? v.deathDate : null,
    birthDate: v.birthDate ?? '',
    birthTime: v.birthTime,
    ...(v.concurrencyStamp ? { concurrencyStamp: v.concurrencyStamp } : {}),
  };
}

/** The one POST patients/register body (and PUT patients/{id}/edit's, with the stamp). Every site MRN row is sent so error paths (siteMrns.N.mrn) match the rows. */
export function toRegister(v: PatientFormValues, dead: boolean): PatientRegisterValues {
  return {
    ...toPatientInput(v, dead),
    races: v.races.map((c) => c.id),
    ethnicities: v.ethnicities.map((c) => c.id),
    phoneNumbers: v.phoneNumbers.map((p) => ({ phoneNumberTypeId: p.phoneNumberTypeId, phoneNumber: p.phoneNumber })),
    siteMrns: v.siteMrns.map((r) => ({
      institutionSiteId: r.institutionSiteId ? Number(r.institutionSiteId) : null,
      mrn: r.mrn,
    })),
  };
}

/** Rules that need the chosen vital status title or today's date (spec 1 §5), on top of the contract's. */
function dateRules(v: PatientFormValues, dead: boolean): FormErrors {
  const errors: FormErrors = {};
  if (v.birthDate && v.birthDate > today()) errors.birthDate = 'Birth date cannot be in the future';
  if (dead && !v.deathDate) errors.deathDate = MSG.required;
  if (dead && v.deathDate && v.deathDate > today()) errors.deathDate = 'Death date cannot be in the future';
  return errors;
}

const registerResolver = contractResolver(PatientRegister);

/** Validation of the create and edit forms: the contract's PatientRegister rules (PatientEdit's too) through the contract resolver, plus the date rules. */
export const validatePatient =
  (isDead: (v: PatientFormValues) => boolean) =>
  (v: PatientFormValues): FormErrors => {
    const dead = isDead(v);
    return { ...translateErrors(dateRules(v, dead)), ...registerResolver(toRegister(v, dead)) };
  };

const FORM_FIELDS = new Set(Object.keys(blankPatient(null)));

/**
 * The title to show above the form after a failed save: the server's title when no field error can be
 * placed on a field of this form (e.g. a phone rule reported as 'phoneNumber'), so no failure is silent.
 */
export function saveErrorTitle(error: unknown): string | null {
  const { fields, title } = serverFormErrors(error);
  if (title) return title;
  const unplaced = Object.keys(fields).some((path) => !FORM_FIELDS.has(path.split('.')[0]));
  return unplaced && error instanceof Error ? error.message : null;
}
