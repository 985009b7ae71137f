import { institutionEndpoints } from './institutions.endpoints';
import { allStorageEndpoints } from './storage.endpoints';
import { importEndpoints } from './imports.endpoints';
import { indicatorEndpoints } from './indicators.endpoints';
import { reportEndpoints } from './reports.endpoints';
import { auditEndpoints } from './audit.endpoints';
import { fhirEndpoints } from './fhir.endpoints';
import { healthEndpoints } from './health.endpoints';

/**
 * Every module's endpoint table (issue 29). The server registers each row (server/platform/route.ts);
 * server/test/endpoint-table.test.ts checks that every /api route comes from a row and every row is served.
 * The web imports the module's own table, not this one, so a screen's chunk carries only its rows.
 */
export const allEndpoints = {
  institutions: institutionEndpoints,
  storage: allStorageEndpoints, imports: importEndpoints, indicators: indicatorEndpoints, reports: reportEndpoints, audit: auditEndpoints, fhir: fhirEndpoints, health: healthEndpoints,
};
