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
import type { Db } from '../../db/client';
import { command, type InstCtx } from '../../platform/context';
import { isUniqueViolation, notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertSiteIds } from '../institutions';
import {
  enabledChildren,
  insertNode,
  nodeLevel,
  nodePage,
  readNodes as readNodeRows,
  setNodeEnabledRow,
  treePage,
  updateNodeStamped,
  type NodeInsert,
} from './storage.repository';
import { occupiedCount } from './occupancies.repository';
import { storageErrors } from './storage.errors';
import { assertCodeFree, levelLabel, nodesOnPath, resolveLayout, type NodeRow } from './storage-scope';
import { insertBoxPositions } from './box-positions.service';
import { MSG } from '../../../contract/messages';

const AUDIT_ENTITY = 'storageContainer';

/** The level a node holds first (the spec's chain: container, shelf, rack, drawer, box); none: a container. A box holds none: 'box' is then refused as its child. */
const firstChildLevel = (parent: StorageLevel | undefined): StorageLevel =>
  parent ? (childLevelsOf(parent)[0] ?? 'box') : 'container';

// Reads need storage.read (the storage screen), which their route rows declare and the router checks;
// building the hierarchy is configuration (docs/storage.md), named once by each write's command.
const MANAGE = 'configuration.manage' as const;

/**
 * The children of one level of the node `path` ends at (no path: the institution's containers), oldest
 * first: shelf 1, 2, 3. Without a level, the first one the node holds (a shelf's racks, not its boxes).
 */
export async function listChildren(
  ctx: InstCtx,
  path: PathRef[],
  q: PagingQuery,
  level = firstChildLevel(path.at(-1)?.level),
) {
  await nodesOnPath(ctx, path);
  return nodePage(ctx.db, ctx.institutionId, { parentId: path.at(-1)?.id ?? null, level }, q, ctx.language);
}

/** Every node of one level in the institution (spec 1 §7 storageContainerBoxs, storageContainerDrawers), oldest first. */
export function listLevel(ctx: InstCtx, level: StorageLevel, q: PagingQuery) {
  return nodePage(ctx.db, ctx.institutionId, { level }, q, ctx.language);
}

/** Nodes of the institution as the API shows them, by id, oldest first. */
export const readNodes = (ctx: InstCtx, ids: number[]) => readNodeRows(ctx.db, ctx.institutionId, ids, ctx.language);

async function readNode(ctx: InstCtx, id: number) {
  const [row] = await readNodes(ctx, [id]);
  if (!row) throw notFound('Storage container');
  return row;
}

/** One node at the end of its nested path. */
export async function getNode(ctx: InstCtx, path: PathRef[]) {
  await nodesOnPath(ctx, path);
  return readNode(ctx, path.at(-1)!.id);
}

/**
 * What every new node passes under its locked parent (the level fits it, the parent is enabled and has
 * a free place, the code is free among the siblings, the layout and site are valid), and its row.
 */
export async function newNodeValues(
  tx: InstCtx,
  parent: NodeRow | null,
  level: StorageLevel,
  input: NodeInput,
): Promise<NodeInsert> {
  const inst = tx.institutionId;
  if (parent ? !PARENT_LEVELS[level].includes(parent.level) : level !== 'container')
    throw storageErrors.wrong_parent(level, PARENT_LEVELS[level], parent?.level ?? null);
  if (parent) {
    if (!parent.isEnabled) throw storageErrors.parent_disabled(STORAGE_LEVEL_LABELS[parent.level].toLowerCase());
    const capacity = parent.rows * parent.columns;
    if ((await enabledChildren(tx.db, parent)) >= capacity)
      throw storageErrors.full(parent.title, capacity, pluralOf(level));
  }
  const code = input.code || null;
  await assertCodeFree(tx.db, inst, parent, code);
  const layout = await resolveLayout(tx.db, inst, {
    positionLabelingOptionId: input.positionLabelingOptionId,
    rowLabelingSchemaId: input.rowLabelingSchemaId,
    columnLabelingSchemaId: input.columnLabelingSchemaId,
  });
  const siteId = input.institutionSiteId;
  await assertSiteIds(tx.db, inst, [{ id: siteId, field: 'institutionSiteId', label: 'Institution site' }]);
  return {
    institutionId: inst,
    creatorId: tx.account.id,
    enablerId: tx.account.id,
    level,
    parentId: parent?.id ?? null,
    parentLevel: parent?.level ?? null,
    title: input.title,
    code,
    rows: input.rows,
    columns: input.columns,
    fillOrder: input.fillOrder,
    institutionSiteId: siteId,
    ...layout,
  };
}

/** Two creates with one code at once: the unique index decides, the loser hears why. */
export function codeRace(err: unknown, code: string | null): never {
  if (isUniqueViolation(err) && code) throw storageErrors.code_taken(code, 'here', { code: [MSG.codeUsedHere] });
  throw err;
}

/**
 * Creates a node of `level` under the node `parentPath` ends at (none: a container); without a level,
 * the first one the parent holds (shelf, rack, drawer, box). The parent is locked first, so two creates
 * racing for its last free slot are decided one after the other; a box's positions are made in the
 * same transaction.
 */
