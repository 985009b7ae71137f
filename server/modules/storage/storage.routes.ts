import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { InstParam, PagingQuery } from '../../../contract/common.contract';
import {
  BoxParams, BoxPosition, ChildInput, ContainerInput, ContainerParams, DrawerParams, NodeUpdate, RackBoxParams, RackParams, RackTemplateInput, RackTemplateResult,
  ShelfBoxParams, ShelfParams, StorageNode, TreeNode, TreeQuery, type PathRef, type StorageLevel,
} from '../../../contract/storage.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { type Ctx, ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as storage from './storage.service';
import { listBoxPositions } from './occupancies.read';
import { allocationRoutes, boxAllocationRoutes } from './allocation.routes';
import { rackScanRoutes } from './rack-scan.routes';
import { createRackTemplate } from './rack-template.service';

const tags = ['Storage'];
// Reads: storage.read (every role); building the hierarchy: configuration.manage (docs/storage.md).
const read = { permission: 'storage.read' as const };
const manage = { permission: 'configuration.manage' as const };
export const STORAGE_BASE = '/api/institutions/:instId/storageContainers';

/** The levels in path order (spec 2 §7): each collection's segment and its item's parameter. */
const LEVELS = [
  { level: 'container', segment: 'storageContainers', param: 'containerId', params: ContainerParams },
  { level: 'shelf', segment: 'storageContainerShelfs', param: 'shelfId', params: ShelfParams },
  { level: 'rack', segment: 'storageContainerRacks', param: 'rackId', params: RackParams },
  { level: 'drawer', segment: 'storageContainerDrawers', param: 'drawerId', params: DrawerParams },
  { level: 'box', segment: 'storageContainerBoxes', param: 'boxId', params: BoxParams },
] as const;
type Level = { level: StorageLevel; segment: string; param: string; params: z.ZodObject };

/** The nodes a request's path names, outermost first, down to `depth` levels of `chain`. */
const pathOf = (params: unknown, depth: number, chain: readonly Level[] = LEVELS): PathRef[] =>
  chain.slice(0, depth).map((l) => ({ id: (params as Record<string, number>)[l.param], level: l.level }));

/**
 * A box straight in a shelf or a rack (issue 28, docs/storage.md "Any depth"): the box's routes again
 * under the shorter paths, the spec's drawer path unchanged.
 */
const SHORT_BOX_CHAINS: readonly Level[][] = [
  [LEVELS[0], LEVELS[1], { ...LEVELS[4], params: ShelfBoxParams }],
  [LEVELS[0], LEVELS[1], LEVELS[2], { ...LEVELS[4], params: RackBoxParams }],
];

export function storageRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);

  // Static before parametric: /storageContainers/tree is never read as a container id.
  app.get(`${STORAGE_BASE}/tree`, { config: read, schema: { tags, params: InstParam, querystring: TreeQuery, response: { 200: z.array(TreeNode) } } },
    async (req, reply) => sendPage(reply, req.query, await storage.treeChildren(ctx(req), req.query)));

  let parentItem = '/api/institutions/:instId';
  let parentParams: z.ZodType = InstParam;
  for (const [depth, level] of LEVELS.entries()) {
    const segments = depth === 4 ? [level.segment, 'storageContainerBoxs'] : [level.segment]; // spec 1 §7 also spells 'storageContainerBoxs'
    parentItem = levelRoutes(app, ctx, parentItem, parentParams, LEVELS, depth, segments);
    parentParams = level.params;
  }
  boxRoutes(app, ctx, parentItem, BoxParams, (params) => pathOf(params, 5));
  for (const chain of SHORT_BOX_CHAINS) {
    const shelfOrRack = `/api/institutions/:instId${chain.slice(0, -1).map((l) => `/${l.segment}/:${l.param}`).join('')}`;
    const boxItem = levelRoutes(app, ctx, shelfOrRack, chain.at(-2)!.params, chain, chain.length - 1, [chain.at(-1)!.segment]);
    boxRoutes(app, ctx, boxItem, chain.at(-1)!.params, (params) => pathOf(params, chain.length, chain));
  }
  allocationRoutes(app, ctx);

  const racks = `/api/institutions/:instId/${LEVELS.slice(0, 2).map((l) => `${l.segment}/:${l.param}`).join('/')}/${LEVELS[2].segment}`;
  app.post(`${racks}/template`, { config: manage, schema: { tags, params: ShelfParams, body: RackTemplateInput, response: { 201: RackTemplateResult } } },
    async (req, reply) => reply.status(201).send(await createRackTemplate(ctx(req), pathOf(req.params, 2), req.body)));
}

/** One level's routes under its parent item: the list and create (in each spelling), the item, edit, disable, enable. Returns the item path. */
function levelRoutes(app: App, ctx: (req: FastifyRequest) => Ctx, parentItem: string, parentParams: z.ZodType, chain: readonly Level[], depth: number, segments: string[]) {
  const level = chain[depth];
  const body = depth === 0 ? ContainerInput : ChildInput;
  for (const segment of segments) {
    const collection = `${parentItem}/${segment}`;
    app.get(collection, { config: read, schema: { tags, params: parentParams, querystring: PagingQuery, response: { 200: z.array(StorageNode) } } },
      async (req, reply) => sendPage(reply, req.query as PagingQuery, await storage.listChildren(ctx(req), pathOf(req.params, depth, chain), req.query as PagingQuery, level.level)));
    app.post(collection, { config: manage, schema: { tags, params: parentParams, body, response: { 201: StorageNode } } },
      async (req, reply) => reply.status(201).send(await storage.createNode(ctx(req), pathOf(req.params, depth, chain), req.body as z.output<typeof body>, level.level)));
  }
  const item = `${parentItem}/${level.segment}/:${level.param}`;
  const params = level.params;
  app.get(item, { config: read, schema: { tags, params, response: { 200: StorageNode } } },
    async (req) => storage.getNode(ctx(req), pathOf(req.params, depth + 1, chain)));
  app.put(item, { config: manage, schema: { tags, params, body: NodeUpdate, response: { 200: StorageNode } } },
    async (req) => storage.updateNode(ctx(req), pathOf(req.params, depth + 1, chain), req.body as NodeUpdate));
  app.post(`${item}/disable`, { config: manage, schema: { tags, params, response: { 200: StorageNode } } },
    async (req) => storage.setNodeEnabled(ctx(req), pathOf(req.params, depth + 1, chain), false));
  app.post(`${item}/enable`, { config: manage, schema: { tags, params, response: { 200: StorageNode } } },
    async (req) => storage.setNodeEnabled(ctx(req), pathOf(req.params, depth + 1, chain), true));
  return item;
}

/** What only a box has, under one of its item paths: its positions, allocation and the rack scan. */
function boxRoutes(app: App, ctx: (req: FastifyRequest) => Ctx, boxItem: string, params: z.ZodObject, boxPath: (params: unknown) => PathRef[]) {
  app.get(`${boxItem}/StorageContainerBoxPositions`, { config: read, schema: { tags, params, response: { 200: z.array(BoxPosition) } } },
    async (req) => listBoxPositions(ctx(req), boxPath(req.params)));
  boxAllocationRoutes(app, ctx, boxItem, params, boxPath);
  rackScanRoutes(app, ctx, boxItem, params, boxPath);
}
