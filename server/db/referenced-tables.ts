/**
 * The tables another module's table file references for a foreign key, and the one place it imports them from
 * (issue 29; CONTRIBUTING.md "Add a domain module"). A module's index.ts would pull its services into the schema
 * (and round into import cycles), so a `*.table.ts` imports no other module's file: only this one, which
 * re-exports table files and nothing else (lint). The references are lazy (`references(() => table.id)`), so the
 * cycle through this file (samples.table.ts imports it, it imports samples.table.ts) is never read half-made.
 * Nothing but a table file imports it: other code reads another module's data through that module's index.ts.
 */
export { accounts } from '../modules/accounts/accounts.table';
export { distributionProtocols } from '../modules/distribution/distribution.table';
export { institutions } from '../modules/institutions/institutions.table';
export { patients } from '../modules/participants/participants.table';
export { collectionProtocols, protocolParticipants } from '../modules/protocols/protocols.table';
export { savedQueries } from '../modules/queries/queries.table';
export { collectedSamples } from '../modules/samples/samples.table';
export { shipments } from '../modules/shipments/shipments.table';
