import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, InstParam } from '../../../contract/common.contract';
import { ProtocolParams } from '../../../contract/protocols.contract';
import {
  AdjustmentInput, CollectedSample, CollectInput, SampleHistoryEntry, SampleInput, SampleLabels, SampleLabelsInput, SampleListQuery, SampleTreeNode,
} from '../../../contract/samples.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as reads from './samples.read';
import * as samples from './samples.service';
import { prepareLabels } from './sample-labels';
import { collect, read, tags } from './route-config';

const SampleParams = ProtocolParams.extend({ collectedSampleId: Id });

/** Spec 2 §7 "Samples" plus the stepper command, the ledger, the tree and the history (docs/samples.md). */
export function sampleRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);

  app.get('/api/institutions/:instId/collectedSamples', { config: read, schema: { tags, params: InstParam, querystring: SampleListQuery, response: { 200: z.array(CollectedSample) } } },
    async (req, reply) => sendPage(reply, req.query, await reads.listInstitutionSamples(ctx(req), req.query)));

  app.get('/api/institutions/:instId/collectedSamples/count', { config: read, schema: { tags, params: InstParam, response: { 200: z.object({ count: z.number(), isEstimate: z.boolean() }) } } },
    async (req) => reads.countSamples(ctx(req)));

  const base = '/api/institutions/:instId/collectionProtocols/:protocolId/collectedSamples';
  app.get(base, { config: read, schema: { tags, params: ProtocolParams, querystring: SampleListQuery, response: { 200: z.array(CollectedSample) } } },
    async (req, reply) => sendPage(reply, req.query, await reads.listSamples(ctx(req), req.params.protocolId, req.query)));
  app.post(base, { config: collect, schema: { tags, params: ProtocolParams, body: SampleInput, response: { 201: CollectedSample } } },
    async (req, reply) => reply.status(201).send(await samples.createSample(ctx(req), req.params.protocolId, req.body)));
  app.post(`${base}/collect`, { config: collect, schema: { tags, params: ProtocolParams, body: CollectInput, response: { 201: z.array(CollectedSample) } } },
    async (req, reply) => reply.status(201).send(await samples.collect(ctx(req), req.params.protocolId, req.body)));
  // Label printing: the web sends the answer to the labels module (extension, server printer or PDF).
  app.post(`${base}/labels`, { config: { permission: 'labels.print' }, schema: { tags, params: ProtocolParams, body: SampleLabelsInput, response: { 200: SampleLabels } } },
    async (req) => prepareLabels(ctx(req), req.params.protocolId, req.body));
  app.get(`${base}/:collectedSampleId`, { config: read, schema: { tags, params: SampleParams, response: { 200: CollectedSample } } },
    async (req) => reads.getSample(ctx(req), req.params.protocolId, req.params.collectedSampleId));
  app.get(`${base}/:collectedSampleId/tree`, { config: read, schema: { tags, params: SampleParams, response: { 200: SampleTreeNode } } },
    async (req) => reads.sampleTree(ctx(req), req.params.protocolId, req.params.collectedSampleId));
  app.get(`${base}/:collectedSampleId/history`, { config: read, schema: { tags, params: SampleParams, response: { 200: z.array(SampleHistoryEntry) } } },
    async (req) => reads.sampleHistory(ctx(req), req.params.protocolId, req.params.collectedSampleId));
  app.post(`${base}/:collectedSampleId/adjustments`, { config: collect, schema: { tags, params: SampleParams, body: AdjustmentInput, response: { 200: CollectedSample } } },
    async (req) => samples.adjust(ctx(req), req.params.protocolId, req.params.collectedSampleId, req.body));
}
