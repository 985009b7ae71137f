import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { PagingQuery } from '../../../contract/common.contract';
import {
  BoxPosition, ChildInput, NodeUpdate, RackBoxParams, RackParams, RackTemplateInput, RackTemplateResult, ShelfBoxParams, ShelfParams, STORAGE_LEVELS, STORAGE_SEGMENTS,
  StorageNode, type PathRef,
} from '../../../contract/storage.contract';
import type { App } from '../../platform/app-types';
import type { Ctx } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as storage from './storage.service';
import { listBoxPositions } from './occupancies.read';
import { boxAllocationRoutes } from './allocation.routes';
import { rackScanRoutes } from './rack-scan.routes';
import { createRackTemplate } from './rack-template.service';

// Issue 28 (docs/storage.md "Any depth", "Templates"): a box straight in a shelf or a rack has the box's
// whole surface under the shorter paths; the spec's drawer path (storage.routes.ts) is unchanged.

const tags = ['Storage'];
const read = { permission: 'storage.read' as const };
const manage = { permission: 'configuration.manage' as const };

interface Segment { segment: string; param: string }
const INST = '/api/institutions/:instId';
const CONTAINER = { segment: STORAGE_SEGMENTS.container, param: 'containerId' };
const SHELF = { segment: STORAGE_SEGMENTS.shelf, param: 'shelfId' };
const RACK = { segment: STORAGE_SEGMENTS.rack, param: 'rackId' };
const BOX = { segment: STORAGE_SEGMENTS.box, param: 'boxId' };

/** The nodes a request's path names (id and level, the level from each segment), outermost first. */
export const chainPath = (params: unknown, chain: readonly Segment[]): PathRef[] =>
  chain.map((l) => ({ id: (params as Record<string, number>)[l.param], level: STORAGE_LEVELS.find((level) => STORAGE_SEGMENTS[level] === l.segment)! }));

const itemUrl = (chain: readonly Segment[]) => `${INST}${chain.map((l) => `/${l.segment}/:${l.param}`).join('')}`;

/** The parent paths a box may hang from besides a drawer, with their parameters and the box's. */
const SHORT_BOX_PARENTS = [
  { chain: [CONTAINER, SHELF], params: ShelfParams, boxParams: ShelfBoxParams },
  { chain: [CONTAINER, SHELF, RACK], params: RackParams, boxParams: RackBoxParams },
];

export function boxDepthRoutes(app: App, ctx: (req: FastifyRequest) => Ctx) {
  for (const { chain, params, boxParams } of SHORT_BOX_PARENTS) {
    const parentPath = (p: unknown) => chainPath(p, chain);
    const boxPath = (p: unknown) => chainPath(p, [...chain, BOX]);
    const boxes = `${itemUrl(chain)}/${BOX.segment}`;
    app.get(boxes, { config: read, schema: { tags, params, querystring: PagingQuery, response: { 200: z.array(StorageNode) } } },
      async (req, reply) => sendPage(reply, req.query, await storage.listChildren(ctx(req), parentPath(req.params), req.query, 'box')));
    app.post(boxes, { config: manage, schema: { tags, params, body: ChildInput, response: { 201: StorageNode } } },
      async (req, reply) => reply.status(201).send(await storage.createNode(ctx(req), parentPath(req.params), req.body, 'box')));
    const box = `${boxes}/:${BOX.param}`;
    app.get(box, { config: read, schema: { tags, params: boxParams, response: { 200: StorageNode } } },
      async (req) => storage.getNode(ctx(req), boxPath(req.params)));
    app.put(box, { config: manage, schema: { tags, params: boxParams, body: NodeUpdate, response: { 200: StorageNode } } },
      async (req) => storage.updateNode(ctx(req), boxPath(req.params), req.body));
    for (const [action, enabled] of [['disable', false], ['enable', true]] as const) {
      app.post(`${box}/${action}`, { config: manage, schema: { tags, params: boxParams, response: { 200: StorageNode } } },
        async (req) => storage.setNodeEnabled(ctx(req), boxPath(req.params), enabled));
    }
    app.get(`${box}/StorageContainerBoxPositions`, { config: read, schema: { tags, params: boxParams, response: { 200: z.array(BoxPosition) } } },
      async (req) => listBoxPositions(ctx(req), boxPath(req.params)));
    boxAllocationRoutes(app, ctx, box, boxParams, boxPath);
    rackScanRoutes(app, ctx, box, boxPath, boxParams);
  }

  const shelf = [CONTAINER, SHELF];
  app.post(`${itemUrl(shelf)}/${RACK.segment}/template`, { config: manage, schema: { tags, params: ShelfParams, body: RackTemplateInput, response: { 201: RackTemplateResult } } },
    async (req, reply) => reply.status(201).send(await createRackTemplate(ctx(req), chainPath(req.params, shelf), req.body)));
}
