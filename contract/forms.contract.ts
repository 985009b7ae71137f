import { z } from 'zod';
import { RE2JS } from 're2js';
import { MSG, msgf } from './messages';
import { PatientCard } from './participants.contract';
import {
  ConcurrencyStamp,
  Id,
  isCalendarDate,
  optionalId,
  optionalIsoDate,
  optionalText,
  PageQuery,
  PagingQuery,
  RecordBase,
  requiredId,
  requiredText as required,
  visibleText,
  WholeListQuery,
} from './common.contract';

// Questionnaires (spec 2 §3 CollectionProtocolForm, Form field, Field option, Submitted form; §5; §9).
// The rules of a submitted answer live here too, so the fill form and the server agree (docs/forms.md).

/** The nine field editors, by the data type's abbreviation (spec 2 §3). */
export const FIELD_KINDS = ['TB', 'TA', 'TP', 'DP', 'DTP', 'CB', 'CBL', 'RL', 'SL'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
export const LIST_KINDS: readonly FieldKind[] = ['CBL', 'RL', 'SL'];
export const TEXT_KINDS: readonly FieldKind[] = ['TB', 'TA'];
export const ORIENTATIONS = ['vertical', 'horizontal'] as const;
/** Spec 2 §9: a text field without a placeholder gets 'none'. */
export const DEFAULT_PLACEHOLDER = 'none';
export const MAX_PATTERN_CHARS = 500;
/** Longest answer of a single-line / multi-line field: bounds the work a regular expression can do. */
export const MAX_ANSWER_CHARS: Record<'TB' | 'TA', number> = { TB: 500, TA: 4000 };
export const MAX_OPTIONS = 200;
export const MAX_FIELDS_PER_SUBMISSION = 1000;

const bool = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
/** A whole number sent as a number or numeric text (the editor's Ordinal box). */
const ordinal = z
  .union(
    [
      z.int(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,7}$/, MSG.ordinalNumber)
        .transform(Number),
    ],
    { error: MSG.ordinalNumber },
  )
  .pipe(z.int().min(0, MSG.ordinalMin).max(1_000_000, MSG.ordinalMax));

// Answer patterns (issue 26; docs/forms.md "Regular expressions"): RE2 syntax, run by re2js, a linear-time
// engine (no backtracking), in the browser and on the server alike, so both give the same verdict.

/** The largest RE2 program (instructions, re2js `programSize`) a field's pattern may compile to. */
export const MAX_PATTERN_PROGRAM = 600;
/**
 * What one submission may spend on patterns, in units of (program size + 50) x (answer length + 50) per
 * checked answer: about 15-35 ms of matching at the worst measured rate (2-core machine under load). An answer past it is refused.
 */
export const PATTERN_BUDGET = 500_000;
/** The cost of checking one answer of `length` characters against a pattern of `programSize` instructions. */
export const patternCost = (programSize: number, length: number) => (programSize + 50) * (length + 50);

const compiled = new Map<string, RE2JS | null>();
/** The pattern compiled by re2js (cached, at most 1,000 patterns), or null when RE2 refuses it. */
export function compilePattern(pattern: string): RE2JS | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    try {
      re = RE2JS.compile(pattern);
    } catch {
      re = null;
    }
    if (compiled.size >= 1000) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, re);
  }
  return re;
}

/**
 * Why a field's regular expression is refused, or null. It must be at most 500 characters, compile under
 * RE2 syntax (what re2js accepts: no look-ahead, look-behind or back-references) to a program of at most
 * MAX_PATTERN_PROGRAM instructions, and hold no repeated group that itself repeats, such as `(a+)+` or
 * `(\w*)*`: harmless to RE2, but patterns travel (the FHIR Questionnaire export) to engines that backtrack.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_CHARS) return `Use at most ${MAX_PATTERN_CHARS} characters`;
  const re = compilePattern(pattern);
  if (!re) {
    let javaScript = true;
    try {
      new RegExp(pattern, 'u');
    } catch {
      javaScript = false;
    }
    return javaScript ? MSG.patternUnsupportedSyntax : MSG.patternInvalid;
  }
  if (re.programSize() > MAX_PATTERN_PROGRAM) return MSG.patternTooLarge;
  return hasNestedRepeat(pattern) ? MSG.patternSlow : null;
}

/** Whether a group that holds a repeat is itself repeated (star height above one). */
function hasNestedRepeat(p: string): boolean {
  const open: boolean[] = [];
  let inClass = false;
  let closedHeld: boolean | null = null;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (inClass) {
      if (c === '\\') i++;
      else if (c === ']') inClass = false;
      continue;
    }
    const q = quantifierAt(p, i);
    if (q) {
      if (q.repeats && closedHeld) return true;
      if (q.repeats && open.length) open[open.length - 1] = true;
      i += q.length - 1;
      closedHeld = null;
      continue;
    }
    closedHeld = null;
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === '(') open.push(false);
    else if (c === ')') {
      const held = open.pop() ?? false;
      if (held && open.length) open[open.length - 1] = true;
      closedHeld = held;
    }
  }
  return false;
}

