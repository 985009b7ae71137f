import { z } from 'zod';
import { MSG, msgf } from './messages';

// Input rules every route gets from here (docs/decisions/0004): ids are 1..2147483647 (PostgreSQL
// integer) written canonically, text never holds a NUL character nor invisible control (visibleText),
// dates are real calendar dates.

export const MAX_ID = 2_147_483_647;
export const MIN_INT = -2_147_483_648;
/** Canonical id text: decimal digits, no sign, no leading zero, no space, hex or exponent. */
export const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** The id a number or canonical text stands for, or null. */
export function parseId(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && ID_TEXT.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || v === 0;

/** An id as a JSON number or as canonical text (paths, queries and form selects send text). */
function idSchema(message: (input: unknown) => string) {
  const error = (iss: { input?: unknown }) => message(iss.input);
  return z
    .union([z.int({ error }).min(1, { error }).max(MAX_ID, { error }), z.string({ error }).regex(ID_TEXT, { error })], {
      error,
    })
    .transform(Number)
    .pipe(z.number().max(MAX_ID, MSG.invalidId));
}

/** Any id in a path, query or body. */
export const Id = idSchema(() => MSG.invalidId);
/** A required id picked from a select: '*Required' when empty (spec 1 §5). */
export const requiredId = idSchema((v) => (blank(v) ? MSG.requiredSelect : MSG.invalidId));
/** An optional id: empty ('' , 0, null, absent) is null. */
export const optionalId = z
  .union([Id, z.literal(['', 0]).transform(() => null), z.null()], { error: MSG.invalidId })
  .optional()
  .transform((v) => v ?? null);

export const IdParam = z.object({ id: Id });
export const InstParam = z.object({ instId: Id });

const noNul = (s: string) => !s.includes('\u0000');
/**
 * Any text, as sent: for passwords (never shown, never exported) and opaque machine values (the signature's
 * data URL) only; user text is visibleText. PostgreSQL text cannot hold NUL, so none is accepted.
 */
export const text = (max = 500, tooLong = msgf('atMostCharacters', { max })) =>
  z.string().max(max, tooLong).refine(noNul, MSG.nulCharacter);

/**
 * Invisible control text no field stores (issue 26 item 13, docs/operations.md "Control characters in text"):
 * C0 controls, DEL and C1 controls; the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069, the "Trojan Source" characters that reorder what a reader sees); the line and paragraph
 * separators U+2028/U+2029. Single-line text (names, codes, IDs, titles) also refuses tab, line breaks and
 * the bidirectional marks U+200E, U+200F, U+061C: invisible, they would make two identical-looking names
 * or IDs differ. Multi-line text keeps tab, line feed and the marks (mixed-direction prose needs them).
 * NUL keeps its own message. Zero-width joiners (emoji, Indic and Persian scripts) are text, not control.
 */
// eslint-disable-next-line no-control-regex -- these are the characters refused
const CONTROL_SINGLE = /[\u0001-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- these are the characters refused
const CONTROL_MULTI = /[\u0001-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/** True when `s` holds no invisible control for its kind of field (for checks outside a schema). */
export const isVisibleText = (s: string, lines: TextLines = 'single') =>
  !(lines === 'multi' ? CONTROL_MULTI : CONTROL_SINGLE).test(s);

export type TextLines = 'single' | 'multi';
export interface TextRule {
  /** 'single' (default): names, codes, IDs, titles. 'multi': comments, reasons, descriptions, answers. */
  lines?: TextLines;
  /** Trim surrounding whitespace (default true); answers, results and consent HTML are kept as sent. */
  trim?: boolean;
  tooLong?: string;
}

/**
 * THE text helper: every user text field of the contract is built here (directly or through trimmedText,
 * requiredText, optionalText, multilineText), so one rule refuses NUL and invisible control everywhere,
 * with a field message. Multi-line text stores line breaks as LF (CRLF and a lone CR become LF).
 */
export function visibleText(max = 500, rule: TextRule = {}) {
  const { lines = 'single', trim = true, tooLong = msgf('atMostCharacters', { max }) } = rule;
  let s = z.string({ error: MSG.required });
  if (lines === 'multi') s = s.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  if (trim) s = s.trim();
  return s
    .max(max, tooLong)
    .refine(noNul, MSG.nulCharacter)
    .refine((v) => isVisibleText(v, lines), lines === 'multi' ? MSG.controlCharacterMultiline : MSG.controlCharacter);
}

/** Single-line text with surrounding spaces trimmed (names, codes, IDs, titles, search terms). */
export const trimmedText = (max = 500, tooLong?: string, lines: TextLines = 'single') =>
  visibleText(max, { tooLong, lines });

/** Multi-line text, trimmed (comments, reasons, descriptions): tab and line breaks allowed. */
export const multilineText = (max = 500, tooLong?: string) => visibleText(max, { tooLong, lines: 'multi' });

/** Required trimmed text with the spec's '*required' message. */
export const requiredText = (max = 500, tooLong?: string, lines: TextLines = 'single') =>
  trimmedText(max, tooLong, lines).min(1, MSG.required);

/** Optional trimmed text: empty or blank is null. */
export const optionalText = (max = 500, tooLong?: string, lines: TextLines = 'single') =>
  trimmedText(max, tooLong, lines)
    .nullish()
    .transform((v) => (v ? v : null));

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A real calendar date of years 1..9999 (2019-02-29 is not; PostgreSQL has no year 0). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS[month - 1];
  return year >= 1 && year <= 9999 && days !== undefined && day >= 1 && day <= days;
}
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isIsoDate = (s: string) => {
  const m = ISO_DATE.exec(s);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

/** A required calendar date, YYYY-MM-DD. */
export const isoDate = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { message: MSG.required, abort: true })
  .regex(ISO_DATE, { message: MSG.dateFormat, abort: true })
  .refine(isIsoDate, MSG.invalidDate);
/** An optional calendar date: empty is null. */
export const optionalIsoDate = z
  .union([isoDate, z.literal(''), z.null()], { error: MSG.invalidDate })
  .optional()
  .transform((v) => v || null);

/**
 * Number text as a person types it: optional sign, digits, an optional decimal part. No exponent, hex,
 * thousands separator, letter or space inside ('1O.5', '1.5abc', '0x10', '1e3' are not numbers here).
 */
export const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
export const WHOLE_TEXT = /^[+-]?\d+$/;

/** The number `text` stands for when it parses completely, else null (what the web's number field checks on blur). */
export function parseTypedNumber(text: string, whole = false): number | null {
  const t = text.trim();
  if (!(whole ? WHOLE_TEXT : NUMBER_TEXT).test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export interface NumberRule {
  min?: number;
  max?: number;
  /** A whole number: '1.5' is refused, not rounded. */
  whole?: boolean;
  /** The message for text that is not a number (default 'Enter a number'). */
  notNumber?: string;
  notWhole?: string;
  tooSmall?: string;
  tooLarge?: string;
}

/**
 * THE number rule (issue 28 item 2): a JSON number, or text that parses completely as one. Anything else
 * ('1O.5', '1.5abc', NaN, Infinity, true) is refused with a field message, never coerced; empty text is
 * '*required'. Every number a person types goes through here (no z.coerce in the contract).
 */
export function typedNumber(rule: NumberRule = {}) {
  const { whole = false, notNumber = MSG.enterNumber, notWhole = MSG.enterWholeNumber } = rule;
  const bad = (iss: { input?: unknown }) =>
    iss.input === undefined || iss.input === null || iss.input === '' ? MSG.required : notNumber;
  const fromText = z
    .string()
    .trim()
    .min(1, { message: MSG.required, abort: true })
    .refine((t) => parseTypedNumber(t) !== null, { message: notNumber, abort: true })
    .transform(Number);
  let n = z.number({ error: notNumber });
  if (whole) n = n.int(notWhole);
  if (rule.min !== undefined) n = n.min(rule.min, rule.tooSmall ?? msgf('atLeast', { min: rule.min }));
  if (rule.max !== undefined) n = n.max(rule.max, rule.tooLarge ?? msgf('atMost', { max: rule.max }));
  return z.union([z.number(), fromText], { error: bad }).pipe(n);
}

/**
 * The calendar day (YYYY-MM-DD) it is in `timeZone` (IANA) at `now`: an institution's "today" (issue 28 item 2),
 * whatever the server's or the browser's zone. The server refuses a later collection date; the web greys it out.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes a date as YYYY-MM-DD.
  return formatIn(
    'day',
    timeZone,
    (zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(now);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * `make`'s formatter for `timeZone`, made once per `kind` and zone (issue 30: making one is most of the cost, 3.5% of
 * a collect's server CPU). An unknown zone throws in `make`, and is not kept.
 */
export function formatIn(kind: string, timeZone: string, make: (timeZone: string) => Intl.DateTimeFormat) {
  const key = `${kind}\u0000${timeZone}`;
  let format = zoneFormats.get(key);
  if (!format) {
    format = make(timeZone);
    zoneFormats.set(key, format);
  }
  return format;
}

/** The concurrency stamp every edit of a stamped record must send (a stale one is 409, ARCHITECTURE §4). */
export const ConcurrencyStamp = z.object({
  concurrencyStamp: z.string({ error: MSG.required }).min(1, MSG.required).max(100),
});

/** A yes/no query value: true/false in any case (the spec's clients send True), or 1/0. */
export const boolish = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: MSG.trueOrFalse }),
  )
  .transform((v) => v === true || v === 'true' || v === '1');

export const PAGE_SIZES = [5, 10, 15, 20, 50, 100, 200, 500, 1000] as const;
/** Server cap: the spec's PageSize=50000 fetches get at most this many rows (ARCHITECTURE §4). */
export const MAX_PAGE_SIZE = 1000;

/** Paging alone: lists whose rows have no enabled flag nor text to search (reports, the audit log). */
export const PageQuery = z.object({
  pageNumber: Id.default(1),
  pageSize: Id.default(10).transform((n) => Math.min(n, MAX_PAGE_SIZE)),
});
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * The general list parameters (spec 1 §7: IsEnabled, SearchTerm, PageNumber, PageSize). IsEnabled=true:
 * enabled rows only; false: disabled rows only; absent: the list's default (docs/search.md).
 */
export const PagingQuery = PageQuery.extend({
  searchTerm: trimmedText(200).optional(),
  isEnabled: boolish.optional(),
});
export type PagingQuery = z.infer<typeof PagingQuery>;

/** The query of a route that takes none: any parameter is refused by name (server/platform/validation.ts). */
export const NoQuery = z.object({});

/**
 * A list of ids in a query (spec 2 §7 GenderIDs): the parameter repeated (`?X=1&X=2`), comma-separated
 * (`?X=1,2`) or both; at most `max`. Empty (`?X=`) is no filter.
 */
export const idListQuery = (max = 100) =>
  z
    .preprocess(
      (v) =>
        (Array.isArray(v) ? v : [v])
          .flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]))
          .map((x) => (typeof x === 'string' ? x.trim() : x))
          .filter((x) => x !== ''),
      z
        .array(
          idSchema(() => MSG.idList),
          { error: MSG.idList },
        )
        .max(max, msgf('atMostIds', { max })),
    )
    .optional();

