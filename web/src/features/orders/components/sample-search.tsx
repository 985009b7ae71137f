import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Patient } from '@contract/participants.contract';
import { ScanField } from '@/components/scan-field';
import { fullName } from '@/lib/format';
import { fetchPatient, useCollectedSampleLookup } from '../api/collected-samples';
import type { OrderSample } from './participant-picker';

interface Props {
  instId: number;
  chosen: OrderSample | null;
  onChoose: (donor: Patient, sample: OrderSample) => void;
}

/** New Order's COLLECTED SAMPLE ID tab: one sample by its exact sample ID (scanned or typed); the order is for its donor. */
export function SampleSearch({ instId, chosen, onChoose }: Props) {
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
        label="Collected Sample ID"
        button="Search"
        w={280}
        value={text}
        onChange={setText}
        onFind={run}
        disableWhenEmpty
      />
      {found.isFetching && <Loader size="sm" type="dots" role="status" aria-label="Searching" />}
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
                  {sample.specimenType?.title ?? 'Sample'}, {sample.remainingAmount}{' '}
                  {sample.unitOfMeasurement.unitSymbol ?? ''} left · collected {sample.collectedDate}
                  {sample.patient && <> · from {fullName(sample.patient)}</>}
                </Text>
                {sample.patientId === null && (
                  <Text size="sm" c="gray.7">
                    Received from another institution: its donor is not a participant here.
                  </Text>
                )}
                {sample.hasWithdrawnConsent && (
                  <Badge color="red" variant="light" mt={4}>
                    Consent withdrawn
                  </Badge>
                )}
              </div>
              {sample.patientId === null ? (
                // A received sample has no participant here: its page orders tests for its donor code (issue 31).
                <Button size="xs" variant="light" component={Link} to={`/sample/${sample.id}`}>
                  Order from its sample page
                </Button>
              ) : chosen?.id === sample.id ? (
                <Badge color="teal" leftSection={<IconCheck size={12} />}>
                  Chosen
                </Badge>
              ) : (
                <Button size="xs" loading={picking} disabled={sample.hasWithdrawnConsent} onClick={() => void choose()}>
                  Order on this sample
                </Button>
              )}
            </Group>
          </Paper>
        ) : (
          <Alert color="gray" icon={<IconInfoCircle />} mt="sm">
            No collected sample has the sample ID '{sampleId}'.
          </Alert>
        ))}
      {found.isError && (
        <Alert color="red" mt="sm">
          The sample could not be looked up: {found.error.message}
        </Alert>
      )}
      {failed && (
        <Alert color="red" mt="sm">
          The donor could not be loaded: {failed}
        </Alert>
      )}
    </>
  );
}
