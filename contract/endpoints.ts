import { accountEndpoints } from './accounts.endpoints';
import { allStorageEndpoints } from './storage.endpoints';
import { auditEndpoints } from './audit.endpoints';
import { authEndpoints } from './auth.endpoints';
import { configurationEndpoints, lookupEndpointTable } from './configuration.endpoints';
import { catalogueEndpoints } from './catalogue.endpoints';
import { distributionEndpoints } from './distribution.endpoints';
import { fhirEndpoints } from './fhir.endpoints';
import { formEndpoints } from './forms.endpoints';
import { healthEndpoints } from './health.endpoints';
import { importEndpoints } from './imports.endpoints';
import { indicatorEndpoints } from './indicators.endpoints';
import { institutionEndpoints } from './institutions.endpoints';
import { labelEndpoints } from './labels.endpoints';
import { orderEndpoints } from './orders.endpoints';
import { partnerEndpoints } from './partners.endpoints';
import { participantEndpoints } from './participants.endpoints';
import { protocolEndpoints } from './protocols.endpoints';
import { queryEndpoints } from './queries.endpoints';
import { requestEndpoints } from './requests.endpoints';
import { reportEndpoints } from './reports.endpoints';
import { sampleEndpoints } from './samples.endpoints';
import { shipmentEndpoints } from './shipments.endpoints';

/**
 * Every module's endpoint table (issue 29). The server registers each row (server/platform/route.ts);
 * server/test/endpoint-table.test.ts checks that every /api route comes from a row and every row is served.
 * The web imports the module's own table, not this one, so a screen's chunk carries only its rows.
 */
export const allEndpoints = {
  institutions: institutionEndpoints,
  protocols: protocolEndpoints,
  forms: formEndpoints,
  configuration: configurationEndpoints,
  lookups: lookupEndpointTable(),
  orders: orderEndpoints,
  labels: labelEndpoints,
  samples: sampleEndpoints,
  shipments: shipmentEndpoints,
  partners: partnerEndpoints,
  accounts: accountEndpoints,
  auth: authEndpoints,
  participants: participantEndpoints,
  storage: allStorageEndpoints,
  imports: importEndpoints,
  indicators: indicatorEndpoints,
  reports: reportEndpoints,
  distribution: distributionEndpoints,
  catalogue: catalogueEndpoints,
  queries: queryEndpoints,
  requests: requestEndpoints,
  audit: auditEndpoints,
  fhir: fhirEndpoints,
  health: healthEndpoints,
};
