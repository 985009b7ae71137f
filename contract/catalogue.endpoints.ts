import { endpoint } from './endpoint';
import { Catalogue } from './catalogue.contract';
import { DistributionProtocolParams } from './distribution.contract';

/** Issue 32 item 3 (docs/research.md "Catalogue"): the research catalogue of a distribution protocol. */
export const catalogueEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/institutions/:instId/distributionProtocols/:distributionProtocolId/catalogue',
    params: DistributionProtocolParams,
    response: { 200: Catalogue },
    permission: 'catalogue.read',
    tags: ['Research catalogue'],
  }),
};
