import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { ProtocolEvent, Requirement } from '@contract/protocol-events.contract';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// A protocol's events and their requirement trees as the protocol's Events page and the samples feature's
// collection forms read them. Features never import each other; they meet here.

const base = (instId: number, protocolId: number) => `/institutions/${instId}/collectionProtocols/${protocolId}`;
const keys = queryKeys.protocols;

/** GET collectionProtocolEvents: every event, in the server's time order (event point converted to minutes). */
export function useEvents(instId: number, protocolId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'events', { all: true }),
    queryFn: () => api.get<ProtocolEvent[]>(`${base(instId, protocolId)}/collectionProtocolEvents`, { PageNumber: 1, PageSize: MAX_PAGE_SIZE }),
  });
}

/** GET .../collectionProtocolEvents/{eventId}/collectionProtocolEventSpecimenRequirements: the event's trees, whole. */
export function useRequirements(instId: number, protocolId: number, eventId: number | null) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'requirements', eventId ?? 0),
    queryFn: () => api.get<Requirement[]>(`${base(instId, protocolId)}/collectionProtocolEvents/${eventId}/collectionProtocolEventSpecimenRequirements`,
      { PageNumber: 1, PageSize: MAX_PAGE_SIZE }),
    enabled: eventId !== null,
  });
}
