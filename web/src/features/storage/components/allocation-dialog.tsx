import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconBulb } from '@tabler/icons-react';
import type { CollectedSample } from '@contract/samples.contract';
import type { BoxPosition, PathRef } from '@contract/storage.contract';
import { errorTitle } from '@/lib/api-client';
import { formatDateTime, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import {
  useAllocate,
  useFoundSample,
  useOccupancies,
  useSamplePosition,
  useSuggestion,
  useVacate,
} from '../api/storage';
import { Dialog, DialogClose } from '@/components/dialog';
import { ScanField } from '@/components/scan-field';
import { Trans, useTranslation } from 'react-i18next';

interface Props {
  boxPath: PathRef[];
  boxTitle: string;
  position: BoxPosition;
  onClose: () => void;
  /** Opens another box (its path, container first): Go to suggested box. */
  onSelectBox: (path: PathRef[]) => void;
}

/**
 * 'Collected Sample Allocation' (spec 2 §2): a free position finds a sample by its sample ID and
 * allocates it; an occupied one shows its sample and vacates it with a reason.
 */
export function AllocationDialog({ boxPath, boxTitle, position, onClose, onSelectBox }: Props) {
  const { t } = useTranslation('storage');
  return (
    <Dialog onClose={onClose} title={t('allocation.title')} size="md">
      <Text size="sm" c="dimmed" mb="sm">
        <Trans
          t={t}
          i18nKey="allocation.where"
          values={{ box: boxTitle, code: position.code, row: position.rowIndex, column: position.columnIndex }}
          components={{ b: <b /> }}
        />
      </Text>
      {position.occupant ? (
        <VacatePanel boxPath={boxPath} position={position} onDone={onClose} />
      ) : (
        <AllocatePanel
          boxPath={boxPath}
          position={position}
          onDone={onClose}
          onSelectBox={(p) => {
            onClose();
            onSelectBox(p);
          }}
        />
      )}
    </Dialog>
  );
}

function SampleCard({
  sample,
  extra,
}: {
  sample: Pick<CollectedSample, 'sampleId'> & Partial<CollectedSample>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('storage');
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={600}>{sample.sampleId}</Text>
      <Text size="sm">
        {[
          sample.specimenType?.title,
          sample.collectedAmount !== undefined
            ? t('allocation.remaining', {
                amount: sample.remainingAmount ?? sample.collectedAmount,
                unit: sample.unitOfMeasurement?.unitSymbol ?? '',
              })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {sample.patient && (
        <Text size="sm" c="dimmed">
          {t('allocation.donor', { name: fullName(sample.patient) })}
        </Text>
      )}
      {extra}
    </Paper>
  );
}

function AllocatePanel({
  boxPath,
  position,
  onDone,
  onSelectBox,
}: {
  boxPath: PathRef[];
  position: BoxPosition;
  onDone: () => void;
  onSelectBox: (path: PathRef[]) => void;
}) {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const canAllocate = useCan('storage.allocate');
  const [typed, setTyped] = useState('');
  const [sought, setSought] = useState<string | null>(null);
  const found = useFoundSample(institution.id, sought);
  const allocate = useAllocate(institution.id, boxPath, position.id);
  const sample = found.data ?? null;
  const placed = useSamplePosition(institution.id, sample?.id ?? null);
  const stored = placed.data?.occupancy ?? null;
  // Only for a sample that may go in: not stored, consent standing.
  const suggestFor = sample && placed.isSuccess && !stored && !sample.hasWithdrawnConsent ? sample.id : null;
  const find = () => {
    allocate.reset();
    setSought(typed.trim() || null);
  };
  useUnsavedChangesGuard(typed.trim() !== '');

  const submit = () => {
    if (!sample) return;
    allocate.mutate(sample.id, {
      onSuccess: (occ) => {
        notifications.show({
          color: 'teal',
          message: t('allocation.stored', { sampleId: occ.collectedSample.sampleId, code: occ.location.positionCode }),
          autoClose: 3000,
        });
        onDone();
      },
    });
  };

  if (!canAllocate)
    return (
      <>
        <Alert color="gray" title={t('allocation.available')} />
        <Group justify="flex-end" mt="md">
          <DialogClose />
        </Group>
      </>
    );
  return (
    <Stack gap="sm">
      <ScanField
        value={typed}
        onChange={setTyped}
        onFind={find}
        loading={found.isFetching}
        autoFocus
        label={t('allocation.scanLabel')}
        placeholder={t('allocation.scanPlaceholder')}
        button={t('allocation.find')}
      />
      {sought && found.isSuccess && !sample && (
        <Alert color="yellow" title={t('allocation.noSample', { sampleId: sought })} />
      )}
      {found.isError && <Alert color="red" title={errorTitle(found.error)} />}
      {sample && (
        <SampleCard
          sample={sample}
          extra={
            sample.hasWithdrawnConsent ? (
              <Text size="sm" c="red" mt={4}>
                {t('allocation.consent')}
              </Text>
            ) : stored ? (
              <Text size="sm" c="orange.9" mt={4}>
                {t('allocation.storedNow', { location: stored.location.label })}
              </Text>
            ) : null
          }
        />
      )}
      {suggestFor !== null && (
        <SuggestedPosition
          collectedSampleId={suggestFor}
          boxPath={boxPath}
          position={position}
          onSelectBox={onSelectBox}
        />
      )}
      {allocate.error && <Alert color="red" title={errorTitle(allocate.error)} />}
      <Group justify="flex-end" mt="xs">
        <DialogClose />
        <Button onClick={submit} disabled={!sample || Boolean(stored)} loading={allocate.isPending}>
          {t('allocation.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The server's first free position for the sample; another box can be opened from here. */
function SuggestedPosition({
  collectedSampleId,
  boxPath,
  position,
  onSelectBox,
}: {
  collectedSampleId: number;
  boxPath: PathRef[];
  position: BoxPosition;
  onSelectBox: (path: PathRef[]) => void;
}) {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const suggestion = useSuggestion(institution.id, collectedSampleId);
  if (suggestion.isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('allocation.looking')}
      </Text>
    );
  if (suggestion.isError)
    return (
      <Text size="sm" c="red.8">
        {t('allocation.noSuggestion', { reason: errorTitle(suggestion.error) })}
      </Text>
    );
  const at = suggestion.data.suggestion;
  if (!at)
    return (
      <Text size="sm" c="orange.9">
        {t('allocation.noFree')}
      </Text>
    );
  const sameBox = at.boxId === boxPath.at(-1)?.id;
  const text = t('allocation.suggestedAt', { path: at.path.map((n) => n.title).join(' > '), code: at.positionCode });
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Text size="sm" aria-live="polite">
        <IconBulb size={14} aria-hidden style={{ verticalAlign: -2 }} />{' '}
        {!sameBox
          ? t('allocation.suggested', { text })
          : at.positionId === position.id
            ? t('allocation.suggestedHere')
            : t('allocation.suggestedInBox', { code: at.positionCode })}
      </Text>
      {!sameBox && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconArrowRight size={14} />}
          onClick={() => onSelectBox(at.path.map(({ id, level }) => ({ id, level })))}
        >
          {t('allocation.goToBox')}
        </Button>
      )}
    </Group>
  );
}

function VacatePanel({ boxPath, position, onDone }: { boxPath: PathRef[]; position: BoxPosition; onDone: () => void }) {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const canAllocate = useCan('storage.allocate');
  const occupant = position.occupant!;
  const history = useOccupancies(institution.id, boxPath, position.id);
  const current = history.data?.find((o) => o.id === occupant.occupancyId);
  const vacate = useVacate(institution.id, boxPath, position.id);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useUnsavedChangesGuard(reason.trim() !== '');

  const submit = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    // The stamp of the occupancy the grid showed: if someone changed it since, the server says so (409).
    vacate.mutate(
      { occupancyId: occupant.occupancyId, concurrencyStamp: occupant.concurrencyStamp, vacateReason: reason.trim() },
      {
        onSuccess: (occ) => {
          notifications.show({
            color: 'teal',
            message: t('allocation.vacated', {
              sampleId: occ.collectedSample.sampleId,
              code: occ.location.positionCode,
            }),
            autoClose: 3000,
          });
          onDone();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <SampleCard
        sample={{ sampleId: occupant.sampleId, specimenType: occupant.specimenType }}
        extra={
          current && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('allocation.storedOn', { date: formatDateTime(current.allocatedDate) })}
              {current.allocatorAccount
                ? t('allocation.storedBy', {
                    name: `${current.allocatorAccount.firstName} ${current.allocatorAccount.lastName}`,
                  })
                : ''}
            </Text>
          )
        }
      />
      {canAllocate && (
        <Textarea
          label={t('allocation.reason')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          error={missing && !reason.trim() ? t('required', { ns: 'messages' }) : undefined}
          placeholder={t('allocation.reasonPlaceholder')}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      )}
      {vacate.error && <Alert color="red" title={errorTitle(vacate.error)} />}
      <Group justify="flex-end" mt="xs">
        <DialogClose />
        {canAllocate && (
          <Button color="red" variant="light" onClick={submit} loading={vacate.isPending}>
            {t('allocation.vacate')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
