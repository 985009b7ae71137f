import { Badge } from '@mantine/core';
import type { ParticipantConsent } from '@contract/protocol-participants.contract';

/** Marks a participant whose consent is withdrawn: their samples may not be used further. */
export function WithdrawnBadge() {
  return (
    <Badge color="red" variant="filled" size="sm" tt="none" style={{ flexShrink: 0 }}>
      Consent withdrawn
    </Badge>
  );
}

/** Signed, or withdrawn on its date: the same words in the list and the view dialog. */
export function ConsentStatus({ c }: { c: ParticipantConsent }) {
  return c.withdrawnDate ? (
    <Badge color="red" variant="filled" tt="none">
      Withdrawn on {c.withdrawnDate}
    </Badge>
  ) : (
    <Badge color="teal" variant="light" tt="none">
      Signed
    </Badge>
  );
}
