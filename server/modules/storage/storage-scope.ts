import { STORAGE_LEVEL_LABELS, type PathRef, type StorageLevel } from '../../../contract/storage.contract';
import type { Db } from '../../db/client';
import type { InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import { lockNode, nodesByIds, siblingHasCode, type NodeRow } from './storage.repository';
import { storageErrors } from './storage.errors';
import { labelingOf, schemaKindOf, type PositionLabeling, type SchemaKind } from './position-labels';
import { MSG } from '../../../contract/messages';

export type { NodeRow } from './storage.repository';

export const levelLabel = (level: StorageLevel) =>
  level === 'container' ? 'Storage container' : STORAGE_LEVEL_LABELS[level];

/**
 * The nodes a nested path names, outermost first: `path[i]` must be a node of the level its segment
 * names, in this institution, whose parent is `path[i - 1]` (the first: a container). Anything else
 * (another institution's id, a shelf of another container, a rack id in a box's place) is a 404 of
 * the first node that does not fit. The routes only name chains PARENT_LEVELS allows.
 * `lockLast` holds the last node for the rest of the transaction (capacity checks decide one at a time).
 */
export async function nodesOnPath(ctx: InstCtx, path: readonly PathRef[], lockLast = false): Promise<NodeRow[]> {
  if (!path.length) return [];
  const ids = path.map((n) => n.id);
  const rows = await nodesByIds(ctx.db, ctx.institutionId, ids);
  const nodes: NodeRow[] = [];
  for (const [i, { id, level }] of path.entries()) {
    const node = rows.find((r) => r.id === id);
    if (!node || node.level !== level || node.parentId !== (i ? ids[i - 1] : null)) throw notFound(levelLabel(level));
    nodes.push(node);
  }
  if (lockLast) nodes[nodes.length - 1] = await lockNode(ctx.db, ids[ids.length - 1], 'update');
  return nodes;
}

/** A code is unique among siblings whatever its case (the unique indexes are the last word under races). */
export async function assertCodeFree(
  db: Db,
  inst: number,
  parent: NodeRow | null,
  code: string | null,
  exceptId?: number,
) {
  if (!code) return;
  if (await siblingHasCode(db, inst, parent?.id ?? null, code, exceptId))
    throw storageErrors.code_taken(code, parent ? `in ${parent.title}` : 'by another storage container', {
      code: [MSG.codeUsedHere],
    });
}

export interface LayoutIds {
  positionLabelingOptionId: number;
  rowLabelingSchemaId: number;
  columnLabelingSchemaId: number | null;
}
export interface ResolvedLayout {
  positionLabelingOptionId: number;
  positionLabeling: PositionLabeling;
  rowLabelingSchemaId: number;
  rowLabeling: SchemaKind;
  columnLabelingSchemaId: number | null;
  columnLabeling: SchemaKind | null;
}

/**
 * The labeling rules the chosen lookup records stand for. The option decides whether a column schema
 * is asked for: a Linear node ignores one that is sent (spec 1 §5). `previous` keeps a now-disabled
 * choice the node already had.
 */
export async function resolveLayout(tx: Db, inst: number, ids: LayoutIds, previous?: NodeRow): Promise<ResolvedLayout> {
  const { positionLabelingOptionId: option } = await assertLookupIds(tx, inst, [
    {
      key: 'positionLabelingOptions',
      id: ids.positionLabelingOptionId,
      field: 'positionLabelingOptionId',
      label: 'Position labeling option',
      previous: previous?.positionLabelingOptionId,
    },
  ]);
  const positionLabeling = labelingOf(option);
  if (!positionLabeling)
    throw storageErrors.unknown_option(String(option.title), {
      positionLabelingOptionId: [MSG.chooseLinearOr2D],
    });
  const linear = positionLabeling === 'linear';
  if (!linear && !ids.columnLabelingSchemaId)
    throw storageErrors.column_schema_required({ columnLabelingSchemaId: [MSG.requiredSelect] });
  const columnId = linear ? null : ids.columnLabelingSchemaId;
  const schemas = await assertLookupIds(tx, inst, [
    {
      key: 'labelingSchemas',
      id: ids.rowLabelingSchemaId,
      field: 'rowLabelingSchemaId',
      label: 'Row labeling schema',
      previous: previous?.rowLabelingSchemaId,
    },
    {
      key: 'labelingSchemas',
      id: columnId,
      field: 'columnLabelingSchemaId',
      label: 'Column labeling schema',
      previous: previous?.columnLabelingSchemaId,
    },
  ]);
  const kind = (field: 'rowLabelingSchemaId' | 'columnLabelingSchemaId') => {
    const row = schemas[field];
    if (!row) return null;
    const k = schemaKindOf(row);
    if (!k) throw storageErrors.unknown_schema(String(row.title), { [field]: [MSG.chooseLabelingSchema] });
    return k;
  };
  return {
    positionLabelingOptionId: ids.positionLabelingOptionId,
    positionLabeling,
    rowLabelingSchemaId: ids.rowLabelingSchemaId,
    rowLabeling: kind('rowLabelingSchemaId')!,
    columnLabelingSchemaId: columnId,
    columnLabeling: kind('columnLabelingSchemaId'),
  };
}
