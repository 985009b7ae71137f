import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { Consent } from '@contract/protocols.contract';
import type { ProtocolEvent } from '@contract/protocol-events.contract';
import type { EnrolInput, ParticipantConsent, ProtocolParticipant, SignInput, WithdrawInput } from '@contract/protocol-participants.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listStateOf } from '@/components/use-list-state';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.protocols;
const base = (instId: number, protocolId: number) => `/institutions/${instId}/collectionProtocols/${protocolId}`;
const ALL = { IsEnabled: true, PageNumber: 1, PageSize: MAX_PAGE_SIZE };

export interface ParticipantFilters { externalSubjectId: string; name: string; phone: string }

// The filters live in the URL under the API's own query names, so a filtered list can be linked and Back restores it.
export const PARTICIPANT_FILTER_PARAMS = { externalSubjectId: 'ExternalSubjectID', name: 'NameQuery', phone: 'PhoneNumberQuery' } as const;

/** The filters of the participant list's address. */
export const participantFiltersOf = (params: URLSearchParams): ParticipantFilters => ({
  externalSubjectId: params.get(PARTICIPANT_FILTER_PARAMS.externalSubjectId) ?? '',
  name: params.get(PARTICIPANT_FILTER_PARAMS.name) ?? '',
  phone: params.get(PARTICIPANT_FILTER_PARAMS.phone) ?? '',
});

/** The page a cold load of this list's address asks for before the first render (app/route-prefetch.ts), without a notification on failure. */
export function coldProtocolParticipantsQuery(instId: number, protocolId: number, params: URLSearchParams) {
  const { page, pageSize } = listStateOf(params);
  return protocolParticipantsQuery(instId, protocolId, { page, pageSize, ...participantFiltersOf(params) }, false);
}

/** spec 2 §2 "Protocol participants list": one server page with the External Subject ID, Name and Phone filters. */
export function useProtocolParticipants(instId: number, protocolId: number, q: ParticipantListQuery) {
  return useQuery(protocolParticipantsQuery(instId, protocolId, q));
}

export type ParticipantListQuery = { page: number; pageSize: number } & ParticipantFilters;

/** The query behind useProtocolParticipants; a cold load's prefetch (app/route-prefetch.ts) asks without a notification on failure. */
export const protocolParticipantsQuery = (instId: number, protocolId: number, q: ParticipantListQuery, notify = true) => queryOptions({
  queryKey: keys.part(instId, protocolId, 'participants', q),
  queryFn: () => api.getPage<ProtocolParticipant>(`${base(instId, protocolId)}/collectionProtocolParticipants`, {
    PageNumber: q.page, PageSize: q.pageSize,
    ExternalSubjectID: q.externalSubjectId || undefined, NameQuery: q.name || undefined, PhoneNumberQuery: q.phone || undefined,
  }, { notify }),
  placeholderData: keepPreviousData,
});

/** spec 2 §2 "Participant container": the participant every participant page works on. */
export function useProtocolParticipant(instId: number, protocolId: number, participantId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'participants', participantId),
    queryFn: () => api.get<ProtocolParticipant>(`${base(instId, protocolId)}/collectionProtocolParticipants/${participantId}`, undefined, { notify: false }),
    retry: false,
  });
}

/** Enrols the chosen patients in one batch (one transaction); the form shows a refusal itself. */
export function useEnrol(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.enrol', instId),
    mutationFn: (body: EnrolInput) => api.post<ProtocolParticipant[]>(`${base(instId, protocolId)}/collectionProtocolParticipants`, body, { notify: false }),
  });
}

export function useDisableParticipant(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.disable', instId),
    mutationFn: (participantId: number) => api.post<ProtocolParticipant>(`${base(instId, protocolId)}/collectionProtocolParticipants/${participantId}/disable`),
  });
}

type Ref = { id: number; title: string | null } | null;
export type PatientChild = { id: number; mrn?: string | null; race?: Ref; ethnicity?: Ref };
export type ChildKind = 'patientMRNs' | 'patientRaces' | 'patientEthnicities';

/** spec 2 §7: the overview's MRN, race and ethnicity chips come from the patient's child lists. */
export function usePatientChildren(instId: number, patientId: number, kind: ChildKind) {
  return useQuery({
    queryKey: queryKeys.patients.children(instId, patientId, kind),
    queryFn: () => api.get<PatientChild[]>(`/institutions/${instId}/patients/${patientId}/${kind}`, ALL, { notify: false }),
  });
}

/** The protocol's events for the overview's Events table, in time order. */
export function useProtocolEvents(instId: number, protocolId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'events', { enabled: true }),
    queryFn: () => api.get<ProtocolEvent[]>(`${base(instId, protocolId)}/collectionProtocolEvents`, ALL, { notify: false }),
  });
}

/** The protocol's enabled consents: what Sign Consent offers (each with its current text version). */
export function useSignableConsents(instId: number, protocolId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'consents', { enabled: true }),
    queryFn: () => api.get<Consent[]>(`${base(instId, protocolId)}/collectionProtocolConsents`, ALL, { notify: false }),
  });
}

/** The consents this enrolment signed (and withdrew), newest first as the server lists them. */
export function useParticipantConsents(instId: number, protocolId: number, participantId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'participantConsents', { participantId }),
    queryFn: () => api.get<ParticipantConsent[]>(`${base(instId, protocolId)}/collectionProtocolParticipantConsents`, { ParticipantId: participantId }, { notify: false }),
  });
}

export function useSignConsent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.signConsent', instId),
    mutationFn: (body: SignInput) => api.post<ParticipantConsent>(`${base(instId, protocolId)}/collectionProtocolParticipantConsents`, body, { notify: false }),
  });
}

export function useWithdrawConsent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.withdrawConsent', instId),
    mutationFn: ({ id, ...body }: WithdrawInput & { id: number }) =>
      api.post<ParticipantConsent>(`${base(instId, protocolId)}/collectionProtocolParticipantConsents/${id}/withdraw`, body, { notify: false }),
  });
}
