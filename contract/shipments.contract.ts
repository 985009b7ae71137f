import { MSG, msgf } from './messages';
import { z } from 'zod';
import {
  Id,
  InstParam,
  optionalId,
  optionalIsoDate,
  optionalText,
  PageQuery,
  PagingQuery,
  RecordBase,
  requiredId,
  requiredText,
  trimmedText,
} from './common.contract';
import { collectedTime } from './samples.contract';

// Shipments of collected samples to another institution (spec 2 §2 "Shipments", §3, §4, §7; docs/shipments.md).

export const SHIPMENT_STATUSES = ['draft', 'shipped', 'partially_received', 'received', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** `cancelled`: the item of a cancelled shipment (it no longer holds its sample). */
export const SHIPMENT_ITEM_STATUSES = ['pending', 'received', 'rejected', 'cancelled'] as const;
export type ShipmentItemStatus = (typeof SHIPMENT_ITEM_STATUSES)[number];
/** Most samples one create (one transaction) may ship. */
export const MAX_SHIPMENT_ITEMS = 500;

const bool = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: MSG.trueOrFalse })
  .transform((v) => v === true || v === 'true');
const flag = bool.optional().transform((v) => v ?? false);

/** A tracking page the receiver may open: http or https only (never javascript: or data:). */
export const trackingUrl = trimmedText(2000)
  .nullish()
  .transform((v) => v || null)
  .refine((v) => {
    if (!v) return true;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, MSG.webAddress);

const sampleIds = z
  .array(Id, { error: MSG.listOfSampleIds })
  .max(MAX_SHIPMENT_ITEMS, msgf('atMostSamplesInShipment', { max: MAX_SHIPMENT_ITEMS }));

/**
 * The shipment payload (spec 2 §3) plus the atomic create: `collectedSampleIds` become its items in the
 * same transaction. With `draft: true` (the screen's Save as draft), or with no samples and no shipped
 * date, the shipment is a draft until `/send`. With no samples but a shipped date (the spec's client,
 * which adds items one call each) it is sent when its first item is added (docs/shipments.md).
 */
export const ShipmentInput = z
  .object({
    name: requiredText(200),
    trackingNumber: optionalText(100),
    trackingURL: trackingUrl,
    /** The caller's institution; accepted for the spec's payload, another id is refused. */
    sendingInstitutionId: optionalId,
    sendingInstitutionSiteId: requiredId,
    receivingInstitutionId: requiredId,
    receivingInstitutionSiteId: requiredId,
    /** Default: today (UTC). */
    shippedDate: optionalIsoDate,
    /** Default: now (UTC, HH:MM). */
    shippedTime: collectedTime
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    collectionProtocolId: optionalId,
    includeDonorIdentity: flag,
    draft: flag,
    collectedSampleIds: sampleIds.optional().transform((v) => v ?? []),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.collectedSampleIds).size !== v.collectedSampleIds.length)
      ctx.addIssue({ code: 'custom', path: ['collectedSampleIds'], message: MSG.sampleListedTwice });
  });
export type ShipmentInput = z.output<typeof ShipmentInput>;

/** Spec 2 §7: one item per call, added to a draft (or to a shipment the spec's call sends, while nothing is processed). `received`/`rejected` are accepted and ignored (new items are pending). */
export const ShipmentItemInput = z.object({
  collectedSampleId: requiredId,
  collectedSampleShipmentId: optionalId,
  received: bool.optional(),
  rejected: bool.optional(),
});
export type ShipmentItemInput = z.output<typeof ShipmentItemInput>;

/**
 * Receiving or rejecting one item. `concurrencyStamp` (the item's) is checked when given; the spec's
 * fields (`receivedDate`, ...) are accepted and ignored: the server records who and when.
 */
export const ReceiveInput = z
  .object({
    concurrencyStamp: z.string().max(100).optional(),
    collectedSampleShipmentId: optionalId,
    collectedSampleId: optionalId,
    received: bool.optional(),
    rejected: bool.optional(),
    receivedDate: z.string().max(100).nullish(),
  })
  .optional();
