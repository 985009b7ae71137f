import { z } from 'zod';
import { MSG } from './messages';
import { CONSENT_MAX_CHARS } from './protocols.contract';
import {
  Id,
  idListQuery,
  isoDate,
  optionalId,
  RecordBase,
  requiredText as required,
  text,
  trimmedText,
} from './common.contract';

// Protocol participants (enrolment) and their signed consents (spec 2 §3, §7 "Protocol participants").

/** One patient (spec payload) or a batch, enrolled in one transaction. */
export const EnrolInput = z.object({
  patientId: optionalId,
  patientIds: z.array(Id).max(500, MSG.participantsAtMost500).default([]),
  institutionId: optionalId,
  collectionProtocolId: optionalId,
  /**
   * The user confirmed enrolling outside the protocol's start/end dates: without it such an enrolment
   * is 409 `protocols.outside_dates`; with it each enrolment is noted `enrolledOutsideDates`.
   */
  acceptOutsideDates: z.boolean({ error: MSG.acceptOutsideDatesBoolean }).optional(),
});
/** What the service receives (parsed); the web's form holds `EnrolValues`. */
export type EnrolInput = z.output<typeof EnrolInput>;
export type EnrolValues = z.input<typeof EnrolInput>;

/** Spec 2 §7: the protocol participant list's own filters (GenderIDs: any of these genders). */
export const ParticipantQuery = z.object({
  externalSubjectId: trimmedText(100).optional(),
  nameQuery: trimmedText(100).optional(),
  phoneNumberQuery: trimmedText(20).optional(),
  genderIds: idListQuery(),
});

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
export const ProtocolParticipant = RecordBase.extend({
  collectionProtocolId: z.number(),
  patientId: z.number(),
  patient: z.object({
    id: z.number(),
    firstName: z.string(),
    fatherName: z.string(),
    grandFatherName: z.string(),
    birthDate: z.string(),
    externalSubjectId: z.string().nullable(),
    patientMRN: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    gender: Ref,
    maritalStatus: Ref,
    vitalStatus: Ref,
    patientType: Ref,
  }),
  /** A consent of this enrolment is withdrawn: its samples may not be used further (docs/protocols.md). */
  hasWithdrawnConsent: z.boolean(),
  /** Enrolled on a day outside the protocol's start/end dates, after the user confirmed it. */
  enrolledOutsideDates: z.boolean(),
});
export type ProtocolParticipant = z.infer<typeof ProtocolParticipant>;

/**
 * Re-consent (docs/protocols.md "Re-consent"): what the new signature says of the samples collected before
 * it. `keep_blocked`: they stay blocked, only samples collected from the re-consent on are usable;
 * `covered`: the new consent covers them too. Chosen explicitly at signing: there is no default.
 */
export const EARLIER_SAMPLES = ['keep_blocked', 'covered'] as const;
export const EARLIER_SAMPLES_MESSAGE = MSG.earlierSamplesChoice;

/** Largest signature image accepted, in bytes of PNG. */
export const MAX_SIGNATURE_BYTES = 512 * 1024;

/**
 * Either our body (ParticipantId, ConsentVersionId) or the spec's (spec 2 §3: PatientId,
 * CollectionProtocolConsentId and the Consent text read): the enrolment is the patient's one in the
 * protocol, the version the consent's current one, and a Consent text given must be that version's.
 */
