import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import {
  childLevelsOf,
  PARENT_LEVELS,
  STORAGE_LEVEL_LABELS,
  type NodeInput,
  type NodeUpdate,
  type PathRef,
  type StorageLevel,
} from '../../../contract/storage.contract';
import { command, type Ctx, instOf, requirePermission } from '../../platform/context';
import { isUniqueViolation, notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { assertSiteIds, siteJoin } from '../institutions';
import { storageNodes } from './storage.table';
import { storageErrors } from './storage.errors';
import { assertCodeFree, enabledChildren, levelLabel, nodesOnPath, resolveLayout, type NodeRow } from './storage-scope';
import { insertBoxPositions } from './box-positions.service';
import { occupiedCount } from './allocation.service';
import { qualified } from '../../platform/qualified';

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
const AUDIT_ENTITY = 'storageContainer';

/** The level a node holds first (the spec's chain: container, shelf, rack, drawer, box); none: a container. A box holds none: 'box' is then refused as its child. */
const firstChildLevel = (parent: StorageLevel | undefined): StorageLevel =>
  parent ? (childLevelsOf(parent)[0] ?? 'box') : 'container';
const childrenWhere = (ctx: Ctx, parentId: number | null) =>
  and(
    eq(storageNodes.institutionId, instOf(ctx)),
    parentId === null ? isNull(storageNodes.parentId) : eq(storageNodes.parentId, parentId),
  );

/** Reads need storage.read (the storage screen); building the hierarchy is configuration (docs/storage.md). */
const READ = 'storage.read' as const;
const MANAGE = 'configuration.manage' as const;

/**
 * The children of one level of the node `path` ends at (no path: the institution's containers), oldest
 * first: shelf 1, 2, 3. Without a level, the first one the node holds (a shelf's racks, not its boxes).
 */
export async function listChildren(
  ctx: Ctx,
  path: PathRef[],
  q: PagingQuery,
  level = firstChildLevel(path.at(-1)?.level),
) {
  requirePermission(ctx, READ);
  await nodesOnPath(ctx, path);
  return nodeList(ctx, and(childrenWhere(ctx, path.at(-1)?.id ?? null), eq(storageNodes.level, level)), q);
}

/** Every node of one level in the institution (spec 1 §7 storageContainerBoxs, storageContainerDrawers), oldest first. */
export async function listLevel(ctx: Ctx, level: StorageLevel, q: PagingQuery) {
  requirePermission(ctx, READ);
  return nodeList(ctx, and(eq(storageNodes.institutionId, instOf(ctx)), eq(storageNodes.level, level)), q);
}

/** A page of nodes under `scope`, filtered as every storage list is (listFilters). */
function nodeList(ctx: Ctx, scope: SQL | undefined, q: PagingQuery) {
  return selectRecords(ctx.db, storageNodes, {
    where: and(scope, ...listFilters(q)),
    byId: { desc: false },
    limit: q.pageSize,
    offset: offsetOf(q),
    refs: refs(),
    extra,
  });
}

/** IsEnabled, and SearchTerm in the title or code: the nested lists and the tree read them alike. */
function listFilters(q: PagingQuery): (SQL | undefined)[] {
  const p = q.searchTerm ? likePattern(q.searchTerm) : null;
  return [
    q.isEnabled === undefined ? undefined : eq(storageNodes.isEnabled, q.isEnabled),
    p ? or(ilike(storageNodes.title, p), ilike(storageNodes.code, p)) : undefined,
  ];
}

/** Nodes of the institution as the API shows them, by id, oldest first. */
export async function readNodes(ctx: Ctx, ids: number[], db: Db = ctx.db) {
  const page = await selectRecords(db, storageNodes, {
    where: and(inArray(storageNodes.id, ids), eq(storageNodes.institutionId, instOf(ctx))),
    orderBy: storageNodes.id,
    limit: ids.length,
    refs: refs(),
    extra,
  });
  return page.rows;
}

async function readNode(ctx: Ctx, id: number, db: Db = ctx.db) {
  const [row] = await readNodes(ctx, [id], db);
  if (!row) throw notFound('Storage container');
  return row;
}

/** One node at the end of its nested path. */
export async function getNode(ctx: Ctx, path: PathRef[]) {
  requirePermission(ctx, READ);
  await nodesOnPath(ctx, path);
  return readNode(ctx, path.at(-1)!.id);
}

/**
 * What every new node passes under its locked parent (the level fits it, the parent is enabled and has
 * a free place, the code is free among the siblings, the layout and site are valid), and its row.
 */
export async function newNodeValues(tx: Db, ctx: Ctx, parent: NodeRow | null, level: StorageLevel, input: NodeInput) {
  const inst = instOf(ctx);
  if (parent ? !PARENT_LEVELS[level].includes(parent.level) : level !== 'container')
    throw storageErrors.wrong_parent(level, PARENT_LEVELS[level], parent?.level ?? null);
  if (parent) {
    if (!parent.isEnabled) throw storageErrors.parent_disabled(STORAGE_LEVEL_LABELS[parent.level].toLowerCase());
    const capacity = parent.rows * parent.columns;
    if ((await enabledChildren(tx, parent)) >= capacity)
      throw storageErrors.full(parent.title, capacity, pluralOf(level));
  }
  const code = input.code ? String(input.code) : null;
  await assertCodeFree(tx, inst, parent, code);
  const layout = await resolveLayout(tx, inst, {
    positionLabelingOptionId: Number(input.positionLabelingOptionId),
    rowLabelingSchemaId: Number(input.rowLabelingSchemaId),
    columnLabelingSchemaId: input.columnLabelingSchemaId ? Number(input.columnLabelingSchemaId) : null,
  });
  const siteId = input.institutionSiteId ? Number(input.institutionSiteId) : null;
  await assertSiteIds(tx, inst, [{ id: siteId, field: 'institutionSiteId', label: 'Institution site' }]);
  return {
    institutionId: inst,
    creatorId: ctx.account.id,
    enablerId: ctx.account.id,
    level,
    parentId: parent?.id ?? null,
    parentLevel: parent?.level ?? null,
    title: String(input.title),
    code,
    rows: Number(input.rows),
    columns: Number(input.columns),
    fillOrder: input.fillOrder ?? 'row',
    institutionSiteId: siteId,
    ...layout,
  } satisfies typeof storageNodes.$inferInsert;
}

/** Two creates with one code at once: the unique index decides, the loser hears why. */
export function codeRace(err: unknown, code: unknown): never {
  if (isUniqueViolation(err) && code)
    throw storageErrors.code_taken(String(code), 'here', { code: ['This code is already used here'] });
  throw err;
}

/**
 * Creates a node of `level` under the node `parentPath` ends at (none: a container); without a level,
 * the first one the parent holds (shelf, rack, drawer, box). The parent is locked first, so two creates
 * racing for its last free slot are decided one after the other; a box's positions are made in the
 * same transaction.
 */
export async function createNode(ctx: Ctx, parentPath: PathRef[], input: NodeInput, level?: StorageLevel) {
  let id: number;
  try {
    id = await command(ctx, MANAGE, async ({ db: tx }) => {
      const parent = (await nodesOnPath(ctx, parentPath, tx, true)).at(-1) ?? null;
      const values = await newNodeValues(tx, ctx, parent, level ?? firstChildLevel(parent?.level), input);
      const [row] = await tx.insert(storageNodes).values(values).returning();
      const positions = row.level === 'box' ? (await insertBoxPositions(tx, [row]))[0] : 0;
      await audit(tx, ctx, { entity: AUDIT_ENTITY, entityId: row.id, action: 'create', after: { ...row, positions } });
      return row.id;
    });
  } catch (err) {
    codeRace(err, input.code);
  }
  return readNode(ctx, id);
}

export const pluralOf = (level: StorageLevel) =>
  ({ container: 'containers', shelf: 'shelves', rack: 'racks', drawer: 'drawers', box: 'boxes' })[level];

/**
 * Edits title, code and site. The geometry may be sent as it is; a box's cannot change (its positions
 * exist: 409), another node's may if its enabled children still fit. A container keeps its code when
 * the code is left blank (it is required); a child's blank code clears it.
 */
export async function updateNode(ctx: Ctx, path: PathRef[], input: NodeUpdate) {
  const inst = instOf(ctx);
  const id = path.at(-1)!.id;
  try {
    await command(ctx, MANAGE, async ({ db: tx }) => {
      const nodes = await nodesOnPath(ctx, path, tx, true);
      const node = nodes.at(-1)!;
      const parent = nodes.at(-2) ?? null;
      const values: Partial<NodeRow> = { title: String(input.title) };
      const code = input.code ? String(input.code) : node.level === 'container' ? node.code : null;
      if ((code ?? '').toLowerCase() !== (node.code ?? '').toLowerCase())
        await assertCodeFree(tx, inst, parent, code, id);
      values.code = code;
      const siteId = input.institutionSiteId ? Number(input.institutionSiteId) : null;
      await assertSiteIds(tx, inst, [
        { id: siteId, field: 'institutionSiteId', label: 'Institution site', previous: node.institutionSiteId },
      ]);
      values.institutionSiteId = siteId;
      Object.assign(values, await geometryChange(tx, inst, node, input));
      const { before, after } = await updateStamped(
        tx,
        storageNodes,
        eq(storageNodes.institutionId, inst),
        id,
        input.concurrencyStamp,
        values,
        levelLabel(node.level),
      );
      await audit(tx, ctx, { entity: AUDIT_ENTITY, entityId: id, action: 'update', before, after });
    });
  } catch (err) {
    codeRace(err, input.code);
  }
  return readNode(ctx, id);
}

/** The geometry values an edit changes, or none; a box's layout is fixed. */
async function geometryChange(tx: Db, inst: number, node: NodeRow, input: NodeUpdate): Promise<Partial<NodeRow>> {
  const want = {
    rows: input.rows === undefined ? node.rows : Number(input.rows),
    columns: input.columns === undefined ? node.columns : Number(input.columns),
    positionLabelingOptionId: input.positionLabelingOptionId
      ? Number(input.positionLabelingOptionId)
      : node.positionLabelingOptionId,
    rowLabelingSchemaId: input.rowLabelingSchemaId ? Number(input.rowLabelingSchemaId) : node.rowLabelingSchemaId,
    columnLabelingSchemaId: input.columnLabelingSchemaId
      ? Number(input.columnLabelingSchemaId)
      : node.columnLabelingSchemaId,
    fillOrder: input.fillOrder ?? node.fillOrder,
  };
  // A Linear node has no column schema: one sent with the whole record is not a change.
  const columnChanged =
    node.positionLabeling === 'linear' && want.positionLabelingOptionId === node.positionLabelingOptionId
      ? false
      : want.columnLabelingSchemaId !== node.columnLabelingSchemaId;
  const changed =
    want.rows !== node.rows ||
    want.columns !== node.columns ||
    want.positionLabelingOptionId !== node.positionLabelingOptionId ||
    want.rowLabelingSchemaId !== node.rowLabelingSchemaId ||
    columnChanged ||
    want.fillOrder !== node.fillOrder;
  if (!changed) return {};
  if (node.level === 'box') throw storageErrors.box_layout_fixed();
  const inside = await enabledChildren(tx, node);
  if (inside > want.rows * want.columns)
    throw storageErrors.too_small(inside, want.rows * want.columns, { rows: ['Too few for what is inside'] });
  const layout = await resolveLayout(tx, inst, want, node);
  return { rows: want.rows, columns: want.columns, fillOrder: want.fillOrder, ...layout };
}

/**
 * Disable instead of delete. A node with enabled children cannot be disabled (they would hang under
 * a disabled node); enabling needs an enabled parent with a free slot.
 */
export async function setNodeEnabled(ctx: Ctx, path: PathRef[], enabled: boolean) {
  const inst = instOf(ctx);
  const id = path.at(-1)!.id;
  await command(ctx, MANAGE, async ({ db: tx }) => {
    // The parent is locked (enable takes one of its slots), then the node itself.
    const nodes = await nodesOnPath(ctx, path.slice(0, -1), tx, true);
    const node = (await nodesOnPath(ctx, path, tx, true)).at(-1)!;
    const parent = nodes.at(-1) ?? null;
    if (node.isEnabled === enabled) return;
    if (!enabled && node.level !== 'box' && (await enabledChildren(tx, node)) > 0)
      throw storageErrors.has_children(STORAGE_LEVEL_LABELS[node.level].toLowerCase());
    if (!enabled && node.level === 'box') {
      // Allocations hold the box (for share) until they commit, so the count is final under this lock.
      const inside = await occupiedCount(tx, node.id);
      if (inside > 0) throw storageErrors.box_occupied(inside);
    }
    if (enabled && parent) {
      if (!parent.isEnabled) throw storageErrors.parent_disabled(STORAGE_LEVEL_LABELS[parent.level].toLowerCase());
      const capacity = parent.rows * parent.columns;
      if ((await enabledChildren(tx, parent)) >= capacity)
        throw storageErrors.full(parent.title, capacity, pluralOf(node.level));
    }
    const { before, after } = await setEnabled(
      tx,
      storageNodes,
      eq(storageNodes.institutionId, inst),
      id,
      enabled,
      ctx.account.id,
      ctx.now(),
      levelLabel(node.level),
    );
    await audit(tx, ctx, { entity: AUDIT_ENTITY, entityId: id, action: enabled ? 'enable' : 'disable', before, after });
  });
  return readNode(ctx, id);
}

/**
 * The web tree's one call: the children of a node (none: the containers) with their child counts,
 * found by id alone (no nested path), ordered as the nested lists are.
 */
export async function treeChildren(ctx: Ctx, q: PagingQuery & { parentId?: number }) {
  requirePermission(ctx, READ);
  const inst = instOf(ctx);
  const parentId = q.parentId ?? null;
  if (parentId !== null) {
    const [parent] = await ctx.db
      .select({ level: storageNodes.level })
      .from(storageNodes)
      .where(and(eq(storageNodes.id, parentId), eq(storageNodes.institutionId, inst)));
    if (!parent) throw notFound('Storage container');
    // A box holds positions, not nodes: its grid comes from StorageContainerBoxPositions.
    if (parent.level === 'box') return { rows: [], total: 0 };
  }
  const where = and(childrenWhere(ctx, parentId), ...listFilters(q));
  const rows = await ctx.db
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
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(storageNodes)
    .where(where);
  return { rows, total: n };
}