/**
 * A list the spec reads whole (spec 1 §7 "Unpaged", spec 2's PageSize=100000 reads): PageSize defaults to the
 * cap instead of 10, so a client that sends none gets up to 1000 rows and the true total in X-Pagination.
 */
export const WholeListQuery = PagingQuery.extend({
  pageSize: Id.default(MAX_PAGE_SIZE).transform((n) => Math.min(n, MAX_PAGE_SIZE)),
});
export type WholeListQuery = z.infer<typeof WholeListQuery>;

/**
 * Paging of a list ordered by id (participants, orders, newest first): `After` is the id of the last
 * row of the previous page, so "next page" seeks on the index instead of skipping PageNumber x PageSize
 * rows (keyset paging). PageNumber still names the page (X-Pagination, the total); without `After` the
 * page is found by offset, as for a jump to any page.
 */
export const SeekPagingQuery = PagingQuery.extend({ after: Id.optional() });
export type SeekPagingQuery = z.infer<typeof SeekPagingQuery>;

/** A list's sort order: newest first unless asked. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * `SortBy` and `SortDirection` of a list, from a fixed allow-list of keys (never a column name taken
 * from the request). Values match case-insensitively (`releasestate`, `DESC`); anything else is 400.
 */
export function sortQuery<const K extends readonly [string, ...string[]]>(keys: K, fallback: K[number]) {
  const canonical = (allowed: readonly string[]) => (v: unknown) =>
    typeof v === 'string' ? (allowed.find((k) => k.toLowerCase() === v.trim().toLowerCase()) ?? v) : v;
  return {
    sortBy: z
      .preprocess(canonical(keys), z.enum(keys, { error: msgf('sortByOneOf', { choices: keys.join(', ') }) }))
      .default(fallback as never),
    sortDirection: z
      .preprocess(canonical(SORT_DIRECTIONS), z.enum(SORT_DIRECTIONS, { error: MSG.sortDirection }))
      .default('desc'),
  };
}

