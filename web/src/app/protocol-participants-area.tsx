import { ProtocolParticipantsArea } from '../features/protocols/participants/participants-area';
import { ParticipantFormsPage } from '../features/forms/pages/participant-forms-page';
import { ParticipantSamplesArea, ParticipantSamplesSection } from '../features/samples/pages/participant-samples';

/**
 * /collection-protocols/{p}/participants: the protocols feature's participant pages with the forms and samples
 * features' parts put in (features never import each other; they meet in the app). One lazy chunk, as before.
 */
export function ProtocolParticipants() {
  return (
    <ProtocolParticipantsArea
      forms={<ParticipantFormsPage />}
      samples={<ParticipantSamplesArea />}
      samplesSection={<ParticipantSamplesSection />}
    />
  );
}
