import type {
  AddItemsBody,
  ItemsInput,
  Requirement,
  RequirementInput,
  RequirementItemInput,
  RequirementItemNode,
  SpecRequirementItem,
} from '../../../contract/protocol-events.contract';
import { command, type InstCtx } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { pageOf, type PageAsk } from '../../platform/paging';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { protocolEventOf } from './protocols.repository';
import {
  insertRequirement,
  insertRequirementItem,
  requirementItemRows,
  requirementRow,
  requirementRows,
  storedItemRows,
} from './requirements.repository';
import { protocolOf } from './protocols.service';
import { protocolErrors } from './protocols.errors';
import { assertAliquotsFit, isAliquotLineage, type TreeNode } from './requirement-tree';
import { MSG } from '../../../contract/messages';

// Reads need no permission check here: each route row declares protocols.read and the router checks it.

/** The event of this protocol (404 otherwise). */
async function eventOf(ctx: InstCtx, protocolId: number, eventId: number, db: Db) {
  await protocolOf(ctx, protocolId, db);
  const e = await protocolEventOf(db, ctx.institutionId, protocolId, eventId);
  if (!e) throw notFound('Event');
  return e;
}

/** Each event's requirement trees, oldest first, in two queries (requirements, then all their items). */
export async function listRequirements(
  ctx: InstCtx,
  protocolId: number,
  eventId: number,
  db: Db = ctx.db,
  onlyIds?: number[],
): Promise<Requirement[]> {
  await eventOf(ctx, protocolId, eventId, db);
  const reqs = await requirementRows(db, ctx.institutionId, eventId, onlyIds, ctx.language);
  if (!reqs.length) return [];
  const items = await requirementItemRows(
    db,
    reqs.map((r) => r.id),
    ctx.language,
  );
  const nodes = new Map<number, RequirementItemNode & { requirementId: number }>(
    items.map((i) => [
      i.id,
      {
        id: i.id,
        requirementId: i.requirementId,
        parentItemId: i.parentItemId,
        subSampleLineage: i.lineage,
        specimenType: i.specimenType,
        initialQuantity: i.initialQuantity,
        unitOfMeasurement: { id: i.unitId, unitName: i.unit?.title ?? null, unitSymbol: i.unitSymbol },
        createdDate: i.createdDate,
        children: [],
      },
    ]),
  );
  const top = new Map<number, RequirementItemNode[]>();
  for (const n of nodes.values()) {
    const { requirementId, ...node } = n;
    if (n.parentItemId && nodes.has(n.parentItemId)) nodes.get(n.parentItemId)!.children.push(node);
    else top.set(requirementId, [...(top.get(requirementId) ?? []), node]);
  }
  return reqs.map((r) => ({
    id: r.id,
    collectionProtocolEventId: r.eventId,
    title: r.title,
    code: r.code,
    initialQuantity: r.initialQuantity,
    unitOfMeasurement: { id: r.unitId, unitName: r.unit?.title ?? null, unitSymbol: r.unitSymbol },
    specimenType: r.specimenType,
    anatomicSite: r.anatomicSite,
    pathologicalStatus: r.pathologicalStatus,
    specimenCollectionProcedure: r.procedure,
    createdDate: r.createdDate,
    children: top.get(r.id) ?? [],
  }));
}

/** The lookups a batch of new items names, checked at once; returns which lineages are aliquots. */
async function checkItems(tx: Db, inst: number, items: RequirementItemInput[]) {
  const checks = items.flatMap((it, i) => [
    {
      key: 'subSampleLineages',
      id: it.subSampleLineageId,
      field: `items.${i}.subSampleLineageId`,
      label: 'Sub Sample Lineage',
    },
    { key: 'specimenTypes', id: it.specimenTypeId, field: `items.${i}.specimenTypeId`, label: 'Specimen Type' },
    ...(it.unitOfMeasurementId
      ? [
          {
            key: 'unitOfMeasurements',
            id: it.unitOfMeasurementId,
            field: `items.${i}.unitOfMeasurementId`,
            label: 'Unit Of Measurement',
          },
        ]
      : []),
  ]);
  const rows = await assertLookupIds(tx, inst, checks);
  return items.map((_, i) => isAliquotLineage(rows[`items.${i}.subSampleLineageId`]?.title));
}

interface Stored {
  id: number;
  parentItemId: number | null;
  aliquot: boolean;
  quantity: number;
  unitId: number;
}

/**
 * Places new items under their parents (earlier keys of the batch, or `under`), checks the whole
 * tree's aliquot quantities, inserts them in order. Returns the new rows.
 */
