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

/**
 * Signed, signed again (a re-consent, with its choice for earlier samples), or withdrawn on its date: the same
 * words in the list and the view dialog.
 */
export function ConsentStatus({ c }: { c: ParticipantConsent }) {
  if (c.withdrawnDate)
    return (
      <Badge color="red" variant="filled" tt="none">
        Withdrawn on {c.withdrawnDate}
      </Badge>
    );
  if (c.earlierSamples)
    return (
      <Badge color={c.earlierSamples === 'covered' ? 'teal' : 'orange'} variant="light" tt="none">
        {c.earlierSamples === 'covered'
          ? 'Signed again · covers earlier samples'
          : 'Signed again · earlier samples blocked'}
      </Badge>
    );
  return (
    <Badge color="teal" variant="light" tt="none">
      Signed
    </Badge>
  );
}
