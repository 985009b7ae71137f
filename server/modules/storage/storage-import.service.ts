import {
  ChildInput,
  ContainerInput,
  STORAGE_LEVELS,
  STORAGE_LEVEL_LABELS,
  type PathRef,
  type StorageLevel,
} from '../../../contract/storage.contract';
import type { RowError } from '../../../contract/imports.contract';
import type { InstCtx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { translateProblem } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { MSG, msgf } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { titlesOf, unknownTitle } from '../../platform/lookups/lookup-titles';
import { childByCode } from './storage.repository';
import { positionByCode } from './occupancies.repository';
import { createNode } from './storage.service';
import { allocate } from './allocation.service';

/** One CSV data row after the column mapping (the imports module's shape). */
interface Row {
  line: number;
  values: Record<string, string | undefined>;
}

/**
 * The node a code path names ("F1/S2/R1": a container's code, then each child's code, whatever level
 * each child is: a box may sit in a shelf, rack or drawer), or why not.
 */
export async function nodeAt(db: Db, inst: number, codes: string[]): Promise<PathRef[] | string> {
  const path: PathRef[] = [];
  for (const [depth, code] of codes.entries()) {
    const parent = path.at(-1);
    const hit = await childByCode(db, inst, parent?.id ?? null, code);
    if (!hit)
      return msgf(parent ? 'importNoStorage' : 'importNoContainer', {
        code,
        path: codes.slice(0, depth + 1).join('/'),
      });
    if (hit.level === 'box' && depth < codes.length - 1)
      return msgf('importBoxInPath', { path: codes.slice(0, depth + 1).join('/') });
    path.push(hit);
  }
  return path;
}

/** The `level` column: a level's name in any case, or empty (the first level the parent holds). */
const levelOf = (text: string | undefined): StorageLevel | null | undefined =>
  text?.trim()
    ? (STORAGE_LEVELS.find(
        (l) => l === text.trim().toLowerCase() || STORAGE_LEVEL_LABELS[l].toLowerCase() === text.trim().toLowerCase(),
      ) ?? null)
    : undefined;

/**
 * Creates each row's node with the storage screen's own command (createNode: capacity, code unique among
 * siblings, layout, a box's positions, its audit entry) inside `tx`, each row in a savepoint so a refused row
 * is reported (its first problem, on its line) and the next rows still run. Parents are code paths and
 * may be rows earlier in the file. The caller commits or rolls back the whole transaction.
 */
export async function createStorageRows(
  tx: Db,
  ctx: InstCtx,
  rows: Row[],
  errors: RowError[],
  columnOf: (field: string) => string | null,
  progress: (done: number) => void | Promise<void> = () => {},
  /** The caller's language, for the storage problems a row meets (the row sentences are said by key). */
  lng: LanguageCode = DEFAULT_LANGUAGE,
) {
  const txCtx = { ...ctx, db: tx };
  const inst = txCtx.institutionId;
  const push = (line: number, field: string, message: string) =>
    errors.push({ line, field, column: columnOf(field), message });
  const [options, schemas] = await Promise.all([
    titlesOf(tx, inst, 'positionLabelingOptions'),
    titlesOf(tx, inst, 'labelingSchemas'),
  ]);
  const ids: number[] = [];
  for (const [i, { line, values: v }] of rows.entries()) {
    await progress(i);
    const before = errors.length;
    const title = (field: string, list: typeof options, key: string) => {
      const t = v[field];
      if (!t) return undefined;
      const hit = list.get(t.trim().toLowerCase());
      if (!hit) push(line, field, unknownTitle(key, t));
      return hit?.id;
    };
    const input = {
      title: v.title,
      code: v.code,
      rows: v.rows,
      columns: v.columns,
      fillOrder: v.fillOrder,
      positionLabelingOptionId: title('positionLabeling', options, 'positionLabelingOptions'),
      rowLabelingSchemaId: title('rowLabeling', schemas, 'labelingSchemas'),
      columnLabelingSchemaId: title('columnLabeling', schemas, 'labelingSchemas'),
    };
    const codes = (v.parent ?? '')
      .split('/')
      .map((c) => c.trim())
      .filter(Boolean);
    const parsed = (codes.length ? ChildInput : ContainerInput).safeParse(input);
    const fieldOf = (k: string) =>
      ({
        positionLabelingOptionId: 'positionLabeling',
        rowLabelingSchemaId: 'rowLabeling',
        columnLabelingSchemaId: 'columnLabeling',
      })[k] ?? k;
    if (!parsed.success) {
      const seen = new Set(errors.slice(before).map((e) => e.field));
      for (const issue of parsed.error.issues) {
        const f = fieldOf(String(issue.path[0] ?? ''));
        if (!seen.has(f)) {
          seen.add(f);
          push(line, f, issue.message);
        }
      }
    }
    const level = levelOf(v.level);
    if (level === null) push(line, 'level', msgf('importLevelOneOf', { choices: STORAGE_LEVELS.join(', ') }));
    const path = codes.length ? await nodeAt(tx, inst, codes) : [];
    if (typeof path === 'string') push(line, 'parent', path);
    else if (path.at(-1)?.level === 'box') push(line, 'parent', MSG.boxTooDeep);
    if (errors.length > before || !parsed.success || typeof path === 'string' || level === null) continue;
    try {
      const node = await tx.transaction(async (sp) => createNode({ ...txCtx, db: sp }, path, parsed.data, level));
      ids.push(node.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const field = Object.keys(err.errors ?? {})[0];
      push(line, field ? fieldOf(field) : '', translateProblem(err, lng).title);
    }
  }
  await progress(rows.length);
  return ids;
}

/**
 * Stores an imported sample at a box (code path "F1/S1/R1/D1/B1", or shorter: "F1/S1/B1") and position label with the storage
 * screen's own allocation (custody, position free, sample not stored yet, its history and audit), in `ctx.db`.
 * Answers why not (on `box` or `position`), or null when stored.
 */
export async function storeAtPosition(
  ctx: InstCtx,
  boxPath: string,
  positionLabel: string,
  collectedSampleId: number,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<{ field: 'box' | 'position'; message: string } | null> {
  const inst = ctx.institutionId;
  const codes = boxPath
    .split('/')
    .map((c) => c.trim())
    .filter(Boolean);
  const path = codes.length && codes.length <= STORAGE_LEVELS.length ? await nodeAt(ctx.db, inst, codes) : MSG.boxPath;
  if (typeof path === 'string') return { field: 'box', message: path };
  const box = path.at(-1)!;
  if (box.level !== 'box')
    return { field: 'box', message: msgf('importNotABox', { path: codes.join('/'), level: box.level }) };
  const position = await positionByCode(ctx.db, box.id, positionLabel);
  if (!position)
    return { field: 'position', message: msgf('importNoPosition', { path: codes.join('/'), position: positionLabel }) };
  try {
    await allocate(ctx, path, position.id, { collectedSampleId, storageContainerBoxPositionId: null });
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { field: 'position', message: translateProblem(err, lng).title };
  }
}
