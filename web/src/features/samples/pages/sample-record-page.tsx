import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CollectedSample } from '@contract/samples.contract';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useSampleRecord, useSampleRecordHistory } from '../api/samples';
import { downloadCustodyFhir } from '../api/custody';
import { PrintLabelButton } from '../components/print-label-button';
import { SampleOrders, StoragePosition } from '../components/sample-custody';
import { heldByText, SampleTimeline } from '../components/sample-timeline';
import { DetailField } from '@/components/detail-field';

// /sample/{id}: any sample of the institution by record id, a received one included (it has no protocol here, so the
// protocol's sample page cannot open it): where it came from, where it is stored, and its one custody timeline
// across institutions (docs/decisions/0014-received-samples.md).

export function SampleRecordPage() {
  const { institution } = useCurrentInstitution();
  const id = Number(useParams().sampleId);
  const sample = useSampleRecord(institution.id, id);
  const { t } = useTranslation('samples');
  if (sample.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader role="status" type="dots" aria-label={t('detail.loading')} />
      </Group>
    );
  if (sample.isError) {
    const notFound = sample.error instanceof ApiError && sample.error.status === 404;
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={notFound ? t('detail.notFound') : t('detail.loadFailed')}>
        {notFound ? t('detail.noSuch', { id, protocol: institution.title }) : sample.error.message}
      </Alert>
    );
  }
  return <SampleRecord sample={sample.data} />;
}

function SampleRecord({ sample: s }: { sample: CollectedSample }) {
  const { institution } = useCurrentInstitution();
  const [downloading, setDownloading] = useState(false);
  const unit = s.unitOfMeasurement.unitSymbol ?? s.unitOfMeasurement.unitName ?? '';
  const from = s.receivedFrom;
  const { t } = useTranslation('samples');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={1} fz={26} style={{ wordBreak: 'break-all' }}>
            {t('detail.title', { sampleId: s.sampleId })}
          </Title>
          <Badge variant="light" color="gray">
            {t(`kind.${s.kind}`)}
          </Badge>
          {s.origin === 'received' && (
            <Badge variant="light" color="teal">
              {t('record.received')}
            </Badge>
          )}
          {s.heldBy && (
            <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
              {heldByText(s.heldBy)}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {/* One custody timeline as FHIR: the Specimen and a Provenance per event (docs/shipments.md). */}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              void downloadCustodyFhir(institution.id, s, t('record.custodyFailed')).finally(() =>
                setDownloading(false),
              );
            }}
          >
            {t('record.custodyFhir')}
          </Button>
          {/* The institution's label route: a received sample has no protocol (docs/labels.md "Sample labels"). */}
          <PrintLabelButton sample={s} protocolId={null} />
        </Group>
      </Group>
      {from && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="origin-title">
          <Group gap="xs" mb="xs">
            <IconTruckDelivery size={18} aria-hidden />
            <Title order={2} fz="md" id="origin-title">
              {from.installation
                ? t('record.receivedFromAt', { institution: from.institution, installation: from.installation })
                : t('record.receivedFrom', { institution: from.institution })}
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <DetailField labelColor="gray.7" label={t('record.sendersSampleId')}>
              {from.sampleId}
            </DetailField>
            <DetailField labelColor="gray.7" label={t('record.receivedDate')}>
              {formatDateTime(from.receivedDate)}
            </DetailField>
            <DetailField labelColor="gray.7" label={t('record.donorCode')}>
              {from.donorCode ?? '—'}
            </DetailField>
            <DetailField labelColor="gray.7" label={t('record.specimenType')}>
              {s.specimenType?.title ?? '—'}
            </DetailField>
            <DetailField labelColor="gray.7" label={t('record.remaining')}>
              {t('record.remainingValue', {
                remaining: s.remainingAmount,
                collected: s.collectedAmount,
                unit,
              })}
            </DetailField>
            <DetailField
              labelColor="gray.7"
              label={t('record.collected')}
            >{`${s.collectedDate} ${s.collectedTime}`}</DetailField>
          </SimpleGrid>
        </Paper>
      )}
      <StoragePosition sample={s} />
      <SampleOrders sample={s} />
      <CustodyTimeline sample={s} />
    </Stack>
  );
}

function CustodyTimeline({ sample: s }: { sample: CollectedSample }) {
  const { institution } = useCurrentInstitution();
  const history = useSampleRecordHistory(institution.id, s.id);
  const { t } = useTranslation('samples');
  return (
    <SampleTimeline
      title={t('record.custodyTimeline')}
      history={history}
      where={(h) => h.institution ?? institution.title}
    />
  );
}
