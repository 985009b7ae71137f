import { createContext, useContext } from 'react';
import type { ProtocolParticipant } from '@contract/protocol-participants.contract';

/** The protocol participant the user is inside (spec 2 §2 "Participant container"): set once it has loaded. */
export const ParticipantContext = createContext<ProtocolParticipant | null>(null);

export function useCurrentParticipant(): ProtocolParticipant {
  const participant = useContext(ParticipantContext);
  if (!participant) throw new Error('useCurrentParticipant outside a participant page');
  return participant;
}

/** The address of a participant page, e.g. participantPath(p, 'participant-consents'). */
export const participantPath = (p: { id: number; collectionProtocolId: number }, sub = 'participant-overview') =>
  `/collection-protocols/${p.collectionProtocolId}/participants/${p.id}/${sub}`;
