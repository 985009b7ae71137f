import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { EnrolValues, SignValues, WithdrawValues } from '@contract/protocol-participants.contract';
import { protocolEndpoints as e } from '@contract/protocols.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listStateOf } from '@/components/use-list-state';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.protocols;
const ALL = { isEnabled: true, pageNumber: 1, pageSize: MAX_PAGE_SIZE };

export interface ParticipantFilters {
  externalSubjectId: string;
  name: string;
  phone: string;
}

// The filters live in the URL under the API's own query names, so a filtered list can be linked and Back restores it.
export const PARTICIPANT_FILTER_PARAMS = {
  externalSubjectId: 'ExternalSubjectID',
  name: 'NameQuery',
  phone: 'PhoneNumberQuery',
} as const;

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
export const protocolParticipantsQuery = (instId: number, protocolId: number, q: ParticipantListQuery, notify = true) =>
  queryOptions({
    queryKey: keys.part(instId, protocolId, 'participants', q),
    queryFn: () =>
      callPage(
        e.participants,
        {
          params: { instId, protocolId },
          query: {
            pageNumber: q.page,
            pageSize: q.pageSize,
            externalSubjectId: q.externalSubjectId || undefined,
            nameQuery: q.name || undefined,
            phoneNumberQuery: q.phone || undefined,
          },
        },
        { notify },
      ),
    placeholderData: keepPreviousData,
  });

/** spec 2 §2 "Participant container": the participant every participant page works on. */
export function useProtocolParticipant(instId: number, protocolId: number, participantId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'participants', participantId),
    queryFn: () => call(e.participant, { params: { instId, protocolId, participantId } }, { notify: false }),
    retry: false,
  });
}

/** Enrols the chosen patients in one batch (one transaction); the form shows a refusal itself. */
export function useEnrol(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.enrol', instId),
    mutationFn: (body: EnrolValues) => call(e.enrol, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

export function useDisableParticipant(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.disable', instId),
    mutationFn: (participantId: number) =>
      call(e.disableParticipant, { params: { instId, protocolId, participantId } }),
  });
}

/** The protocol's enabled consents: what Sign Consent offers (each with its current text version). */
export function useSignableConsents(instId: number, protocolId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'consents', { enabled: true }),
    queryFn: () => call(e.consents, { params: { instId, protocolId }, query: ALL }, { notify: false }),
  });
}

/** The consents this enrolment signed (and withdrew), newest first as the server lists them. */
export function useParticipantConsents(instId: number, protocolId: number, participantId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'participantConsents', { participantId }),
    queryFn: () =>
      call(e.participantConsents, { params: { instId, protocolId }, query: { participantId } }, { notify: false }),
  });
}

export function useSignConsent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.signConsent', instId),
    mutationFn: (body: SignValues) => call(e.signConsent, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

export function useWithdrawConsent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('participants.withdrawConsent', instId),
    mutationFn: ({ id, ...body }: WithdrawValues & { id: number }) =>
      call(e.withdrawConsent, { params: { instId, protocolId, participantConsentId: id }, body }, { notify: false }),
  });
}
