import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { InstParam, PagingQuery } from '../../../contract/common.contract';
import {
  BoxParams, BoxPosition, ChildInput, ContainerInput, ContainerParams, DrawerParams, InstitutionNodesQuery, InstitutionPositionsQuery, NodeUpdate, Occupancy,
  RackParams, ShelfParams, StorageNode, TreeNode, TreeQuery,
} from '../../../contract/storage.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as storage from './storage.service';
import { listBoxPositions, listInstitutionOccupancies, listInstitutionPositions } from './occupancies.read';
import { allocationRoutes } from './allocation.routes';
import { rackScanRoutes } from './rack-scan.routes';
import { boxDepthRoutes, chainPath } from './box-depth.routes';

const tags = ['Storage'];
// Reads: storage.read (every role); building the hierarchy: configuration.manage (docs/storage.md).
const read = { permission: 'storage.read' as const };
const manage = { permission: 'configuration.manage' as const };
export const STORAGE_BASE = '/api/institutions/:instId/storageContainers';

/** The levels in path order (spec 2 §7): each collection's segment and its item's parameter. */
const LEVELS = [
  { segment: 'storageContainers', param: 'containerId', params: ContainerParams },
  { segment: 'storageContainerShelfs', param: 'shelfId', params: ShelfParams },
  { segment: 'storageContainerRacks', param: 'rackId', params: RackParams },
  { segment: 'storageContainerDrawers', param: 'drawerId', params: DrawerParams },
  { segment: 'storageContainerBoxes', param: 'boxId', params: BoxParams },
] as const;

/** The nodes a request's path names (id and level), outermost first, down to `depth` levels. */
const pathIds = (params: unknown, depth: number) => chainPath(params, LEVELS.slice(0, depth));

export function storageRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);

  // Static before parametric: /storageContainers/tree is never read as a container id.
  app.get(`${STORAGE_BASE}/tree`, { config: read, schema: { tags, params: InstParam, querystring: TreeQuery, response: { 200: z.array(TreeNode) } } },
    async (req, reply) => sendPage(reply, req.query, await storage.treeChildren(ctx(req), req.query)));

  let parentItem = '/api/institutions/:instId';
  let parentParams: z.ZodType = InstParam;
  for (const [depth, level] of LEVELS.entries()) {
    const segments = depth === 4 ? [level.segment, 'storageContainerBoxs'] : [level.segment]; // spec 1 §7 also spells 'storageContainerBoxs'
    const body = depth === 0 ? ContainerInput : ChildInput;
    // Spec 1 §7 reads the containers unpaged: up to the cap unless PageSize asks fewer.
    const querystring = depth === 0 ? InstitutionNodesQuery : PagingQuery;
    for (const segment of segments) {
      const collection = `${parentItem}/${segment}`;
      app.get(collection, { config: read, schema: { tags, params: parentParams, querystring, response: { 200: z.array(StorageNode) } } },
        async (req, reply) => sendPage(reply, req.query as PagingQuery, await storage.listChildren(ctx(req), pathIds(req.params, depth), req.query as PagingQuery)));
      app.post(collection, { config: manage, schema: { tags, params: parentParams, body, response: { 201: StorageNode } } },
        async (req, reply) => reply.status(201).send(await storage.createNode(ctx(req), pathIds(req.params, depth), req.body as z.output<typeof body>)));
    }
    const item = `${parentItem}/${level.segment}/:${level.param}`;
    app.get(item, { config: read, schema: { tags, params: level.params, response: { 200: StorageNode } } },
      async (req) => storage.getNode(ctx(req), pathIds(req.params, depth + 1)));
    app.put(item, { config: manage, schema: { tags, params: level.params, body: NodeUpdate, response: { 200: StorageNode } } },
      async (req) => storage.updateNode(ctx(req), pathIds(req.params, depth + 1), req.body));
    app.post(`${item}/disable`, { config: manage, schema: { tags, params: level.params, response: { 200: StorageNode } } },
      async (req) => storage.setNodeEnabled(ctx(req), pathIds(req.params, depth + 1), false));
    app.post(`${item}/enable`, { config: manage, schema: { tags, params: level.params, response: { 200: StorageNode } } },
      async (req) => storage.setNodeEnabled(ctx(req), pathIds(req.params, depth + 1), true));
    parentItem = item;
    parentParams = level.params;
  }

  // Spec 1 §7's unpaged lists of the whole institution (read whole up to the cap, true total in X-Pagination).
  const inst = '/api/institutions/:instId';
  for (const [segment, level] of [['storageContainerBoxs', 'box'], ['storageContainerDrawers', 'drawer']] as const) {
    app.get(`${inst}/${segment}`, { config: read, schema: { tags, params: InstParam, querystring: InstitutionNodesQuery, response: { 200: z.array(StorageNode) } } },
      async (req, reply) => sendPage(reply, req.query, await storage.listLevel(ctx(req), level, req.query)));
  }
  app.get(`${inst}/storageContainerBoxPositions`, { config: read, schema: { tags, params: InstParam, querystring: InstitutionPositionsQuery, response: { 200: z.array(BoxPosition) } } },
    async (req, reply) => sendPage(reply, req.query, await listInstitutionPositions(ctx(req), req.query)));
  app.get(`${inst}/storageContainerBoxPositionOccupancies`, { config: read, schema: { tags, params: InstParam, querystring: InstitutionPositionsQuery, response: { 200: z.array(Occupancy) } } },
    async (req, reply) => sendPage(reply, req.query, await listInstitutionOccupancies(ctx(req), req.query)));

  app.get(`${parentItem}/StorageContainerBoxPositions`, { config: read, schema: { tags, params: BoxParams, response: { 200: z.array(BoxPosition) } } },
    async (req) => listBoxPositions(ctx(req), pathIds(req.params, 5)));
  allocationRoutes(app, ctx, parentItem, (params) => pathIds(params, 5));
  rackScanRoutes(app, ctx, parentItem, (params) => pathIds(params, 5));
  // Issue 28: a box straight in a shelf or a rack, and rack templates (docs/storage.md "Any depth", "Templates").
  boxDepthRoutes(app, ctx);
}
