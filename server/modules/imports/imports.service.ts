import type { Readable } from 'node:stream';
import {
  AVAILABLE_IMPORT_KINDS,
  IMPORT_BATCH_ROWS,
  IMPORT_COLUMNS,
  IMPORT_PERMISSION,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ROW_ERRORS,
  rowErrorKey,
  type DryRunResult,
  type ImportKind,
  type ImportMapping,
  type RowError,
} from '../../../contract/imports.contract';
import { command, type InstCtx, requirePermission } from '../../platform/context';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { importErrors } from './imports.errors';
import { CsvSyntaxError, CsvTooLarge, readCsv, UploadAborted } from './csv-parse';
import { isRowError, mapperOf } from './mapping';
import { Yielder } from './yielder';
import { translateMessage } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { participantChecker, insertParticipants, type CheckedParticipant, type MappedRow } from '../participants';
import { createStorageRows } from '../storage';
import { createSampleRows } from './sample-rows';

/** The kind is one this installation imports (409 `imports.not_available` otherwise). */
export function assertOffered(kind: ImportKind) {
  if (!AVAILABLE_IMPORT_KINDS.includes(kind)) throw importErrors.not_available(kind);
}

/**
 * May the caller import this kind here, and is it offered. The routes are 'signedIn' because the permission
 * depends on the path's kind (IMPORT_PERMISSION), so it is checked here and not by the router.
 */
export function assertAvailable(ctx: InstCtx, kind: ImportKind) {
  requirePermission(ctx, IMPORT_PERMISSION[kind]);
  assertOffered(kind);
}

/** A template: the header row and one example row (RFC 4180, CRLF). */
export function template(ctx: InstCtx, kind: ImportKind) {
  assertAvailable(ctx, kind);
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const cols = IMPORT_COLUMNS[kind];
  return `${cols.map((c) => cell(c.field)).join(',')}\r\n${cols.map((c) => cell(c.example)).join(',')}\r\n`;
}

/** An upload: the request body (the CSV file, not read yet) and the query's mapping and file name. */
export interface Upload {
  body: Readable;
  mapping: ImportMapping;
  fileName?: string;
}

const byLine = (a: RowError, b: RowError) => a.line - b.line;
/** Thrown to roll a storage or sample dry run back: its rows are created for real, then undone. */
class DryRunRollback extends Error {}

/**
 * Row errors in line order: the first MAX_REPORTED_ROW_ERRORS kept, all counted (with their lines). Batches
 * arrive sorted and in file order, so a file with errors on every row costs no more memory than a clean one.
 */
class RowErrors {
  readonly kept: RowError[] = [];
  count = 0;
  lines = 0;
  private lastLine = 0;
  add(batch: RowError[]) {
    for (const e of batch.sort(byLine)) {
      this.count++;
      if (e.line !== this.lastLine) {
        this.lines++;
        this.lastLine = e.line;
      }
      if (this.kept.length < MAX_REPORTED_ROW_ERRORS) this.kept.push(e);
    }
  }
}

/** Writes the rows in `tx` (row errors go to `errors`); returns the new ids in file order. */
type Writer = (tx: Db, progress: (done: number) => void, errors: RowError[]) => Promise<number[]>;
interface Checked {
  fileSha256: string;
  rowCount: number;
  applied: Record<string, string>;
  errors: RowErrors;
  total: number;
  write: Writer;
}

/**
 * Streams the upload through the parser and the mapping and checks every row, changing nothing. Participants
 * are checked in batches of IMPORT_BATCH_ROWS as they arrive (the registration's rules; one MRN query per
 * batch) and kept for the commit; storage nodes and samples are created one by one by their module's own
 * command (each may depend on the ones above), so their rows are read first and their dry run rolls back.
 * Every loop gives the event loop a turn at least each SLICE_MS (Yielder).
 */
