import { z } from 'zod';
import { InstParam } from './common.contract';
import { endpoint, type FileResponse } from './endpoint';
import {
  DistributionProtocol,
  DistributionProtocolInput,
  DistributionProtocolListQuery,
  DistributionProtocolParams,
  DistributionProtocolUpdate,
  EligibilityCount,
  EthicsDocumentInput,
} from './distribution.contract';

const tags = ['Distribution protocols'];
const read = 'distribution.read';
const manage = 'distribution.manage';
const P = '/institutions/:instId/distributionProtocols/:distributionProtocolId';

const ethicsFile: FileResponse = {
  description: 'The ethics approval document as uploaded (PDF, PNG or JPEG)',
  content: {
    'application/pdf': { schema: z.string() },
    'image/png': { schema: z.string() },
    'image/jpeg': { schema: z.string() },
  },
};

/** Issue 32 items 1 and 2 (docs/research.md): distribution protocols and the samples eligible for them. */
export const distributionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/institutions/:instId/distributionProtocols',
    params: InstParam,
    query: DistributionProtocolListQuery,
    response: { 200: z.array(DistributionProtocol) },
    permission: read,
    paged: true,
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/institutions/:instId/distributionProtocols',
    params: InstParam,
    body: DistributionProtocolInput,
    response: { 201: DistributionProtocol },
    permission: manage,
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: P,
    params: DistributionProtocolParams,
    response: { 200: DistributionProtocol },
    permission: read,
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: P,
    params: DistributionProtocolParams,
    body: DistributionProtocolUpdate,
    response: { 200: DistributionProtocol },
    permission: manage,
    tags,
  }),
  disable: endpoint({
    method: 'POST',
    path: `${P}/disable`,
    params: DistributionProtocolParams,
    response: { 200: DistributionProtocol },
    permission: manage,
    tags,
  }),
  uploadEthicsDocument: endpoint({
    method: 'PUT',
    path: `${P}/ethicsDocument`,
    params: DistributionProtocolParams,
    body: EthicsDocumentInput,
    response: { 200: DistributionProtocol },
    permission: manage,
    tags,
  }),
  ethicsDocument: endpoint({
    method: 'GET',
    path: `${P}/ethicsDocument`,
    params: DistributionProtocolParams,
    response: { 200: ethicsFile },
    permission: read,
    tags,
  }),
  eligibilityCount: endpoint({
    method: 'GET',
    path: `${P}/eligibility-count`,
    params: DistributionProtocolParams,
    response: { 200: EligibilityCount },
    permission: read,
    tags,
  }),
};
