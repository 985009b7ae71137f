import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArchive } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ShipmentItem } from '@contract/shipments.contract';
import { useCan } from '@/lib/session-context';
import { boxLink, locationText, useSuggestion } from '@/lib/storage-positions';
import { useStoreSample } from '../api/shipments';
import { Dialog } from '@/components/dialog';

interface Props {
  instId: number;
  item: ShipmentItem | null;
  onClose: () => void;
}

/**
 * Store a received sample in the receiver's own boxes (docs/shipments.md "Custody"): the server suggests
 * the first free position (storage's suggest), Store here allocates it there.
 */
export function StoreDialog({ instId, item, onClose }: Props) {
  const canConfig = useCan('configuration.read');
  // The receiver stores its own record of the tube (made when it accepted it); a receipt older than issue 31 has none.
  const recordId = item?.receivedSample?.id ?? item?.collectedSampleId ?? null;
  const suggestion = useSuggestion(instId, recordId);
  const store = useStoreSample(instId);
  const sampleId = item?.collectedSample.sampleId ?? '';
  const close = () => {
    store.reset();
    onClose();
  };
  const where = suggestion.data?.suggestion ?? null;
  const submit = () => {
    if (!item || !where || recordId === null) return;
    store.mutate(
      { location: where, collectedSampleId: recordId },
      {
        onSuccess: (occ) => {
          notifications.show({
            color: 'teal',
            autoClose: 4000,
            message: `${sampleId} stored at ${locationText(occ.location)}.`,
          });
          close();
        },
      },
    );
  };
  return (
    <Dialog opened={item !== null} onClose={close} title={`Store ${sampleId}`}>
      <Stack gap="sm">
        {suggestion.isPending && <Loader size="sm" type="dots" aria-label="Finding a free position" />}
        {suggestion.isError && (
          <Alert color="red" icon={<IconAlertCircle />}>
            No position could be suggested: {suggestion.error.message}
          </Alert>
        )}
        {suggestion.isSuccess &&
          (where ? (
            <Stack gap={4}>
              <Text size="sm" c="gray.8">
                The first free position in your boxes:
              </Text>
              <Text fw={600} data-testid="suggested-position">
                {locationText(where)}
              </Text>
              {canConfig && (
                <Anchor component={Link} to={boxLink(where)} size="sm">
                  Open the box
                </Anchor>
              )}
            </Stack>
          ) : (
            <Alert color="orange" icon={<IconAlertCircle />}>
              No free position in any of your boxes. Add a box under Configuration &gt; Storage Container.
            </Alert>
          ))}
        {store.isError && (
          <Alert color="red" icon={<IconAlertCircle />}>
            {store.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button leftSection={<IconArchive size={16} />} disabled={!where} loading={store.isPending} onClick={submit}>
            Store here
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
