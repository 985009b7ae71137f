import type { Db } from '../../db/client';
import { insertPositions, type NodeRow, type PositionInsert } from './storage.repository';
import {
  boxPositions as layoutPositions,
  type FillOrder,
  type PositionLabeling,
  type SchemaKind,
} from './position-labels';

/**
 * Every position of new boxes, inside the boxes' own transaction; returns how many each box got.
 * The positions of several boxes share statements (a rack template's 50 boxes: a few inserts, not 50).
 */
export async function insertBoxPositions(tx: Db, boxes: NodeRow[]) {
  const counts: number[] = [];
  const rows: PositionInsert[] = [];
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
  await insertPositions(tx, rows);
  return counts;
}
