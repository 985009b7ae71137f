import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { StorageLevel } from '../../../contract/storage.contract';
import type { Db } from '../../db/client';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import { likePattern, offsetOf } from '../../platform/paging';
import { qualified } from '../../platform/qualified';
import { selectRecords } from '../../platform/record-refs';
import { preparedStatements } from '../../platform/statement-cache';
import { siteJoin } from '../institutions';
import { boxPositions, storageNodes } from './storage.table';

// The storage nodes' SQL (container, shelf, rack, drawer, box) and the insert of a new box's positions.

export type NodeRow = typeof storageNodes.$inferSelect;
export type NodeInsert = typeof storageNodes.$inferInsert;
export type PositionRow = typeof boxPositions.$inferSelect;
export type PositionInsert = typeof boxPositions.$inferInsert;

const pathStatement = preparedStatements('storage.path', (db: Db, count: number) =>
  db
    .select()
    .from(storageNodes)
    .where(
      and(
        eq(storageNodes.institutionId, sql.placeholder('inst')),
        inArray(
          storageNodes.id,
          Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`)),
        ),
      ),
    ),
);

/** The nodes of the institution with these ids, in any order. One statement per number of ids, built once per database handle (every storage read walks a path). */
export function nodesByIds(db: Db, inst: number, ids: number[]): Promise<NodeRow[]> {
  const values = Object.fromEntries([['inst', inst], ...ids.map((id, i) => [`id${i}`, id])]);
  return pathStatement(db, String(ids.length), true, ids.length).execute(values);
}

const lockStatement = preparedStatements('storage.node.lock', (db: Db, mode: 'share' | 'update') =>
  db
    .select()
    .from(storageNodes)
    .where(eq(storageNodes.id, sql.placeholder('id')))
    .for(mode),
);

/** One node, read under a row lock held to the end of the transaction. */
export async function lockNode(tx: Db, id: number, mode: 'share' | 'update'): Promise<NodeRow> {
  const [locked] = await lockStatement(tx, mode, true, mode).execute({ id });
  return locked;
}

/** Enabled children of a node (a box: its positions), the count rows x columns bounds. */
export async function enabledChildren(db: Db, node: Pick<NodeRow, 'id' | 'level' | 'institutionId'>) {
  if (node.level === 'box') {
    const [row] = await db.select({ n: count() }).from(boxPositions).where(eq(boxPositions.boxId, node.id));
    return row.n;
  }
  const [row] = await db
    .select({ n: count() })
    .from(storageNodes)
    .where(
      and(
        eq(storageNodes.institutionId, node.institutionId),
        eq(storageNodes.parentId, node.id),
        eq(storageNodes.isEnabled, true),
      ),
    );
  return row.n;
}

/** Whether a sibling (under `parentId`; none: the institution's containers) other than `exceptId` has this code, whatever its case. */
export async function siblingHasCode(
  db: Db,
  inst: number,
  parentId: number | null,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [other] = await db
    .select({ id: storageNodes.id })
    .from(storageNodes)
    .where(
      and(
        parentId !== null
          ? eq(storageNodes.parentId, parentId)
          : and(eq(storageNodes.institutionId, inst), sql`${storageNodes.parentId} is null`),
        sql`lower(${storageNodes.code}) = ${code.toLowerCase()}`,
        exceptId ? ne(storageNodes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!other;
}

/** The child (any level) of `parentId` (none: a container of the institution) with this code, whatever its case. */
export async function childByCode(db: Db, inst: number, parentId: number | null, code: string) {
  const [hit] = await db
    .select({ id: storageNodes.id, level: storageNodes.level })
    .from(storageNodes)
    .where(
      and(
        eq(storageNodes.institutionId, inst),
        parentId === null ? isNull(storageNodes.parentId) : eq(storageNodes.parentId, parentId),
        sql`lower(${storageNodes.code}) = ${code.toLowerCase()}`,
      ),
    )
    .limit(1);
  return hit;
}

const refs = () => [
  lookupJoin('positionLabelingOption', 'positionLabelingOptions', storageNodes.positionLabelingOptionId),
  lookupJoin('rowLabelingSchema', 'labelingSchemas', storageNodes.rowLabelingSchemaId),
  lookupJoin('columnLabelingSchema', 'labelingSchemas', storageNodes.columnLabelingSchemaId),
  siteJoin('institutionSite', storageNodes.institutionSiteId, 'storage_site'),
];
// Enabled children, or a box's positions.
// A box's positions are rows x columns: all made with the box, whose layout never changes, so a list of
// boxes (the institution's, spec 1 §7) never counts up to 10,000 positions per box.
const childCount = sql<number>`(case when ${qualified(storageNodes.level)} = 'box'
  then ${qualified(storageNodes.rows)} * ${qualified(storageNodes.columns)}
  else (select count(*) from storage_nodes c where c.institution_id = ${qualified(storageNodes.institutionId)} and c.parent_id = ${qualified(storageNodes.id)} and c.is_enabled) end)::int`;
const extra = { childCount };

/** The children of `parentId` (null: the containers) in the institution. */
const childrenWhere = (inst: number, parentId: number | null) =>
  and(
    eq(storageNodes.institutionId, inst),
    parentId === null ? isNull(storageNodes.parentId) : eq(storageNodes.parentId, parentId),
  );

/** IsEnabled, and SearchTerm in the title or code: the nested lists and the tree read them alike. */
function listFilters(q: PagingQuery): (SQL | undefined)[] {
  const p = q.searchTerm ? likePattern(q.searchTerm) : null;
  return [
    q.isEnabled === undefined ? undefined : eq(storageNodes.isEnabled, q.isEnabled),
    p ? or(ilike(storageNodes.title, p), ilike(storageNodes.code, p)) : undefined,
  ];
}

/**
 * A page of the institution's nodes of one level as the API shows them, oldest first, filtered as every
 * storage list is; `parentId` (null: the containers) keeps one node's children, absent: the whole institution.
 */
export function nodePage(
  db: Db,
  inst: number,
  where: { level: StorageLevel; parentId?: number | null },
  q: PagingQuery,
  language?: string,
) {
  return selectRecords(db, storageNodes, {
    where: and(
      where.parentId === undefined ? eq(storageNodes.institutionId, inst) : childrenWhere(inst, where.parentId),
      eq(storageNodes.level, where.level),
      ...listFilters(q),
    ),
    byId: { desc: false },
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: refs(),
    extra,
    language,
  });
}

/** Nodes of the institution as the API shows them (references in `language`), by id, oldest first. */
export async function readNodes(db: Db, inst: number, ids: number[], language?: string) {
  const page = await selectRecords(db, storageNodes, {
    where: and(inArray(storageNodes.id, ids), eq(storageNodes.institutionId, inst)),
    orderBy: storageNodes.id,
    limit: ids.length,
    refs: refs(),
    extra,
    language,
  });
  return page.rows;
}

/** The level of one node of the institution, or undefined. */
export async function nodeLevel(db: Db, inst: number, id: number): Promise<StorageLevel | undefined> {
  const [row] = await db
    .select({ level: storageNodes.level })
    .from(storageNodes)
    .where(and(eq(storageNodes.id, id), eq(storageNodes.institutionId, inst)));
  return row?.level;
}

/** The web tree's page: the children of `parentId` (null: the containers) with their child counts, oldest first. */
export async function treePage(db: Db, inst: number, parentId: number | null, q: PagingQuery) {
  const where = and(childrenWhere(inst, parentId), ...listFilters(q));
  const rows = await db
    .select({
      id: storageNodes.id,
      level: storageNodes.level,
      parentId: storageNodes.parentId,
      title: storageNodes.title,
      code: storageNodes.code,
      rows: storageNodes.rows,
      columns: storageNodes.columns,
      isEnabled: storageNodes.isEnabled,
      childCount,
    })
    .from(storageNodes)
    .where(where)
    .orderBy(asc(storageNodes.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storageNodes)
    .where(where);
  return { rows, total: n };
}

export async function insertNode(tx: Db, values: NodeInsert): Promise<NodeRow> {
  const [row] = await tx.insert(storageNodes).values(values).returning();
  return row;
}

/** Several nodes in one statement, in id order. */
export async function insertNodes(tx: Db, values: NodeInsert[]): Promise<NodeRow[]> {
  return (await tx.insert(storageNodes).values(values).returning()).sort((a, b) => a.id - b.id);
}

/** Edits a node of the institution if `stamp` is still its concurrency stamp (else 409); the rows before and after. */
export function updateNodeStamped(
  tx: Db,
  inst: number,
  id: number,
  stamp: string | undefined,
  values: Partial<NodeRow>,
  label: string,
) {
  return updateStamped(tx, storageNodes, eq(storageNodes.institutionId, inst), id, stamp, values, label);
}

/** Enables or disables a node of the institution; the rows before and after. */
export function setNodeEnabledRow(
  tx: Db,
  inst: number,
  id: number,
  enabled: boolean,
  accountId: number,
  now: Date,
  label: string,
) {
  return setEnabled(tx, storageNodes, eq(storageNodes.institutionId, inst), id, enabled, accountId, now, label);
}

/** Rows per insert statement: 7 values each stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/** Positions of new boxes, a few statements for any number (a rack template's 50 boxes: a few inserts, not 50). */
export async function insertPositions(tx: Db, rows: PositionInsert[]) {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(boxPositions).values(rows.slice(i, i + BATCH));
}
