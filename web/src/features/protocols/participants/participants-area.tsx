import { ComingSoon } from '@/components/coming-soon';

export function ProtocolParticipantsArea() {
  return <ComingSoon area="Participants" />;
}
