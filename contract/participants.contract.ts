import { z } from 'zod';
import { MSG } from './messages';
import {
  ConcurrencyStamp,
  Id,
  isoDate,
  optionalId,
  optionalIsoDate,
  optionalText,
  RecordBase,
  requiredId,
  requiredText as required,
  trimmedText,
} from './common.contract';

/** spec 1 §5 phone rule (digits, optional leading +, at most 15 digits: E.164). */
export const PHONE_PATTERN = /^\+?[0-9]{1,15}$/;
export const phoneNumber = required(40).superRefine((v, ctx) => {
  const message = /\s/.test(v)
    ? 'No spaces are allowed'
    : PHONE_PATTERN.test(v)
      ? null
      : 'Digits only, an optional leading +, at most 15 digits';
  if (message) ctx.addIssue({ code: 'custom', message });
});

/**
 * The spec's local rule (spec 1 §5), switched on per institution: starts with 09, 10 digits.
 * Returns the first message that applies, or null.
 */
export function localPhoneProblem(v: string): string | null {
  if (/\s/.test(v)) return 'No spaces are allowed';
  if (!/^[0-9]*$/.test(v)) return 'Invalid character';
  if (v.length > 10) return 'A maximum of 10 characters is allowed';
  if (!v.startsWith('09') || v.length !== 10) return 'Invalid';
  return null;
}

// spec 1 §3 participant payload; §5 required fields.
const PatientFields = z.object({
  patientMRN: optionalText(50),
  socialSecurityNumber: optionalText(50),
  externalSubjectId: optionalText(100),
  firstName: required(100),
  fatherName: required(100),
  grandFatherName: required(100),
  patientTypeId: requiredId,
  genderId: requiredId,
  maritalStatusId: requiredId,
  vitalStatusId: requiredId,
  // Required only when the vital status is 'dead' (checked where the title is known).
  deathDate: optionalIsoDate,
  birthDate: isoDate,
  birthTime: required(8).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, MSG.timeFormat),
  institutionSiteId: optionalId,
  institutionId: optionalId,
});

function deathAfterBirth(p: { deathDate: string | null; birthDate: string }, ctx: z.RefinementCtx) {
  if (p.deathDate && p.deathDate < p.birthDate)
    ctx.addIssue({ code: 'custom', path: ['deathDate'], message: MSG.deathBeforeBirth });
}

export const PatientInput = PatientFields.superRefine(deathAfterBirth);
export type PatientInput = z.output<typeof PatientInput>;
export type PatientInputValues = z.input<typeof PatientInput>;
export const PatientUpdate = PatientFields.extend(ConcurrencyStamp.shape).superRefine(deathAfterBirth);
export type PatientUpdate = z.output<typeof PatientUpdate>;

export const SiteMrnRow = z.object({ institutionSiteId: optionalId, mrn: optionalText(50) });
export const PhoneInput = z.object({ phoneNumberTypeId: requiredId, phoneNumber, institutionSiteId: optionalId });
export type PhoneInput = z.output<typeof PhoneInput>;

/** A participant's child records as sets: registered with it, or made so by an edit (races and ethnicities: at least one). */
const ChildSets = {
  races: z.array(Id, { error: MSG.requiredSelect }).min(1, MSG.requiredSelect),
  ethnicities: z.array(Id, { error: MSG.requiredSelect }).min(1, MSG.requiredSelect),
  phoneNumbers: z.array(PhoneInput).default([]),
  siteMrns: z.array(SiteMrnRow).default([]),
};

function childRules(
  p: {
    deathDate: string | null;
    birthDate: string;
    siteMrns: z.infer<typeof SiteMrnRow>[];
    phoneNumbers: { phoneNumber: string }[];
  },
  ctx: z.RefinementCtx,
) {
  deathAfterBirth(p, ctx);
  // spec 1 §5: each site MRN row needs both site and MRN, or neither.
  p.siteMrns.forEach((row, i) => {
    if (row.institutionSiteId && !row.mrn)
      ctx.addIssue({ code: 'custom', path: ['siteMrns', i, 'mrn'], message: MSG.requiredSelect });
    if (!row.institutionSiteId && row.mrn)
      ctx.addIssue({ code: 'custom', path: ['siteMrns', i, 'institutionSiteId'], message: MSG.requiredSelect });
  });
  const seen = new Set<string>();
  p.phoneNumbers.forEach((ph, i) => {
    if (seen.has(ph.phoneNumber))
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumbers', i, 'phoneNumber'],
        message: MSG.phoneListed,
      });
    seen.add(ph.phoneNumber);
  });
}