/** The quantifier at i, if any, and whether it can repeat more than once. */
function quantifierAt(p: string, i: number): { length: number; repeats: boolean } | null {
  const c = p[i];
  if (c === '*' || c === '+') return { length: 1, repeats: true };
  if (c === '?') return { length: 1, repeats: false };
  const m = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i, i + 24)) : null;
  if (!m) return null;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return { length: m[0].length, repeats: max > 1 };
}

export const OptionInput = z.object({
  value: required(200),
  ordinal: ordinal.optional(),
  selected: bool.default(false),
  institutionId: optionalId,
});
/** What the service receives (parsed); the web holds `OptionValues`. */
export type OptionInput = z.output<typeof OptionInput>;
export type OptionValues = z.input<typeof OptionInput>;
export const OptionUpdate = OptionInput.extend(ConcurrencyStamp.shape);
/** What the service receives (parsed); the web holds `OptionUpdateValues`. */
export type OptionUpdate = z.output<typeof OptionUpdate>;
export type OptionUpdateValues = z.input<typeof OptionUpdate>;
/** An option inside a field save: with an id it is an existing option (edited), without one it is new. */
const FieldOption = OptionInput.extend({ id: Id.optional() });

const FieldShape = z.object({
  dataTypeId: requiredId,
  name: optionalText(200),
  prompt: required(500),
  /** Spec 2 §9 default 'none' on the text editors; other editors have none. */
  placeholder: optionalText(200),
  responseTitle: required(200),
  /** The editor requires it; the server gives a new field count + 1 when it is left out (spec 2 §9). */
  ordinal: ordinal.optional(),
  onNewLine: bool.default(false),
  required: bool.default(false),
  requiredMessage: optionalText(300),
  hasValidation: bool.default(false),
  regularExpression: optionalText(MAX_PATTERN_CHARS + 1),
  regularExpressionMessage: optionalText(300),
  /** Checkbox list and radio list; default vertical. The spec's verticalView/horizontalView pair is accepted too. */
  orientation: z.enum(ORIENTATIONS, { error: MSG.orientationOneOf }).optional(),
  verticalView: bool.optional(),
  horizontalView: bool.optional(),
  /**
   * List types: the options in order, saved with the field in one transaction. Each is our object or, as
   * spec 2 §3 writes `Options`, a plain string (its value), normalised here to the object.
   */
  options: z
    .array(
      z.preprocess(
        (o: string | z.input<typeof FieldOption>) => (typeof o === 'string' ? { value: o } : o),
        FieldOption,
      ),
    )
    .max(MAX_OPTIONS, msgf('atMostOptions', { max: MAX_OPTIONS }))
    .optional(),
  institutionId: optionalId,
  collectionProtocolFormId: optionalId,
});

function fieldRules(f: z.infer<typeof FieldShape>, ctx: z.RefinementCtx) {
  if (f.required && !f.requiredMessage)
    ctx.addIssue({ code: 'custom', path: ['requiredMessage'], message: MSG.required });
  if (f.hasValidation) {
    if (!f.regularExpression) ctx.addIssue({ code: 'custom', path: ['regularExpression'], message: MSG.required });
    else {
      const problem = patternProblem(f.regularExpression);
      if (problem) ctx.addIssue({ code: 'custom', path: ['regularExpression'], message: problem });
    }
    if (!f.regularExpressionMessage)
      ctx.addIssue({ code: 'custom', path: ['regularExpressionMessage'], message: MSG.required });
  }
  if (f.verticalView && f.horizontalView)
    ctx.addIssue({ code: 'custom', path: ['horizontalView'], message: MSG.orientationNotBoth });
  const seen = new Set<string>();
  for (const [i, o] of (f.options ?? []).entries()) {
    if (seen.has(o.value)) ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: MSG.optionTwice });
    seen.add(o.value);
  }
}

