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
  requiredText as required,
  trimmedText,
  typedNumber,
  visibleText,
} from './common.contract';

// Collection protocols, consents, sites (spec 2 §3, §5, §9). Events and requirements: protocol-events.contract.ts.

/** Spec 2 §9: protocol, event and requirement codes are at most 2 characters. */
export const code2 = trimmedText(2, MSG.code2);
const requiredCode = code2.min(1, MSG.required);
/** A quantity: 0 or more, as a number or text that parses completely (common.contract.ts typedNumber). */
export const quantity = typedNumber({ min: 0, max: 1e9, tooLarge: msgf('atMost', { max: 1000000000 }) });
const wholeCount = typedNumber({ whole: true, min: 0, max: 1e9, tooLarge: msgf('atMost', { max: 1000000000 }) });

const ProtocolFields = z.object({
  title: required(200),
  abbreviation: required(50),
  code: requiredCode,
  startDate: optionalIsoDate,
  endDate: optionalIsoDate,
  expectedParticipants: wholeCount.default(0),
  institutionId: optionalId,
});
function startBeforeEnd(p: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx) {
  if (p.startDate && p.endDate && p.startDate > p.endDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endDateBeforeStart });
}
export const ProtocolInput = ProtocolFields.superRefine(startBeforeEnd);
/** What the service receives (parsed); the web's form holds `ProtocolValues`. */
export type ProtocolInput = z.output<typeof ProtocolInput>;
export type ProtocolValues = z.input<typeof ProtocolInput>;
/** Spec 2 §5: on update the code is not required (blank keeps the current code). */
export const ProtocolUpdate = ProtocolFields.extend({ code: code2.optional(), ...ConcurrencyStamp.shape }).superRefine(
  startBeforeEnd,
);
/** What the service receives (parsed); the web's form holds `ProtocolUpdateValues`. */
export type ProtocolUpdate = z.output<typeof ProtocolUpdate>;
export type ProtocolUpdateValues = z.input<typeof ProtocolUpdate>;

export const Protocol = RecordBase.extend({
  institutionId: z.number(),
  title: z.string(),
  abbreviation: z.string(),
  code: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  expectedParticipants: z.number(),
  concurrencyStamp: z.string(),
});
export type Protocol = z.infer<typeof Protocol>;

export const ProtocolParams = z.object({ instId: Id, protocolId: Id });

/**
 * The protocol list. `OpenOn` (a calendar date, the user's today) keeps protocols still open on that day,
 * i.e. without an end date or ending on or after it: the dashboard's 'Pending Collection Protocols'.
 */
export const ProtocolListQuery = PagingQuery.extend({ openOn: isoDate.optional() });
export type ProtocolListQuery = z.infer<typeof ProtocolListQuery>;

/** Consent text: HTML from the rich-text editor, sanitised on the server before it is stored. */
export const CONSENT_MAX_CHARS = 200_000;
const ConsentFields = z.object({
  title: required(200),
  consent: visibleText(CONSENT_MAX_CHARS, { lines: 'multi', trim: false }).default(''),
  institutionId: optionalId,
  collectionProtocolId: optionalId,
  /**
   * Issue 32 item 2: the consent purposes (Consent Purpose list) this text grants when signed. Absent keeps the
   * current version's (the spec's body has none); a signed version's purposes never change (a new version).
   */
  purposeIds: z
    .array(Id, { error: MSG.purposeList })
    .max(50, MSG.purposesAtMost50)
    .refine((ids) => new Set(ids).size === ids.length, MSG.purposeOnce)
    .optional(),
});
export const ConsentInput = ConsentFields;
/** What the service receives (parsed); the web's form holds `ConsentValues`. */
export type ConsentInput = z.output<typeof ConsentInput>;
export type ConsentValues = z.input<typeof ConsentInput>;
export const ConsentUpdate = ConsentFields.extend(ConcurrencyStamp.shape);
/** What the service receives (parsed); the web's form holds `ConsentUpdateValues`. */
export type ConsentUpdate = z.output<typeof ConsentUpdate>;
export type ConsentUpdateValues = z.input<typeof ConsentUpdate>;

export const Consent = RecordBase.extend({
  collectionProtocolId: z.number(),
  title: z.string(),
  /** The current version's sanitised HTML. */
  consent: z.string(),
  version: z.number(),
  consentVersionId: z.number(),
  /** Signatures on any version: a signed version's text is never changed (docs/protocols.md). */
  signatureCount: z.number(),
  /** The purposes the current version grants when signed (issue 32 item 2). */
  purposes: z.array(z.object({ id: z.number(), title: z.string() })),
  concurrencyStamp: z.string(),
});
export type Consent = z.infer<typeof Consent>;

export const ConsentVersion = z.object({
  id: z.number(),
  version: z.number(),
  consent: z.string(),
  createdDate: z.string(),
  signatureCount: z.number(),
  purposes: z.array(z.object({ id: z.number(), title: z.string() })),
});

/** One site (spec payload) or many at once; none does nothing (spec 2 §5). */
export const SitesInput = z.object({
  institutionSiteId: optionalId,
  institutionSiteIds: z.array(Id).max(500, MSG.sitesAtMost500).default([]),
  institutionId: optionalId,
  collectionProtocolId: optionalId,
});
/** What the service receives (parsed); the web's form holds `SitesValues`. */
export type SitesInput = z.output<typeof SitesInput>;
export type SitesValues = z.input<typeof SitesInput>;

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
export const ProtocolSite = RecordBase.extend({
  collectionProtocolId: z.number(),
  institutionSiteId: z.number(),
  institutionSite: Ref,
  institution: Ref,
});
export type ProtocolSite = z.infer<typeof ProtocolSite>;
export const SitesAdded = z.object({ added: z.number(), sites: z.array(ProtocolSite) });
