import { z } from 'zod';
import { MSG, msgf } from './messages';
import type { Permission } from './permissions.contract';
import { Id, requiredText } from './common.contract';

// Bulk CSV import with a dry run (issue 17; docs/imports.md).

export const IMPORT_KINDS = ['participants', 'samples', 'storage'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** Kinds whose import is built; the others stay behind "not available yet". */
export const AVAILABLE_IMPORT_KINDS: readonly ImportKind[] = ['participants', 'samples', 'storage'];

/** Who may import: whoever may create that kind of record one by one (docs/permissions.md). */
export const IMPORT_PERMISSION: Record<ImportKind, Permission> = {
  participants: 'participants.manage',
  samples: 'samples.collect',
  storage: 'configuration.manage',
};

/**
 * Limits of one upload (issue 26; docs/imports.md, docs/operations.md). The file is streamed: bytes are counted
 * as they arrive (past the limit: 413), and rows are read and checked in batches that yield to the event loop.
 */
/** The largest file accepted: 20 MB of CSV (a larger request is refused with 413, counted while streaming). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Data rows in one file (more: 413). 20 MB of participant rows is about 160,000. */
export const MAX_IMPORT_ROWS = 200_000;
/** Characters in one record, all its cells (a line, or more when quoted cells hold line breaks); longer: 400 naming the line. */
export const MAX_IMPORT_RECORD_CHARS = 10_000;
/** Cells in one record (more: 400 naming the line). */
export const MAX_IMPORT_COLUMNS = 200;
/** Rows checked (and, for participants, inserted) per batch; the event loop is free between batches. */
export const IMPORT_BATCH_ROWS = 1000;
/** Row errors a dry run lists (and a refused commit names); `errorCount` has them all. */
export const MAX_REPORTED_ROW_ERRORS = 1000;
/** The upload's media type: the CSV file itself is the request body. */
export const IMPORT_CONTENT_TYPE = 'text/csv';

export interface ImportColumn {
  /** The key the mapping and the server use (the template's header). */
  field: string;
  /** The field in words, as the mapping step shows it (issue 28 item 10: 'First name', not `firstName *`). */
  label: string;
  /** Other headers files commonly use for it; a header matches them like the label (import-headers.ts). */
  synonyms?: string[];
  required: boolean;
  /** What goes in the cell, shown under the template's column. */
  description: string;
  example: string;
}

/** The participant columns (one row registers one participant with its MRN, races, ethnicities and a phone). */
export const PARTICIPANT_COLUMNS: ImportColumn[] = [
  {
    field: 'mrn',
    label: 'MRN',
    synonyms: ['Medical record number', 'Patient MRN', 'Participant MRN'],
    required: false,
    description: 'Main MRN, unique in the institution (not case-sensitive)',
    example: 'MRN-000123',
  },
  {
    field: 'firstName',
    label: 'First name',
    synonyms: ['Given name', 'Forename'],
    required: true,
    description: 'First name',
    example: 'Almaz',
  },
  {
    field: 'fatherName',
    label: "Father's name",
    synonyms: ['Father name', 'Middle name'],
    required: true,
    description: "Father's name",
    example: 'Tesfaye',
  },
  {
    field: 'grandFatherName',
    label: "Grandfather's name",
    synonyms: ['Grandfather name', 'Grand father name', 'Last name', 'Surname', 'Family name'],
    required: true,
    description: "Grandfather's name",
    example: 'Bekele',
  },
  {
    field: 'birthDate',
    label: 'Birth date',
    synonyms: ['Date of birth', 'DOB', 'Birthdate', 'Born'],
    required: true,
    description: 'YYYY-MM-DD, not in the future',
    example: '1984-03-12',
  },
  {
    field: 'birthTime',
    label: 'Birth time',
    synonyms: ['Time of birth'],
    required: true,
    description: 'HH:MM (24 hours)',
    example: '08:30',
  },
  {
    field: 'gender',
    label: 'Gender',
    synonyms: ['Sex'],
    required: true,
    description: 'A Gender title of this institution',
    example: 'Female',
  },
  {
    field: 'patientType',
    label: 'Participant type',
    synonyms: ['Patient type'],
    required: true,
    description: 'A Patient Type title',
    example: 'Outpatient',
  },
  {
    field: 'maritalStatus',
    label: 'Marital status',
    required: true,
    description: 'A Marital Status title',
    example: 'Single',
  },
  {
    field: 'vitalStatus',
    label: 'Vital status',
    required: true,
    description: 'A Vital Status title',
    example: 'Alive',
  },
  {
    field: 'deathDate',
    label: 'Death date',
    synonyms: ['Date of death', 'DOD'],
    required: false,
    description: 'YYYY-MM-DD; required when the vital status is Dead',
    example: '',
  },
  {
    field: 'socialSecurityNumber',
    label: 'Social security number',
    synonyms: ['SSN'],
    required: false,
    description: 'Social security number',
    example: '',
  },
  {
    field: 'externalSubjectId',
    label: 'External subject ID',
    synonyms: ['Subject ID', 'External ID'],
    required: false,
    description: 'External subject ID',
    example: 'EXT-1',
  },
  {
    field: 'races',
    label: 'Races',
    synonyms: ['Race'],
    required: true,
    description: 'Race titles, separated by ;',
    example: 'Black or African American',
  },
  {
    field: 'ethnicities',
    label: 'Ethnicities',
    synonyms: ['Ethnicity'],
    required: true,
    description: 'Ethnicity titles, separated by ;',
    example: 'Not Hispanic or Latino',
  },
  {
    field: 'phoneType',
    label: 'Phone type',
    synonyms: ['Phone number type'],
    required: false,
    description: 'A Phone Number Type title; required with a phone number',
    example: 'Mobile',
  },
  {
    field: 'phoneNumber',
    label: 'Phone number',
    synonyms: ['Phone', 'Telephone', 'Mobile number'],
    required: false,
    description: 'Digits, an optional leading +, at most 15 digits',
    example: '+251911223344',
  },
];

/** Storage containers, shelves, racks, drawers and boxes: one row per node, parents before children. */
export const STORAGE_COLUMNS: ImportColumn[] = [
  {
    field: 'parent',
    label: 'Parent code path',
    synonyms: ['Parent path', 'Parent'],
    required: false,
    description:
      'Code path of the parent (container/shelf/rack/drawer codes joined by /); empty for a container. May be a row above',
    example: '',
  },
  {
    field: 'code',
    label: 'Code',
    required: false,
    description:
      'Code (at most 2 characters), unique among its siblings; required for a container and for any node a later row puts something in',
    example: 'F1',
  },
  { field: 'title', label: 'Title', synonyms: ['Name'], required: true, description: 'Title', example: 'Freezer 1' },
  {
    field: 'rows',
    label: 'Rows',
    synonyms: ['Number of rows'],
    required: true,
    description: 'Rows, 1 to 100',
    example: '5',
  },
  {
    field: 'columns',
    label: 'Columns',
    synonyms: ['Number of columns'],
    required: true,
    description: 'Columns, 1 to 100',
    example: '1',
  },
  {
    field: 'positionLabeling',
    label: 'Position labeling',
    synonyms: ['Position labelling'],
    required: true,
    description: 'A Position Labeling Option title',
    example: 'Two Dimensional',
  },
  {
    field: 'rowLabeling',
    label: 'Row labeling',
    synonyms: ['Row labelling'],
    required: true,
    description: 'A Labeling Schema title for rows',
    example: 'Letters Upper Case',
  },
  {
    field: 'columnLabeling',
    label: 'Column labeling',
    synonyms: ['Column labelling'],
    required: false,
    description: 'A Labeling Schema title for columns (not for Linear)',
    example: 'Numbers',
  },
  {
    field: 'fillOrder',
    label: 'Fill order',
    required: false,
    description: 'row or column (default row)',
    example: 'row',
  },
  {
    field: 'level',
    label: 'Level',
    synonyms: ['Type'],
    required: false,
    description:
      'Container, Shelf, Rack, Drawer or Box; empty: the first the parent holds (a box may sit in a shelf, rack or drawer)',
    example: '',
  },
];

/**
 * Collected samples, one per row (the collect API's fields by title): a row with a parent sample ID is an
 * aliquot of it (a sample of the institution or a row above), drawn through the samples ledger.
 */
export const SAMPLE_COLUMNS: ImportColumn[] = [
  {
    field: 'sampleId',
    label: 'Sample ID',
    synonyms: ['Specimen ID'],
    required: false,
    description: 'Sample ID; empty: generated. Later rows may name it as their parent',
    example: 'IMP-0001',
  },
  {
    field: 'mrn',
    label: "Participant's MRN",
    synonyms: ['MRN', 'Medical record number', 'Patient MRN'],
    required: false,
    description: "Participant's MRN; required unless the row has a parent (then it must be the parent's donor)",
    example: 'MRN-000123',
  },
  {
    field: 'protocol',
    label: 'Protocol',
    synonyms: ['Collection protocol', 'Protocol code'],
    required: false,
    description: 'Protocol code or title; required unless the row has a parent',
    example: 'AB',
  },
  {
    field: 'event',
    label: 'Event',
    synonyms: ['Protocol event', 'Visit'],
    required: false,
    description: "Event label or code; empty: the protocol's only event",
    example: 'Baseline',
  },
  {
    field: 'specimenType',
    label: 'Specimen type',
    synonyms: ['Sample type'],
    required: true,
    description: "A Specimen Type title (an aliquot has its parent's)",
    example: 'Whole Blood',
  },
  {
    field: 'amount',
    label: 'Amount',
    synonyms: ['Collected amount', 'Quantity', 'Volume'],
    required: true,
    description: 'Collected amount, a positive number (an aliquot draws it from its parent)',
    example: '10',
  },
  {
    field: 'unit',
    label: 'Unit',
    synonyms: ['Unit of measurement'],
    required: false,
    description: "A Unit Of Measurement name; required unless the row has a parent (default: the parent's unit)",
    example: 'Millilitre',
  },
  {
    field: 'collectedDate',
    label: 'Collected date',
    synonyms: ['Collection date', 'Date collected'],
    required: true,
    description: "YYYY-MM-DD, within the protocol's dates",
    example: '2026-03-14',
  },
  {
    field: 'collectedTime',
    label: 'Collected time',
    synonyms: ['Collection time', 'Time collected'],
    required: true,
    description: 'HH:MM (24 hours)',
    example: '09:30',
  },
  {
    field: 'parentSampleId',
    label: 'Parent sample ID',
    synonyms: ['Parent sample', 'Parent ID'],
    required: false,
    description: 'Sample ID of the parent: an aliquot of a sample of this institution or of a row above',
    example: '',
  },
  {
    field: 'box',
    label: 'Box code path',
    synonyms: ['Box'],
    required: false,
    description:
      'Box code path container/shelf/rack/drawer/box (e.g. F1/S1/R1/D1/B1, or F1/S1/B1 for a box in a shelf); with position',
    example: '',
  },
  {
    field: 'position',
    label: 'Position in the box',
    synonyms: ['Position', 'Box position'],
    required: false,
    description: 'Position label in the box (e.g. A1), free; with box',
    example: '',
  },
];

export const IMPORT_COLUMNS: Record<ImportKind, ImportColumn[]> = {
  participants: PARTICIPANT_COLUMNS,
  samples: SAMPLE_COLUMNS,
  storage: STORAGE_COLUMNS,
};

export const ImportKindParam = z.object({
  instId: Id,
  kind: z.enum(IMPORT_KINDS, { error: MSG.importKindOneOf }),
});
export const TemplateParam = z.object({
  instId: Id,
  file: z.enum(IMPORT_KINDS.map((k) => `${k}.csv`) as [string, ...string[]], {
    error: MSG.importFileOneOf,
  }),
});

/** CSV header -> field; a header not named here maps to the field of the same name (case-insensitive), if any. '' ignores a column. */
export const ImportMapping = z.record(z.string().max(200), z.string().max(100));
export type ImportMapping = z.infer<typeof ImportMapping>;

/**
 * The query of `POST imports/{kind}`; the body is the CSV file itself (`Content-Type: text/csv`), streamed.
 * `mapping` is the JSON text of an ImportMapping (URL-encoded); `dryRun` defaults to true.
 */
export const ImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: MSG.dryRunTrueFalse })
    .default('true')
    .transform((v) => v === 'true'),
  fileName: z.string().max(255).optional(),
  mapping: z
    .string()
    .max(8000, MSG.mappingTooLong)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return {};
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      const parsed = ImportMapping.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: MSG.mappingJson });
      return z.NEVER;
    }),
});
export type ImportQuery = z.input<typeof ImportQuery>;

