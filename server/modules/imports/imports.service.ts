import { createHash } from 'node:crypto';
import { AVAILABLE_IMPORT_KINDS, IMPORT_COLUMNS, IMPORT_PERMISSION, rowErrorKey, type DryRunResult, type ImportKind, type ImportRequest as ImportRequestSchema, type RowError } from '../../../contract/imports.contract';
import { type Ctx, requirePermission } from '../../platform/context';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { importErrors } from './imports.errors';
import { mapRows } from './mapping';
import { checkParticipants, insertParticipants } from '../participants/participants-import.service';
import { createStorageRows } from '../storage/storage-import.service';
import { createSampleRows } from './sample-rows';


function assertAvailable(ctx: Ctx, kind: ImportKind) {
  requirePermission(ctx, IMPORT_PERMISSION[kind]);
  if (!AVAILABLE_IMPORT_KINDS.includes(kind)) throw importErrors.not_available(kind);
}

/** A template: the header row and one example row (RFC 4180, CRLF). */
export function template(ctx: Ctx, kind: ImportKind) {
  assertAvailable(ctx, kind);
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const cols = IMPORT_COLUMNS[kind];
  return `${cols.map((c) => cell(c.field)).join(',')}\r\n${cols.map((c) => cell(c.example)).join(',')}\r\n`;
}

type ParsedRequest = ReturnType<typeof ImportRequestSchema.parse>;
type Mapped = ReturnType<typeof mapRows>;
const byLine = (a: RowError, b: RowError) => a.line - b.line;
/** Thrown to roll a storage or sample dry run back: its rows are created for real, then undone. */
class DryRunRollback extends Error {}

/** Writes the rows in `tx` (row errors go to `errors`); returns the new ids in file order. */
type Writer = (tx: Db, progress: (done: number) => void, errors: RowError[]) => Promise<number[]>;

/**
 * Parses, maps and checks every row, changing nothing. Participants are checked row by row against the
 * registration's rules and then inserted in batches; storage nodes and samples are created one by one by their
 * module's own command (each may depend on the ones above), so their dry run creates them and rolls back.
 */
async function check(ctx: Ctx, kind: ImportKind, req: ParsedRequest): Promise<{ fileSha256: string; mapped: Mapped; total: number; write: Writer }> {
  assertAvailable(ctx, kind);
  const fileSha256 = createHash('sha256').update(req.csv, 'utf8').digest('hex');
  const mapped = mapRows(req.csv, IMPORT_COLUMNS[kind], req.mapping);
  // Without a required column every row would fail the same way: the missing columns alone are reported.
  if (kind === 'storage' || kind === 'samples') {
    const rows = kind === 'storage' ? createStorageRows : createSampleRows;
    const write: Writer = (tx, progress, errors) => rows(tx, ctx, mapped.rows, errors, mapped.columnOf, progress);
    if (!mapped.missingColumns) {
      await ctx.db.transaction(async (tx) => { await write(tx, () => {}, mapped.errors); throw new DryRunRollback(); })
        .catch((e: unknown) => { if (!(e instanceof DryRunRollback)) throw e; });
    }
    mapped.errors.sort(byLine);
    return { fileSha256, mapped, total: mapped.rows.length, write };
  }
  const checked = mapped.missingColumns ? [] : await checkParticipants(ctx.db, ctx, mapped.rows, mapped.errors, mapped.columnOf);
  mapped.errors.sort(byLine);
  return { fileSha256, mapped, total: checked.length, write: (tx, progress) => insertParticipants(tx, ctx, checked, progress) };
}

export async function dryRun(ctx: Ctx, kind: ImportKind, req: ParsedRequest): Promise<DryRunResult> {
  const { fileSha256, mapped } = await check(ctx, kind, req);
  return { kind, dryRun: true, rowCount: mapped.rowCount, fileSha256, mapping: mapped.applied, errors: mapped.errors };
}

const refuse = (errors: RowError[]) => {
  const byKey: Record<string, string[]> = {};
  for (const e of errors) (byKey[rowErrorKey(e)] ??= []).push(e.message);
  return importErrors.rows_invalid(errors.length, new Set(errors.map((e) => e.line)).size, byKey);
};

/**
 * Checks the whole file first (a row error refuses it: 422, errors keyed "line:field", nothing written), then
 * returns the work that writes everything in one transaction with a single import audit entry; `progress` is
 * told after each batch. A row refused only at write time (someone changed the data meanwhile) rolls all back.
 */
export async function prepareCommit(ctx: Ctx, kind: ImportKind, req: ParsedRequest) {
  const { fileSha256, mapped, total, write } = await check(ctx, kind, req);
  if (mapped.errors.length) throw refuse(mapped.errors);
  const run = async (progress: (done: number) => void) => ctx.db.transaction(async (tx) => {
    const late: RowError[] = [];
    const ids = await write(tx, progress, late);
    if (late.length) throw refuse(late);
    const summary = { kind, rowCount: ids.length, fileSha256, firstId: ids[0] ?? null, lastId: ids.at(-1) ?? null };
    await audit(tx, ctx, { entity: 'import', entityId: null, action: 'create', after: { ...summary, fileName: req.fileName ?? null, ids: ids.length <= 1000 ? ids : undefined } });
    return summary;
  });
  return { total, run };
}