export const FieldInput = FieldShape.superRefine(fieldRules);
export type FieldInput = z.input<typeof FieldInput>;
export const FieldUpdate = FieldShape.extend(ConcurrencyStamp.shape).superRefine(fieldRules);
export type FieldUpdate = z.input<typeof FieldUpdate>;
/** A field save as the contract hands it to the server (options always objects). */
export type FieldCreateData = z.output<typeof FieldInput>;
export type FieldUpdateData = z.output<typeof FieldUpdate>;
export type FieldSave = FieldCreateData | FieldUpdateData;

export const FieldOrderInput = z.object({
  fieldIds: z.array(Id).min(1, MSG.fieldOrder).max(1000, MSG.atMostFields),
});
export type FieldOrderInput = z.output<typeof FieldOrderInput>;
export type FieldOrderValues = z.input<typeof FieldOrderInput>;

export const FormInput = z.object({
  name: required(200),
  description: optionalText(2000, undefined, 'multi'),
  institutionId: optionalId,
  collectionProtocolId: optionalId,
});
/** What the service receives (parsed); the web holds `FormValues`. */
export type FormInput = z.output<typeof FormInput>;
export type FormValues = z.input<typeof FormInput>;
export const FormUpdate = FormInput.extend(ConcurrencyStamp.shape);
/** What the service receives (parsed); the web holds `FormUpdateValues`. */
export type FormUpdate = z.output<typeof FormUpdate>;
export type FormUpdateValues = z.input<typeof FormUpdate>;

/** PUT .../collectionProtocolForms/{id}/shareable: whether the research catalogue counts its list answers. */
export const FormShareableInput = z.object({ shareable: z.boolean() }).extend(ConcurrencyStamp.shape);
export type FormShareableInput = z.output<typeof FormShareableInput>;
export type FormShareableValues = z.input<typeof FormShareableInput>;

export const FormParams = z.object({ instId: Id, protocolId: Id, formId: Id });
export const FieldParams = FormParams.extend({ fieldId: Id });
export const OptionParams = FieldParams.extend({ optionId: Id });
export const FormListQuery = PagingQuery.extend({ collectionProtocolId: Id.optional() });
export type FormListQuery = z.infer<typeof FormListQuery>;
/** `Version` reads the field set a version was filled with; without it, the form as it is now. */
export const FormQuery = z.object({ version: Id.optional() });

export const FieldOptionDto = RecordBase.extend({
  collectionProtocolFormFieldId: z.number(),
  value: z.string(),
  ordinal: z.number(),
  selected: z.boolean(),
  concurrencyStamp: z.string(),
});
export type FieldOptionDto = z.infer<typeof FieldOptionDto>;

export const FieldDto = RecordBase.extend({
  collectionProtocolFormId: z.number(),
  dataTypeId: z.number(),
  /** The data type's abbreviation when the field was made (TB, TA, TP, DP, DTP, CB, CBL, RL, SL). */
  dataType: z.object({ id: z.number(), title: z.string().nullable(), abbreviation: z.enum(FIELD_KINDS) }),
  name: z.string().nullable(),
  prompt: z.string(),
  placeholder: z.string().nullable(),
  responseTitle: z.string(),
  ordinal: z.number(),
  onNewLine: z.boolean(),
  required: z.boolean(),
  requiredMessage: z.string().nullable(),
  hasValidation: z.boolean(),
  regularExpression: z.string().nullable(),
  regularExpressionMessage: z.string().nullable(),
  orientation: z.enum(ORIENTATIONS).nullable(),
  verticalView: z.boolean(),
  horizontalView: z.boolean(),
  options: z.array(FieldOptionDto),
  concurrencyStamp: z.string(),
});
export type FieldDto = z.infer<typeof FieldDto>;

