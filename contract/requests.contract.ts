import { MSG, msgf } from './messages';
import { z } from 'zod';
import {
  ConcurrencyStamp,
  Id,
  idListQuery,
  isoDate,
  optionalText,
  PagingQuery,
  RecordBase,
  requiredText,
  typedNumber,
} from './common.contract';
import { ETHICS_DOCUMENT_TYPES, EthicsDocumentInput } from './distribution.contract';

// Research requests (issue 32 item 5, docs/research.md "Requests"): a researcher asks under a distribution protocol
// for samples matching a saved query or a list of specimen criteria; reviewers approve, reject or ask for changes;
// staff pick eligible samples (each reserved by one open request only), record the material transfer agreement
// and distribute (quantities drawn through the sample ledger); unused material can be returned (ledger back in).
//
// Researcher-facing answers (ResearchRequest, DistributedSample) never carry a donor's identity, a sample's
// ID or any internal id of a sample, enrolment or participant: distributed samples are named by a code random per
// distribution. Staff answers (RequestItem, PickSuggestion) carry the lab's sample ID, never the donor.

/** The life of a request. `draft` and `changes_requested` are the requester's to edit. */
export const REQUEST_STATES = [
  'draft',
  'submitted',
  'changes_requested',
  'approved',
  'rejected',
  'cancelled',
  'distributed',
  'returned',
  'closed',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const RequestStateSchema = z.enum(REQUEST_STATES, {
  error: msgf('oneOf', { choices: REQUEST_STATES.join(', ') }),
});

/** States in which the requester may still edit the request. */
export const EDITABLE_REQUEST_STATES: readonly RequestState[] = ['draft', 'changes_requested'];
/** States before distribution in which the requester (or staff) may cancel it. */
export const CANCELLABLE_REQUEST_STATES: readonly RequestState[] = [
  'draft',
  'submitted',
  'changes_requested',
  'approved',
];

/** How the material left: handed over in person, or through an existing shipment (docs/shipments.md). */
export const DELIVERY_METHODS = ['handover', 'shipment'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** State of one picked sample of a request. */
export const REQUEST_ITEM_STATES = ['reserved', 'released', 'distributed'] as const;
export type RequestItemState = (typeof REQUEST_ITEM_STATES)[number];

export const MAX_REQUEST_LINES = 50;
export const MAX_PICKS = 200;
/**
 * The most samples one request may hold reserved at once: picks of MAX_PICKS add up, and a distribution's CSV and
 * FHIR exports are built in memory (docs/research.md "Requests").
 */
export const MAX_REQUEST_RESERVATIONS = 2000;
export const MAX_RETURNS = 200;

const positiveAmount = typedNumber({ min: 0, max: 1e9, tooLarge: msgf('atMost', { max: 1000000000 }) }).refine(
  (n) => n > 0,
  MSG.moreThanZero,
);

/** One specimen criterion of a request: how many samples of a type, optionally how much of each. */
export const RequestLine = z.object({
  specimenTypeId: Id,
  /** How many samples of that type. */
  count: typedNumber({
    whole: true,
    min: 1,
    max: 10000,
    tooSmall: msgf('atLeastValue', { min: 1 }),
    tooLarge: msgf('atMost', { max: 10000 }),
  }),
  /** How much of each sample, in `unitId` (both or neither). */
  amount: positiveAmount.nullable().optional(),
  unitId: Id.nullable().optional(),
  note: optionalText(500),
});
export type RequestLine = z.output<typeof RequestLine>;

const Fields = z.object({
  distributionProtocolId: Id,
  title: requiredText(200),
  /** What the samples are for (the research question). */
  description: optionalText(4000, undefined, 'multi'),
  /** Samples matching this saved query (the query builder's, docs/research.md), eligible for the protocol. */
  savedQueryId: Id.nullable().optional(),
  /** Or (and) a list of specimen criteria with quantities. */
  lines: z
    .array(RequestLine, { error: MSG.listOfCriteria })
    .max(MAX_REQUEST_LINES, msgf('atMostSpecimenCriteria', { max: MAX_REQUEST_LINES }))
    .default([]),
});
function linesHaveUnits(r: { lines: RequestLine[] }, ctx: z.RefinementCtx) {
  r.lines.forEach((l, i) => {
    if ((l.amount == null) !== (l.unitId == null))
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'unitId'], message: MSG.amountWithUnit });
  });
}
export const ResearchRequestInput = Fields.superRefine(linesHaveUnits);
export type ResearchRequestInput = z.output<typeof ResearchRequestInput>;
export type ResearchRequestValues = z.input<typeof ResearchRequestInput>;
export const ResearchRequestUpdate = Fields.extend(ConcurrencyStamp.shape).superRefine(linesHaveUnits);
export type ResearchRequestUpdate = z.output<typeof ResearchRequestUpdate>;
export type ResearchRequestUpdateValues = z.input<typeof ResearchRequestUpdate>;

