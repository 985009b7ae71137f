// The samples module's public surface for other modules (shipments): they never read its tables.
export {
  appendShippingEvents, type CandidateFilter, custodianOf, type CustodySample, custodySamplesByCode, custodySamplesOf, heldElsewhere, lockShippableSamples, openShipmentOf, sampleCodeOf, type ShippableSample, shippedSampleOf, shippingCandidates, type ShippingEventKind,
} from './shipping';
export { exportSamples } from './fhir-rows';
export { createSample } from './samples.service';
export { sampleNamed } from './samples.repository';
export { appendSampleEvent, sameKindSampleIds, sampleIdsContaining, sampleIdsNamed, type SampleRef, sampleRefOf, sampleRefSql, sampleSummaryOf } from './samples.repository';
