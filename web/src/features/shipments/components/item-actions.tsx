import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ShipmentItem } from '@contract/shipments.contract';
import { errorTitle } from '@/lib/api-client';
import { refusalsOf, useProcessItems, type ItemAction } from '../api/shipments';
import { Dialog, DialogClose } from '@/components/dialog';
import { MSG } from '@contract/messages';
import { useTranslation } from 'react-i18next';

interface Props {
  instId: number;
  shipmentId: number;
  selected: ShipmentItem[];
  /** False once nothing is pending or the shipment takes no more receipts: only a refusal still shows. */
  open: boolean;
  onDone: () => void;
}

/**
 * Accept or Reject the selected pending items (receiving side only) in ONE call: all of them or none. A
 * refusal names each item it refused by sample ID; the selection stays, so the rest can be sent again.
 */
export function ItemActions({ instId, shipmentId, selected, open, onDone }: Props) {
  const { t } = useTranslation('shipments');
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
            message: t(action.kind === 'receive' ? 'actions.accepted' : 'actions.rejected', {
              count: out.items.length,
            }),
          });
          onDone();
        },
      },
    );
  };

  const submitReject = () => {
    if (!reason.trim()) {
      setReasonError(t('required', { ns: 'messages', defaultValue: MSG.required }));
      return;
    }
    setRejecting(false);
    run({ kind: 'reject', reason: reason.trim() });
    setReason('');
  };

  const asked = bulk.variables;
  const rejected = asked?.action.kind === 'reject';
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
            {selected.length ? t('actions.acceptCount', { n: selected.length }) : t('actions.accept')}
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
            {selected.length ? t('actions.rejectCount', { n: selected.length }) : t('actions.reject')}
          </Button>
          {selected.length === 0 && !bulk.isPending && (
            <Text size="sm" c="dimmed">
              {t('actions.hint')}
            </Text>
          )}
        </Group>
      )}
      <div aria-live="polite">
        {bulk.isPending && asked && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">
              {t(asked.action.kind === 'receive' ? 'actions.accepting' : 'actions.rejecting', {
                count: asked.items.length,
              })}
            </Text>
          </Group>
        )}
      </div>
      {bulk.isError && (
        <Alert
          color="red"
          title={
            refused.length
              ? t(rejected ? 'actions.nothingRejectedRefused' : 'actions.nothingAcceptedRefused', {
                  count: refused.length,
                })
              : t(rejected ? 'actions.nothingRejected' : 'actions.nothingAccepted')
          }
          withCloseButton
          onClose={() => bulk.reset()}
        >
          {refused.length ? (
            <List size="sm" aria-label={t('actions.refused')}>
              {refused.map((f) => (
                <List.Item key={f.itemId}>
                  <Text span ff="monospace" size="sm">
                    {f.sampleId ?? t('actions.item', { id: f.itemId })}
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
        title={t('actions.rejectTitle', { count: selected.length })}
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
              label={t('actions.reason')}
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
              <DialogClose>{t('actions.cancel')}</DialogClose>
              <Button type="submit" color="red">
                {t('actions.reject')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Stack>
  );
}
