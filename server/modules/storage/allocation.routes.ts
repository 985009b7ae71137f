import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { InstParam, PagingQuery } from '../../../contract/common.contract';
import {
  BulkAllocationInput, Occupancy, OccupancyInput, OccupancyParams, PositionParams, SamplePosition, SamplePositionParams, SuggestQuery, Suggestion, VacateInput, BoxParams,
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
 * Spec 2 §7 "Storage" occupancies and vacate, plus bulk allocate, suggest and a sample's position
 * (docs/storage.md "Allocation"). `boxItem` is the nested box path; `boxPath` reads its ids.
 */
export function allocationRoutes(app: App, ctx: (req: FastifyRequest) => Ctx, boxItem: string, boxPath: (params: unknown) => number[]) {
  const occupancies = `${boxItem}/StorageContainerBoxPositions/:positionId/StorageContainerBoxPositionOccupancies`;
  app.get(occupancies, { config: read, schema: { tags, params: PositionParams, querystring: PagingQuery, response: { 200: z.array(Occupancy) } } },
    async (req, reply) => sendPage(reply, req.query, await listOccupancies(ctx(req), boxPath(req.params), req.params.positionId, req.query)));
  app.post(occupancies, { config: write, schema: { tags, params: PositionParams, body: OccupancyInput, response: { 201: Occupancy } } },
    async (req, reply) => reply.status(201).send(await allocate(ctx(req), boxPath(req.params), req.params.positionId, req.body)));
  app.put(`${occupancies}/:occupancyId/vacate`, { config: write, schema: { tags, params: OccupancyParams, body: VacateInput, response: { 200: Occupancy } } },
    async (req) => vacate(ctx(req), boxPath(req.params), req.params.positionId, req.params.occupancyId, req.body));
  app.post(`${boxItem}/allocate`, { config: write, schema: { tags, params: BoxParams, body: BulkAllocationInput, response: { 201: z.array(Occupancy) } } },
    async (req, reply) => reply.status(201).send(await bulkAllocate(ctx(req), boxPath(req.params), req.body)));

  app.get('/api/institutions/:instId/storageContainers/suggest', { config: read, schema: { tags, params: InstParam, querystring: SuggestQuery, response: { 200: Suggestion } } },
    async (req) => suggestPosition(ctx(req), req.query.collectedSampleId));
  app.get('/api/institutions/:instId/collectedSamples/:collectedSampleId/position', { config: read, schema: { tags, params: SamplePositionParams, response: { 200: SamplePosition } } },
    async (req) => samplePosition(ctx(req), req.params.collectedSampleId));
}