export type ReceiveInput = z.output<typeof ReceiveInput>;
/** `reason` is optional on the API (the spec's body has none); the screen asks for it. */
export const RejectInput = z.object({
  reason: optionalText(500, undefined, 'multi'),
  concurrencyStamp: z.string().max(100).optional(),
  collectedSampleShipmentId: optionalId,
  collectedSampleId: optionalId,
  received: bool.optional(),
  rejected: bool.optional(),
  receivedDate: z.string().max(100).nullish(),
});
export type RejectInput = z.output<typeof RejectInput>;

/** Most items one bulk accept or reject (one transaction) takes: a whole shipment. */
export const MAX_BULK_ITEMS = MAX_SHIPMENT_ITEMS;

/** An item to accept or reject in bulk; `concurrencyStamp` (the item's, as listed) is checked when given. */
const BulkItem = z.object({ id: Id, concurrencyStamp: z.string().max(100).optional() });
const bulkItems = z
  .array(BulkItem, { error: MSG.listOfItems })
  .min(1, MSG.chooseItem)
  .max(MAX_BULK_ITEMS, msgf('atMostItemsInCall', { max: MAX_BULK_ITEMS }))
  .superRefine((items, ctx) => {
    const seen = new Set<number>();
    for (const { id } of items) {
      if (seen.has(id)) {
        ctx.addIssue({ code: 'custom', message: msgf('itemListedTwice', { id }) });
        return;
      }
      seen.add(id);
    }
  });

/**
 * Accepting several pending items of one shipment in ONE call and one transaction (a whole box): all of
 * them or none (docs/shipments.md "Bulk accept and reject").
 */
export const BulkReceiveInput = z.object({ items: bulkItems });
export type BulkReceiveInput = z.output<typeof BulkReceiveInput>;
/** Rejecting several items at once: one reason for all of them, required here (the screen always asks for it). */
export const BulkRejectInput = z.object({ items: bulkItems, reason: requiredText(500, undefined, 'multi') });
export type BulkRejectInput = z.output<typeof BulkRejectInput>;

export const ShipmentListQuery = PagingQuery.extend({
  sendingInstitutionId: optionalId,
  receivingInstitutionId: optionalId,
  status: z.enum(SHIPMENT_STATUSES, { error: msgf('oneOf', { choices: SHIPMENT_STATUSES.join(', ') }) }).optional(),
  /** Several statuses, comma-separated (the overview's Requests: `shipped,partially_received`). */
  statuses: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const list = v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const bad = list.find((x) => !(SHIPMENT_STATUSES as readonly string[]).includes(x));
      if (bad !== undefined || !list.length) {
        ctx.addIssue({ code: 'custom', message: msgf('statusesOneOf', { choices: SHIPMENT_STATUSES.join(', ') }) });
        return z.NEVER;
      }
      return list as ShipmentStatus[];
    }),
  collectionProtocolId: optionalId,
});
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>;

/** The create stepper's search: one sample ID, a patient MRN, or a collected-date range (both dates). */
export const CandidateQuery = PageQuery.extend({
  sampleId: trimmedText(60).optional(),
  patientMrn: trimmedText(100).optional(),
  startDate: optionalIsoDate,
  endDate: optionalIsoDate,
  collectionProtocolId: optionalId,
}).superRefine((q, ctx) => {
  if (Boolean(q.startDate) !== Boolean(q.endDate))
    ctx.addIssue({
      code: 'custom',
      path: [q.startDate ? 'endDate' : 'startDate'],
      message: MSG.bothDates,
    });
  else if (q.startDate && q.endDate && q.startDate > q.endDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endBeforeStart });
  if (!q.sampleId && !q.patientMrn && !q.startDate)
    ctx.addIssue({ code: 'custom', path: ['sampleId'], message: MSG.searchSampleBy });
});
export type CandidateQuery = z.infer<typeof CandidateQuery>;

export const ShipmentParams = InstParam.extend({ shipmentId: Id });
export const ShipmentItemParams = ShipmentParams.extend({ itemId: Id });

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
const UnitRef = z.object({ unitName: z.string().nullable(), unitSymbol: z.string().nullable() });

