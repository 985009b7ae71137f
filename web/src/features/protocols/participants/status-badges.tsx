import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParticipantConsent } from '@contract/protocol-participants.contract';

/** Marks a participant whose consent is withdrawn: their samples may not be used further. */
export function WithdrawnBadge() {
  const { t } = useTranslation('protocols');
  return (
    <Badge color="red" variant="filled" size="sm" tt="none" style={{ flexShrink: 0 }}>
      {t('status.withdrawn')}
    </Badge>
  );
}

/**
 * Signed, signed again (a re-consent, with its choice for earlier samples), or withdrawn on its date: the same
 * words in the list and the view dialog.
 */
export function ConsentStatus({ c }: { c: ParticipantConsent }) {
  const { t } = useTranslation('protocols');
  if (c.withdrawnDate)
    return (
      <Badge color="red" variant="filled" tt="none">
        {t('status.withdrawnOn', { date: c.withdrawnDate })}
      </Badge>
    );
  if (c.earlierSamples)
    return (
      <Badge color={c.earlierSamples === 'covered' ? 'teal' : 'orange'} variant="light" tt="none">
        {c.earlierSamples === 'covered' ? t('status.signedAgainCovered') : t('status.signedAgainBlocked')}
      </Badge>
    );
  return (
    <Badge color="teal" variant="light" tt="none">
      {t('status.signed')}
    </Badge>
  );
}
