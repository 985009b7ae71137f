import { sql } from 'drizzle-orm';
import type { StorageLevel, StorageLocation } from '../../../contract/storage.contract';
import type { Db } from '../../db/client';
import { type IdCount, idCount, idsPlaceholder, idsValue, preparedStatements } from '../../platform/statement-cache';

interface PathRow {
  box_id: number;
  id: number;
  level: StorageLevel;
  title: string;
  code: string | null;
  depth: number;
}
export interface PositionCell {
  id: number;
  boxId: number;
  code: string;
  rowIndex: number;
  columnIndex: number;
}

/**
 * The recursive walk from the boxes up (boxPaths), prepared by name (issue 30: an allocation's read-back built and
 * planned it on every write): one text for one box, one for more (an array parameter).
 */
const boxPathsStatement = preparedStatements('storage.box.paths', (db: Db, count: IdCount) =>
  db
    .select({
      box_id: sql<number>`box_id`,
      id: sql<number>`id`,
      level: sql<StorageLevel>`level`,
      title: sql<string>`title`,
      code: sql<string | null>`code`,
      depth: sql<number>`depth`,
    })
    .from(
      sql`(with recursive up(box_id, id, parent_id, level, title, code, depth) as (
      select n.id, n.id, n.parent_id, n.level, n.title, n.code, 0 from storage_nodes n
      where n.institution_id = ${sql.placeholder('inst')} and ${
        // One box (an allocation's): `= $n`, whose generic plan PostgreSQL keeps (statement-cache.ts anyId).
        idsPlaceholder(sql`n.id`, count)
      }
      union all
      select up.box_id, p.id, p.parent_id, p.level, p.title, p.code, up.depth + 1 from storage_nodes p join up on p.id = up.parent_id where up.depth < 5)
    select box_id, id, level, title, code, depth from up) as up`,
    ),
);

/** The nodes above each box (itself included), outermost first: one recursive query for any number of boxes. */
export async function boxPaths(db: Db, institutionId: number, boxIds: number[]) {
  const paths = new Map<number, StorageLocation['path']>();
  const ids = [...new Set(boxIds)];
  if (!ids.length) return paths;
  const count = idCount(ids);
  const result: PathRow[] = await boxPathsStatement(db, count, true, count).execute({
    inst: institutionId,
    ids: idsValue(ids),
  });
  const rows = [...result].sort((a, b) => Number(b.depth) - Number(a.depth));
  for (const r of rows) {
    const box = Number(r.box_id);
    if (!paths.has(box)) paths.set(box, []);
    paths.get(box)!.push({ id: Number(r.id), level: r.level, title: r.title, code: r.code });
  }
  return paths;
}

/** "Freezer A > Shelf 1 > Rack 2 > Drawer 1 > Box 3 > B4" */
export const locationLabel = (path: StorageLocation['path'], positionCode: string) =>
  [...path.map((n) => n.title), positionCode].join(' > ');

/** Where each position is, keyed by position id. */
export async function locationsOf(db: Db, institutionId: number, cells: PositionCell[]) {
  const paths = await boxPaths(
    db,
    institutionId,
    cells.map((c) => c.boxId),
  );
  return new Map<number, StorageLocation>(
    cells.map((c) => {
      const path = paths.get(c.boxId) ?? [];
      return [
        c.id,
        {
          positionId: c.id,
          positionCode: c.code,
          rowIndex: c.rowIndex,
          columnIndex: c.columnIndex,
          boxId: c.boxId,
          path,
          label: locationLabel(path, c.code),
        },
      ];
    }),
  );
}
