import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle, IconUserOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { calendarDate, formatDate } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { ExportFhirButton } from '../components/export-fhir-button';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { useEvents } from '@/lib/protocol-events';
import { participantPath, useCurrentParticipant } from '@/lib/participant-context';
import { effectWords } from './withdrawal-effects';
import { coverageText } from './earlier-samples';
import { usePatientChildren } from '@/lib/patient-children';
import { useDisableParticipant, useParticipantConsents } from '../api/participants';
import { DetailField } from '@/components/detail-field';

/**
 * spec 2 §2 "Participant overview": the patient's identity (MRN, names, birth date, gender, races,
 * ethnicities, vital status), the protocol's events (a click opens the Collect Specimen stepper), the
 * collected samples tree, Export FHIR (the participant's Bundle) and Disable. A withdrawn consent is shown first, in red, with its date and effect.
 * The samples section is the samples feature's, passed in by the app (features never import each other).
 */
export function ParticipantOverviewPage({ samplesSection }: { samplesSection: ReactNode }) {
  const p = useCurrentParticipant();
  const canManage = useCan('protocols.manage');
  const { t } = useTranslation('protocols');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz={20}>
          {t('participantOverview.title')}
        </Title>
        <Group gap="sm">
          <ExportFhirButton of="participant" id={p.patientId} />
          {canManage && p.isEnabled && <DisableButton />}
        </Group>
      </Group>
      <WithdrawalAlerts />
      {p.enrolledOutsideDates && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
          {t('participantOverview.enrolledOutside', { date: formatDate(p.enabledDate ?? p.createdDate) })}
        </Alert>
      )}
      <Details />
      <Events />
      {samplesSection}
    </Stack>
  );
}

function WithdrawalAlerts() {
  const { institution } = useCurrentInstitution();
  const p = useCurrentParticipant();
  const consents = useParticipantConsents(institution.id, p.collectionProtocolId, p.id);
  const { t } = useTranslation('protocols');
  if (!p.hasWithdrawnConsent) {
    // Signed again after a withdrawal, keeping earlier samples blocked: say which samples stay blocked.
    const kept = (consents.data ?? []).filter((c) => c.earlierSamples === 'keep_blocked' && c.nextSignatureId === null);
    if (!kept.length) return null;
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle />}
        title={t('participantOverview.reconsentTitle')}
      >
        <Stack gap={4}>
          {kept.map((c) => (
            <Text key={c.id} size="sm">
              {t('participantOverview.signedAgain', {
                title: c.title,
                version: c.version,
                coverage: coverageText(c, t),
              })}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  }
  const withdrawn = (consents.data ?? []).filter((c) => c.withdrawnDate);
  return (
    <Alert color="red" variant="filled" icon={<IconAlertOctagon />} title={t('participantOverview.withdrawnTitle')}>
      {withdrawn.length === 0 ? (
        consents.isPending ? (
          t('participantOverview.loadingWithdrawal')
        ) : null
      ) : (
        <Stack gap={4}>
          {withdrawn.map((c) => (
            <Text key={c.id} size="sm">
              {t('participantOverview.withdrawnLine', {
                title: c.title,
                version: c.version,
                date: c.withdrawnDate,
                effect: c.withdrawalEffect ? effectWords(c.withdrawalEffect, t).explain : '',
              })}
            </Text>
          ))}
        </Stack>
      )}
    </Alert>
  );
}

/** Chips of one child list; its own loading and error text so one failed list does not hide the rest. */
function Chips<T extends { id: number }>({
  query,
  label,
}: {
  query: UseQueryResult<T[]>;
  label: (c: T) => string | null | undefined;
}) {
  const { t } = useTranslation('protocols');
  if (query.isPending)
    return <Loader role="status" size="xs" type="dots" aria-label={t('participantOverview.loading')} />;
  if (query.isError)
    return (
      <Text size="sm" c="red.8">
        {t('participantOverview.couldNotLoad', { reason: query.error.message })}
      </Text>
    );
  const values = query.data.map((c) => ({ id: c.id, text: label(c) })).filter((c) => c.text);
  if (values.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('participantOverview.none')}
      </Text>
    );
  return (
    <Group gap={6}>
      {values.map((c) => (
        <Badge key={c.id} variant="light" color="blue" tt="none">
          {c.text}
        </Badge>
      ))}
    </Group>
  );
}

function Details() {
  const { institution } = useCurrentInstitution();
  const { patient } = useCurrentParticipant();
  const mrns = usePatientChildren(institution.id, patient.id, 'patientMRNs');
  const races = usePatientChildren(institution.id, patient.id, 'patientRaces');
  const ethnicities = usePatientChildren(institution.id, patient.id, 'patientEthnicities');
  const { t } = useTranslation('protocols');
  const { t: tp } = useTranslation('participants');
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        <DetailField size="md" label={tp('columns.mrn')}>
          <Chips query={mrns} label={(c) => c.mrn} />
        </DetailField>
        <DetailField size="md" label={tp('form.firstName')}>
          {patient.firstName}
        </DetailField>
        <DetailField size="md" label={tp('form.fatherName')}>
          {patient.fatherName}
        </DetailField>
        <DetailField size="md" label={tp('form.grandFatherName')}>
          {patient.grandFatherName}
        </DetailField>
        <DetailField size="md" label={tp('form.birthDate')}>
          {calendarDate(patient.birthDate)}
        </DetailField>
        <DetailField size="md" label={tp('form.gender')}>
          {patient.gender?.title}
        </DetailField>
        <DetailField size="md" label={t('participantOverview.race')}>
          <Chips query={races} label={(c) => c.race?.title} />
        </DetailField>
        <DetailField size="md" label={t('participantOverview.ethnicity')}>
          <Chips query={ethnicities} label={(c) => c.ethnicity?.title} />
        </DetailField>
        <DetailField size="md" label={tp('form.vitalStatus')}>
          {patient.vitalStatus?.title}
        </DetailField>
        {patient.externalSubjectId && (
          <DetailField size="md" label={tp('form.externalSubjectId')}>
            {patient.externalSubjectId}
          </DetailField>
        )}
      </SimpleGrid>
    </Paper>
  );
}

