// The samples module's public surface for other modules (shipments): they never read its tables.
export {
  appendShippingEvents,
  type CandidateFilter,
  type CustodySample,
  custodySamplesByCode,
  custodySamplesOf,
  lockShippableSamples,
  sampleCodeOf,
  type ShippableSample,
  shippedSampleOf,
  shippingCandidates,
  type ShippingEventKind,
} from './shipping.repository';
export {
  type Custody,
  custodyOf,
  type CustodyStatus,
  markPacked,
  markReceived,
  markReturned,
  markShipped,
} from './custody.repository';
export { exportSamples, exportSamplesQuery, sampleIdsOf } from './fhir.repository';

/** POST collectedSamples for another module's command (the sample import). */
export { createSample } from './samples.service';
export { sampleNamed } from './samples.repository';
export {
  appendSampleEvent,
  sameKindSampleIds,
  sampleIdsContaining,
  sampleIdsNamed,
  type SampleRef,
  sampleRefOf,
  sampleRefSql,
  sampleForUseOf,
  sampleSummaryOf,
} from './samples.repository';
/** Issue 32: the institution's samples a research rule admits (the rule is distribution's eligibility). */
export {
  researchExportFacts,
  researchPickRows,
  researchSampleFacts,
  researchSampleIds,
  type ResearchSampleColumns,
} from './research.repository';
/** Issue 32 item 5: a research request's distribution and returns go through the ledger (race-safe). */
export { drawForResearch } from './samples.ledger';
export {
  createReceivedSamples,
  type CustodyEvent,
  custodyTimelinesOf,
  donorCodesOf,
  originsOf,
  type ReceivedSampleInput,
  receiveLocalItems,
  TRAVELLING_KINDS,
} from './received.repository';
/** Issue 33: the ledger's history sentences, stored in English and said in the reader's language. */
export { ledgerText, sayLedger, type LedgerSentence } from './ledger-words';
