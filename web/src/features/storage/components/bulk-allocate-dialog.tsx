import { useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Occupancy, PathRef } from '@contract/storage.contract';
import { errorTitle } from '@/lib/api-client';
import { useCurrentInstitution } from '@/lib/session-context';
import { findSample, useBulkAllocate } from '../api/storage';
import { Dialog, DialogClose } from '@/components/dialog';

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
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const [placed, setPlaced] = useState<Occupancy[] | null>(null);
  const bulk = useBulkAllocate(institution.id, boxPath);
  const ids = idsOf(text);

  const submit = async () => {
    setProblem(null);
    if (!ids.length) {
      setProblem('Type or paste at least one sample ID.');
      return;
    }
    if (ids.length > free) {
      setProblem(`${boxTitle} has ${free} free position${free === 1 ? '' : 's'}; ${ids.length} samples do not fit.`);
      return;
    }
    setResolving(true);
    try {
      const found = await Promise.all(
        ids.map(async (id) => [id, (await findSample(institution.id, id))[0] ?? null] as const),
      );
      const missing = found.filter(([, s]) => !s).map(([id]) => id);
      if (missing.length) {
        setProblem(`No sample with ID ${missing.join(', ')} in this institution. Nothing was allocated.`);
        return;
      }
      const made = await bulk.mutateAsync(found.map(([, s]) => s!.id));
      setPlaced(made);
      notifications.show({
        color: 'teal',
        message: `${made.length} sample${made.length === 1 ? '' : 's'} stored in ${boxTitle}.`,
        autoClose: 3000,
      });
    } catch (e) {
      setProblem(errorTitle(e));
    } finally {
      setResolving(false);
    }
  };

  return (
    <Dialog onClose={onClose} dirty={!placed && text.trim() !== ''} title="Bulk allocate" size="md">
      {placed ? (
        <Stack gap="sm">
          <Text size="sm">Stored in {boxTitle}:</Text>
          <Table striped withTableBorder aria-label="Where each sample went">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sample ID</Table.Th>
                <Table.Th>Position</Table.Th>
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
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The samples go to the next free positions of {boxTitle} in its fill order ({free} free). All are stored or
            none.
          </Text>
          <Textarea
            label="Sample IDs"
            description="One per line; scan or paste several."
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
              {ids.length} sample ID{ids.length === 1 ? '' : 's'}
            </Text>
            <Group gap="xs">
              <DialogClose />
              <Button onClick={() => void submit()} loading={resolving || bulk.isPending} disabled={!free}>
                Allocate
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
