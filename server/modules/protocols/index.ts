// The protocols module's public surface: other modules (samples, shipments) call these.
export { assertUsable } from './participant-consents.service';
export { protocolOf } from './protocol-scope';
export { isProtocolSite } from './sites.service';
export { isAliquotLineage } from './requirement-tree';
export { enrolmentOf, eventRefOf, hasWithdrawnOf, protocolEventOf, withdrawalsOf } from './protocols.repository';