async function insertItems(
  tx: Db,
  ctx: InstCtx,
  req: { id: number; title: string; initialQuantity: number; unitId: number },
  stored: Stored[],
  items: RequirementItemInput[],
  under: number | null,
) {
  const aliquot = await checkItems(tx, ctx.institutionId, items);
  const ref = (id: number) => `#${id}`;
  const nodes: TreeNode[] = stored.map((s) => ({
    ref: ref(s.id),
    parentRef: s.parentItemId ? ref(s.parentItemId) : 'root',
    aliquot: s.aliquot,
    quantity: s.quantity,
    unitId: s.unitId,
    label: `item ${s.id}`,
  }));
  const byRef = new Map(nodes.map((n) => [n.ref, n]));
  // `storedParent`: the stored item a planned one goes under when its parent is not in the batch.
  const planned: (TreeNode & { input: RequirementItemInput; storedParent: number | null })[] = [];
  items.forEach((it, i) => {
    const key = `k:${it.key}`;
    if (byRef.has(key)) throw protocolErrors.tree_key(it.key, { [`items.${i}.key`]: [MSG.keyUsedTwice] });
    const storedParent = it.parentKey ? null : under;
    const parentRef = it.parentKey ? `k:${it.parentKey}` : storedParent ? ref(storedParent) : 'root';
    const parent = parentRef === 'root' ? { unitId: req.unitId } : byRef.get(parentRef);
    if (!parent) throw protocolErrors.tree_parent(it.key, { [`items.${i}.parentKey`]: [MSG.nameEarlierItem] });
    const given = it.unitOfMeasurementId ?? null;
    if (aliquot[i] && given !== null && given !== parent.unitId)
      throw protocolErrors.aliquot_unit({ [`items.${i}.unitOfMeasurementId`]: [MSG.aliquotUnit] });
    const node = {
      ref: key,
      parentRef,
      aliquot: aliquot[i],
      quantity: it.initialQuantity,
      unitId: given ?? parent.unitId,
      label: `item ${it.key}`,
      input: it,
      storedParent,
    };
    byRef.set(key, node);
    planned.push(node);
    nodes.push(node);
  });
  assertAliquotsFit({ quantity: req.initialQuantity, label: req.title }, nodes);
  const ids = new Map<string, number>();
  const rows = [];
  for (const n of planned) {
    const parentItemId = n.parentRef === 'root' ? null : (ids.get(n.parentRef) ?? n.storedParent);
    const row = await insertRequirementItem(tx, {
      institutionId: ctx.institutionId,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      requirementId: req.id,
      parentItemId,
      lineageId: n.input.subSampleLineageId,
      specimenTypeId: n.input.specimenTypeId,
      initialQuantity: n.quantity,
      unitId: n.unitId,
    });
    ids.set(n.ref, row.id);
    rows.push(row);
  }
  return rows;
}

/** A requirement with its whole tree of items: one command, one transaction (all saved or nothing). */
export async function createRequirement(ctx: InstCtx, protocolId: number, eventId: number, input: RequirementInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await eventOf(ctx, protocolId, eventId, tx);
    await assertLookupIds(tx, inst, [
      {
        key: 'unitOfMeasurements',
        id: input.unitOfMeasurementId,
        field: 'unitOfMeasurementId',
        label: 'Unit Of Measurement',
      },
      { key: 'specimenTypes', id: input.specimenTypeId, field: 'specimenTypeId', label: 'Specimen Type' },
      { key: 'anatomicSites', id: input.anatomicSiteId ?? null, field: 'anatomicSiteId', label: 'Anatomic Site' },
      {
        key: 'pathologicalStatuses',
        id: input.pathologicalStatusId ?? null,
        field: 'pathologicalStatusId',
        label: 'Pathological Status',
      },
      {
        key: 'specimenCollectionProcedures',
        id: input.specimenCollectionProcedureId ?? null,
        field: 'specimenCollectionProcedureId',
        label: 'Collection Procedure',
      },
    ]);
    const req = await insertRequirement(tx, {
      institutionId: inst,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      eventId,
      title: input.title,
      code: input.code,
      initialQuantity: input.initialQuantity ?? 0,
      unitId: input.unitOfMeasurementId,
      specimenTypeId: input.specimenTypeId,
      anatomicSiteId: input.anatomicSiteId ?? null,
      pathologicalStatusId: input.pathologicalStatusId ?? null,
      procedureId: input.specimenCollectionProcedureId ?? null,
    });
    const items = await insertItems(tx, ctx, req, [], input.items ?? [], null);
    await audit(tx, ctx, {
      entity: 'eventSpecimenRequirement',
      entityId: req.id,
      action: 'create',
      after: { ...req, items },
    });
    return req.id;
  });
  return (await listRequirements(ctx, protocolId, eventId, ctx.db, [id]))[0];
}

/**
 * The add-items call in either form (contract `AddItemsBody`): the tree form answers the requirement with
 * its tree; the spec's one item answers that item (spec 2 §3 fields), its requirement being the path's.
 */
