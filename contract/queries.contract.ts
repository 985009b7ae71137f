import { MSG, msgf } from './messages';
import { z } from 'zod';
import {
  ConcurrencyStamp,
  Id,
  InstParam,
  isoDate,
  PageQuery,
  PagingQuery,
  RecordBase,
  requiredText,
  optionalText,
  trimmedText,
} from './common.contract';
import { CellCount } from './research.contract';

// The query builder (issue 32 item 4, docs/research.md "Query builder"): criteria over the donor, the consent,
// the sample, lab results and questionnaire answers, combined in AND/OR groups. The server compiles one tree
// into ONE SQL statement (server/modules/queries/queries.repository.ts); researchers get counts (small-cell
// suppressed), staff also the list of samples and its CSV.

/** Bounds a query must keep (hostile input gets a 400 naming the bound, never a slow statement). */
export const MAX_QUERY_DEPTH = 4;
export const MAX_QUERY_CRITERIA = 30;
export const MAX_GROUP_ITEMS = 20;
export const MAX_IDS_PER_CRITERION = 50;

const ids = () =>
  z
    .array(Id, { error: MSG.chooseAtLeastOne })
    .min(1, MSG.chooseAtLeastOne)
    .max(MAX_IDS_PER_CRITERION, msgf('atMost', { max: MAX_IDS_PER_CRITERION }));
const amount = z.number({ error: MSG.mustBeNumber }).min(-1e12, MSG.tooSmall).max(1e12, MSG.tooLarge);
const optionalAmount = amount.nullable().optional();
const optionalDate = isoDate.nullable().optional();
function minNotAboveMax(c: { min?: number | null; max?: number | null }, ctx: z.RefinementCtx) {
  if (c.min != null && c.max != null && c.min > c.max)
    ctx.addIssue({ code: 'custom', path: ['max'], message: MSG.maxBelowMin });
}
function fromNotAfterTo(c: { from?: string | null; to?: string | null }, ctx: z.RefinementCtx) {
  if (c.from && c.to && c.from > c.to) ctx.addIssue({ code: 'custom', path: ['to'], message: MSG.endBeforeStart });
}

export const LINEAGES = ['primary', 'aliquot', 'derivative'] as const;
export const RESULT_FLAGS = ['L', 'H', 'normal'] as const;
export type ResultFlag = (typeof RESULT_FLAGS)[number];

/** One criterion; `field` says which. Ranges are inclusive; an absent bound is open. */
export const Criterion = z.discriminatedUnion('field', [
  /** The donor's age in whole years on the sample's collection date. */
  z
    .object({
      field: z.literal('age'),
      min: z.number().int('Whole years').min(0).max(150).nullable().optional(),
      max: z.number().int('Whole years').min(0).max(150).nullable().optional(),
    })
    .superRefine(minNotAboveMax),
  z.object({ field: z.literal('gender'), ids: ids() }),
  z.object({ field: z.literal('vitalStatus'), ids: ids() }),
  /** Every chosen consent purpose granted by the donor's consent in force (THE eligibility rule). */
  z.object({ field: z.literal('consentPurposes'), ids: ids() }),
  z.object({ field: z.literal('specimenType'), ids: ids() }),
  /** Remaining quantity, in the sample's unit; `unitId` limits it to samples measured in that unit. */
  z
    .object({
      field: z.literal('remainingQuantity'),
      min: optionalAmount,
      max: optionalAmount,
      unitId: Id.nullable().optional(),
    })
    .superRefine(minNotAboveMax),
  z.object({ field: z.literal('collectedDate'), from: optionalDate, to: optionalDate }).superRefine(fromNotAfterTo),
  z.object({ field: z.literal('lineage'), values: z.array(z.enum(LINEAGES)).min(1, MSG.chooseLineage).max(3) }),
  /** In a storage box position now (true) or not (false). */
  z.object({ field: z.literal('inStorage'), value: z.boolean({ error: MSG.trueOrFalse }) }),
  /** The donor has a released result of the test, in the value range (numeric results) and with the flag. */
  z
    .object({
      field: z.literal('labResult'),
      testId: Id,
      min: optionalAmount,
      max: optionalAmount,
      flag: z.enum(RESULT_FLAGS).nullable().optional(),
    })
    .superRefine(minNotAboveMax),
  /** A questionnaire answer of the sample's enrolment: the field's value equals `value` (case-insensitive). */
  z.object({
    field: z.literal('answer'),
    formFieldId: Id,
    value: requiredText(200),
  }),
]);
export type Criterion = z.infer<typeof Criterion>;
export type CriterionField = Criterion['field'];