/** The query string of an upload (the web client and the tests build it the same way). */
export function importQuery(q: { dryRun: boolean; mapping?: ImportMapping; fileName?: string }) {
  const p = new URLSearchParams({ dryRun: String(q.dryRun) });
  if (q.mapping && Object.keys(q.mapping).length) p.set('mapping', JSON.stringify(q.mapping));
  if (q.fileName) p.set('fileName', q.fileName);
  return p.toString();
}

export const RowError = z.object({
  line: z.number(),
  field: z.string(),
  column: z.string().nullable(),
  message: z.string(),
});
export type RowError = z.infer<typeof RowError>;

export const DryRunResult = z.object({
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.literal(true),
  rowCount: z.number(),
  fileSha256: z.string(),
  /** CSV header -> field, as applied. */
  mapping: z.record(z.string(), z.string()),
  /** The first MAX_REPORTED_ROW_ERRORS row errors, by line. */
  errors: z.array(RowError),
  /** How many row errors the file has in all. */
  errorCount: z.number(),
});
export type DryRunResult = z.infer<typeof DryRunResult>;

/** The commit streams NDJSON: progress lines, then one result (or error) line. */
export type ImportStreamLine =
  | { processed: number; total: number }
  | {
      result: {
        kind: ImportKind;
        rowCount: number;
        fileSha256: string;
        firstId: number | null;
        lastId: number | null;
        auditId?: number;
      };
    }
  | { error: { status: number; title: string } };

