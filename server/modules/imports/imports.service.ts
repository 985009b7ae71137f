import { createHash } from 'node:crypto';
import type { ImportRequest as ImportRequestSchema} from '../../../contract/imports.contract';
import { AVAILABLE_IMPORT_KINDS, IMPORT_COLUMNS, rowErrorKey, type DryRunResult, type ImportKind, type RowError } from '../../../contract/imports.contract';
import type { Permission } from '../../../contract/permissions.contract';
import { type Ctx, requirePermission } from '../../platform/context';
import { audit } from '../../platform/audit';
import { importErrors } from './imports.errors';
import { mapRows } from './mapping';
import { checkParticipants, insertParticipants } from '../participants/participants-import.service';

/** Who may import: whoever may create that kind of record one by one (docs/permissions.md). */
export const IMPORT_PERMISSION: Record<ImportKind, Permission> = {
  participants: 'participants.manage', samples: 'samples.collect', storage: 'configuration.manage',
};

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
const byLine = (a: RowError, b: RowError) => a.line - b.line;

/** Parses, maps and checks every row; changes nothing. */
async function check(ctx: Ctx, kind: ImportKind, req: ParsedRequest) {
  assertAvailable(ctx, kind);
  const fileSha256 = createHash('sha256').update(req.csv, 'utf8').digest('hex');
  const mapped = mapRows(req.csv, IMPORT_COLUMNS[kind], req.mapping);
  // Without a required column every row would fail the same way: the missing columns alone are reported.
  const checked = mapped.missingColumns ? [] : await checkParticipants(ctx.db, ctx, mapped.rows, mapped.errors, mapped.columnOf);
  mapped.errors.sort(byLine);
  return { fileSha256, mapped, checked };
}

export async function dryRun(ctx: Ctx, kind: ImportKind, req: Parameters<typeof check>[2]): Promise<DryRunResult> {
  const { fileSha256, mapped } = await check(ctx, kind, req);
  return { kind, dryRun: true, rowCount: mapped.rowCount, fileSha256, mapping: mapped.applied, errors: mapped.errors };
}

/**
 * Checks the whole file first (a row error refuses it: 422, errors keyed "line:field", nothing written), then
 * returns the work that writes everything in one transaction with a single audit entry; `progress` is told
 * after each batch.
 */
export async function prepareCommit(ctx: Ctx, kind: ImportKind, req: Parameters<typeof check>[2]) {
  const { fileSha256, mapped, checked } = await check(ctx, kind, req);
  if (mapped.errors.length) {
    const errors: Record<string, string[]> = {};
    for (const e of mapped.errors) (errors[rowErrorKey(e)] ??= []).push(e.message);
    throw importErrors.rows_invalid(mapped.errors.length, new Set(mapped.errors.map((e) => e.line)).size, errors);
  }
  const total = checked.length;
  const run = async (progress: (done: number) => void) => ctx.db.transaction(async (tx) => {
    const ids = await insertParticipants(tx, ctx, checked, progress);
    await audit(tx, ctx, {
      entity: 'import', entityId: null, action: 'create',
      after: { kind, rowCount: ids.length, fileSha256, fileName: req.fileName ?? null, firstId: ids[0] ?? null, lastId: ids.at(-1) ?? null, ids: ids.length <= 1000 ? ids : undefined },
    });
    return { kind, rowCount: ids.length, fileSha256, firstId: ids[0] ?? null, lastId: ids.at(-1) ?? null };
  });
  return { total, run };
}

