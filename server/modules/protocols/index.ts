// The protocols module's public surface: other modules (forms, samples, shipments) call these.
export { assertUsable } from './participant-consents.service';
export { protocolOf, protocolTitleOf } from './protocol-scope';
export { enabledEnrolment } from './enrolments.service';
