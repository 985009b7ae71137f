import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { ApiError } from '@/lib/api-client';
import { shortName } from '@/lib/format';
import { useCurrentInstitution, usePermissionCheck } from '@/lib/session-context';
import { SubNav } from '../components/sub-nav';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { PARTICIPANT_SUB_PAGES } from '../sub-pages';
import { ParticipantConsentsPage } from './participant-consents-page';
import { ParticipantContext, participantPath } from '@/lib/participant-context';
import { ParticipantOverviewPage } from './participant-overview-page';
import { useProtocolParticipant } from '../api/participants';
import { WithdrawnBadge } from './status-badges';

/**
 * A participant's pages that belong to other features (the forms and samples features), passed in by the app
 * (web/src/app/protocol-participants-area.tsx): features never import each other.
 */
export interface ParticipantSlots {
  /** participant-forms: the participant's questionnaires. */
  forms: ReactNode;
  /** collected-samples: the participant's samples. */
  samples: ReactNode;
  /** The collected samples section of the overview. */
  samplesSection: ReactNode;
}

/**
 * spec 2 §2 "Participant container": loads the participant named in the address and shows its pages once
 * loaded. Unlike the spec's blank page, a failed load says why and offers the way back to the list.
 */
export function ParticipantContainer({ forms, samples, samplesSection }: ParticipantSlots) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const participantId = Number(useParams().participantId);
  const participant = useProtocolParticipant(institution.id, protocol.id, participantId);
  const can = usePermissionCheck();
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  if (participant.isPending) return <PageLoader />;
  if (participant.isError) {
    const notFound = participant.error instanceof ApiError && participant.error.status === 404;
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle />}
        title={notFound ? t('participant.notFound') : t('participant.loadFailed')}
      >
        <Text size="sm" mb="sm">
          {notFound
            ? t('participant.notEnrolled', { id: participantId, protocol: protocol.title })
            : participant.error.message}
        </Text>
        <Group gap="xs">
          {!notFound && (
            <Button size="xs" variant="light" color="red" onClick={() => void participant.refetch()}>
              {tc('tryAgain')}
            </Button>
          )}
          <Button size="xs" variant="default" component={Link} to={protocolPath(protocol, 'participants')}>
            {t('participant.all')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const p = participant.data;
  return (
    <ParticipantContext.Provider value={p}>
      <Stack gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={1} fz={24}>
              {t('participant.heading', { name: shortName(p.patient) })}
            </Title>
            {p.hasWithdrawnConsent && <WithdrawnBadge />}
          </Group>
          {!p.isEnabled && (
            <Alert color="gray" title={t('participant.disabledTitle')}>
              {t('participant.disabledNote')}
            </Alert>
          )}
          <SubNav
            label={t('participant.nav')}
            links={PARTICIPANT_SUB_PAGES.filter((tab) => can(tab.permission)).map((tab) => ({
              label: t(`tabs.${tab.tab}`),
              to: participantPath(p, tab.sub),
            }))}
          />
        </Stack>
        <Routes>
          <Route index element={<Navigate to="participant-overview" replace />} />
          <Route path="participant-overview" element={<ParticipantOverviewPage samplesSection={samplesSection} />} />
          <Route path="participant-consents/*" element={<ParticipantConsentsPage />} />
          <Route path="participant-forms/*" element={forms} />
          <Route path="collected-samples/*" element={samples} />
        </Routes>
      </Stack>
    </ParticipantContext.Provider>
  );
}
