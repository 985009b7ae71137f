import { z } from 'zod';
import { Id, InstParam, PagingQuery } from './common.contract';
import { endpoint } from './endpoint';
import {
  Consent,
  ConsentInput,
  ConsentUpdate,
  ConsentVersion,
  Protocol,
  ProtocolInput,
  ProtocolListQuery,
  ProtocolParams,
  ProtocolSite,
  ProtocolUpdate,
  SitesAdded,
  SitesInput,
} from './protocols.contract';
import {
  AddItemsBody,
  EventInput,
  ProtocolEvent,
  Requirement,
  RequirementInput,
  RequirementItemsQuery,
  SpecRequirementItem,
} from './protocol-events.contract';
import {
  EnrolInput,
  ParticipantConsent,
  ParticipantConsentQuery,
  ParticipantQuery,
  ProtocolParticipant,
  SignInput,
  WithdrawInput,
} from './protocol-participants.contract';

const tags = ['Collection protocols'];
const read = 'protocols.read';
const manage = 'protocols.manage';

const P = '/institutions/:instId/collectionProtocols/:protocolId';
const ConsentParams = ProtocolParams.extend({ consentId: Id });
const SiteParams = ProtocolParams.extend({ siteId: Id });
const EventParams = ProtocolParams.extend({ eventId: Id });
const RequirementParams = ProtocolParams.extend({ requirementId: Id });
const EventRequirementParams = EventParams.extend({ requirementId: Id });
const ParticipantParams = ProtocolParams.extend({ participantId: Id });
const SignedParams = ProtocolParams.extend({ participantConsentId: Id });
const ItemsAdded = z.union([Requirement, SpecRequirementItem]);

