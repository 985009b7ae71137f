// The FHIR module's public surface: the Specimen mapping the shipment manifest reuses.
export { extensionUrl, localDateTime, type MapCtx, serverOffset, toSpecimen } from './fhir.service';