export interface CriteriaGroup {
  op: 'and' | 'or';
  items: (Criterion | CriteriaGroup)[];
}

const GroupShape: z.ZodType<CriteriaGroup> = z
  .object({
    op: z.enum(['and', 'or'], { error: MSG.groupOp }),
    items: z
      .array(z.union([Criterion, z.lazy(() => GroupShape)]))
      .min(1, MSG.groupNeedsCriterion)
      .max(MAX_GROUP_ITEMS, msgf('groupAtMost', { max: MAX_GROUP_ITEMS })),
    // Named, so the OpenAPI document can refer to the recursion (components.schemas.CriteriaGroup, server/app.ts).
  })
  .meta({ id: 'CriteriaGroup' });

export const isGroup = (x: Criterion | CriteriaGroup): x is CriteriaGroup => 'op' in x;

/** Depth (1 for a flat group) and number of criteria of a tree. */
export function sizeOf(g: CriteriaGroup, depth = 1): { depth: number; criteria: number } {
  let deepest = depth;
  let criteria = 0;
  for (const item of g.items) {
    if (isGroup(item)) {
      const s = sizeOf(item, depth + 1);
      deepest = Math.max(deepest, s.depth);
      criteria += s.criteria;
    } else criteria++;
  }
  return { depth: deepest, criteria };
}

/** The criteria tree, with its bounds: at most MAX_QUERY_DEPTH levels and MAX_QUERY_CRITERIA criteria. */
export const CriteriaTree = GroupShape.superRefine((g, ctx) => {
  const s = sizeOf(g);
  if (s.depth > MAX_QUERY_DEPTH)
    ctx.addIssue({ code: 'custom', message: msgf('queryDepth', { max: MAX_QUERY_DEPTH }) });
  if (s.criteria > MAX_QUERY_CRITERIA)
    ctx.addIssue({ code: 'custom', message: msgf('queryCriteria', { max: MAX_QUERY_CRITERIA }) });
});

/** What a researcher may group the counts by. */
export const QUERY_DIMENSIONS = [
  'specimenType',
  'gender',
  'vitalStatus',
  'lineage',
  'storage',
  'ageBand',
  'collectionYear',
  'collectionProtocol',
] as const;
export const QueryDimension = z.enum(QUERY_DIMENSIONS, { error: MSG.chooseDimension });
export type QueryDimension = z.infer<typeof QueryDimension>;
export const DIMENSION_LABELS: Record<QueryDimension, string> = {
  specimenType: 'Specimen type',
  gender: 'Gender',
  vitalStatus: 'Vital status',
  lineage: 'Lineage',
  storage: 'Storage',
  ageBand: 'Age at collection',
  collectionYear: 'Year collected',
  collectionProtocol: 'Collection protocol',
};

const Ask = z.object({
  criteria: CriteriaTree,
  /** Only samples eligible for this distribution protocol (its consent purposes) count. */
  distributionProtocolId: Id.nullable().optional(),
});
/**
 * Where a count stops by default (QUERY_COUNT_CAP overrides it: server/config.ts): a count above it answers the cap
 * with `capped: true` ("More than 10,000"), so a criterion that matches millions of samples stops reading after the
 * first cap + 1 (issue 32 item 4, docs/research.md "Query builder").
 */
export const DEFAULT_QUERY_COUNT_CAP = 10_000;
export const QueryCountInput = Ask.extend({
  /**
   * Staff (queries.staff) only: count every matching sample instead of stopping at the cap. Bounded by the heavy
   * reads' statement timeout (REPORT_STATEMENT_TIMEOUT_MS: a 503 `statement_timeout` when it runs out); anyone else
   * asking gets a 403 `queries.exact_staff_only`.
   */
  exact: z.boolean({ error: MSG.trueOrFalse }).optional(),
});
export type QueryCountInput = z.output<typeof QueryCountInput>;
export const QueryAggregateInput = Ask.extend({ groupBy: QueryDimension });
export type QueryAggregateInput = z.output<typeof QueryAggregateInput>;
/** The staff list: its page travels in the body with the criteria. */
export const QuerySamplesInput = Ask.extend(PagingQuery.pick({ pageNumber: true, pageSize: true }).shape);
export type QuerySamplesInput = z.output<typeof QuerySamplesInput>;
export const QueryExportInput = Ask;
export type QueryExportInput = z.output<typeof QueryExportInput>;

/**
 * The count: small-cell suppressed for everyone but staff (queries.staff). `capped`: more samples match than the cap
 * and `count` is the cap (the answer reads "More than 10,000"); a count at or under the cap is exact. Staff may ask
 * again with `exact: true`.
 */
