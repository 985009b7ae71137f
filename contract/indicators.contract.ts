import { z } from 'zod';
import { MSG } from './messages';
import { en } from './i18n/en';
import {
  ConcurrencyStamp,
  Id,
  InstParam,
  optionalIsoDate,
  optionalText,
  requiredText,
  trimmedText,
} from './common.contract';
import { titlesSchema } from './lookup-titles';

// Screening indicator reports (spec 2 §2 Reports, §9; docs/indicators.md): the breast (protocol BCS)
// and cervical (CCS) cancer reports. Each row is an indicator definition of the institution, counted
// over the submitted questionnaires of the date range.

export const INDICATOR_REPORTS = ['breast', 'cervical'] as const;
export type IndicatorReport = (typeof INDICATOR_REPORTS)[number];

/** The spec's titles, also the CSV file names (spec 2 §2, §9). */
export const INDICATOR_REPORT_TITLES: Record<IndicatorReport, string> = {
  breast: 'Breast cancer report Per Date Range',
  cervical: 'Cervical cancer report Per Date Range',
};

export const COUNT_MODES = ['patients', 'submissions'] as const;
export type CountMode = (typeof COUNT_MODES)[number];
export const COUNT_MODE_LABELS: Record<CountMode, string> = {
  patients: 'Distinct participants',
  submissions: 'Submitted forms',
};

/** Where a default rule comes from: the spec names it, or we suggest one (the spec gives none). */
export const RULE_SOURCES = ['spec', 'suggested'] as const;
export const SUGGESTED_NOTE = 'The spec gives no rule for this indicator; edit it to match your form.';

export const MAX_MATCHING_VALUES = 50;

export const ReportParam = InstParam.extend({
  report: z.enum(INDICATOR_REPORTS, { error: MSG.indicatorReport }),
});
export const DefinitionParams = ReportParam.extend({ definitionId: Id });

/** The date range, both ends inclusive (UTC days of the submission); default the last 7 days. */
export const IndicatorQuery = z.object({ from: optionalIsoDate, to: optionalIsoDate }).superRefine((q, ctx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: MSG.toBeforeFrom });
});
export type IndicatorQuery = z.input<typeof IndicatorQuery>;

export const IndicatorRow = z.object({
  sNo: z.number(),
  definitionId: z.number(),
  indicator: z.string(),
  frequency: z.number(),
  remark: z.string().nullable(),
});
export type IndicatorRow = z.infer<typeof IndicatorRow>;

export const IndicatorReportDto = z.object({
  report: z.enum(INDICATOR_REPORTS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  rows: z.array(IndicatorRow),
  /** Parameters and when it was generated, as the screen and the CSV show them. */
  footer: z.array(z.string()),
});
export type IndicatorReportDto = z.infer<typeof IndicatorReportDto>;

export const IndicatorDefinition = z.object({
  id: z.number(),
  report: z.enum(INDICATOR_REPORTS),
  ordinal: z.number(),
  title: z.string(),
  protocolAbbreviation: z.string(),
  /** null: any submission of the protocol counts (no field looked at). */
  fieldPrompt: z.string().nullable(),
  /** Case-insensitive; empty: any non-empty answer. */
  matchingValues: z.array(z.string()),
  countMode: z.enum(COUNT_MODES),
  remark: z.string().nullable(),
  /**
   * Additive (issue 33): the title and remark in the other complete languages, `{ "fr": "..." }` or null, as a
   * lookup's `titles` (contract/lookup-titles.ts); `title` and `remark` stay the default (English) texts edited.
   */
  titles: z.record(z.string(), z.string()).nullable(),
  remarks: z.record(z.string(), z.string()).nullable(),
  /** Additive: the title and remark said in the caller's language (`localTitle`: its text there, else the default). */
  shownTitle: z.string(),
  shownRemark: z.string().nullable(),
  ruleSource: z.enum(RULE_SOURCES),
  note: z.string().nullable(),
  updatedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  concurrencyStamp: z.string(),
});
export type IndicatorDefinition = z.infer<typeof IndicatorDefinition>;

export const IndicatorDefinitionInput = ConcurrencyStamp.extend({
  title: requiredText(200),
  protocolAbbreviation: requiredText(50),
  fieldPrompt: optionalText(500),
  matchingValues: z
    .array(trimmedText(200), { error: MSG.valueList })
    .max(MAX_MATCHING_VALUES, MSG.valuesMax)
    .default([])
    .transform((list) => [...new Set(list.filter(Boolean))]),
  countMode: z.enum(COUNT_MODES, { error: MSG.countModeOneOf }),
  remark: optionalText(500, undefined, 'multi'),
  /** Additive (issue 33), as a lookup's: left out keeps the stored ones, null or {} clears them. */
  titles: titlesSchema(200),
  remarks: titlesSchema(500),
});
export type IndicatorDefinitionInput = z.output<typeof IndicatorDefinitionInput>;
export type IndicatorDefinitionValues = z.input<typeof IndicatorDefinitionInput>;

/** Rule in words, as the definitions screen and the report's remark tooltip show it. */
export function ruleText(
  d: Pick<IndicatorDefinition, 'protocolAbbreviation' | 'fieldPrompt' | 'matchingValues' | 'countMode'>,
  words: RuleWords = en.indicators.rule,
) {
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  const protocol = d.protocolAbbreviation;
  if (!d.fieldPrompt)
    return fill(d.countMode === 'patients' ? words.anyFormPatients : words.anyFormSubmissions, { protocol });
  const what = d.countMode === 'patients' ? words.patients : words.submissions;
  const values = d.matchingValues.length
    ? fill(words.oneOf, { values: d.matchingValues.map((value) => fill(words.value, { value })).join(', ') })
    : words.anyAnswer;
  return fill(words.matching, { what, protocol, prompt: d.fieldPrompt, values });
}
/** The words of a rule, in one language (contract/i18n `indicators.rule`). */
export type RuleWords = { readonly [K in keyof typeof en.indicators.rule]: string };