/** A transition that needs only the stamp (submit, approve, close). */
export const RequestStampInput = ConcurrencyStamp.extend({ comment: optionalText(2000, undefined, 'multi') });
export type RequestStampInput = z.output<typeof RequestStampInput>;
/** Reject, ask for changes, cancel: the reason is required and shown to the requester. */
export const RequestReasonInput = ConcurrencyStamp.extend({ reason: requiredText(2000, undefined, 'multi') });
export type RequestReasonInput = z.output<typeof RequestReasonInput>;

/** Pick samples for an approved request: each is reserved for it (one open reservation per sample). */
export const PickInput = ConcurrencyStamp.extend({
  picks: z
    .array(
      z.object({
        collectedSampleId: Id,
        /** How much of the sample to distribute, in the sample's own unit. */
        amount: positiveAmount,
      }),
      { error: MSG.listOfSamples },
    )
    .min(1, MSG.pickSample)
    .max(MAX_PICKS, msgf('atMostSamplesAtOnce', { max: MAX_PICKS }))
    .refine((p) => new Set(p.map((x) => x.collectedSampleId)).size === p.length, MSG.eachSampleOnce),
});
export type PickInput = z.output<typeof PickInput>;

/** The material transfer agreement: its signed date and the signed document (PDF, PNG or JPEG, at most 5 MB). */
export const MtaInput = EthicsDocumentInput.extend({ signedDate: isoDate });
export type MtaInput = z.output<typeof MtaInput>;
export const MTA_DOCUMENT_TYPES = ETHICS_DOCUMENT_TYPES;

/** Distribute every eligible reserved item: quantities drawn through the ledger, the MTA must be on file. */
export const DistributeInput = ConcurrencyStamp.extend({
  method: z.enum(DELIVERY_METHODS, { error: MSG.handoverOrShipment }),
  /** With `shipment`: an existing shipment of the institution (not cancelled). */
  shipmentId: Id.nullable().optional(),
  /** Handed over to whom, a tracking note: free text. */
  note: optionalText(1000, undefined, 'multi'),
}).superRefine((d, ctx) => {
  if (d.method === 'shipment' && d.shipmentId == null)
    ctx.addIssue({ code: 'custom', path: ['shipmentId'], message: MSG.chooseShipment });
  if (d.method === 'handover' && d.shipmentId != null)
    ctx.addIssue({ code: 'custom', path: ['shipmentId'], message: MSG.handoverNoShipment });
});
export type DistributeInput = z.output<typeof DistributeInput>;

/** Give unused material back: each amount goes back into the sample through the ledger. */
export const ReturnInput = ConcurrencyStamp.extend({
  items: z
    .array(
      z.object({
        itemId: Id,
        amount: positiveAmount,
      }),
      { error: MSG.listOfReturned },
    )
    .min(1, MSG.returnItem)
    .max(MAX_RETURNS, msgf('atMostItemsAtOnce', { max: MAX_RETURNS }))
    .refine((p) => new Set(p.map((x) => x.itemId)).size === p.length, MSG.eachItemOnce),
  reason: optionalText(1000, undefined, 'multi'),
});
export type ReturnInput = z.output<typeof ReturnInput>;

export const ResearchRequestParams = z.object({ instId: Id, researchRequestId: Id });
export const RequestItemParams = ResearchRequestParams.extend({ itemId: Id });

export const ResearchRequestListQuery = PagingQuery.extend({
  /** Comma-separated states (`submitted,changes_requested`). */
  states: idListQueryOfStates(),
  distributionProtocolId: Id.optional(),
  /** Only the caller's own requests (a Researcher always sees only theirs). */
  mine: PagingQuery.shape.isEnabled,
});
export type ResearchRequestListQuery = z.output<typeof ResearchRequestListQuery>;

/** States as `?states=a,b` or repeated `?states=a&states=b`. */
function idListQueryOfStates() {
  return z
    .preprocess(
      (v) => (Array.isArray(v) ? v.join(',') : v),
      z
        .string()
        .max(300)
        .transform((s) =>
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        )
        .pipe(z.array(RequestStateSchema).max(REQUEST_STATES.length)),
    )
    .optional();
}
/** The pick list's page and filter. */
export const SuggestionQuery = PagingQuery.pick({ pageNumber: true, pageSize: true }).extend({
  /** Only samples of these specimen types. */
  specimenTypeIds: idListQuery(50),
});
export type SuggestionQuery = z.output<typeof SuggestionQuery>;