export async function createNode(ctx: InstCtx, parentPath: PathRef[], input: NodeInput, level?: StorageLevel) {
  let id: number;
  try {
    id = await command(ctx, MANAGE, async (tx) => {
      const parent = (await nodesOnPath(tx, parentPath, true)).at(-1) ?? null;
      const values = await newNodeValues(tx, parent, level ?? firstChildLevel(parent?.level), input);
      const row = await insertNode(tx.db, values);
      const positions = row.level === 'box' ? (await insertBoxPositions(tx.db, [row]))[0] : 0;
      await audit(tx.db, tx, {
        entity: AUDIT_ENTITY,
        entityId: row.id,
        action: 'create',
        after: { ...row, positions },
      });
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
export async function updateNode(ctx: InstCtx, path: PathRef[], input: NodeUpdate) {
  const inst = ctx.institutionId;
  const id = path.at(-1)!.id;
  try {
    await command(ctx, MANAGE, async (tx) => {
      const nodes = await nodesOnPath(tx, path, true);
      const node = nodes.at(-1)!;
      const parent = nodes.at(-2) ?? null;
      const values: Partial<NodeRow> = { title: input.title };
      const code = input.code || (node.level === 'container' ? node.code : null);
      if ((code ?? '').toLowerCase() !== (node.code ?? '').toLowerCase())
        await assertCodeFree(tx.db, inst, parent, code, id);
      values.code = code;
      const siteId = input.institutionSiteId;
      await assertSiteIds(tx.db, inst, [
        { id: siteId, field: 'institutionSiteId', label: 'Institution site', previous: node.institutionSiteId },
      ]);
      values.institutionSiteId = siteId;
      Object.assign(values, await geometryChange(tx.db, inst, node, input));
      const { before, after } = await updateNodeStamped(
        tx.db,
        inst,
        id,
        input.concurrencyStamp,
        values,
        levelLabel(node.level),
      );
      await audit(tx.db, tx, { entity: AUDIT_ENTITY, entityId: id, action: 'update', before, after });
    });
  } catch (err) {
    codeRace(err, input.code);
  }
  return readNode(ctx, id);
}

/** The geometry values an edit changes, or none; a box's layout is fixed. */
async function geometryChange(tx: Db, inst: number, node: NodeRow, input: NodeUpdate): Promise<Partial<NodeRow>> {
  // An id left empty (null) keeps the node's: the edit form may send only some of them.
  const want = {
    rows: input.rows ?? node.rows,
    columns: input.columns ?? node.columns,
    positionLabelingOptionId: input.positionLabelingOptionId ?? node.positionLabelingOptionId,
    rowLabelingSchemaId: input.rowLabelingSchemaId ?? node.rowLabelingSchemaId,
    columnLabelingSchemaId: input.columnLabelingSchemaId ?? node.columnLabelingSchemaId,
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
    throw storageErrors.too_small(inside, want.rows * want.columns, { rows: [MSG.tooFewForContents] });
  const layout = await resolveLayout(tx, inst, want, node);
  return { rows: want.rows, columns: want.columns, fillOrder: want.fillOrder, ...layout };
}

/**
 * Disable instead of delete. A node with enabled children cannot be disabled (they would hang under
 * a disabled node); enabling needs an enabled parent with a free slot.
 */
export async function setNodeEnabled(ctx: InstCtx, path: PathRef[], enabled: boolean) {
  const id = path.at(-1)!.id;
  await command(ctx, MANAGE, async (tx) => {
    // The parent is locked (enable takes one of its slots), then the node itself.
    const nodes = await nodesOnPath(tx, path.slice(0, -1), true);
    const node = (await nodesOnPath(tx, path, true)).at(-1)!;
    const parent = nodes.at(-1) ?? null;
    if (node.isEnabled === enabled) return;
    if (!enabled && node.level !== 'box' && (await enabledChildren(tx.db, node)) > 0)
      throw storageErrors.has_children(STORAGE_LEVEL_LABELS[node.level].toLowerCase());
    if (!enabled && node.level === 'box') {
      // Allocations hold the box (for share) until they commit, so the count is final under this lock.
      const inside = await occupiedCount(tx.db, node.id);
      if (inside > 0) throw storageErrors.box_occupied(inside);
    }
    if (enabled && parent) {
      if (!parent.isEnabled) throw storageErrors.parent_disabled(STORAGE_LEVEL_LABELS[parent.level].toLowerCase());
      const capacity = parent.rows * parent.columns;
      if ((await enabledChildren(tx.db, parent)) >= capacity)
        throw storageErrors.full(parent.title, capacity, pluralOf(node.level));
    }
    const { before, after } = await setNodeEnabledRow(
      tx.db,
      tx.institutionId,
      id,
      enabled,
      tx.account.id,
      tx.now(),
      levelLabel(node.level),
    );
    await audit(tx.db, tx, {
      entity: AUDIT_ENTITY,
      entityId: id,
      action: enabled ? 'enable' : 'disable',
      before,
      after,
    });
  });
  return readNode(ctx, id);
}

/**
 * The web tree's one call: the children of a node (none: the containers) with their child counts,
 * found by id alone (no nested path), ordered as the nested lists are.
 */
export async function treeChildren(ctx: InstCtx, q: PagingQuery & { parentId?: number }) {
  const parentId = q.parentId ?? null;
  if (parentId !== null) {
    const level = await nodeLevel(ctx.db, ctx.institutionId, parentId);
    if (!level) throw notFound('Storage container');
    // A box holds positions, not nodes: its grid comes from StorageContainerBoxPositions.
    if (level === 'box') return { rows: [], total: 0 };
  }
  return treePage(ctx.db, ctx.institutionId, parentId, q);
}
