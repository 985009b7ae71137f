import { z } from 'zod';
import { Id, InstParam } from './common.contract';
import { endpoint } from './endpoint';
import { ProtocolParams } from './protocols.contract';
import {
  AdjustmentInput,
  CollectedSample,
  CollectInput,
  SampleHistoryEntry,
  SampleInput,
  SampleLabels,
  SampleLabelsInput,
  SampleListQuery,
  SampleTreeNode,
} from './samples.contract';

const tags = ['Collected samples'];
const SampleParams = ProtocolParams.extend({ collectedSampleId: Id });
const base = '/institutions/:instId/collectionProtocols/:protocolId/collectedSamples' as const;

/** Spec 2 §7 "Samples" plus the stepper command, the ledger, the tree and the history (docs/samples.md). */
export const sampleEndpoints = {
  /** Any protocol's samples of the institution (New Order's COLLECTED SAMPLE ID tab, storage's find by sample ID). */
  listInstitution: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectedSamples',
    params: InstParam,
    query: SampleListQuery,
    response: { 200: z.array(CollectedSample) },
    permission: 'samples.read',
    paged: true,
    tags,
  }),
  count: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectedSamples/count',
    params: InstParam,
    response: { 200: z.object({ count: z.number(), isEstimate: z.boolean() }) },
    permission: 'samples.read',
    tags,
  }),

  /** Any sample of the institution by record id (a received sample has no protocol: docs/decisions/0014-received-samples.md). */
  getInstitution: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectedSamples/:collectedSampleId',
    params: InstParam.extend({ collectedSampleId: Id }),
    response: { 200: CollectedSample },
    permission: 'samples.read',
    tags,
  }),
  historyInstitution: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectedSamples/:collectedSampleId/history',
    params: InstParam.extend({ collectedSampleId: Id }),
    response: { 200: z.array(SampleHistoryEntry) },
    permission: 'samples.read',
    tags,
  }),
  /** A sub-sample (aliquot or derivative) of any sample of the institution, a received one included. */
  subSample: endpoint({
    method: 'POST',
    path: '/institutions/:instId/collectedSamples/subSamples',
    params: InstParam,
    body: SampleInput,
    response: { 201: CollectedSample },
    permission: 'samples.collect',
    tags,
  }),

  /** Labels of any samples of the institution by record id, a received one included (docs/labels.md "Sample labels"). */
  labelsInstitution: endpoint({
    method: 'POST',
    path: '/institutions/:instId/collectedSamples/labels',
    params: InstParam,
    body: SampleLabelsInput,
    response: { 200: SampleLabels },
    permission: 'labels.print',
    tags,
  }),

  list: endpoint({
    method: 'GET',
    path: base,
    params: ProtocolParams,
    query: SampleListQuery,
    response: { 200: z.array(CollectedSample) },
    permission: 'samples.read',
    paged: true,
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    params: ProtocolParams,
    body: SampleInput,
    response: { 201: CollectedSample },
    permission: 'samples.collect',
    tags,
  }),
  collect: endpoint({
    method: 'POST',
    path: `${base}/collect`,
    params: ProtocolParams,
    body: CollectInput,
    response: { 201: z.array(CollectedSample) },
    permission: 'samples.collect',
    tags,
  }),
  // Label printing: the web sends the answer to the labels module (extension, server printer or PDF).
  labels: endpoint({
    method: 'POST',
    path: `${base}/labels`,
    params: ProtocolParams,
    body: SampleLabelsInput,
    response: { 200: SampleLabels },
    permission: 'labels.print',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:collectedSampleId`,
    params: SampleParams,
    response: { 200: CollectedSample },
    permission: 'samples.read',
    tags,
  }),
  tree: endpoint({
    method: 'GET',
    path: `${base}/:collectedSampleId/tree`,
    params: SampleParams,
    response: { 200: SampleTreeNode },
    permission: 'samples.read',
    tags,
  }),
  history: endpoint({
    method: 'GET',
    path: `${base}/:collectedSampleId/history`,
    params: SampleParams,
    response: { 200: z.array(SampleHistoryEntry) },
    permission: 'samples.read',
    tags,
  }),
  adjust: endpoint({
    method: 'POST',
    path: `${base}/:collectedSampleId/adjustments`,
    params: SampleParams,
    body: AdjustmentInput,
    response: { 200: CollectedSample },
    permission: 'samples.collect',
    tags,
  }),
};
