import { Route, Routes } from 'react-router';
import { ParticipantListPage } from './participant-list-page';
import { ParticipantContainer, type ParticipantSlots } from './participant-container';

/**
 * /collection-protocols/{p}/participants (spec 2 §2): the list (and /new, the enrol form over it), then one
 * participant's pages inside the container, which loads the participant once.
 */
export function ProtocolParticipantsArea(slots: ParticipantSlots) {
  return (
    <Routes>
      <Route index element={<ParticipantListPage />} />
      <Route path="new" element={<ParticipantListPage enrolling />} />
      <Route path=":participantId/*" element={<ParticipantContainer {...slots} />} />
    </Routes>
  );
}
