import { z } from 'zod';
import {
  ConcurrencyStamp,
  Id,
  optionalIsoDate,
  PagingQuery,
  RecordBase,
  requiredId,
  requiredText as required,
  text,
  trimmedText,
} from './common.contract';
import { MSG } from './messages';

// Distribution protocols (issue 32 item 1, docs/research.md): a study that may receive samples. Its consent
// purposes decide which samples are eligible (issue 32 item 2: the one rule in
// server/modules/distribution/eligibility.repository.ts).

/** At most this many purposes a protocol needs, and approvers it names. */
export const MAX_DISTRIBUTION_PURPOSES = 50;
export const MAX_APPROVERS = 50;

/** A list of ids, with its three messages (contract/messages.ts, translated by key). */
const idList = (max: number, messages: { list: string; max: string; once: string }) =>
  z
    .array(Id, { error: messages.list })
    .max(max, messages.max)
    .refine((ids) => new Set(ids).size === ids.length, messages.once);

const Fields = z.object({
  title: required(200),
  /** The principal investigator: an account of the institution. */
  principalInvestigatorId: requiredId,
  /** The investigator's institution (free text: a researcher's university is often not an institution here). */
  institutionName: required(200),
  ethicsApprovalNumber: required(100),
  startDate: optionalIsoDate,
  endDate: optionalIsoDate,
  /** The consent purposes (the institution's Consent Purpose list) a sample's donor must have granted, all of them. */
  purposeIds: idList(MAX_DISTRIBUTION_PURPOSES, {
    list: MSG.purposeList,
    max: MSG.purposesAtMost50,
    once: MSG.purposeOnce,
  }).default([]),
  /** The accounts of the institution who may approve requests under it. */
  approverIds: idList(MAX_APPROVERS, { list: MSG.approverList, max: MSG.approverMax, once: MSG.approverOnce }).default(
    [],
  ),
});
function startBeforeEnd(p: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx) {
  if (p.startDate && p.endDate && p.startDate > p.endDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endDateBeforeStart });
}
export const DistributionProtocolInput = Fields.superRefine(startBeforeEnd);
export type DistributionProtocolInput = z.output<typeof DistributionProtocolInput>;
export type DistributionProtocolValues = z.input<typeof DistributionProtocolInput>;
export const DistributionProtocolUpdate = Fields.extend(ConcurrencyStamp.shape).superRefine(startBeforeEnd);
export type DistributionProtocolUpdate = z.output<typeof DistributionProtocolUpdate>;
export type DistributionProtocolUpdateValues = z.input<typeof DistributionProtocolUpdate>;

const AccountOption = z.object({ id: z.number(), firstName: z.string(), lastName: z.string() });
const Titled = z.object({ id: z.number(), title: z.string() });

/** The ethics approval document's facts (its bytes: GET .../ethicsDocument). */
export const EthicsDocumentInfo = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  uploadedDate: z.string(),
});

export const DistributionProtocol = RecordBase.extend({
  institutionId: z.number(),
  title: z.string(),
  principalInvestigatorId: z.number(),
  principalInvestigator: AccountOption.nullable(),
  institutionName: z.string(),
  ethicsApprovalNumber: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  purposes: z.array(Titled),
  approvers: z.array(AccountOption),
  ethicsDocument: EthicsDocumentInfo.nullable(),
  concurrencyStamp: z.string(),
});
export type DistributionProtocol = z.infer<typeof DistributionProtocol>;

export const DistributionProtocolParams = z.object({ instId: Id, distributionProtocolId: Id });
export const DistributionProtocolListQuery = PagingQuery;
export type DistributionProtocolListQuery = z.infer<typeof DistributionProtocolListQuery>;

/** The ethics document: PDF or an image, at most 5 MB. */
export const ETHICS_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ETHICS_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const EthicsDocumentInput = z.object({
  fileName: trimmedText(200).min(1, MSG.required),
  contentType: z.enum(ETHICS_DOCUMENT_TYPES, { error: MSG.pdfPngJpeg }),
  /** The file's bytes in base64 (a data URL's prefix is accepted and dropped). */
  data: text(Math.ceil((ETHICS_DOCUMENT_MAX_BYTES * 4) / 3) + 100, MSG.documentTooLarge).min(1, MSG.required),
});
export type EthicsDocumentInput = z.output<typeof EthicsDocumentInput>;

/** Samples of the institution eligible for the protocol now (docs/research.md "Eligibility"). */
export const EligibilityCount = z.object({ count: z.number(), purposeIds: z.array(z.number()) });
