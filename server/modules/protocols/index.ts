// The protocols module's public surface: other modules (samples, shipments) call these.
export { assertUsable } from './participant-consents.service';
