import { useState } from 'react';
import { Alert, Button, Group, List, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ShipmentItem } from '@contract/shipments.contract';
import { invalidateAfter } from '@/lib/mutation-effects';
import { processItems, type ItemAction } from '../api/shipments';
import { Dialog, DialogClose } from '@/components/dialog';

interface Props {
  instId: number;
  shipmentId: number;
  selected: ShipmentItem[];
  onDone: () => void;
}

type Failure = { sampleId: string; title: string };

/**
 * Accept or Reject the selected pending items (receiving side only). The API takes one item per call, so
 * the calls run one after another with a progress bar; failures are listed, the rest still go through.
 */
export function ItemActions({ instId, shipmentId, selected, onDone }: Props) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [running, setRunning] = useState<{ label: string; done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<Failure[] | null>(null);

  const run = async (action: ItemAction) => {
    const items = [...selected];
    const label = action.kind === 'receive' ? 'Accepting' : 'Rejecting';
    setFailures(null);
    setRunning({ label, done: 0, total: items.length });
    const failed = await processItems(instId, shipmentId, items, action, (done) =>
      setRunning({ label, done, total: items.length }),
    );
    setRunning(null);
    await invalidateAfter(queryClient, 'shipments.receive', instId);
    const ok = items.length - failed.length;
    if (ok > 0) {
      notifications.show({
        color: 'teal',
        autoClose: 4000,
        message: `${ok} sample${ok === 1 ? '' : 's'} ${action.kind === 'receive' ? 'accepted' : 'rejected'}.`,
      });
    }
    setFailures(failed.length ? failed : null);
    onDone();
  };

  const submitReject = () => {
    if (!reason.trim()) {
      setReasonError('*required');
      return;
    }
    setRejecting(false);
    void run({ kind: 'reject', reason: reason.trim() });
    setReason('');
  };

  const none = selected.length === 0 || running !== null;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          leftSection={<IconCheck size={16} />}
          color="teal"
          disabled={none}
          onClick={() => void run({ kind: 'receive' })}
        >
          Accept{selected.length ? ` (${selected.length})` : ''}
        </Button>
        <Button
          leftSection={<IconX size={16} />}
          color="red"
          variant="light"
          disabled={none}
          onClick={() => {
            setReasonError(null);
            setRejecting(true);
          }}
        >
          Reject{selected.length ? ` (${selected.length})` : ''}
        </Button>
        {selected.length === 0 && !running && (
          <Text size="sm" c="dimmed">
            Select pending samples to accept or reject them.
          </Text>
        )}
      </Group>
      {running && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            {running.label} {running.done} of {running.total}…
          </Text>
          <Progress value={(running.done / running.total) * 100} aria-label={`${running.label} samples`} />
        </Stack>
      )}
      {failures && (
        <Alert
          color="red"
          title={`${failures.length} sample${failures.length === 1 ? '' : 's'} could not be processed`}
          withCloseButton
          onClose={() => setFailures(null)}
        >
          <List size="sm">
            {failures.map((f) => (
              <List.Item key={f.sampleId}>
                {f.sampleId}: {f.title}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Dialog
        opened={rejecting}
        onClose={() => {
          setRejecting(false);
          setReason('');
        }}
        dirty={reason.trim() !== ''}
        title={`Reject ${selected.length} sample${selected.length === 1 ? '' : 's'}`}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submitReject();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{selected.map((i) => i.collectedSample.sampleId).join(', ')}</Text>
            <Textarea
              label="Reason"
              withAsterisk
              autosize
              minRows={2}
              maxLength={500}
              data-autofocus
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
            />
            <Group justify="flex-end">
              <DialogClose>Cancel</DialogClose>
              <Button type="submit" color="red">
                Reject
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Stack>
  );
}
