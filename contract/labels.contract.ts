import { z } from 'zod';
import { MSG, msgf } from './messages';
import { isCalendarDate, trimmedText, typedNumber } from './common.contract';

export const DEFAULT_PRINTER_PORT = 9100;
/** One print job holds at most this many labels (Quantity x Copies); spec 2 §5 shows no bounds. */
export const MAX_LABELS_PER_JOB = 1000;
export const MAX_PREFIX_LENGTH = 20;
export const tooManyLabels = `At most ${MAX_LABELS_PER_JOB} labels per print (Quantity x Copies).`;
const asciiOnly = 'Use letters, digits and ASCII symbols only';
/** spec 2 §9: a label date is DD-MM-YYYY, a real calendar date. */
const LabelDate = z
  .string()
  .regex(/^\d{2}-\d{2}-\d{4}$/, MSG.dateDayMonthYear)
  .refine((d) => isCalendarDate(Number(d.slice(6)), Number(d.slice(3, 5)), Number(d.slice(0, 2))), MSG.invalidDate);

/** spec 2 §5: a dotted IPv4 address of four parts, each 0 to 255. */
export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

export const IpAddress = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { message: MSG.required, abort: true })
  .refine(isIpv4, MSG.invalidIp);

export const printerAddressRefused =
  "This address cannot be a label printer (loopback, link-local, multicast, broadcast and 0.x addresses are refused). Use the printer's address on the lab network.";

/**
 * Issue 26: a printer address must not reach into the server itself or its link: unspecified (0/8),
 * loopback (127/8), link-local (169.254/16: cloud metadata), multicast (224/4), reserved and broadcast
 * (240/4, 255.255.255.255). Private LAN ranges, where printers live, stay allowed. Null when allowed.
 * The server checks again at connect time (labels.printer.ts), also for IPv6 and IPv4-mapped IPv6.
 */
export function printerAddressProblem(ip: string): string | null {
  if (!isIpv4(ip)) return MSG.invalidIp;
  const [a, b] = ip.split('.').map(Number);
  const refused = a === 0 || a === 127 || (a === 169 && b === 254) || a >= 224;
  return refused ? printerAddressRefused : null;
}