async function check(
  ctx: InstCtx,
  kind: ImportKind,
  upload: Upload,
  commit: boolean,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Checked> {
  assertAvailable(ctx, kind);
  const y = new Yielder();
  const turn = () => y.maybe();
  const csv = readCsv(upload.body, MAX_IMPORT_BYTES);
  const errors = new RowErrors();
  try {
    const records = csv.records[Symbol.asyncIterator]();
    const first = await records.next();
    if (first.done) throw csv.bytes() ? importErrors.no_rows() : importErrors.empty();
    const m = mapperOf(first.value, IMPORT_COLUMNS[kind], upload.mapping);
    errors.add(m.headerErrors);
    const participants =
      kind === 'participants' && !m.missingColumns ? await participantChecker(ctx.db, ctx, m.columnOf, turn) : null;
    const kept: CheckedParticipant[] = [];
    const rows: MappedRow[] = [];
    const late: RowError[] = [];
    let batch: MappedRow[] = [];
    let batchErrors: RowError[] = [];
    let rowCount = 0;
    const flush = async () => {
      // A dry run keeps nothing (memory stays flat); a commit keeps the checked rows for the inserts.
      if (participants) {
        const ok = await participants.check(batch, batchErrors);
        if (commit) for (const p of ok) kept.push(p);
      }
      // Participant batches come in file order, already checked; storage and sample rows are checked below.
      if (kind === 'participants') errors.add(batchErrors);
      else late.push(...batchErrors);
      batch = [];
      batchErrors = [];
    };
    for (let r = await records.next(); !r.done; r = await records.next()) {
      if (++rowCount > MAX_IMPORT_ROWS) throw importErrors.too_many_rows();
      const mapped = m.row(r.value);
      if (isRowError(mapped)) batchErrors.push(mapped);
      else if (participants) batch.push(mapped);
      else if (!m.missingColumns) rows.push(mapped);
      if (batch.length >= IMPORT_BATCH_ROWS) await flush();
      await y.maybe();
    }
    await flush();
    if (!rowCount) throw importErrors.no_rows();
    const fileSha256 = csv.fileSha256();
    if (kind === 'participants') {
      return {
        fileSha256,
        rowCount,
        applied: m.applied,
        errors,
        total: kept.length,
        write: (tx, progress) => insertParticipants(tx, ctx, kept, progress, turn),
      };
    }
    const create = kind === 'storage' ? createStorageRows : createSampleRows;
    const write: Writer = (tx, progress, errs) =>
      create(
        tx,
        ctx,
        rows,
        errs,
        m.columnOf,
        async (n) => {
          progress(n);
          await turn();
        },
        lng,
      );
    if (!m.missingColumns) {
      await ctx.db
        .transaction(async (tx) => {
          await write(tx, () => {}, late);
          throw new DryRunRollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof DryRunRollback)) throw e;
        });
    }
    errors.add(late);
    return { fileSha256, rowCount, applied: m.applied, errors, total: rows.length, write };
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw importErrors.bad_csv(e.message);
    if (e instanceof CsvTooLarge) throw importErrors.too_large();
    if (e instanceof UploadAborted) throw importErrors.aborted();
    throw e;
  } finally {
    // A refused file stops here: the rest of the request is discarded unread.
    await csv.records.return(undefined);
  }
}

/**
 * The dry run, its row problems in the caller's language (issue 33): each row sentence and contract message is a
 * contract/messages.ts text said by its key (translateMessage); another module's problem a row met is said by its
 * problem key as the row meets it (`lng` reaches the writers).
 */
export async function dryRun(
  ctx: InstCtx,
  kind: ImportKind,
  upload: Upload,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<DryRunResult> {
  const c = await check(ctx, kind, upload, false, lng);
  return {
    kind,
    dryRun: true,
    rowCount: c.rowCount,
    fileSha256: c.fileSha256,
    mapping: c.applied,
    errors: c.errors.kept.map((e) => ({ ...e, message: translateMessage(e.message, lng) })),
    errorCount: c.errors.count,
  };
}

const refuse = (errors: RowErrors) => {
  const byKey: Record<string, string[]> = {};
  for (const e of errors.kept) (byKey[rowErrorKey(e)] ??= []).push(e.message);
  return importErrors.rows_invalid(errors.count, errors.lines, byKey);
};

/**
 * Checks the whole file first (a row error refuses it: 422, errors keyed "line:field", nothing written), then
 * returns the work that writes everything in one transaction with a single import audit entry; `progress` is
 * told after each batch. A row refused only at write time (someone changed the data meanwhile) rolls all back.
 */
export async function prepareCommit(ctx: InstCtx, kind: ImportKind, upload: Upload) {
  const { fileSha256, errors, total, write } = await check(ctx, kind, upload, true);
  if (errors.count) throw refuse(errors);
  // The permission was checked before the file was read; command checks it again as the write begins.
  const run = async (progress: (done: number) => void) =>
    command(ctx, IMPORT_PERMISSION[kind], async (tx) => {
      const late: RowError[] = [];
      const ids = await write(tx.db, progress, late);
      if (late.length) {
        const refused = new RowErrors();
        refused.add(late);
        throw refuse(refused);
      }
      const summary = { kind, rowCount: ids.length, fileSha256, firstId: ids[0] ?? null, lastId: ids.at(-1) ?? null };
      await audit(tx.db, tx, {
        entity: 'import',
        entityId: null,
        action: 'create',
        after: { ...summary, fileName: upload.fileName ?? null, ids: ids.length <= 1000 ? ids : undefined },
      });
      return summary;
    });
  return { total, run };
}
