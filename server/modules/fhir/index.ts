// The FHIR module's public surface: the Specimen mapping the shipment manifest reuses.
export { extensionUrl, localDateTime, type MapCtx, serverOffset, toSpecimen } from './fhir.service';
/** Issue 32 item 6: a research distribution's pseudonymous export (distribution reads the facts). */
export { type DistributedSampleFacts, distributionBundle, distributionCodeSystem } from './fhir.service';