/** PUT labels/printer: the institution's Zebra printer for server-side printing. */
export const PrinterInput = z.object({
  ipAddress: IpAddress.superRefine((ip, ctx) => {
    const problem = isIpv4(ip) ? printerAddressProblem(ip) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  port: typedNumber({
    whole: true,
    min: 1,
    max: 65535,
    notNumber: MSG.portNumber,
    notWhole: 'Port must be 1 to 65535',
    tooSmall: MSG.portRange,
    tooLarge: MSG.portRange,
  }).default(DEFAULT_PRINTER_PORT),
  // The ports a printer may use are the server operator's choice (PRINTER_PORTS): the server checks them.
  /** Required once a printer is saved (the first save creates it). */
  concurrencyStamp: z.string().max(100).optional(),
});
export type PrinterInput = z.input<typeof PrinterInput>;
export type PrinterValues = z.output<typeof PrinterInput>;

export const Printer = z.object({
  id: z.number(),
  ipAddress: z.string(),
  port: z.number(),
  concurrencyStamp: z.string(),
  enabledDate: z.string().nullable(),
});
export type Printer = z.infer<typeof Printer>;

// Code 128 (subset B) encodes printable ASCII; names may be any script.
const printable = /^[\x20-\x7E]*$/;

/** One label: spec 2 §9 barcode label (date, Code 128, sample ID) and order label (plus MRN and names). */
export const Label = z.object({
  sampleId: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(40, msgf('atMostCharacters', { max: 40 }))
    .regex(printable, asciiOnly),
  /** spec 2 §9: label date DD-MM-YYYY. */
  date: LabelDate.optional(),
  patientName: trimmedText(60).optional(),
  mrn: trimmedText(30).optional(),
  /** A received sample's label (no participant here, docs/labels.md "Sample labels"): its specimen type and donor code. */
  specimenType: trimmedText(100).optional(),
  donorCode: trimmedText(40).optional(),
  copies: typedNumber({
    whole: true,
    min: 1,
    max: MAX_LABELS_PER_JOB,
    notNumber: MSG.copiesNumber,
    notWhole: 'Copies must be a whole number',
    tooSmall: MSG.copiesAtLeastOne,
    tooLarge: tooManyLabels,
  }).default(1),
});
export type Label = z.input<typeof Label>;
export type ParsedLabel = z.output<typeof Label>;

/** spec 2 §2 Barcode Generator: prefix + running number from Start Index, Quantity labels, each Copies times. */
export const GeneratorRequest = z
  .object({
    prefix: z
      .string()
      .trim()
      .max(MAX_PREFIX_LENGTH, msgf('prefixAtMost', { max: MAX_PREFIX_LENGTH }))
      .regex(printable, asciiOnly)
      .default(''),
    startIndex: typedNumber({
      whole: true,
      min: 0,
      max: 999_999_999,
      notNumber: MSG.startIndexNumber,
      notWhole: 'Start Index must be a whole number',
      tooSmall: MSG.startIndexMin,
      tooLarge: MSG.startIndexTooLarge,
    }).default(1),
    quantity: typedNumber({
      whole: true,
      min: 1,
      max: 1e9,
      notNumber: MSG.quantityNumber,
      notWhole: 'Quantity must be a whole number',
      tooSmall: MSG.quantityAtLeastOne,
      tooLarge: tooManyLabels,
    }).default(1),
    copies: typedNumber({
      whole: true,
      min: 1,
      max: 1e9,
      notNumber: MSG.copiesNumber,
      notWhole: 'Copies must be a whole number',
      tooSmall: MSG.copiesAtLeastOne,
      tooLarge: tooManyLabels,
    }).default(1),
    date: LabelDate.optional(),
  })
  .refine((g) => g.quantity * g.copies <= MAX_LABELS_PER_JOB, { path: ['quantity'], message: tooManyLabels });
export type GeneratorRequest = z.input<typeof GeneratorRequest>;

/** POST labels/zpl|pdf|print: either explicit labels (order and sample labels) or a generator request. */
export const LabelJob = z
  .object({
    labels: z.array(Label).max(MAX_LABELS_PER_JOB, tooManyLabels).optional(),
    generator: GeneratorRequest.optional(),
  })
  .superRefine((job, ctx) => {
    if (!job.labels?.length && !job.generator) {
      ctx.addIssue({ code: 'custom', path: ['labels'], message: MSG.labelsOrGenerator });
    } else if (job.labels && job.labels.reduce((n, l) => n + l.copies, 0) > MAX_LABELS_PER_JOB) {
      ctx.addIssue({ code: 'custom', path: ['labels'], message: tooManyLabels });
    }
  });
export type LabelJob = z.input<typeof LabelJob>;
export type LabelJobValues = z.output<typeof LabelJob>;

export const PrintResult = z.object({ printer: z.string(), labels: z.number(), bytes: z.number() });
export type PrintResult = z.infer<typeof PrintResult>;

/** A label has room for two lines under the barcode: the order label's name and MRN, a received sample's type and donor code. */
export const MAX_LABEL_LINES = 2;

/**
 * The words printed on a label, English (issue 33): the catalogues' `labels.printed` (contract/i18n), where each
 * language says them. Labels are printed in the printing user's language (docs/languages.md).
 */
export const PRINTED_LABEL_WORDS = {
  mrn: 'MRN: {{mrn}}',
  donor: 'Donor: {{donorCode}}',
  /** The PDF sheet's document title. */
  sheetTitle: 'Labels',
};
export type PrintedLabelWords = Readonly<Record<keyof typeof PRINTED_LABEL_WORDS, string>>;

/** The lines printed under the barcode (ZPL and PDF alike), at most MAX_LABEL_LINES, in this order. */
export function labelLines(
  label: Pick<ParsedLabel, 'patientName' | 'mrn' | 'specimenType' | 'donorCode'>,
  words: PrintedLabelWords = PRINTED_LABEL_WORDS,
): string[] {
  return [
    label.patientName,
    label.specimenType,
    label.mrn ? words.mrn.replace('{{mrn}}', () => label.mrn ?? '') : undefined,
    label.donorCode ? words.donor.replace('{{donorCode}}', () => label.donorCode ?? '') : undefined,
  ]
    .filter((l): l is string => !!l)
    .slice(0, MAX_LABEL_LINES);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** spec 2 §9: the label date is day-month-year, DD-MM-YYYY (local calendar date). */
export function labelDate(d: Date): string {
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** The generator's labels: one per number, each carrying the copies (spec 2 §9). */
export function generateLabels(req: z.output<typeof GeneratorRequest>, today: string): ParsedLabel[] {
  return Array.from({ length: req.quantity }, (_, i) => ({
    sampleId: `${req.prefix}${req.startIndex + i}`,
    date: req.date ?? today,
    copies: req.copies,
  }));
}

export interface OrderLabelSource {
  sampleId: string;
  createdDate: string | Date;
  mrn?: string | null;
  firstName?: string | null;
  fatherName?: string | null;
}

/** spec 2 §9 order label: sample ID, created date, barcode, first MRN, patient first and father names. */
export function buildOrderLabel(o: OrderLabelSource, copies = 1): Label {
  const created = typeof o.createdDate === 'string' ? new Date(o.createdDate) : o.createdDate;
  const name = [o.firstName, o.fatherName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    sampleId: o.sampleId,
    date: Number.isNaN(created.getTime()) ? undefined : labelDate(created),
    ...(name ? { patientName: name } : {}),
    ...(o.mrn?.trim() ? { mrn: o.mrn.trim() } : {}),
    copies,
  };
}
