// The protocols module's public surface: other modules (forms, samples, shipments) call these.
export { assertSamplesUsable, assertUsable } from './participant-consents.service';
export { consentAllowsOf, grantedPurposesOf, hasWithdrawnOf, reconsentsOf } from './participant-consents.repository';
export { protocolOf } from './protocols.service';
export { isProtocolSite } from './sites.service';
export { isAliquotLineage } from './requirement-tree';
export {
  collectionOrigin,
  enrolmentOf,
  eventRefOf,
  protocolEventOf,
  protocolEventsOf,
  protocolIdsByAbbreviation,
  protocolSiteIds,
  protocolsNamed,
  protocolTitleOf,
  withdrawalsOf,
} from './protocols.repository';
export { enabledEnrolment, outsideDates } from './enrolments.service';
export {
  exportConsents,
  exportConsentsQuery,
  exportConsentSignatures,
  exportEnrolments,
  exportEnrolmentsQuery,
  exportProtocols,
  exportProtocolsQuery,
  protocolIdsOfPatients,
} from './fhir.repository';
/** Issue 32 item 3: a sample's anatomic site by its event's specimen requirement, for the research catalogue. */
export { requirementAnatomicSiteOf } from './research.repository';
