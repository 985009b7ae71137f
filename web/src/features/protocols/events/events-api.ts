import { useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { EventInput, ItemsInput, ProtocolEvent, Requirement, RequirementInput } from '@contract/protocol-events.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const base = (instId: number, protocolId: number) => `/institutions/${instId}/collectionProtocols/${protocolId}`;
const keys = queryKeys.protocols;

/** GET collectionProtocolEvents: every event, in the server's time order (event point converted to minutes). */
export function useEvents(instId: number, protocolId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, 'events', { all: true }),
    queryFn: () => api.get<ProtocolEvent[]>(`${base(instId, protocolId)}/collectionProtocolEvents`, { PageNumber: 1, PageSize: MAX_PAGE_SIZE }),
  });
}

export function useCreateEvent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.event', instId),
    mutationFn: (body: EventInput) => api.post<ProtocolEvent>(`${base(instId, protocolId)}/collectionProtocolEvents`, body, { notify: false }),
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

/** One POST with the requirement and its whole tree (items flat, key/parentKey): all saved or nothing. */
export function useCreateRequirement(instId: number, protocolId: number, eventId: number) {
  return useMutation({
    ...changes('protocols.event', instId),
    mutationFn: (body: RequirementInput) => api.post<Requirement>(
      `${base(instId, protocolId)}/collectionProtocolEvents/${eventId}/collectionProtocolEventSpecimenRequirements`, body, { notify: false }),
  });
}

/** Adds items under a stored item (parentItemId) or the requirement; the server checks the whole tree again. */
export function useAddItems(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.event', instId),
    mutationFn: ({ requirementId, body }: { requirementId: number; body: ItemsInput }) => api.post<Requirement>(
      `${base(instId, protocolId)}/collectionProtocolEventSpecimenRequirements/${requirementId}/collectionProtocolEventSpecimenRequirementItems`, body, { notify: false }),
  });
}