/** One command that registers a participant with all child records, in one transaction. */
export const PatientRegister = PatientFields.extend(ChildSets).superRefine(childRules);
export type PatientRegister = z.output<typeof PatientRegister>;
export type PatientRegisterValues = z.input<typeof PatientRegister>;

/**
 * Edit a Participant as one save (issue 28): the fields with the concurrency stamp, and the child records as
 * they should be afterwards. Races, ethnicities, phone numbers and site MRNs not listed are disabled, new
 * ones added, all in the transaction of the field update; Discard in the form therefore drops all of it.
 */
export const PatientEdit = PatientFields.extend(ConcurrencyStamp.shape).extend(ChildSets).superRefine(childRules);
export type PatientEdit = z.output<typeof PatientEdit>;
export type PatientEditValues = z.input<typeof PatientEdit>;

export const MrnInput = z.object({
  mrn: required(50),
  institutionSiteId: optionalId,
  patientId: optionalId,
  institutionId: optionalId,
});
export const RaceInput = z.object({ raceId: requiredId, institutionSiteId: optionalId, patientId: optionalId });
export const EthnicityInput = z.object({
  ethnicityId: requiredId,
  institutionSiteId: optionalId,
  patientId: optionalId,
});

export const PatientQuery = z.object({
  phoneNumber: trimmedText(20).optional(),
  mrn: trimmedText(50).optional(),
});
export const MrnLookupQuery = z.object({ institutionId: Id, mrn: required(50) });

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();

export const Patient = RecordBase.extend({
  institutionId: z.number(),
  firstName: z.string(),
  fatherName: z.string(),
  grandFatherName: z.string(),
  birthDate: z.string(),
  birthTime: z.string(),
  deathDate: z.string().nullable(),
  socialSecurityNumber: z.string().nullable(),
  externalSubjectId: z.string().nullable(),
  patientTypeId: z.number(),
  genderId: z.number(),
  maritalStatusId: z.number(),
  vitalStatusId: z.number(),
  institutionSiteId: z.number().nullable(),
  patientType: Ref,
  gender: Ref,
  maritalStatus: Ref,
  vitalStatus: Ref,
  patientMRN: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  concurrencyStamp: z.string(),
});
export type Patient = z.infer<typeof Patient>;

/** GET institutions/patientMRNs: a participant found by one of its MRNs. */
export const MrnMatch = z.object({ id: z.number(), mrn: z.string().nullable(), patient: Patient });

export const ChildRecord = RecordBase.extend({
  patientId: z.number(),
  institutionSiteId: z.number().nullable(),
}).loose();
export type ChildRecord = z.infer<typeof ChildRecord>;
/** Each kind of child record as its list and its post answer it, with its referenced titles. */
export const MrnRecord = ChildRecord.extend({ mrn: z.string(), institutionSite: Ref }).loose();
export const RaceRecord = ChildRecord.extend({ raceId: z.number(), race: Ref }).loose();
export const EthnicityRecord = ChildRecord.extend({ ethnicityId: z.number(), ethnicity: Ref }).loose();
export const PhoneRecord = ChildRecord.extend({
  phoneNumber: z.string(),
  phoneNumberTypeId: z.number(),
  phoneNumberType: Ref,
}).loose();
export type MrnRecord = z.infer<typeof MrnRecord>;
export type RaceRecord = z.infer<typeof RaceRecord>;
export type EthnicityRecord = z.infer<typeof EthnicityRecord>;
export type PhoneRecord = z.infer<typeof PhoneRecord>;

/** A dashboard count; isEstimate when above 10,000 (the planner's estimate, not an exact count). */
export const PatientCounts = z.object({ count: z.number(), isEstimate: z.boolean() });

const CardRef = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
/** The participant as another record's answer shows it (an order's detail, a filled questionnaire): one shape. */
export const PatientCard = z.object({
  id: z.number(),
  firstName: z.string(),
  fatherName: z.string(),
  grandFatherName: z.string(),
  birthDate: z.string(),
  gender: CardRef,
  maritalStatus: CardRef,
  vitalStatus: CardRef,
});
