import type { Db } from '../../db/client';
import { boxPositions } from './storage.table';
import type { NodeRow } from './storage-scope';
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
