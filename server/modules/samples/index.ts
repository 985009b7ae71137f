import type { SampleInput } from '../../../contract/samples.contract';
import { type Ctx, instOf } from '../../platform/context';
import * as samples from './samples.service';

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
export { exportSamples } from './fhir-rows.repository';

/**
 * POST collectedSamples for another module's command (the sample import). Takes a `Ctx` while the importer's
 * context is not yet an `InstCtx` (issue 29, imports slice): its institution is checked here, once.
 */
export const createSample = (ctx: Ctx, protocolId: number, input: SampleInput) =>
  samples.createSample({ ...ctx, institutionId: instOf(ctx) }, protocolId, input);
export { sampleNamed } from './samples.repository';
export {
  appendSampleEvent,
  sameKindSampleIds,
  sampleIdsContaining,
  sampleIdsNamed,
  type SampleRef,
  sampleRefOf,
  sampleRefSql,
  sampleSummaryOf,
} from './samples.repository';
