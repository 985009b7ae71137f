import { accountEndpoints } from './accounts.endpoints';
import { authEndpoints } from './auth.endpoints';
import { institutionEndpoints } from './institutions.endpoints';
import { participantEndpoints } from './participants.endpoints';

/**
 * Every module's endpoint table (issue 29). The server registers each row (server/platform/route.ts);
 * server/test/endpoint-table.test.ts checks that every /api route comes from a row and every row is served.
 * The web imports the module's own table, not this one, so a screen's chunk carries only its rows.
 */
export const allEndpoints = {
  institutions: institutionEndpoints,
  accounts: accountEndpoints,
  auth: authEndpoints,
  participants: participantEndpoints,
};