function Events() {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const p = useCurrentParticipant();
  const events = useEvents(institution.id, protocol.id);
  const canCollect = useCan('samples.collect');
  const navigate = useNavigate();
  const [clicked, setClicked] = useState<string | null>(null);
  const { t } = useTranslation('protocols');
  // A click collects for that event; when collecting is not possible the row says why instead.
  const why = !canCollect
    ? t('participantOverview.whyCannotCollect')
    : !p.isEnabled
      ? t('participantOverview.whyDisabled')
      : p.hasWithdrawnConsent
        ? t('participantOverview.whyWithdrawn')
        : null;
  const open = (e: { id: number; label: string }) => {
    if (why) setClicked(t('participantOverview.clicked', { label: e.label, why }));
    else
      void navigate(`${participantPath(p, 'collected-samples/collect')}?event=${e.id}`, {
        state: { back: participantPath(p) },
      });
  };
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {t('participantOverview.events')}
      </Title>
      {events.isPending && (
        <Loader role="status" size="sm" type="dots" aria-label={t('participantOverview.loadingEvents')} />
      )}
      {events.isError && (
        <Alert color="red" title={t('participantOverview.eventsFailed')}>
          {events.error.message}
        </Alert>
      )}
      {events.isSuccess &&
        (events.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('participantOverview.noEvents')}
          </Text>
        ) : (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table highlightOnHover verticalSpacing={6} aria-label={t('participantOverview.events')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('participantOverview.label')}</Table.Th>
                  <Table.Th>{t('participantOverview.code')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.map((e) => (
                  <Table.Tr key={e.id} style={{ cursor: 'pointer' }} onClick={() => open(e)}>
                    <Table.Td>
                      {/* A button, so the row is reachable and usable by keyboard too. */}
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={0}
                        onClick={(ev) => {
                          ev.stopPropagation();
                          open(e);
                        }}
                      >
                        {e.label}
                      </Button>
                    </Table.Td>
                    <Table.Td>{e.eventCode}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
      {clicked && (
        <Alert
          color="blue"
          icon={<IconInfoCircle />}
          withCloseButton
          closeButtonLabel={t('participantOverview.dismiss')}
          onClose={() => setClicked(null)}
          role="status"
        >
          {clicked}
        </Alert>
      )}
    </Stack>
  );
}

function DisableButton() {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const p = useCurrentParticipant();
  const disable = useDisableParticipant(institution.id, protocol.id);
  const navigate = useNavigate();
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  const confirm = () =>
    modals.openConfirmModal({
      title: t('participantOverview.disableTitle'),
      children: <Text size="sm">{t('participantOverview.disableQuestion')}</Text>,
      labels: { confirm: t('participantOverview.ok'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      // Awaited rather than a mutate() callback: the refreshed participant (disabled) unmounts this button before
      // such a callback would run. A refusal is already shown by the API client.
      onConfirm: () =>
        void disable.mutateAsync(p.id).then(
          () => {
            notifications.show({ color: 'green', message: t('participantOverview.disabled') });
            void navigate(protocolPath(protocol, 'participants'));
          },
          () => undefined,
        ),
    });
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconUserOff size={16} />}
      loading={disable.isPending}
      onClick={confirm}
    >
      {t('participantOverview.disable')}
    </Button>
  );
}
