import { z } from 'zod';
import { MSG } from './messages';
import { trimmedText } from './common.contract';
import { StorageLocation } from './storage.contract';

// Rack-scanner reconcile (issue 17; docs/storage.md "Rack-scanner reconcile").

/** Largest scan file the server reads (a 100 x 100 rack is far below): larger bodies are 413. */
export const MAX_RACK_SCAN_BYTES = 1024 * 1024;

export const RACK_SCAN_OUTCOMES = ['match', 'moved', 'missing', 'unknown', 'empty', 'noRead'] as const;
export type RackScanOutcome = (typeof RACK_SCAN_OUTCOMES)[number];

/** POST .../rack-scan: the scanner's CSV file as the body (text/csv or text/plain). */
export const RackScanText = z.string({ error: MSG.rackScanBody }).max(MAX_RACK_SCAN_BYTES, MSG.rackScanTooLarge);

const SampleBrief = z.object({ id: z.number(), sampleId: z.string() });

export const RackScanEntry = z.object({
  /** The scan file's line (null: a missing sample, which no line names). */
  line: z.number().nullable(),
  /** The position as the box labels it. */
  position: z.string(),
  positionId: z.number(),
  rowIndex: z.number(),
  columnIndex: z.number(),
  /** The tube's barcode as the scanner read it (null: empty, no read, missing). */
  barcode: z.string().nullable(),
  outcome: z.enum(RACK_SCAN_OUTCOMES),
  /** The sample the barcode names (match, moved) or the one missing. */
  sample: SampleBrief.nullable(),
  /** moved: where the sample is stored now (null: stored nowhere yet). */
  from: StorageLocation.nullable(),
  /** The sample the database has in this position now, if any. */
  expected: SampleBrief.nullable(),
});
export type RackScanEntry = z.infer<typeof RackScanEntry>;

export const RackScanResult = z.object({
  boxId: z.number(),
  /** The state the answer was read from (scan file, box, occupancies): apply sends it back, a change since is 409. */
  scanStamp: z.string(),
  layout: z.enum(['header', 'plain']),
  entries: z.array(RackScanEntry),
  counts: z.record(z.enum(RACK_SCAN_OUTCOMES), z.number()),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type RackScanResult = z.infer<typeof RackScanResult>;

/** POST .../rack-scan/apply */
export const RackScanApply = z.object({
  csv: RackScanText,
  scanStamp: z.string({ error: MSG.scanStampRequired }).min(1, MSG.requiredSelect).max(200),
  vacateMissing: z.boolean().default(false),
  vacateReason: trimmedText(500, undefined, 'multi').nullish(),
});
export type RackScanApply = z.output<typeof RackScanApply>;
export type RackScanApplyValues = z.input<typeof RackScanApply>;

export const RackScanApplied = z.object({
  moved: z.number(),
  vacated: z.number(),
  /** The box read again after the changes. */
  scan: RackScanResult,
});
export type RackScanApplied = z.infer<typeof RackScanApplied>;
