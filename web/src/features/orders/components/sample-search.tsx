import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Patient } from '@contract/participants.contract';
import { ScanField } from '@/components/scan-field';
import { formatNumber, fullName } from '@/lib/format';
import { fetchPatient, useCollectedSampleLookup } from '../api/collected-samples';
import type { OrderSample } from './participant-picker';

interface Props {
  instId: number;
  chosen: OrderSample | null;
  onChoose: (donor: Patient, sample: OrderSample) => void;
}

/** New Order's COLLECTED SAMPLE ID tab: one sample by its exact sample ID (scanned or typed); the order is for its donor. */
export function SampleSearch({ instId, chosen, onChoose }: Props) {
  const { t } = useTranslation('orders');
  const [text, setText] = useState('');
  const [sampleId, setSampleId] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const found = useCollectedSampleLookup(instId, sampleId);
  const run = () => {
    if (text.trim()) {
      setFailed(null);
      setSampleId(text.trim());
    }
  };
  const sample = found.data;
  const choose = async () => {
    if (!sample) return;
    if (sample.patientId === null) return; // a received sample: ordered from its own page (below)
    const patientId = sample.patientId;
    setPicking(true);
    try {
      onChoose(await fetchPatient(instId, patientId), { id: sample.id, sampleId: sample.sampleId });
    } catch (e) {
      setFailed((e as Error).message);
    } finally {
      setPicking(false);
    }
  };
  return (
    <>
      <ScanField
        label={t('sampleSearch.label')}
        button={t('sampleSearch.search')}
        w={280}
        value={text}
        onChange={setText}
        onFind={run}
        disableWhenEmpty
      />
      {found.isFetching && <Loader size="sm" type="dots" role="status" aria-label={t('picker.searching')} />}
      {sampleId &&
        found.isSuccess &&
        !found.isFetching &&
        (sample ? (
          <Paper withBorder radius="md" p="sm" mt="sm">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={700} ff="monospace">
                  {sample.sampleId}
                </Text>
                <Text size="sm">
                  {t('sampleSearch.summary', {
                    type: sample.specimenType?.title ?? t('sampleSearch.sample'),
                    amount: formatNumber(sample.remainingAmount, { useGrouping: false, maximumFractionDigits: 20 }),
                    unit: sample.unitOfMeasurement.unitSymbol ?? '',
                    date: sample.collectedDate,
                  })}
                  {sample.patient && t('sampleSearch.from', { name: fullName(sample.patient) })}
                </Text>
                {sample.patientId === null && (
                  <Text size="sm" c="gray.7">
                    {t('sampleSearch.received')}
                  </Text>
                )}
                {sample.hasWithdrawnConsent && (
                  <Badge color="red" variant="light" mt={4}>
                    {t('sampleSearch.consentWithdrawn')}
                  </Badge>
                )}
              </div>
              {sample.patientId === null ? (
                // A received sample has no participant here: its page orders tests for its donor code (issue 31).
                <Button size="xs" variant="light" component={Link} to={`/sample/${sample.id}`}>
                  {t('sampleSearch.orderFromPage')}
                </Button>
              ) : chosen?.id === sample.id ? (
                <Badge color="teal" leftSection={<IconCheck size={12} />}>
                  {t('sampleSearch.chosen')}
                </Badge>
              ) : (
                <Button size="xs" loading={picking} disabled={sample.hasWithdrawnConsent} onClick={() => void choose()}>
                  {t('sampleSearch.orderOnThis')}
                </Button>
              )}
            </Group>
          </Paper>
        ) : (
          <Alert color="gray" icon={<IconInfoCircle />} mt="sm">
            {t('sampleSearch.none', { sampleId })}
          </Alert>
        ))}
      {found.isError && (
        <Alert color="red" mt="sm">
          {t('sampleSearch.lookupFailed', { reason: found.error.message })}
        </Alert>
      )}
      {failed && (
        <Alert color="red" mt="sm">
          {t('sampleSearch.donorFailed', { reason: failed })}
        </Alert>
      )}
    </>
  );
}