/** A party that may be another installation's (an imported shipment's sender): no id here. */
const PartyRef = z.object({ id: z.number().nullable(), title: z.string().nullable() }).nullable();

/** The sender of a shipment imported from another installation's manifest (docs/shipments.md "Manifest exchange"). */
export const ExternalSender = z.object({
  title: z.string(),
  abbreviation: z.string(),
  site: z.string().nullable(),
  installation: z.string().nullable(),
});

export const Shipment = RecordBase.extend({
  concurrencyStamp: z.string(),
  name: z.string(),
  trackingNumber: z.string().nullable(),
  trackingURL: z.string().nullable(),
  /** `id` null for an imported shipment (the sender is another installation's institution). */
  sendingInstitution: PartyRef,
  sendingInstitutionSite: PartyRef,
  receivingInstitution: Ref,
  receivingInstitutionSite: Ref,
  shippedDate: z.string(),
  shippedTime: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  /** When the last pending item was processed (status received). */
  receivedDate: z.string().nullable(),
  receivedTime: z.string().nullable(),
  /** When an item was last received or rejected (the list's Processed Date/Time). */
  processedDate: z.string().nullable(),
  processedTime: z.string().nullable(),
  includeDonorIdentity: z.boolean(),
  /** The sender's protocol: null for the receiver (the sender's data). */
  collectionProtocol: Ref,
  /** Whether the caller's institution sent it (SENT) or receives it (RECEIVED). */
  direction: z.enum(['sent', 'received']),
  itemCounts: z.object({ total: z.number(), pending: z.number(), received: z.number(), rejected: z.number() }),
  /** Set when the shipment was imported from a manifest file: its sender, and the manifest's SHA-256 (hex). */
  externalSender: ExternalSender.nullable(),
  manifestSha256: z.string().nullable(),
});
export type Shipment = z.infer<typeof Shipment>;

/** What both sides see of a shipped sample: its ID, type, amount and unit; the donor only if the sender chose to include it. */
export const ShippedSample = z.object({
  /** Null for an item of an imported shipment (another installation's sample: no record here). */
  id: z.number().nullable(),
  sampleId: z.string(),
  specimenType: PartyRef,
  amount: z.number(),
  unitOfMeasurement: UnitRef,
  donor: z
    .object({ firstName: z.string(), fatherName: z.string(), grandFatherName: z.string(), mrn: z.string().nullable() })
    .nullable(),
});

export const ShipmentItem = z.object({
  id: z.number(),
  collectedSampleShipmentId: z.number(),
  /** Null for an item of an imported shipment. */
  collectedSampleId: z.number().nullable(),
  status: z.enum(SHIPMENT_ITEM_STATUSES),
  received: z.boolean(),
  rejected: z.boolean(),
  /** When it was received or rejected. */
  receivedDate: z.string().nullable(),
  processedAccount: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  reason: z.string().nullable(),
  collectedSample: ShippedSample,
  /** Where the sample is stored now in the caller's own boxes ("Freezer > ... > B4"), or null (docs/shipments.md "Custody"). */
  storedAt: z.string().nullable(),
  /** The receiver's own sample record made when it accepted the item (the receiver only; null for the sender and before acceptance). */
  receivedSample: z.object({ id: z.number(), sampleId: z.string() }).nullable(),
  concurrencyStamp: z.string(),
});
export type ShipmentItem = z.infer<typeof ShipmentItem>;

/** A bulk accept or reject: the shipment after it (status rolled up) and the items it processed. */
export const BulkProcessResult = z.object({ shipment: Shipment, items: z.array(ShipmentItem) });
export type BulkProcessResult = z.infer<typeof BulkProcessResult>;

/**
 * One item a bulk accept or reject refused (the 409 `shipments.items_refused` lists them all in `items`,
 * an extension member of the problem): `sampleId` null for an id that is not an item of this shipment.
 */
export const BulkRefusal = z.object({
  itemId: z.number(),
  sampleId: z.string().nullable(),
  code: z.string(),
  title: z.string(),
});
export type BulkRefusal = z.infer<typeof BulkRefusal>;
export const BulkRefusals = z.object({ items: z.array(BulkRefusal) });