export async function addItemsCall(
  ctx: InstCtx,
  protocolId: number,
  requirementId: number,
  body: AddItemsBody,
  eventId: number | null = null,
): Promise<Requirement | SpecRequirementItem> {
  if (!body.single) return (await addItems(ctx, protocolId, requirementId, body, eventId)).requirement;
  if (body.requirementId && body.requirementId !== requirementId) {
    throw protocolErrors.item_requirement({
      collectionProtocolEventSpecimenRequirementId: [MSG.requirementInPath],
    });
  }
  const { requirement, ids } = await addItems(ctx, protocolId, requirementId, body, eventId).catch((e: unknown) => {
    // The one item's field errors named as the spec's body names them (`specimenTypeId`, not `items.0.specimenTypeId`).
    if (!(e instanceof AppError) || !e.errors) throw e;
    const named = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k.replace(/^items\.0\./, ''), v]));
    throw new AppError(e.status, e.title, named, e.code, e.retryAfter);
  });
  // The contract's tree type is loose below the first level (RequirementItemNode); listRequirements builds it exact.
  const find = (nodes: RequirementItemNode[]): RequirementItemNode | undefined => {
    for (const n of nodes) {
      const hit = n.id === ids[0] ? n : find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return specItem(find(requirement.children as RequirementItemNode[])!, requirementId);
}

/** An item of the tree with spec 2 §3's id fields flat beside our node fields; its children (to any depth) alike. */
function specItem(item: RequirementItemNode, requirementId: number): SpecRequirementItem {
  return {
    ...item,
    specimenTypeId: item.specimenType?.id ?? null,
    subSampleLineageId: item.subSampleLineage?.id ?? null,
    unitOfMeasurementId: item.unitOfMeasurement.id,
    collectionProtocolEventSpecimenRequirementId: requirementId,
    parentCollectionProtocolEventSpecimenRequirementItemId: item.parentItemId,
    children: item.children.map((c) => specItem(c, requirementId)),
  };
}

/**
 * GET ...collectionProtocolEventSpecimenRequirementItems (spec 2 §7 "GET the list, recursive for children"): the
 * requirement's top-level items, paged, each carrying its children in `children`, to any depth, in the same shape.
 */
export async function listItems(
  ctx: InstCtx,
  protocolId: number,
  requirementId: number,
  eventId: number | null,
  q: PageAsk,
) {
  const req = await requirementOf(ctx, protocolId, requirementId, { eventId });
  const [requirement] = await listRequirements(ctx, protocolId, req.eventId, ctx.db, [requirementId]);
  return pageOf(
    (requirement.children as RequirementItemNode[]).map((n) => specItem(n, requirementId)),
    q,
  );
}

/** The requirement of this protocol (and of `eventId` when the path names the event), or 404; `lock` holds it. */
async function requirementOf(
  ctx: InstCtx,
  protocolId: number,
  requirementId: number,
  opts: { eventId?: number | null; lock?: boolean; db?: Db } = {},
) {
  const db = opts.db ?? ctx.db;
  await protocolOf(ctx, protocolId, db);
  const req = await requirementRow(
    db,
    ctx.institutionId,
    protocolId,
    requirementId,
    opts.eventId ?? null,
    opts.lock ?? false,
  );
  if (!req) throw notFound('Specimen requirement');
  return req;
}

/** Adds child items to a stored tree (under an item, or the requirement), checking the whole tree again. */
export async function addItems(
  ctx: InstCtx,
  protocolId: number,
  requirementId: number,
  input: ItemsInput,
  eventId: number | null = null,
) {
  const { eventId: reqEventId, ids } = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    // Locked: two additions to one tree are checked one after the other.
    const req = await requirementOf(ctx, protocolId, requirementId, { eventId, lock: true, db: tx });
    const stored = await storedItems(tx, requirementId);
    const under = input.parentItemId ?? null;
    if (under && !stored.some((s) => s.id === under)) throw notFound('Parent item');
    const rows = await insertItems(tx, ctx, req, stored, input.items, under);
    await audit(tx, ctx, {
      entity: 'eventSpecimenRequirement',
      entityId: requirementId,
      action: 'add_items',
      after: { items: rows },
    });
    return { eventId: req.eventId, ids: rows.map((r) => r.id) };
  });
  return { requirement: (await listRequirements(ctx, protocolId, reqEventId, ctx.db, [requirementId]))[0], ids };
}

async function storedItems(tx: Db, requirementId: number): Promise<Stored[]> {
  const rows = await storedItemRows(tx, requirementId);
  if (!rows.length) return [];
  const inst = rows[0].institutionId;
  const lineages = await assertLookupIds(
    tx,
    inst,
    [...new Set(rows.map((r) => r.lineageId))].map((id) => ({
      key: 'subSampleLineages',
      id,
      previous: id,
      field: String(id),
    })),
  );
  return rows.map((r) => ({
    id: r.id,
    parentItemId: r.parentItemId,
    aliquot: isAliquotLineage(lineages[String(r.lineageId)]?.title),
    quantity: r.initialQuantity,
    unitId: r.unitId,
  }));
}
