import type { IdParam } from '../../platform/export-scope';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { StorageLevel } from '../../../contract/storage.contract';
import { boxPositionOccupancies, boxPositions, storageNodes } from './storage.table';

// What the FHIR export (docs/fhir.md) reads of storage: where samples are, and the nodes above them.

export interface ExportNode {
  id: number;
  isEnabled: boolean;
  level: StorageLevel;
  parentId: number | null;
  title: string;
  code: string | null;
  rows: number;
  columns: number;
}

/** The current place (box and position label) of each of these samples that is in storage: one statement. */
export async function exportSamplePlaces(db: Db, institutionId: number, sampleIds: number[]) {
  if (!sampleIds.length) return [];
  return exportSamplePlacesQuery(db, institutionId, sampleIds);
}

/** exportSamplePlaces as a select builder; the samples by id or by a sub-select of ids (a bundle's one statement). */
export function exportSamplePlacesQuery(db: Db, institutionId: IdParam, sampleIds: IdParam[] | SQL) {
  return db
    .select({
      sampleId: boxPositionOccupancies.collectedSampleId,
      boxId: boxPositions.boxId,
      positionCode: boxPositions.code,
    })
    .from(boxPositionOccupancies)
    .innerJoin(boxPositions, eq(boxPositions.id, boxPositionOccupancies.positionId))
    .where(
      and(
        eq(boxPositionOccupancies.institutionId, institutionId),
        Array.isArray(sampleIds)
          ? inArray(boxPositionOccupancies.collectedSampleId, sampleIds)
          : sql`${boxPositionOccupancies.collectedSampleId} in (${sampleIds})`,
        isNull(boxPositionOccupancies.vacatedAt),
      ),
    );
}

/** These storage nodes and every node above them (containers have none), each once: one recursive statement. */
export async function exportNodesWithAncestors(
  db: Db,
  institutionId: number,
  nodeIds: number[],
): Promise<ExportNode[]> {
  const ids = [...new Set(nodeIds)];
  if (!ids.length) return [];
  const rows = await rowsOf<NodeRow>(
    db,
    nodesAbove(
      institutionId,
      sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      ),
    ),
  );
  return rows.map(toExportNode);
}

type NodeRow = {
  id: number;
  is_enabled: boolean;
  level: StorageLevel;
  parent_id: number | null;
  title: string;
  code: string | null;
  rows: number;
  columns: number;
};
/**
 * The nodes whose ids `ids` lists or selects, and every node above them, each once, by id. `= any(array(...))`:
 * the recursive CTE's row estimate is large, and `in (select ...)` was a hash join over every node (22,351 at full size).
 */
const nodesAbove = (institutionId: IdParam, ids: SQL) => sql`with recursive up(id) as (
      select n.id from storage_nodes n where n.institution_id = ${institutionId} and n.id in (${ids})
      union
      select p.id from storage_nodes p join storage_nodes c on c.parent_id = p.id join up on up.id = c.id where p.institution_id = ${institutionId})
    select n.id, n.is_enabled, n.level, n.parent_id, n.title, n.code, n.rows, n.columns from storage_nodes n where n.id = any(array(select id from up)) order by n.id`;

/**
 * exportNodesWithAncestors for the boxes where the samples of a sub-select of ids are stored, as a json
 * sub-select and its decoder (json-rows.ts): a part of a bundle's one statement.
 */
export function exportNodesAboveSamplesJson(institutionId: IdParam, sampleIds: SQL) {
  const boxes = sql`select ${boxPositions.boxId} from ${boxPositionOccupancies} join ${boxPositions} on ${boxPositions.id} = ${boxPositionOccupancies.positionId}
    where ${boxPositionOccupancies.institutionId} = ${institutionId} and ${boxPositionOccupancies.collectedSampleId} in (${sampleIds}) and ${boxPositionOccupancies.vacatedAt} is null`;
  return {
    sql: sql`(select coalesce(json_agg(n), '[]'::json) from (${nodesAbove(institutionId, boxes)}) n)`,
    decode: (value: unknown): ExportNode[] =>
      ((typeof value === 'string' ? JSON.parse(value) : value) as NodeRow[]).map(toExportNode),
  };
}

function toExportNode(r: NodeRow): ExportNode {
  return {
    id: Number(r.id),
    isEnabled: r.is_enabled,
    level: r.level,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    title: r.title,
    code: r.code,
    rows: Number(r.rows),
    columns: Number(r.columns),
  };
}

/** One node of the institution (any level), or undefined. */
export async function exportNode(db: Db, institutionId: number, id: number): Promise<ExportNode | undefined> {
  const n = storageNodes;
  const [row] = await db
    .select({
      id: n.id,
      isEnabled: n.isEnabled,
      level: n.level,
      parentId: n.parentId,
      title: n.title,
      code: n.code,
      rows: n.rows,
      columns: n.columns,
    })
    .from(n)
    .where(and(eq(n.institutionId, institutionId), eq(n.id, id)))
    .orderBy(asc(n.id))
    .limit(1);
  return row;
}