export const SignInput = z
  .object({
    participantId: optionalId,
    /** The exact text version read and signed. */
    consentVersionId: optionalId,
    /** The spec's body: the patient, enrolled once per protocol. */
    patientId: optionalId,
    /** The spec's body: the consent, signed at its current version. */
    collectionProtocolConsentId: optionalId,
    /** The text the participant read (spec 2 §3): when given it must be the signed version's text, else 409. */
    consent: text(CONSENT_MAX_CHARS).optional(),
    /** A PNG as a data URL (data:image/png;base64,...) or its bare base64 (spec 2 §3). */
    signature: text(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 64, MSG.signatureTooLarge).min(1, MSG.requiredSelect),
    institutionId: optionalId,
    collectionProtocolId: optionalId,
    /**
     * Re-consent only (signing a consent this enrolment signed and withdrew): the explicit choice for the
     * samples collected before it. Required for a re-consent (400 without it), refused on a first signature.
     */
    earlierSamples: z.enum(EARLIER_SAMPLES, { error: EARLIER_SAMPLES_MESSAGE }).optional(),
    /**
     * Re-consent only, optional: the withdrawn signature the user is answering. When given it must still be
     * the newest signature of that consent (else 409 `protocols.reconsent_stale`: someone re-consented first).
     */
    previousSignatureId: optionalId,
    /**
     * Issue 32 item 2: the participant's yes or no for each purpose the signed version grants, every one
     * answered once. Absent (the spec's call): recorded as granting none of them (docs/spec-deviations.md).
     */
    purposes: z
      .array(z.object({ purposeId: Id, granted: z.boolean({ error: MSG.yesOrNo }) }), {
        error: MSG.purposeAnswers,
      })
      .max(50, MSG.purposesAtMost50)
      .refine((l) => new Set(l.map((p) => p.purposeId)).size === l.length, MSG.purposeOnce)
      .optional(),
  })
  .superRefine((v, c) => {
    if (!v.participantId && !v.patientId)
      c.addIssue({ code: 'custom', path: ['participantId'], message: MSG.requiredOrPatientId });
    if (!v.consentVersionId && !v.collectionProtocolConsentId)
      c.addIssue({ code: 'custom', path: ['consentVersionId'], message: MSG.requiredOrConsentId });
  });
/** What the service receives (parsed); the web's form holds `SignValues`. */
export type SignInput = z.output<typeof SignInput>;
export type SignValues = z.input<typeof SignInput>;

export const WITHDRAWAL_EFFECTS = ['stop_use', 'keep_anonymised', 'destroy_samples'] as const;
export const WithdrawInput = z.object({
  withdrawnDate: isoDate,
  reason: required(1000, undefined, 'multi'),
  effect: z.enum(WITHDRAWAL_EFFECTS, { error: MSG.withdrawalEffectOneOf }),
});
/** What the service receives (parsed); the web's form holds `WithdrawValues`. */
export type WithdrawInput = z.output<typeof WithdrawInput>;
export type WithdrawValues = z.input<typeof WithdrawInput>;

export const ParticipantConsentQuery = z.object({ participantId: Id.optional(), patientId: Id.optional() });
export type ParticipantConsentQuery = z.output<typeof ParticipantConsentQuery>;

export const ParticipantConsent = RecordBase.extend({
  collectionProtocolId: z.number(),
  participantId: z.number(),
  patientId: z.number(),
  consentId: z.number(),
  consentVersionId: z.number(),
  /** Spec 2 §3: the consent signed, as the spec's participant consent names it. */
  collectionProtocolConsent: z.object({ id: z.number(), title: z.string() }),
  title: z.string(),
  version: z.number(),
  /** The exact sanitised HTML that was signed. */
  consent: z.string(),
  /** data:image/png;base64,... */
  signature: z.string(),
  /** SHA-256 (hex) of the signed HTML's UTF-8 bytes followed by the PNG's bytes. */
  sha256: z.string(),
  signedAt: z.string(),
  withdrawnDate: z.string().nullable(),
  withdrawalReason: z.string().nullable(),
  withdrawalEffect: z.enum(WITHDRAWAL_EFFECTS).nullable(),
  withdrawnAt: z.string().nullable(),
  /** Who recorded the withdrawal. */
  withdrawnByAccount: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /**
   * Issue 32 item 2: the choice recorded for each purpose of the version signed. A withdrawn signature (or one a
   * re-consent follows) grants nothing whatever it recorded: `inForce` says whether it still decides.
   */
  purposes: z.array(z.object({ id: z.number(), title: z.string(), granted: z.boolean() })),
  inForce: z.boolean(),
  /** Re-consent: the withdrawn signature this one follows (null on a first signature). */
  previousSignatureId: z.number().nullable(),
  /** The re-consent that followed this withdrawn signature, if any. */
  nextSignatureId: z.number().nullable(),
  /** Re-consent: the choice made for samples collected before it (null on a first signature). */
  earlierSamples: z.enum(EARLIER_SAMPLES).nullable(),
  /**
   * Re-consent: the institution's local date and minute it was signed (YYYY-MM-DDTHH:MM); samples collected
   * before it are the earlier samples the choice is about.
   */
  coversSamplesFrom: z.string().nullable(),
});
export type ParticipantConsent = z.infer<typeof ParticipantConsent>;