export interface Pagination {
  /** Exact, or a lower bound when TotalIsAtLeast (lists count at most 10,001 rows: "10,000+"; a participant search 1,001: "1,000+"). */
  TotalCount: number;
  PageSize: number;
  CurrentPage: number;
  /** Pages of TotalCount: more may follow when TotalIsAtLeast. */
  TotalPages: number;
  /** True when TotalCount is "at least" rather than exact; absent from older servers. */
  TotalIsAtLeast?: boolean;
}

export const AccountRef = z.object({ firstName: z.string(), lastName: z.string() }).nullable();

/** Fields every stored record carries (ARCHITECTURE §4). */
export const RecordBase = z.object({
  id: z.number(),
  isEnabled: z.boolean(),
  createdDate: z.string(),
  creatorAccount: AccountRef,
  enabledDate: z.string().nullable(),
  enablerAccount: AccountRef,
});

/** RFC 7807 problem; extension members (§3.2) pass through, e.g. a bulk call's per-item `items` (docs/shipments.md). */
export const Problem = z.looseObject({
  type: z.string(),
  /** The error's code, e.g. 'participants.mrn_taken' (also the fragment of `type`), for clients to branch on. */
  code: z.string().optional(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  traceId: z.string().optional(),
});
export type Problem = z.infer<typeof Problem>;