/** A sample the caller may ship (the stepper's result table). */
export const ShipmentCandidate = z.object({
  id: z.number(),
  sampleId: z.string(),
  specimenType: Ref,
  amount: z.number(),
  unitOfMeasurement: UnitRef,
  /** Null for a sample received from another institution (it has no protocol here). */
  collectionProtocol: Ref.nullable(),
  collectedDate: z.string(),
  hasWithdrawnConsent: z.boolean(),
});
export type ShipmentCandidate = z.infer<typeof ShipmentCandidate>;

/**
 * The manifest file (a FHIR R4 Bundle, docs/shipments.md "Manifest exchange") as posted to the import
 * and its preview: checked in full by the server (hash, then shape), so only its outline is declared here.
 */
export const ManifestInput = z.looseObject({ resourceType: z.literal('Bundle') });

/** What a manifest holds, as the import's preview shows it before anything is created. */
export const ManifestPreview = z.object({
  sha256: z.string(),
  name: z.string(),
  trackingNumber: z.string().nullable(),
  trackingURL: z.string().nullable(),
  shippedDate: z.string(),
  shippedTime: z.string(),
  sender: ExternalSender,
  receiver: z.object({ title: z.string(), abbreviation: z.string(), site: z.string().nullable() }),
  includeDonorIdentity: z.boolean(),
  items: z.array(
    z.object({
      sampleId: z.string(),
      specimenType: z.string().nullable(),
      amount: z.number(),
      unit: z.string().nullable(),
      parentSampleId: z.string().nullable(),
    }),
  ),
  /** The trusted partner whose key signed the manifest (verified before anything else is read). */
  signedBy: z.object({
    title: z.string(),
    abbreviation: z.string(),
    installation: z.string().nullable(),
    keyId: z.string(),
    keyStatus: z.enum(['active', 'retired']),
  }),
  /** The shipment this manifest was already imported as, if it was (importing it again is 409). */
  alreadyImported: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type ManifestPreview = z.infer<typeof ManifestPreview>;

/**
 * The signed receipt a receiver issues for a shipment imported from a manifest, and its sender imports
 * (docs/shipments.md "Receipts"): each item's outcome against the manifest's SHA-256, signed as manifests are.
 * Declared in outline for the import's body (the server verifies the signature on the bytes as posted, then
 * reads it with `ShipmentReceipt`).
 */
export const RECEIPT_FORMAT = 'biobank-lims-shipment-receipt' as const;
export const ReceiptInput = z.looseObject({ format: z.literal(RECEIPT_FORMAT) });
const Party = z.object({
  title: z.string().min(1).max(200),
  abbreviation: z.string().min(1).max(20),
  installation: z.string().max(255).nullable(),
});
export const ShipmentReceipt = z.object({
  format: z.literal(RECEIPT_FORMAT),
  version: z.literal(1),
  manifestSha256: z.string().regex(/^[0-9a-f]{64}$/, MSG.notSha256),
  shipment: z.object({ name: z.string().min(1).max(200) }),
  sender: Party,
  receiver: Party,
  issuedAt: z.iso.datetime({ offset: true }),
  items: z
    .array(
      z.object({
        sampleId: z.string().min(1).max(200),
        outcome: z.enum(['received', 'rejected']),
        processedAt: z.iso.datetime({ offset: true }),
        processedBy: z.string().max(300).nullable(),
        reason: z.string().max(1000).nullable(),
      }),
    )
    .min(1)
    .max(MAX_SHIPMENT_ITEMS),
  signature: z.object({ sigFormat: z.string().max(100), data: z.string().max(2000) }),
});
export type ShipmentReceipt = z.infer<typeof ShipmentReceipt>;

/** What importing a receipt changed: the items it closed now, those already closed the same way. */
export const ReceiptImportResult = z.object({
  shipment: Shipment,
  applied: z.number(),
  unchanged: z.number(),
  signedBy: ManifestPreview.shape.signedBy,
  message: z.string(),
});
export type ReceiptImportResult = z.infer<typeof ReceiptImportResult>;
