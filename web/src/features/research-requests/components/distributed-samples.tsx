import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DistributedSample, ResearchRequest } from '@contract/requests.contract';
import { requestEndpoints as e } from '@contract/requests.endpoints';
import { errorTitle } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { formatDate, formatNumber } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useDistributedSamples } from '../api/requests';
import { SimpleTable, type Column } from './simple-table';

const amountText = (amount: number, unit: string | null) => `${formatNumber(amount)}${unit ? ` ${unit}` : ''}`;

/**
 * What the researcher received (issue 32 item 6): each sample by the code given at this distribution, its type
 * and amount; never a sample ID, a donor or an internal id (the API's answer carries none). The researcher and staff
 * download the same by code as CSV or FHIR (docs/research.md "Export of a distribution").
 */
export function DistributedSamples({ request: r }: { request: ResearchRequest }) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const samples = useDistributedSamples(institution.id, r.id, true);
  const params = { instId: institution.id, researchRequestId: r.id };
  const columns: Column<DistributedSample>[] = [
    { key: 'code', title: t('distributed.code'), render: (s) => s.code },
    { key: 'type', title: t('distributed.type'), render: (s) => s.specimenType ?? '—' },
    { key: 'amount', title: t('distributed.amount'), render: (s) => amountText(s.amount, s.unit), align: 'right' },
    {
      key: 'returned',
      title: t('distributed.returned'),
      render: (s) => (s.returnedAmount ? amountText(s.returnedAmount, s.unit) : '—'),
      align: 'right',
    },
    { key: 'date', title: t('distributed.date'), render: (s) => formatDate(s.distributedDate) },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md">
            {t('distributed.heading')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('distributed.intro')}
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadCall(e.exportCsv, { params }, `request-${r.id}.csv`, t('export.failed'))}
          >
            {t('export.csv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadCall(e.exportFhir, { params }, `request-${r.id}.fhir.json`, t('export.failed'))}
          >
            {t('export.fhir')}
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          {t('export.hint')}
        </Text>
        {samples.isPending && <Text size="sm">{t('distributed.loading')}</Text>}
        {samples.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('distributed.loadFailed')}>
            {errorTitle(samples.error)}
          </Alert>
        )}
        {samples.isSuccess && samples.data.length === 0 && (
          <Text size="sm" c="gray.7">
            {t('distributed.empty')}
          </Text>
        )}
        {samples.isSuccess && samples.data.length > 0 && (
          <SimpleTable
            rows={samples.data}
            columns={columns}
            rowKey={(s) => s.code}
            caption={t('distributed.heading')}
          />
        )}
      </Stack>
    </Paper>
  );
}
