import { z } from 'zod';
import { MSG } from './messages';
import { PatientCard } from './participants.contract';
import {
  AccountRef,
  ConcurrencyStamp,
  Id,
  optionalId,
  optionalText,
  RecordBase,
  requiredId,
  multilineText,
  requiredText,
  sortQuery,
  trimmedText,
  visibleText,
} from './common.contract';

/** Sample IDs: letters, digits and - _ . / only, so they print as Code 128 and scan back unchanged. */
export const SampleId = requiredText(40).regex(/^[A-Za-z0-9._/-]+$/, MSG.sampleIdCharacters);

// spec 1 §3 order create payload (spec 1 §7 POST LIMSOrders).
export const OrderInput = z.object({
  patientId: requiredId,
  priorityId: requiredId,
  institutionSiteId: optionalId,
  collectedSampleId: optionalId,
  paymentCategoryId: optionalId,
  commentToLab: optionalText(2000, undefined, 'multi'),
  sampleId: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), SampleId.optional()),
  institutionId: optionalId,
});
export type OrderInput = z.input<typeof OrderInput>;
export type OrderInputValues = z.output<typeof OrderInput>;

/** The New Order stepper's one command: one order per participant, each with its panels, all or nothing. */
export const PlaceOrders = OrderInput.omit({ patientId: true, sampleId: true }).extend({
  patientIds: z.array(Id, { error: MSG.requiredSelect }).min(1, MSG.selectParticipant).max(100),
  panelIds: z.array(Id, { error: MSG.requiredSelect }).min(1, MSG.requiredSelect).max(50),
});
export type PlaceOrders = z.input<typeof PlaceOrders>;
export type PlaceOrdersValues = z.output<typeof PlaceOrders>;

/**
 * Order tests on one collected sample from its page (issue 31): for the sample's participant, or on a received sample
 * (no participant here) for its pseudonymous donor code. The sample is the path's; panels as in PlaceOrders.
 */
export const SampleOrderInput = PlaceOrders.omit({ patientIds: true, collectedSampleId: true, institutionId: true });
export type SampleOrderInput = z.input<typeof SampleOrderInput>;
export type SampleOrderValues = z.output<typeof SampleOrderInput>;

export const OrderedPanelInput = z.object({
  panelId: requiredId,
  comment: optionalText(2000, undefined, 'multi'),
  limsOrderId: optionalId,
});
export type OrderedPanelValues = z.output<typeof OrderedPanelInput>;

/**
 * An order's release state, from the release rows of the tests of its enabled panels: every test
 * released, some (a panel released, or single tests), or none yet.
 */
export const RELEASE_STATES = ['pending', 'partly', 'released'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];
export const RELEASE_STATE_LABELS: Record<ReleaseState, string> = {
  pending: 'Pending',
  partly: 'Partly released',
  released: 'Released',
};

/** What the orders list sorts by: ordered date (newest first, the default), priority urgency, release state. */
export const ORDER_SORTS = ['createdDate', 'priority', 'releaseState'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const OrderQuery = z.object({
  sampleId: trimmedText(40).optional(),
  patientId: Id.optional(),
  collectedSampleId: Id.optional(),
  /** The COLLECTED SAMPLE ID tab: orders on the collected sample with this sample ID (exact, any case). */
  collectedSample: trimmedText(60).optional(),
  mrn: trimmedText(50).optional(),
  releaseState: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(RELEASE_STATES, { error: MSG.releaseStateOneOf }),
    )
    .optional(),
  ...sortQuery(ORDER_SORTS, 'createdDate'),
});

/** A result as entered (not trimmed; a free-text result may span lines). */
const resultText = visibleText(500, { lines: 'multi', trim: false });
export const ResultInput = z.object({ result: resultText.nullable(), ...ConcurrencyStamp.shape });
export type ResultInput = z.input<typeof ResultInput>;
export type ResultInputValues = z.output<typeof ResultInput>;