/** Spec 2 §7 "Protocol area": protocols, their consents, sites, events, specimen requirement trees and participants. */
export const protocolEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectionProtocols',
    params: InstParam,
    query: ProtocolListQuery,
    response: { 200: z.array(Protocol) },
    permission: read,
    paged: true,
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/institutions/:instId/collectionProtocols',
    params: InstParam,
    body: ProtocolInput,
    response: { 201: Protocol },
    permission: manage,
    tags,
  }),
  // A literal segment: find-my-way prefers it to /:protocolId whatever the order of registration.
  count: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectionProtocols/count',
    params: InstParam,
    response: { 200: z.object({ count: z.number(), isEstimate: z.boolean() }) },
    permission: read,
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: P,
    params: ProtocolParams,
    response: { 200: Protocol },
    permission: read,
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: P,
    params: ProtocolParams,
    body: ProtocolUpdate,
    response: { 200: Protocol },
    permission: manage,
    tags,
  }),

  consents: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolConsents`,
    params: ProtocolParams,
    query: PagingQuery,
    response: { 200: z.array(Consent) },
    permission: read,
    paged: true,
    tags,
  }),
  createConsent: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolConsents`,
    params: ProtocolParams,
    body: ConsentInput,
    response: { 201: Consent },
    permission: manage,
    tags,
  }),
  consent: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolConsents/:consentId`,
    params: ConsentParams,
    response: { 200: Consent },
    permission: read,
    tags,
  }),
  updateConsent: endpoint({
    method: 'PUT',
    path: `${P}/collectionProtocolConsents/:consentId`,
    params: ConsentParams,
    body: ConsentUpdate,
    response: { 200: Consent },
    permission: manage,
    tags,
  }),
  consentVersions: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolConsents/:consentId/versions`,
    params: ConsentParams,
    response: { 200: z.array(ConsentVersion) },
    permission: read,
    tags,
  }),
  disableConsent: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolConsents/:consentId/disable`,
    params: ConsentParams,
    response: { 200: Consent },
    permission: manage,
    tags,
  }),

  sites: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolSites`,
    params: ProtocolParams,
    query: PagingQuery,
    response: { 200: z.array(ProtocolSite) },
    permission: read,
    paged: true,
    tags,
  }),
  addSites: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolSites`,
    params: ProtocolParams,
    body: SitesInput,
    response: { 200: SitesAdded },
    permission: manage,
    tags,
  }),
  removeSite: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolSites/:siteId/disable`,
    params: SiteParams,
    response: { 200: ProtocolSite },
    permission: manage,
    tags,
  }),

  events: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolEvents`,
    params: ProtocolParams,
    query: PagingQuery,
    response: { 200: z.array(ProtocolEvent) },
    permission: read,
    paged: true,
    tags,
  }),
  createEvent: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolEvents`,
    params: ProtocolParams,
    body: EventInput,
    response: { 201: ProtocolEvent },
    permission: manage,
    tags,
  }),
  event: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolEvents/:eventId`,
    params: EventParams,
    response: { 200: ProtocolEvent },
    permission: read,
    tags,
  }),

  requirements: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolEvents/:eventId/collectionProtocolEventSpecimenRequirements`,
    params: EventParams,
    query: PagingQuery,
    response: { 200: z.array(Requirement) },
    permission: read,
    paged: true,
    tags,
  }),
  createRequirement: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolEvents/:eventId/collectionProtocolEventSpecimenRequirements`,
    params: EventParams,
    body: RequirementInput,
    response: { 201: Requirement },
    permission: manage,
    tags,
  }),
  // Items of a requirement, at the protocol's level (our first path) and under the requirement's event (as spec 2 §7's
  // "..." also reads after the requirements' own path): the same calls, the event path also checking the event.
  items: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolEventSpecimenRequirements/:requirementId/collectionProtocolEventSpecimenRequirementItems`,
    params: RequirementParams,
    query: RequirementItemsQuery,
    response: { 200: z.array(SpecRequirementItem) },
    permission: read,
    paged: true,
    tags,
  }),
  addItems: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolEventSpecimenRequirements/:requirementId/collectionProtocolEventSpecimenRequirementItems`,
    params: RequirementParams,
    body: AddItemsBody,
    response: { 201: ItemsAdded },
    permission: manage,
    tags,
  }),
  eventItems: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolEvents/:eventId/collectionProtocolEventSpecimenRequirements/:requirementId/collectionProtocolEventSpecimenRequirementItems`,
    params: EventRequirementParams,
    query: RequirementItemsQuery,
    response: { 200: z.array(SpecRequirementItem) },
    permission: read,
    paged: true,
    tags,
  }),
  addEventItems: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolEvents/:eventId/collectionProtocolEventSpecimenRequirements/:requirementId/collectionProtocolEventSpecimenRequirementItems`,
    params: EventRequirementParams,
    body: AddItemsBody,
    response: { 201: ItemsAdded },
    permission: manage,
    tags,
  }),

  // Spec 2 §7 "Protocol participants": enrolment, the paged list, disable; signed and withdrawn consents.
  participants: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolParticipants`,
    params: ProtocolParams,
    query: PagingQuery.extend(ParticipantQuery.shape),
    response: { 200: z.array(ProtocolParticipant) },
    permission: read,
    paged: true,
    tags,
  }),
  enrol: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolParticipants`,
    params: ProtocolParams,
    body: EnrolInput,
    response: { 201: z.array(ProtocolParticipant) },
    permission: manage,
    tags,
  }),
  participant: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolParticipants/:participantId`,
    params: ParticipantParams,
    response: { 200: ProtocolParticipant },
    permission: read,
    tags,
  }),
  disableParticipant: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolParticipants/:participantId/disable`,
    params: ParticipantParams,
    response: { 200: ProtocolParticipant },
    permission: manage,
    tags,
  }),

  participantConsents: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolParticipantConsents`,
    params: ProtocolParams,
    query: ParticipantConsentQuery,
    response: { 200: z.array(ParticipantConsent) },
    permission: read,
    tags,
  }),
  signConsent: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolParticipantConsents`,
    params: ProtocolParams,
    body: SignInput,
    response: { 201: ParticipantConsent },
    permission: manage,
    tags,
  }),
  participantConsent: endpoint({
    method: 'GET',
    path: `${P}/collectionProtocolParticipantConsents/:participantConsentId`,
    params: SignedParams,
    response: { 200: ParticipantConsent },
    permission: read,
    tags,
  }),
  withdrawConsent: endpoint({
    method: 'POST',
    path: `${P}/collectionProtocolParticipantConsents/:participantConsentId/withdraw`,
    params: SignedParams,
    body: WithdrawInput,
    response: { 200: ParticipantConsent },
    permission: manage,
    tags,
  }),
};