/** A commit refused for row errors answers 422 problem+json with errors keyed "line:field". */
export const rowErrorKey = (e: Pick<RowError, 'line' | 'field'>) => `${e.line}:${e.field}`;

/**
 * Saved column mappings (issue 28 item 10; docs/imports.md): a mapping saved under a name, per institution and
 * import kind, applied to a later file whose headers it names (`applyTemplate` in import-headers.ts).
 */
export const MAPPING_TEMPLATE_NAME_MAX = 100;
export const MappingTemplatesParam = ImportKindParam;
export const MappingTemplateParam = ImportKindParam.extend({ templateId: Id });
export const MappingTemplateInput = z.object({
  name: requiredText(MAPPING_TEMPLATE_NAME_MAX),
  mapping: ImportMapping.refine((m) => Object.keys(m).length > 0, MSG.mappingNoColumn).refine(
    (m) => Object.keys(m).length <= MAX_IMPORT_COLUMNS,
    msgf('mappingAtMostColumns', { max: MAX_IMPORT_COLUMNS }),
  ),
});
export type MappingTemplateInput = z.input<typeof MappingTemplateInput>;
export const MappingTemplate = z.object({
  id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  name: z.string(),
  mapping: z.record(z.string(), z.string()),
  createdDate: z.string(),
});
export type MappingTemplate = z.infer<typeof MappingTemplate>;
