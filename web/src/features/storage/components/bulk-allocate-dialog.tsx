import { useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Occupancy, PathRef } from '@contract/storage.contract';
import { errorTitle } from '@/lib/api-client';
import { useCurrentInstitution } from '@/lib/session-context';
import { findSample, useBulkAllocate } from '../api/storage';
import { Dialog, DialogClose } from '@/components/dialog';
import { useTranslation } from 'react-i18next';

interface Props {
  boxPath: PathRef[];
  boxTitle: string;
  free: number;
  onClose: () => void;
}

/** Sample IDs typed or pasted one per line (commas and tabs also split), each once. */
const idsOf = (text: string) => [
  ...new Map(
    text
      .split(/[\n,;\t]+/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => [s.toLowerCase(), s]),
  ).values(),
];

/**
 * Bulk allocate: the samples go to the box's next free positions in fill order, in one call that stores
 * all or none; afterwards the dialog lists where each went.
 */
export function BulkAllocateDialog({ boxPath, boxTitle, free, onClose }: Props) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('storage');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const [placed, setPlaced] = useState<Occupancy[] | null>(null);
  const bulk = useBulkAllocate(institution.id, boxPath);
  const ids = idsOf(text);

  const submit = async () => {
    setProblem(null);
    if (!ids.length) {
      setProblem(t('bulk.typeSome'));
      return;
    }
    if (ids.length > free) {
      setProblem(t('bulk.noRoom', { box: boxTitle, count: free, n: ids.length }));
      return;
    }
    setResolving(true);
    try {
      const found = await Promise.all(
        ids.map(async (id) => [id, (await findSample(institution.id, id))[0] ?? null] as const),
      );
      const missing = found.filter(([, s]) => !s).map(([id]) => id);
      if (missing.length) {
        setProblem(t('bulk.missing', { ids: missing.join(', ') }));
        return;
      }
      const made = await bulk.mutateAsync(found.map(([, s]) => s!.id));
      setPlaced(made);
      notifications.show({
        color: 'teal',
        message: t('bulk.stored', { count: made.length, box: boxTitle }),
        autoClose: 3000,
      });
    } catch (e) {
      setProblem(errorTitle(e));
    } finally {
      setResolving(false);
    }
  };

  return (
    <Dialog onClose={onClose} dirty={!placed && text.trim() !== ''} title={t('bulk.title')} size="md">
      {placed ? (
        <Stack gap="sm">
          <Text size="sm">{t('bulk.storedIn', { box: boxTitle })}</Text>
          <Table striped withTableBorder aria-label={t('bulk.where')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bulk.sampleId')}</Table.Th>
                <Table.Th>{t('bulk.position')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {placed.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>{o.collectedSample.sampleId}</Table.Td>
                  <Table.Td>{o.location.positionCode}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('bulk.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('bulk.intro', { box: boxTitle, free })}
          </Text>
          <Textarea
            label={t('bulk.ids')}
            description={t('bulk.idsHelp')}
            autosize
            minRows={4}
            maxRows={12}
            data-autofocus
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {problem && <Alert color="red" title={problem} />}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('bulk.count', { count: ids.length })}
            </Text>
            <Group gap="xs">
              <DialogClose />
              <Button onClick={() => void submit()} loading={resolving || bulk.isPending} disabled={!free}>
                {t('bulk.allocate')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
