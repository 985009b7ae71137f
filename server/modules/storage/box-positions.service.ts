import type { Db } from '../../db/client';
import { boxPositions } from './storage.table';
import type { NodeRow } from './storage-scope';
import {
  boxPositions as layoutPositions,
  type FillOrder,
  type PositionLabeling,
  type SchemaKind,
} from './position-labels';

/** Rows per insert statement: 7 values each stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/**
 * Every position of new boxes, inside the boxes' own transaction; returns how many each box got.
 * The positions of several boxes share statements (a rack template's 50 boxes: a few inserts, not 50).
 */
export async function insertBoxPositions(tx: Db, boxes: NodeRow[]) {
  const counts: number[] = [];
  const rows: (typeof boxPositions.$inferInsert)[] = [];
  for (const box of boxes) {
    const cells = layoutPositions({
      rows: box.rows,
      columns: box.columns,
      fill: box.fillOrder as FillOrder,
      labeling: box.positionLabeling as PositionLabeling,
      rowKind: box.rowLabeling as SchemaKind,
      columnKind: box.columnLabeling as SchemaKind | null,
    });
    counts.push(cells.length);
    for (const c of cells) rows.push({ ...c, boxId: box.id, institutionId: box.institutionId });
  }
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(boxPositions).values(rows.slice(i, i + BATCH));
  return counts;
}
