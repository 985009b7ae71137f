import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useListState } from '@/components/use-list-state';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { participantPath, useCurrentParticipant } from '@/lib/participant-context';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { CollectForm } from '../components/collect-form';
import { CollectStepper } from '../components/collect-stepper';
import { SampleTree } from '../components/sample-tree';
import { usePrimarySamples } from '@/lib/primary-samples';
import { useTranslation } from 'react-i18next';

/** participants/{id}/collected-samples (spec 2 §2 "Participant Collected Samples list"), and /collect: the stepper over it. */
export function ParticipantSamplesArea() {
  return (
    <Routes>
      <Route index element={<ParticipantSamplesPage />} />
      <Route path="collect" element={<ParticipantSamplesPage collecting />} />
      <Route path="new" element={<ParticipantSamplesPage single />} />
    </Routes>
  );
}

function ParticipantSamplesPage({ collecting = false, single = false }: { collecting?: boolean; single?: boolean }) {
  const { t } = useTranslation('samples');
  const p = useCurrentParticipant();
  const canCollect = useCan('samples.collect') && p.isEnabled;
  const list = useListState();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const here = participantPath(p, 'collected-samples');
  const eventId = Number(params.get('event')) || null;
  // Opened from the overview's Events table: closing returns there.
  const back = (useLocation().state as { back?: string } | null)?.back;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz={20}>
          {t('participant.title')}
        </Title>
        {canCollect && !p.hasWithdrawnConsent && (
          <Group gap="xs">
            {/* One sample outside the event's requirements: the protocol's form, with this participant as the patient. */}
            <Button variant="default" onClick={() => void navigate(`${here}/new`)}>
              {t('participant.collectOne')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(`${here}/collect`)}>
              {t('participant.collectSpecimen')}
            </Button>
          </Group>
        )}
      </Group>
      {p.hasWithdrawnConsent && (
        <Text size="sm" c="red.8">
          {t('participant.consentWithdrawn')}
        </Text>
      )}
      <ParticipantSampleTree page={list.page} onPage={list.setPage} pageSize={list.pageSize} />
      {canCollect && single && <CollectForm patient={p.patient} onClose={() => void navigate(here)} />}
      {canCollect && collecting && (
        <CollectStepper
          participant={p}
          initialEventId={eventId}
          onClose={(saved) => void navigate(saved || !back ? here : back)}
        />
      )}
    </Stack>
  );
}

function ParticipantSampleTree({
  page,
  onPage,
  pageSize = 10,
}: {
  page: number;
  onPage: (n: number) => void;
  pageSize?: number;
}) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const p = useCurrentParticipant();
  const samples = usePrimarySamples(institution.id, protocol.id, { page, pageSize, participantId: p.id });
  return (
    <SampleTree
      query={samples}
      page={page}
      onPage={onPage}
      variant="participant"
      hrefOf={(s) => protocolPath(protocol, `collected-samples/${s.id}`)}
      emptyText={t('participant.empty')}
    />
  );
}

/** The overview's Collected Samples section: the same tree, its page kept on the overview itself. */
export function ParticipantSamplesSection() {
  const { t } = useTranslation('samples');
  const [page, setPage] = useState(1);
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {t('participant.title')}
      </Title>
      <ParticipantSampleTree page={page} onPage={setPage} />
    </Stack>
  );
}
