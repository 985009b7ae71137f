import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCount, formatDate } from '@/lib/format';
import { useCan } from '@/lib/session-context';
import { ExportFhirButton } from '../components/export-fhir-button';
import { ProtocolForm } from '../components/protocol-form';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { DetailField } from '@/components/detail-field';

/** spec 2 §2 "Overview": the protocol's fields (dates only when present), Export FHIR and Update; /overview/edit opens the update form. */
export function ProtocolOverviewPage({ editing = false }: { editing?: boolean }) {
  const protocol = useCurrentProtocol();
  const canManage = useCan('protocols.manage');
  const navigate = useNavigate();
  const back = () => void navigate(protocolPath(protocol));
  const { t } = useTranslation('protocols');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {protocol.title}
        </Title>
        <Group gap="sm">
          <ExportFhirButton of="protocol" id={protocol.id} />
          {canManage && (
            <Button
              variant="light"
              leftSection={<IconPencil size={16} />}
              onClick={() => void navigate(protocolPath(protocol, 'overview/edit'))}
            >
              {t('overview.update')}
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          <DetailField size="md" label={t('fields.title')}>
            {protocol.title}
          </DetailField>
          <DetailField size="md" label={t('fields.abbreviation')}>
            {protocol.abbreviation}
          </DetailField>
          <DetailField size="md" label={t('fields.code')}>
            {protocol.code}
          </DetailField>
          {protocol.startDate && (
            <DetailField size="md" label={t('fields.startDate')}>
              {formatDate(protocol.startDate)}
            </DetailField>
          )}
          {protocol.endDate && (
            <DetailField size="md" label={t('fields.endDate')}>
              {formatDate(protocol.endDate)}
            </DetailField>
          )}
          <DetailField size="md" label={t('fields.expectedParticipants')}>
            {formatCount(protocol.expectedParticipants)}
          </DetailField>
        </SimpleGrid>
      </Card>
      {canManage && editing && (
        <ProtocolForm key={protocol.concurrencyStamp} protocol={protocol} onClose={back} onSaved={back} />
      )}
    </Stack>
  );
}
