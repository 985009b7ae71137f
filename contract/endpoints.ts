import { accountEndpoints } from './accounts.endpoints';
import { authEndpoints } from './auth.endpoints';
import { configurationEndpoints, lookupEndpointTable } from './configuration.endpoints';
import { formEndpoints } from './forms.endpoints';
import { institutionEndpoints } from './institutions.endpoints';
import { labelEndpoints } from './labels.endpoints';
import { orderEndpoints } from './orders.endpoints';
import { participantEndpoints } from './participants.endpoints';
import { protocolEndpoints } from './protocols.endpoints';
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
  accounts: accountEndpoints,
  auth: authEndpoints,
  participants: participantEndpoints,
};
