import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, InstParam, PagingQuery } from '../../../contract/common.contract';
import {
  BoxParams, BulkAllocationInput, Occupancy, OccupancyInput, SamplePosition, SamplePositionParams, SuggestQuery, Suggestion, VacateInput, type PathRef,
} from '../../../contract/storage.contract';
import type { App } from '../../platform/app-types';
import type { Ctx } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import { allocate, bulkAllocate, vacate } from './allocation.service';
import { listOccupancies, samplePosition, suggestPosition } from './occupancies.read';

const tags = ['Storage allocation'];
const read = { permission: 'storage.read' as const };
const write = { permission: 'storage.allocate' as const };

/**
 * Spec 2 §7 "Storage" occupancies and vacate, plus bulk allocate (docs/storage.md "Allocation"), under
 * one of a box's nested paths: `boxItem` is the path, `boxParams` its parameters, `boxPath` reads them.
 */
export function boxAllocationRoutes(app: App, ctx: (req: FastifyRequest) => Ctx, boxItem: string, boxParams: z.ZodObject, boxPath: (params: unknown) => PathRef[]) {
  const positionParams = boxParams.extend({ positionId: Id });
  const occupancyParams = positionParams.extend({ occupancyId: Id });
  type Ids = { positionId: number; occupancyId: number };
  const occupancies = `${boxItem}/StorageContainerBoxPositions/:positionId/StorageContainerBoxPositionOccupancies`;
  app.get(occupancies, { config: read, schema: { tags, params: positionParams, querystring: PagingQuery, response: { 200: z.array(Occupancy) } } },
    async (req, reply) => sendPage(reply, req.query, await listOccupancies(ctx(req), boxPath(req.params), (req.params as Ids).positionId, req.query)));
  app.post(occupancies, { config: write, schema: { tags, params: positionParams, body: OccupancyInput, response: { 201: Occupancy } } },
    async (req, reply) => reply.status(201).send(await allocate(ctx(req), boxPath(req.params), (req.params as Ids).positionId, req.body)));
  app.put(`${occupancies}/:occupancyId/vacate`, { config: write, schema: { tags, params: occupancyParams, body: VacateInput, response: { 200: Occupancy } } },
    async (req) => vacate(ctx(req), boxPath(req.params), (req.params as Ids).positionId, (req.params as Ids).occupancyId, req.body));
  app.post(`${boxItem}/allocate`, { config: write, schema: { tags, params: boxParams, body: BulkAllocationInput, response: { 201: z.array(Occupancy) } } },
    async (req, reply) => reply.status(201).send(await bulkAllocate(ctx(req), boxPath(req.params), req.body)));
}

/** The spec's box path (container > shelf > rack > drawer > box) with suggest and a sample's position, routes of their own. */
export function allocationRoutes(app: App, ctx: (req: FastifyRequest) => Ctx, boxItem: string, boxPath: (params: unknown) => PathRef[]) {
  boxAllocationRoutes(app, ctx, boxItem, BoxParams, boxPath);
  app.get('/api/institutions/:instId/storageContainers/suggest', { config: read, schema: { tags, params: InstParam, querystring: SuggestQuery, response: { 200: Suggestion } } },
    async (req) => suggestPosition(ctx(req), req.query.collectedSampleId));
  app.get('/api/institutions/:instId/collectedSamples/:collectedSampleId/position', { config: read, schema: { tags, params: SamplePositionParams, response: { 200: SamplePosition } } },
    async (req) => samplePosition(ctx(req), req.params.collectedSampleId));
}