const AccountOption = z.object({ id: z.number(), firstName: z.string(), lastName: z.string() });
const Titled = z.object({ id: z.number(), title: z.string() });

export const RequestLineView = z.object({
  specimenTypeId: z.number(),
  specimenType: z.string().nullable(),
  count: z.number(),
  amount: z.number().nullable(),
  unitId: z.number().nullable(),
  unit: z.string().nullable(),
  note: z.string().nullable(),
});

/** The agreement's facts (its bytes: GET .../mta). */
export const MtaInfo = z.object({
  signedDate: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  uploadedDate: z.string(),
});

export const Delivery = z.object({
  method: z.enum(DELIVERY_METHODS),
  shipmentId: z.number().nullable(),
  shipmentName: z.string().nullable(),
  note: z.string().nullable(),
  date: z.string(),
});

/** One step of the request's life, newest last. */
export const RequestEvent = z.object({
  at: z.string(),
  action: z.string(),
  account: AccountOption.nullable(),
  /** The reason or comment given with it (a rejection's reason, the changes asked for). */
  reason: z.string().nullable(),
});

/** A request as both the researcher and staff see it: no donor, no sample, no internal id but its own. */
export const ResearchRequest = RecordBase.extend({
  institutionId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  distributionProtocolId: z.number(),
  distributionProtocol: Titled,
  requesterId: z.number(),
  requester: AccountOption.nullable(),
  savedQueryId: z.number().nullable(),
  savedQuery: z.object({ id: z.number(), name: z.string() }).nullable(),
  lines: z.array(RequestLineView),
  state: RequestStateSchema,
  /** The last rejection's or change request's reason (the requester reads it). */
  stateReason: z.string().nullable(),
  submittedDate: z.string().nullable(),
  decidedDate: z.string().nullable(),
  decidedBy: AccountOption.nullable(),
  distributedDate: z.string().nullable(),
  /** Picked samples still reserved and eligible now (before distribution), or distributed (after). */
  itemCount: z.number(),
  mta: MtaInfo.nullable(),
  delivery: Delivery.nullable(),
  history: z.array(RequestEvent),
  /** What the caller may do now (the server checks again): edit/submit/cancel, decide, pick/distribute/return. */
  may: z.object({
    edit: z.boolean(),
    decide: z.boolean(),
    fulfil: z.boolean(),
    cancel: z.boolean(),
  }),
  concurrencyStamp: z.string(),
});
export type ResearchRequest = z.infer<typeof ResearchRequest>;

/** A picked sample as staff see it (`requests.review`): the lab's sample ID, never the donor. */
export const RequestItem = z.object({
  id: z.number(),
  collectedSampleId: z.number(),
  sampleId: z.string(),
  specimenType: z.string().nullable(),
  unit: z.string().nullable(),
  /** Amount to distribute (reserved) or distributed, in the sample's unit. */
  amount: z.number(),
  returnedAmount: z.number(),
  remainingAmount: z.number(),
  state: z.enum(REQUEST_ITEM_STATES),
  /** Before distribution: whether the donor's consent still allows it for the protocol (live, THE rule). */
  eligible: z.boolean(),
  /** The pseudonymous code given at distribution (random, unique per request); null before. */
  code: z.string().nullable(),
  reservedDate: z.string(),
  releasedReason: z.string().nullable(),
});
export type RequestItem = z.infer<typeof RequestItem>;

/** A sample the request's query or criteria suggest: eligible now and reserved by no open request. */
export const PickSuggestion = z.object({
  collectedSampleId: z.number(),
  sampleId: z.string(),
  specimenTypeId: z.number(),
  specimenType: z.string().nullable(),
  remainingAmount: z.number(),
  unitId: z.number(),
  unit: z.string().nullable(),
  collectedDate: z.string(),
  inStorage: z.boolean(),
  /** The line (index into `lines`) it matches, or null when it matches the saved query. */
  lineIndex: z.number().nullable(),
});
export type PickSuggestion = z.infer<typeof PickSuggestion>;

/** A distributed sample as the researcher sees it: the per-distribution code, never the sample ID or donor. */
export const DistributedSample = z.object({
  code: z.string(),
  specimenType: z.string().nullable(),
  amount: z.number(),
  returnedAmount: z.number(),
  unit: z.string().nullable(),
  distributedDate: z.string(),
});
export type DistributedSample = z.infer<typeof DistributedSample>;
