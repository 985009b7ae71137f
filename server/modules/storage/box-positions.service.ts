import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Ctx, requirePermission } from '../../platform/context';
import { boxPositions } from './storage.table';
import { nodesOnPath, type NodeRow } from './storage-scope';
import { boxPositions as layoutPositions, type FillOrder, type PositionLabeling, type SchemaKind } from './position-labels';

/** Rows per insert statement: 7 values each stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/** Every position of a new box, inside the box's own transaction; returns how many. */
export async function insertBoxPositions(tx: Db, box: NodeRow) {
  const cells = layoutPositions({
    rows: box.rows, columns: box.columns, fill: box.fillOrder as FillOrder, labeling: box.positionLabeling as PositionLabeling,
    rowKind: box.rowLabeling as SchemaKind, columnKind: box.columnLabeling as SchemaKind | null,
  });
  for (let i = 0; i < cells.length; i += BATCH) {
    await tx.insert(boxPositions).values(cells.slice(i, i + BATCH).map((c) => ({ ...c, boxId: box.id, institutionId: box.institutionId })));
  }
  return cells.length;
}

/**
 * The positions of the box the path ends at, in fill order. `occupied` is false until allocation
 * (which needs samples) is built: docs/storage.md.
 */
export async function listBoxPositions(ctx: Ctx, path: number[]) {
  requirePermission(ctx, 'storage.read');
  const box = (await nodesOnPath(ctx, path)).at(-1)!;
  return ctx.db.select({
    id: boxPositions.id, boxId: boxPositions.boxId, code: boxPositions.code, rowIndex: boxPositions.rowIndex, columnIndex: boxPositions.columnIndex,
    ordinal: boxPositions.ordinal, occupied: sql<boolean>`false`,
  }).from(boxPositions).where(eq(boxPositions.boxId, box.id)).orderBy(asc(boxPositions.ordinal));
}
