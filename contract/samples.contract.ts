import { z } from 'zod';
import { MSG, msgf } from './messages';
import {
  ConcurrencyStamp,
  Id,
  isoDate,
  optionalId,
  optionalIsoDate,
  PagingQuery,
  RecordBase,
  requiredId,
  requiredText as required,
  trimmedText,
  typedNumber,
} from './common.contract';
import { quantity } from './protocols.contract';
import { Label, MAX_LABELS_PER_JOB } from './labels.contract';

// Collected samples and their quantity ledger (spec 2 §3 "Collected sample", §5, §7 "Samples"; docs/samples.md).

/** Letters, digits and . _ - / : what a Code 128 label and a person reading it both handle. */
const SAMPLE_ID = /^[A-Za-z0-9._\-/]+$/;
export const SAMPLE_ID_MESSAGE = MSG.sampleIdCharactersDotted;
/** An optional sample ID: blank means "generate one" (docs/samples.md). */
export const sampleIdText = trimmedText(60, msgf('atMostCharacters', { max: 60 }))
  .refine((s) => s === '' || SAMPLE_ID.test(s), SAMPLE_ID_MESSAGE)
  .nullish()
  .transform((v) => v || null);
export const collectedTime = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { message: MSG.required, abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, MSG.timeFormat);
const bool = PagingQuery.shape.isEnabled;

/** Positive amounts: a sample or a draw of nothing is not recorded. */
const amount = quantity;
/** A manual adjustment: drawn (positive) or given back (negative), never zero. */
const signedAmount = typedNumber({
  min: -1e9,
  max: 1e9,
  tooSmall: msgf('atLeastValue', { min: -1000000000 }),
  tooLarge: msgf('atMost', { max: 1000000000 }),
}).refine((n) => n !== 0, MSG.adjustmentZero);

/**
 * A collection date outside the protocol's start/end dates is 409 `samples.outside_dates` unless the
 * user confirmed it; the sample then notes `collectedOutsideDates` (issue 12).
 */
const acceptOutsideDates = z.boolean({ error: MSG.acceptOutsideDatesBoolean }).optional();

/**
 * One sample (spec payload) or, with `isSubSample` and `parentSampleId` (the parent's record id), a
 * sub-sample: its lineage decides an aliquot (its amount is taken from the parent) or a derivative
 * (`parentAmountUsed` is taken from the parent; its own amount and unit are new material).
 */
export const SampleInput = z
  .object({
    sampleId: sampleIdText,
    acceptOutsideDates,
    isSubSample: bool.default(false),
    parentSampleId: optionalId,
    subSampleLineageId: optionalId,
    patientId: optionalId,
    institutionSiteId: optionalId,
    collectionProtocolEventId: optionalId,
    specimenTypeId: requiredId,
    collectedAmount: amount,
    /** Ignored: remaining equals collected on creation (spec 2 §5); kept so the spec's payload is accepted. */
    remainingAmount: amount.optional(),
    unitOfMeasurementId: optionalId,
    parentAmountUsed: amount.optional(),
    collectedDate: optionalIsoDate,
    collectedTime: collectedTime
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    institutionId: optionalId,
    collectionProtocolId: optionalId,
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v, message: string = MSG.requiredSelect) => {
      if (v[field] === null || v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.isSubSample || v.parentSampleId) {
      need('parentSampleId');
      need('subSampleLineageId');
      return;
    }
    need('patientId');
    need('institutionSiteId');
    need('collectionProtocolEventId');
    need('unitOfMeasurementId');
    need('collectedDate', MSG.required);
    need('collectedTime', MSG.required);
  });
export type SampleInput = z.output<typeof SampleInput>;

/** Most rows one stepper command may create (one transaction). */
export const MAX_COLLECT_ROWS = 200;

/**
 * One row of the Collect Specimen stepper, flat: `key` names it, `parentKey` the row it is a child of
 * (listed before it); no parent: a sample collected from the participant. A child row needs a lineage.
 */
export const CollectRow = z.object({
  key: required(40),
  parentKey: trimmedText(40)
    .nullish()
    .transform((v) => v || null),
  sampleId: sampleIdText,
  specimenTypeId: requiredId,
  quantity: amount,
  unitOfMeasurementId: optionalId,
  subSampleLineageId: optionalId,
  parentAmountUsed: amount.optional(),
});
export type CollectRow = z.output<typeof CollectRow>;

export const CollectInput = z.object({
  collectionProtocolEventId: requiredId,
  patientId: requiredId,
  /** Defaults to the event's site. */
  institutionSiteId: optionalId,
  collectedDate: isoDate,
  collectedTime,
  acceptOutsideDates,
  rows: z
    .array(CollectRow)
    .min(1, MSG.addRow)
    .max(MAX_COLLECT_ROWS, msgf('atMostRows', { max: MAX_COLLECT_ROWS })),
});
export type CollectInput = z.output<typeof CollectInput>;

export const AdjustmentInput = z.object({
  amount: signedAmount,
  reason: required(500, undefined, 'multi'),
  ...ConcurrencyStamp.shape,
});
export type AdjustmentInput = z.output<typeof AdjustmentInput>;

export const SampleListQuery = PagingQuery.extend({
  isSubsample: bool,
  sampleId: trimmedText(60).optional(),
  patientId: optionalId,
  participantId: optionalId,
  startDate: optionalIsoDate,
  endDate: optionalIsoDate,
}).superRefine((q, ctx) => {
  if (Boolean(q.startDate) !== Boolean(q.endDate))
    ctx.addIssue({
      code: 'custom',
      path: [q.startDate ? 'endDate' : 'startDate'],
      message: MSG.bothDates,
    });
  else if (q.startDate && q.endDate && q.startDate > q.endDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endBeforeStart });
});
export type SampleListQuery = z.infer<typeof SampleListQuery>;

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
const UnitRef = z.object({ id: z.number(), unitName: z.string().nullable(), unitSymbol: z.string().nullable() });
export const SAMPLE_KINDS = ['primary', 'aliquot', 'derivative'] as const;