export const QueryCount = z.object({ count: CellCount, suppressed: z.boolean(), capped: z.boolean() });
export type QueryCount = z.infer<typeof QueryCount>;

/**
 * Counts by a dimension, rows in label order (never by size: the order would rank the hidden groups). A row's
 * count is null when it is withheld so that a single small group cannot be worked out by subtraction from the
 * total (complementary suppression, docs/research.md); `hiddenGroups` counts the '< N' and withheld rows.
 */
export const QueryAggregate = z.object({
  groupBy: QueryDimension,
  total: CellCount,
  rows: z.array(z.object({ label: z.string(), count: CellCount.nullable() })),
  hiddenGroups: z.number().int().nonnegative(),
});
export type QueryAggregate = z.infer<typeof QueryAggregate>;

/** A row of the staff list: the sample, never the donor's identity. */
export const QuerySample = z.object({
  id: z.number(),
  sampleId: z.string(),
  specimenType: z.string(),
  kind: z.string(),
  remainingAmount: z.number(),
  unit: z.string(),
  collectedDate: z.string(),
  collectionProtocol: z.string().nullable(),
  inStorage: z.boolean(),
});
export type QuerySample = z.infer<typeof QuerySample>;

// Saved queries (per institution).
const SavedFields = z.object({
  name: requiredText(200),
  description: optionalText(1000),
  criteria: CriteriaTree,
  distributionProtocolId: Id.nullable().optional(),
  groupBy: QueryDimension.nullable().optional(),
});
export const SavedQueryInput = SavedFields;
export type SavedQueryInput = z.output<typeof SavedQueryInput>;
export const SavedQueryUpdate = SavedFields.extend(ConcurrencyStamp.shape);
export type SavedQueryUpdate = z.output<typeof SavedQueryUpdate>;
export const SavedQueryParams = z.object({ instId: Id, savedQueryId: Id });
export const SavedQueryListQuery = PagingQuery;
export type SavedQueryListQuery = z.output<typeof SavedQueryListQuery>;

const StoredCriteria = z
  .custom<CriteriaGroup>((v) => typeof v === 'object' && v !== null && 'op' in v && 'items' in v)
  .meta({ type: 'object', description: 'The criteria tree: {op: and|or, items: [criterion or group]}' });

export const SavedQuery = RecordBase.extend({
  institutionId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  ownerId: z.number(),
  owner: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** As saved (validated by CriteriaTree then); answered as stored, since the input schema's ids are not encodable. */
  criteria: StoredCriteria,
  distributionProtocolId: z.number().nullable(),
  groupBy: QueryDimension.nullable(),
  concurrencyStamp: z.string(),
});
export type SavedQuery = z.infer<typeof SavedQuery>;

// The questionnaire-answer criterion's picker (docs/research.md "Query builder"). Staff (queries.staff) may ask
// about any enabled field of an enabled questionnaire; everyone else (researchers) only about the list fields of
// questionnaires shared with the research catalogue, answered by one of their options: the catalogue's rule
// (server/modules/forms/research.repository.ts). The count routes refuse any other answer criterion for them.

/** A questionnaire the caller may ask about, with the collection protocol it belongs to. */
export const QueryQuestionnaire = z.object({
  id: z.number(),
  name: z.string(),
  collectionProtocol: z.string().nullable(),
  /** Shared with the research catalogue (and so with researchers' queries). */
  shareable: z.boolean(),
});
export type QueryQuestionnaire = z.infer<typeof QueryQuestionnaire>;

/**
 * The questionnaires, by name; `searchTerm` searches the name and the protocol's title; `fieldId` answers the one
 * holding that field (a saved query names its field only).
 */
export const QueryQuestionnaireQuery = PageQuery.extend({
  searchTerm: trimmedText(200).optional(),
  fieldId: Id.optional(),
});
export type QueryQuestionnaireQuery = z.output<typeof QueryQuestionnaireQuery>;
export const QueryQuestionnaireParams = InstParam.extend({ formId: Id });

/** A field the caller may ask about: its label, and its options when its answer is chosen from a list. */
export const QueryQuestion = z.object({
  id: z.number(),
  label: z.string(),
  /** The data type's abbreviation (forms.contract.ts FIELD_KINDS). */
  kind: z.string(),
  /** The enabled options, in order; empty for a field answered in free text, a date or a tick. */
  options: z.array(z.string()),
});
export type QueryQuestion = z.infer<typeof QueryQuestion>;
export const QueryQuestionnaireFields = QueryQuestionnaire.extend({ fields: z.array(QueryQuestion) });
export type QueryQuestionnaireFields = z.infer<typeof QueryQuestionnaireFields>;
