// The orders module's public surface for other modules (the FHIR export): they never read its tables.
export { exportOrders, exportOrdersQuery, exportReleasedResults, exportReleasedResultsQuery } from './fhir.repository';
