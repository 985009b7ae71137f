import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { ScanField } from '@/components/scan-field';
import { notifications } from '@mantine/notifications';
import { IconBoxMultiple } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CollectedSample } from '@contract/samples.contract';
import type { StorageLocation } from '@contract/storage.contract';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { boxLink, locationText, useSuggestion } from '@/lib/storage-positions';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { useAllocateSample, useFreePositions, useProtocolSampleLookup } from '../api/allocate';
import { amountText } from './sample-format';

/**
 * The protocol Collected Samples' Allocate (spec 2 §2 header button; the dialog is titled like storage's
 * 'Collected Sample Allocation'): scan or type a sample ID of this protocol, and store it at the position the
 * server suggests (storage's suggest: a box already holding this protocol's samples of its type first) or at
 * another free position of that box. It stays open for the next scan.
 */
export function AllocateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const [typed, setTyped] = useState('');
  const [sought, setSought] = useState<string | null>(null);
  const found = useProtocolSampleLookup(institution.id, protocol.id, sought);
  const sample = found.data ?? null;
  const find = () => setSought(typed.trim() || null);
  const next = () => {
    setTyped('');
    setSought(null);
  };

  return (
    <Dialog onClose={onClose} title={t('allocate.title')} size="lg">
      <Stack gap="sm">
        <ScanField
          value={typed}
          onChange={setTyped}
          onFind={find}
          loading={found.isFetching}
          autoFocus
          label={t('allocate.scanLabel')}
          placeholder={t('allocate.scanPlaceholder')}
          button={t('allocate.find')}
        />
        {sought && found.isSuccess && !sample && (
          <Alert color="yellow" title={t('allocate.noSample', { sampleId: sought, protocol: protocol.title })} />
        )}
        {found.isError && <Alert color="red" title={found.error.message} />}
        {sample ? (
          <Placement key={sample.id} sample={sample} onAllocated={next} onClose={onClose} />
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('allocate.close')}
            </Button>
          </Group>
        )}
      </Stack>
    </Dialog>
  );
}

/** Why the server would refuse to store the sample (storage's allocate), or null. */
const refusal = (s: CollectedSample, t: TFunction<'samples'>) =>
  s.hasWithdrawnConsent
    ? t('allocate.consent')
    : s.inTransit
      ? t('allocate.inTransit', { shipment: s.transitShipment?.name ?? '' })
      : null;

function Placement({
  sample,
  onAllocated,
  onClose,
}: {
  sample: CollectedSample;
  onAllocated: () => void;
  onClose: () => void;
}) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('samples');
  const canConfig = useCan('configuration.read');
  const refused = refusal(sample, t);
  const suggestion = useSuggestion(institution.id, sample.id, refused === null);
  const current = suggestion.data?.current ?? null;
  const suggested = suggestion.data?.suggestion ?? null;
  const free = useFreePositions(institution.id, current ? null : suggested);
  const [positionId, setPositionId] = useState<string | null>(null);
  const allocate = useAllocateSample(institution.id, sample);
  const chosen: StorageLocation | null =
    suggested &&
    (() => {
      const p = positionId ? free.data?.find((x) => String(x.id) === positionId) : null;
      return p
        ? { ...suggested, positionId: p.id, positionCode: p.code, rowIndex: p.rowIndex, columnIndex: p.columnIndex }
        : suggested;
    })();

  const submit = () => {
    if (!chosen) return;
    allocate.mutate(chosen, {
      onSuccess: (occ) => {
        notifications.show({
          color: 'teal',
          message: t('allocate.stored', { sampleId: sample.sampleId, location: locationText(occ.location) }),
          autoClose: 4000,
        });
        onAllocated();
      },
    });
  };

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <Text fw={600}>{sample.sampleId}</Text>
        <Text size="sm">
          {[sample.specimenType?.title, t('allocate.remaining', { amount: amountText(sample.remainingAmount, sample) })]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Paper>
      {refused && <Alert color="red" title={refused} />}
      {!refused && suggestion.isPending && (
        <Loader role="status" size="sm" type="dots" aria-label={t('allocate.finding')} />
      )}
      {suggestion.isError && (
        <Alert color="red" title={t('allocate.suggestFailed', { reason: suggestion.error.message })} />
      )}
      {current && (
        <Alert color="orange" title={t('allocate.storedNow', { location: locationText(current) })}>
          {t('allocate.moveHint')}
        </Alert>
      )}
      {suggestion.isSuccess && !current && !suggested && (
        <Alert color="orange" title={t('allocate.noFree')}>
          {t('allocate.noFreeHint')}
        </Alert>
      )}
      {!current && suggested && (
        <Stack gap={6}>
          <Text size="sm" c="gray.8">
            {suggestion.data?.basis === 'same_kind' ? t('allocate.sameKind') : t('allocate.firstFree')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} data-testid="allocation-box">
              {suggested.path.map((n) => n.title).join(' > ')}
            </Text>
            {canConfig && (
              <Anchor component={Link} to={boxLink(suggested)} size="sm">
                {t('allocate.openBox')}
              </Anchor>
            )}
          </Group>
          <Select
            label={t('allocate.position')}
            w={{ base: '100%', xs: 220 }}
            allowDeselect={false}
            searchable
            value={positionId ?? String(suggested.positionId)}
            onChange={setPositionId}
            data={(free.data ?? [{ id: suggested.positionId, code: suggested.positionCode }]).map((p) => ({
              value: String(p.id),
              label: p.code,
            }))}
            description={
              positionId && positionId !== String(suggested.positionId) ? undefined : t('allocate.suggested')
            }
          />
        </Stack>
      )}
      {allocate.isError && <Alert color="red" title={allocate.error.message} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('allocate.close')}
        </Button>
        {!refused && !current && suggested && (
          <Button leftSection={<IconBoxMultiple size={16} />} onClick={submit} loading={allocate.isPending}>
            {t('allocate.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
