import { useMutation } from '@tanstack/react-query';
import type { EventValues, ItemsValues, RequirementValues } from '@contract/protocol-events.contract';
import { protocolEndpoints as e } from '@contract/protocols.endpoints';
import { call } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';

export function useCreateEvent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.event', instId),
    mutationFn: (body: EventValues) => call(e.createEvent, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

/** One POST with the requirement and its whole tree (items flat, key/parentKey): all saved or nothing. */
export function useCreateRequirement(instId: number, protocolId: number, eventId: number) {
  return useMutation({
    ...changes('protocols.event', instId),
    mutationFn: (body: RequirementValues) =>
      call(e.createRequirement, { params: { instId, protocolId, eventId }, body }, { notify: false }),
  });
}

/** Adds items under a stored item (parentItemId) or the requirement; the server checks the whole tree again. */
export function useAddItems(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.event', instId),
    mutationFn: ({ requirementId, body }: { requirementId: number; body: ItemsValues }) =>
      call(e.addItems, { params: { instId, protocolId, requirementId }, body }, { notify: false }),
  });
}
