import { useMutation } from '@tanstack/react-query';
import type { EventInput, ItemsInput, ProtocolEvent, Requirement, RequirementInput } from '@contract/protocol-events.contract';
import { api } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';

const base = (instId: number, protocolId: number) => `/institutions/${instId}/collectionProtocols/${protocolId}`;

export function useCreateEvent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.event', instId),
    mutationFn: (body: EventInput) => api.post<ProtocolEvent>(`${base(instId, protocolId)}/collectionProtocolEvents`, body, { notify: false }),
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