export const FormDto = RecordBase.extend({
  collectionProtocolId: z.number(),
  collectionProtocol: z.object({ id: z.number(), title: z.string().nullable() }).nullable(),
  name: z.string(),
  description: z.string().nullable(),
  /** The version the next submission is filled with. */
  currentVersion: z.number(),
  /** The current version has submissions: the next change to a field or option starts a new version. */
  currentVersionLocked: z.boolean(),
  /** Its list answers are counted in the research catalogue (issue 32 item 3; set by an administrator). */
  shareable: z.boolean(),
  concurrencyStamp: z.string(),
});
export type FormDto = z.infer<typeof FormDto>;
/** A form with its fields (enabled, by ordinal) and their enabled options; `version` when read by version. */
export const FormWithFields = FormDto.extend({ version: z.number(), fields: z.array(FieldDto) });
export type FormWithFields = z.infer<typeof FormWithFields>;
export const FormVersionDto = z.object({ version: z.number(), createdDate: z.string(), submissionCount: z.number() });

// Submissions

/** An answer: text for most types, true/false for a checkbox, the chosen values for a checkbox list. */
/** An answer as entered (not trimmed here: checkAnswer does per type); text answers may span lines, options may not. */
export const AnswerValue = z.union([
  visibleText(4000, { lines: 'multi', trim: false }),
  z.boolean(),
  z.array(visibleText(200, { trim: false })).max(MAX_OPTIONS),
  z.null(),
]);
/**
 * One answer of a fill: ours names the field by `collectionProtocolFormFieldId`; spec 2 §3's FormFields are the
 * form's fields themselves (a Form field carries `id` and `value`), so an entry without it is read by its `id`.
 */
const FormFieldAnswer = z
  .object({ collectionProtocolFormFieldId: Id.optional(), id: Id.optional(), value: AnswerValue.optional() })
  .superRefine((a, ctx) => {
    if (a.collectionProtocolFormFieldId === undefined && a.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['collectionProtocolFormFieldId'], message: MSG.requiredSelect });
  })
  .transform(({ collectionProtocolFormFieldId, id, value }) => ({
    collectionProtocolFormFieldId: (collectionProtocolFormFieldId ?? id)!,
    value,
  }));
export const SubmissionInput = z.object({
  collectionProtocolFormId: requiredId,
  patientId: requiredId,
  institutionSiteId: requiredId,
  /** Free text for now; the samples release will require a sample collected from this participant. */
  sampleId: optionalText(100),
  /** The version the form was loaded at; when the form changed since, the submission is refused (409). */
  formVersion: Id.optional(),
  /** Spec 2 §3 FormFields: one entry per answered field. */
  formFields: z
    .array(FormFieldAnswer)
    .max(MAX_FIELDS_PER_SUBMISSION, msgf('atMostAnswers', { max: MAX_FIELDS_PER_SUBMISSION }))
    .default([]),
  institutionId: optionalId,
});
/** What the service receives (parsed); the web holds `SubmissionValues`. */
export type SubmissionInput = z.output<typeof SubmissionInput>;
export type SubmissionValues = z.input<typeof SubmissionInput>;

