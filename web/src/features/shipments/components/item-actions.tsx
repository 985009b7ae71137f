import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ShipmentItem } from '@contract/shipments.contract';
import { errorTitle } from '@/lib/api-client';
import { refusalsOf, useProcessItems, type ItemAction } from '../api/shipments';
import { Dialog, DialogClose } from '@/components/dialog';

interface Props {
  instId: number;
  shipmentId: number;
  selected: ShipmentItem[];
  /** False once nothing is pending or the shipment takes no more receipts: only a refusal still shows. */
  open: boolean;
  onDone: () => void;
}

const samples = (n: number) => `${n} sample${n === 1 ? '' : 's'}`;

/**
 * Accept or Reject the selected pending items (receiving side only) in ONE call: all of them or none. A
 * refusal names each item it refused by sample ID; the selection stays, so the rest can be sent again.
 */
export function ItemActions({ instId, shipmentId, selected, open, onDone }: Props) {
  const bulk = useProcessItems(instId, shipmentId);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const run = (action: ItemAction) => {
    bulk.mutate(
      { items: [...selected], action },
      {
        onSuccess: (out) => {
          notifications.show({
            color: 'teal',
            autoClose: 4000,
            message: `${samples(out.items.length)} ${action.kind === 'receive' ? 'accepted' : 'rejected'}.`,
          });
          onDone();
        },
      },
    );
  };

  const submitReject = () => {
    if (!reason.trim()) {
      setReasonError('*required');
      return;
    }
    setRejecting(false);
    run({ kind: 'reject', reason: reason.trim() });
    setReason('');
  };

  const asked = bulk.variables;
  const verb = asked?.action.kind === 'reject' ? 'rejected' : 'accepted';
  const refused = bulk.isError ? refusalsOf(bulk.error) : [];
  const none = selected.length === 0 || bulk.isPending;
  if (!open && !bulk.isError) return null;
  return (
    <Stack gap="xs">
      {open && (
        <Group gap="sm">
          <Button
            leftSection={<IconCheck size={16} />}
            color="teal"
            disabled={none}
            onClick={() => run({ kind: 'receive' })}
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
          {selected.length === 0 && !bulk.isPending && (
            <Text size="sm" c="dimmed">
              Select pending samples (or scan them) to accept or reject them.
            </Text>
          )}
        </Group>
      )}
      <div aria-live="polite">
        {bulk.isPending && asked && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">
              {asked.action.kind === 'receive' ? 'Accepting' : 'Rejecting'} {samples(asked.items.length)}…
            </Text>
          </Group>
        )}
      </div>
      {bulk.isError && (
        <Alert
          color="red"
          title={refused.length ? `Nothing was ${verb}: ${samples(refused.length)} refused` : `Nothing was ${verb}`}
          withCloseButton
          onClose={() => bulk.reset()}
        >
          {refused.length ? (
            <List size="sm" aria-label="Refused samples">
              {refused.map((f) => (
                <List.Item key={f.itemId}>
                  <Text span ff="monospace" size="sm">
                    {f.sampleId ?? `Item ${f.itemId}`}
                  </Text>
                  : {f.title}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{errorTitle(bulk.error)}</Text>
          )}
        </Alert>
      )}
      <Dialog
        opened={rejecting}
        onClose={() => {
          setRejecting(false);
          setReason('');
        }}
        dirty={reason.trim() !== ''}
        title={`Reject ${samples(selected.length)}`}
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
