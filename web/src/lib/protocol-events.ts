import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { protocolEndpoints as e } from '@contract/protocols.endpoints';
import { call } from './api-client';
import { queryKeys } from './query-keys';

// A protocol's events and their requirement trees as the protocol's Events page and the samples feature's
// collection forms read them. Features never import each other; they meet here.

const keys = queryKeys.protocols;

/** GET collectionProtocolEvents: every event, in the server's time order (event point converted to minutes). */
export function useEvents(instId: number, protocolId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'events', { all: true }),
    queryFn: () =>
      call(e.events, { params: { instId, protocolId }, query: { pageNumber: 1, pageSize: MAX_PAGE_SIZE } }),
  });
}

/** GET .../collectionProtocolEvents/{eventId}/collectionProtocolEventSpecimenRequirements: the event's trees, whole. */
export function useRequirements(instId: number, protocolId: number, eventId: number | null) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'requirements', eventId ?? 0),
    queryFn: () =>
      call(e.requirements, {
        params: { instId, protocolId, eventId: eventId ?? 0 },
        query: { pageNumber: 1, pageSize: MAX_PAGE_SIZE },
      }),
    enabled: eventId !== null,
  });
}