export const SubmissionListQuery = PagingQuery.extend({
  patientId: Id.optional(),
  collectionProtocolFormId: Id.optional(),
  enabledStartDate: optionalIsoDate,
  enabledEndDate: optionalIsoDate,
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;
export const SubmissionParams = z.object({ instId: Id, submissionId: Id });

/**
 * Spec 2 §7: POST .../submittedCollectionProtocolForms/{id}/submittedCollectionProtocolFormValues, one field's answer
 * per call after the submission was made. A `submittedCollectionProtocolFormId` in the body must be the path's.
 */
export const SubmittedValueInput = z.object({
  collectionProtocolFormFieldId: requiredId,
  value: AnswerValue.optional(),
  submittedCollectionProtocolFormId: optionalId,
  institutionId: optionalId,
});
/** What the service receives (parsed); the web holds `SubmittedValueValues`. */
export type SubmittedValueInput = z.output<typeof SubmittedValueInput>;
export type SubmittedValueValues = z.input<typeof SubmittedValueInput>;

/** Most submissions one values search names (spec 2 §7 "submittedCollectionProtocolFormValues/search"). */
export const MAX_VALUE_SEARCH_IDS = 1000;
/** The search's body: the submissions whose answers to read, and the page (read whole by default). */
export const ValueSearchInput = z.object({
  submittedCollectionProtocolFormIds: z
    .array(Id, { error: MSG.submissionIds })
    .max(MAX_VALUE_SEARCH_IDS, msgf('atMostSubmissions', { max: MAX_VALUE_SEARCH_IDS })),
  ...WholeListQuery.pick({ pageNumber: true, pageSize: true }).shape,
});
export type ValueSearchInput = z.output<typeof ValueSearchInput>;

/** A form's fields (`IsEnabled`, default true; `SearchTerm` on the prompt) or a field's options (`SearchTerm` on the value), read whole by default. */
export const FieldListQuery = WholeListQuery;
export type FieldListQuery = z.infer<typeof FieldListQuery>;

const Ref = z.object({ id: z.number(), title: z.string().nullable() }).nullable();
const PatientRef = PatientCard.passthrough().nullable();
export const SubmittedValueDto = z.object({
  collectionProtocolFormFieldId: z.number(),
  /** The prompt as it was when the form was filled. */
  collectionProtocolFormField: z.object({ prompt: z.string() }),
  /** Stored text: a checkbox list is a JSON array of the chosen values, a checkbox 'true' or 'false'. */
  value: z.string(),
});
/** One stored answer with its own id and its submission's (the values search, the per-value call). */
export const SubmittedValueRecord = SubmittedValueDto.extend({
  id: z.number(),
  submittedCollectionProtocolFormId: z.number(),
});
export type SubmittedValueRecord = z.infer<typeof SubmittedValueRecord>;
export const SubmissionDto = RecordBase.extend({
  collectionProtocolId: z.number(),
  collectionProtocolFormId: z.number(),
  collectionProtocolForm: z.object({ id: z.number(), name: z.string().nullable() }),
  formVersion: z.number(),
  patientId: z.number(),
  patient: PatientRef,
  institution: Ref,
  institutionSiteId: z.number(),
  institutionSite: Ref,
  sampleId: z.string().nullable(),
});
export type SubmissionDto = z.infer<typeof SubmissionDto>;
/** One submission with its answers and the field set of its own version (to render it as filled). */
export const SubmissionDetail = SubmissionDto.extend({
  submittedCollectionProtocolFormValues: z.array(SubmittedValueDto),
  fields: z.array(FieldDto),
});
export type SubmissionDetail = z.infer<typeof SubmissionDetail>;

// Collected questionnaires report (spec 2 §2, §9)

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const reportRange = { startDate: optionalIsoDate, endDate: optionalIsoDate };
const rangeInOrder = (q: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx) => {
  if (q.startDate && q.endDate && q.startDate > q.endDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endDateBeforeStart });
};
/** The questionnaire report's CSV: the filled-date range alone (the whole report). */
export const ReportRangeQuery = z.object(reportRange).superRefine(rangeInOrder);
/** The questionnaire report's page: the range, PageNumber and PageSize. */
export const ReportQuery = PageQuery.extend(reportRange).superRefine(rangeInOrder);
export type ReportQuery = z.infer<typeof ReportQuery>;
export type ReportRange = z.infer<typeof ReportRangeQuery>;
export const ReportColumn = z.object({
  fieldId: z.number(),
  prompt: z.string(),
  ordinal: z.number(),
  isEnabled: z.boolean(),
});
export const ReportRow = z.object({
  submissionId: z.number(),
  institution: z.string().nullable(),
  institutionSite: z.string().nullable(),
  patientName: z.string().nullable(),
  patientDateOfBirth: z.string().nullable(),
  patientGender: z.string().nullable(),
  patientMaritalStatus: z.string().nullable(),
  patientVitalStatus: z.string().nullable(),
  /** Display text by field id (a checkbox list joined with '; ', a checkbox Yes or No). */
  values: z.record(z.string(), z.string()),
  dateCollected: z.string(),
});
export type ReportRow = z.infer<typeof ReportRow>;
export const ReportPage = z.object({ columns: z.array(ReportColumn), rows: z.array(ReportRow) });
export type ReportPage = z.infer<typeof ReportPage>;
/** The fixed columns of the report and its CSV, in order (spec 2 §9, without the Action column). */
export const REPORT_LEAD_COLUMNS = [
  'Institution',
  'Institution Site',
  'Patient Name',
  'Patient Date of Birth',
  'Patient Gender',
  'Patient Marital Status',
  'Patient Vital Status',
] as const;

// Answer rules, shared by the fill form and the server.

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/;
const realDate = (s: string) => {
  const m = isoDay.exec(s.slice(0, 10));
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

/** What a field needs to check an answer: its kind, rules and enabled option values. */
export interface AnswerRules {
  kind: FieldKind;
  required: boolean;
  requiredMessage: string | null;
  hasValidation: boolean;
  regularExpression: string | null;
  regularExpressionMessage: string | null;
  options: string[];
}

/** Whether the whole value matches the pattern, or why it was not checked (a message for the answer). */
export type PatternTest = (pattern: string, value: string) => boolean | string;
export const PATTERN_OVER_BUDGET = MSG.patternOverBudget;
export const PATTERN_UNSUPPORTED = MSG.patternUncheckable;

/**
 * A whole-value matcher with one submission's budget (PATTERN_BUDGET): the fill form and the server make one
 * per submission and check the fields in the same order (ordinal, id), so they refuse the same answer.
 */
export function patternChecker(budget = PATTERN_BUDGET): PatternTest {
  let left = budget;
  return (pattern, value) => {
    const re = compilePattern(pattern);
    if (!re) return PATTERN_UNSUPPORTED;
    left -= patternCost(re.programSize(), value.length);
    if (left < 0) return PATTERN_OVER_BUDGET;
    return re.matches(value);
  };
}
/** One answer checked on its own (a budget of its own). */
export const wholeMatch: PatternTest = (pattern, value) => patternChecker()(pattern, value);

export type Checked = { ok: true; stored: string | null } | { ok: false; message: string };

/**
 * Checks one answer and gives the text to store (null: not answered). Text answers match the whole
 * pattern (as an HTML `pattern` does); dates are real calendar dates; option answers must be options.
 */
export function checkAnswer(f: AnswerRules, raw: unknown, matches: PatternTest = wholeMatch): Checked {
  const requiredMsg = f.requiredMessage || MSG.required;
  const fail = (message: string): Checked => ({ ok: false, message });
  if (f.kind === 'CB') {
    const v =
      raw === true || raw === 'true'
        ? true
        : raw === false || raw === 'false' || raw === undefined || raw === null || raw === ''
          ? false
          : null;
    if (v === null) return fail(MSG.tickOrEmpty);
    if (f.required && !v) return fail(requiredMsg);
    return { ok: true, stored: String(v) };
  }
  if (f.kind === 'CBL') {
    let list: unknown = raw ?? [];
    if (typeof list === 'string') {
      try {
        list = list.trim() ? JSON.parse(list) : [];
      } catch {
        return fail(MSG.chooseListed);
      }
    }
    if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) return fail(MSG.chooseListed);
    const chosen = new Set(list as string[]);
    if ([...chosen].some((x) => !f.options.includes(x))) return fail(MSG.chooseListed);
    if (!chosen.size) return f.required ? fail(requiredMsg) : { ok: true, stored: null };
    return { ok: true, stored: JSON.stringify(f.options.filter((o) => chosen.has(o))) };
  }
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return fail(MSG.enterText);
  const v = typeof raw === 'string' && f.kind !== 'TA' ? raw.trim() : (raw ?? '');
  if (!v.trim()) return f.required ? fail(requiredMsg) : { ok: true, stored: null };
  switch (f.kind) {
    case 'TB':
    case 'TA':
      if (v.length > MAX_ANSWER_CHARS[f.kind]) return fail(`At most ${MAX_ANSWER_CHARS[f.kind]} characters`);
      if (f.hasValidation && f.regularExpression) {
        const ok = matches(f.regularExpression, v);
        if (typeof ok === 'string') return fail(ok);
        if (!ok) return fail(f.regularExpressionMessage || MSG.notExpectedFormat);
      }
      return { ok: true, stored: v };
    case 'TP':
      return TIME.test(v) ? { ok: true, stored: v } : fail(MSG.timeAnswer);
    case 'DP':
      return isoDay.test(v) && realDate(v) ? { ok: true, stored: v } : fail(`${MSG.invalidDate}: use YYYY-MM-DD`);
    case 'DTP':
      return DATE_TIME.test(v) && realDate(v) ? { ok: true, stored: v } : fail(MSG.dateTimeAnswer);
    case 'RL':
    case 'SL':
      return f.options.includes(v) ? { ok: true, stored: v } : fail(MSG.chooseOneListed);
  }
  return fail(MSG.unknownFieldType);
}