export const CollectedSample = RecordBase.extend({
  concurrencyStamp: z.string(),
  sampleId: z.string(),
  kind: z.enum(SAMPLE_KINDS),
  /** collected here, or received from another institution (docs/decisions/0014-received-samples.md): then the protocol, event, site and donor are null. */
  origin: z.enum(['collected', 'received']),
  collectionProtocolId: z.number().nullable(),
  collectionProtocolEvent: z.object({ id: z.number(), label: z.string() }).nullable(),
  institutionSite: Ref,
  patientId: z.number().nullable(),
  participantId: z.number().nullable(),
  patient: z
    .object({
      id: z.number(),
      firstName: z.string(),
      fatherName: z.string(),
      grandFatherName: z.string(),
      patientMRN: z.string().nullable(),
    })
    .nullable(),
  specimenType: Ref,
  collectedAmount: z.number(),
  remainingAmount: z.number(),
  unitOfMeasurement: UnitRef,
  collectedDate: z.string(),
  collectedTime: z.string(),
  isSubsample: z.boolean(),
  parentSampleId: z.number().nullable(),
  parentSample: z.object({ id: z.number(), sampleId: z.string() }).nullable(),
  subSampleLineage: Ref,
  parentAmountUsed: z.number().nullable(),
  /** A consent of the donor is withdrawn: no further use (docs/protocols.md). */
  hasWithdrawnConsent: z.boolean(),
  /** Collected outside the protocol's start/end dates after the user confirmed it (issue 12). */
  collectedOutsideDates: z.boolean(),
  /** In an open (draft or sent) shipment: it cannot be stored, aliquoted or sub-sampled (docs/shipments.md). */
  inTransit: z.boolean(),
  /** The open shipment holding it, or null; status 'draft' while packed in a draft, else 'shipped' (the sample's stored custody). */
  transitShipment: z.object({ id: z.number(), name: z.string(), status: z.string() }).nullable(),
  /** Held by another institution (it accepted the sample from a shipment): who and since when; the owner can no longer use it. */
  heldBy: z.object({ id: z.number(), title: z.string(), since: z.string().nullable() }).nullable(),
  /** Where a received sample came from: the sender, its sample ID (the external ID), the shipment; null for a collected one. */
  receivedFrom: z
    .object({
      institution: z.string(),
      installation: z.string().nullable(),
      sampleId: z.string(),
      shipmentId: z.number(),
      donorCode: z.string().nullable(),
      consentState: z.string(),
      receivedDate: z.string(),
    })
    .nullable(),
});
export type CollectedSample = z.infer<typeof CollectedSample>;

/**
 * A sample with its descendants. `children` holds nodes of this same shape, to any depth; declared
 * loosely because OpenAPI components cannot hold zod's recursive `$defs`.
 */
export const SampleTreeNode = CollectedSample.extend({
  children: z.array(z.unknown()).describe('Nodes of this same shape (SampleTreeNode), to any depth'),
});
export type SampleTreeNode = CollectedSample & { children: SampleTreeNode[] };

export const SAMPLE_EVENT_KINDS = [
  'collected',
  'aliquoted',
  'derived',
  'adjusted',
  'allocated',
  'vacated',
  'shipped',
  'received',
  'rejected',
  'shipment_cancelled',
  'consent_withdrawn',
  /** The donor signed a withdrawn consent again (docs/protocols.md "Re-consent"): whether it covers this sample. */
  'consent_given_again',
  'label_printed',
] as const;
export const SampleHistoryEntry = z.object({
  at: z.string(),
  kind: z.enum(SAMPLE_EVENT_KINDS),
  account: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** One line a person reads: "Aliquot AB-20260101-001.1 took 2 mL". */
  summary: z.string(),
  amount: z.number().nullable(),
  remainingAfter: z.number().nullable(),
  otherSample: z.object({ id: z.number(), sampleId: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The institution where it happened, for entries copied from the sender's timeline at receipt; null for this institution's own. */
  institution: z.string().nullable(),
});
export type SampleHistoryEntry = z.infer<typeof SampleHistoryEntry>;

/**
 * Sample labels (issue 13): the samples to label and the copies of each. The server checks each sample may
 * still be used (a withdrawn consent refuses), notes 'label printed' in its history and answers the labels,
 * which the web prints through the labels module (extension, server or PDF).
 */
export const SampleLabelsInput = z
  .object({
    collectedSampleIds: z
      .array(Id, { error: MSG.requiredSelect })
      .min(1, MSG.chooseSample)
      .max(200, msgf('atMostSamplesAtOnce', { max: 200 })),
    copies: typedNumber({
      whole: true,
      min: 1,
      max: 10,
      notNumber: MSG.copiesNumber,
      notWhole: 'Copies must be a whole number',
      tooSmall: MSG.copiesAtLeastOne,
      tooLarge: msgf('atMostCopies', { max: 10 }),
    }).default(1),
  })
  .refine((v) => v.collectedSampleIds.length * v.copies <= MAX_LABELS_PER_JOB, {
    path: ['copies'],
    message: msgf('atMostLabelsPerPrint', { max: MAX_LABELS_PER_JOB }),
  });
export type SampleLabelsInput = z.output<typeof SampleLabelsInput>;
export const SampleLabels = z.object({ labels: z.array(Label) });