/** Save several changed results of one order at once: all saved or none. */
export const SaveResults = z.object({
  results: z
    .array(z.object({ resultId: Id, result: resultText.nullable(), ...ConcurrencyStamp.shape }))
    .min(1)
    .max(500),
});
export type SaveResults = z.input<typeof SaveResults>;
export type SaveResultsValues = z.output<typeof SaveResults>;

export const AmendInput = z.object({
  result: requiredText(500, undefined, 'multi'),
  reason: requiredText(1000, undefined, 'multi'),
  ...ConcurrencyStamp.shape,
});
export type AmendInput = z.input<typeof AmendInput>;
export type AmendInputValues = z.output<typeof AmendInput>;

export const CommentInput = z.object({ comment: multilineText(2000).nullable(), ...ConcurrencyStamp.shape });

export const FLAGS = { L: 'Low', H: 'High' } as const;
export type Flag = keyof typeof FLAGS;

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();

export const OrderSummary = RecordBase.extend({
  sampleId: z.string(),
  /** Null only on an order on a received sample: its subject is `donorCode` (docs/decisions/0014-received-samples.md). */
  patientId: z.number().nullable(),
  patient: z
    .object({ id: z.number(), firstName: z.string(), fatherName: z.string(), grandFatherName: z.string() })
    .nullable(),
  /** The received sample's pseudonymous donor code when the order has no participant; otherwise null. */
  donorCode: z.string().nullable(),
  patientMRN: z.string().nullable(),
  institutionSite: Ref,
  priority: Ref,
  /** The priority's urgency (0 routine; higher is more urgent, e.g. Urgent 1, STAT 2). */
  priorityUrgency: z.number(),
  releaseState: z.enum(RELEASE_STATES),
  paymentCategory: Ref,
  collectedSampleId: z.number().nullable(),
  /** The collected sample the order is on, by its sample ID. */
  collectedSample: z.object({ id: z.number(), sampleId: z.string() }).nullable(),
  commentToLab: z.string().nullable(),
  orderedPanels: z.array(z.string()),
  concurrencyStamp: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderedTestDetail = z.object({
  id: z.number(),
  testId: z.number(),
  test: z.object({
    id: z.number(),
    title: z.string(),
    abbreviation: z.string().nullable(),
    unitSymbol: z.string().nullable(),
    hasRange: z.boolean(),
    hasAcceptedValue: z.boolean(),
  }),
  comment: z.string().nullable(),
  concurrencyStamp: z.string(),
  testAcceptedValues: z.array(z.object({ id: z.number(), title: z.string() })),
  testResultRange: z.object({ id: z.number(), minimumValue: z.number(), maximumValue: z.number() }).nullable(),
  testResult: z.object({
    id: z.number(),
    result: z.string().nullable(),
    flag: z.enum(['L', 'H']).nullable(),
    concurrencyStamp: z.string(),
    updatedDate: z.string().nullable(),
    updatedBy: AccountRef,
    amended: z.boolean(),
  }),
  testResultRelease: z.object({
    id: z.number(),
    isReleased: z.boolean(),
    releasedDate: z.string().nullable(),
    releasedBy: AccountRef,
  }),
});
export type OrderedTestDetail = z.infer<typeof OrderedTestDetail>;

export const OrderedPanelDetail = z.object({
  id: z.number(),
  panelId: z.number(),
  panel: z.object({ id: z.number(), title: z.string() }),
  comment: z.string().nullable(),
  enabledDate: z.string().nullable(),
  orderedTests: z.array(OrderedTestDetail),
});
export type OrderedPanelDetail = z.infer<typeof OrderedPanelDetail>;

export const OrderDetail = OrderSummary.extend({
  patient: PatientCard.nullable(),
  patientMRNs: z.array(z.object({ id: z.number(), mrn: z.string(), institutionSite: Ref })),
  orderedPanels: z.array(OrderedPanelDetail),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const ResultHistoryEntry = z.object({
  id: z.number(),
  previousResult: z.string().nullable(),
  newResult: z.string().nullable(),
  reason: z.string().nullable(),
  action: z.string(),
  at: z.string(),
  account: AccountRef,
});
export type ResultHistoryEntry = z.infer<typeof ResultHistoryEntry>;
