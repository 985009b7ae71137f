import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArchive } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('shipments');
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
            message: t('storeDialog.stored', { sample: sampleId, location: locationText(occ.location) }),
          });
          close();
        },
      },
    );
  };
  return (
    <Dialog opened={item !== null} onClose={close} title={t('storeDialog.title', { sample: sampleId })}>
      <Stack gap="sm">
        {suggestion.isPending && <Loader role="status" size="sm" type="dots" aria-label={t('storeDialog.finding')} />}
        {suggestion.isError && (
          <Alert color="red" icon={<IconAlertCircle />}>
            {t('storeDialog.noSuggestion', { reason: suggestion.error.message })}
          </Alert>
        )}
        {suggestion.isSuccess &&
          (where ? (
            <Stack gap={4}>
              <Text size="sm" c="gray.8">
                {t('storeDialog.firstFree')}
              </Text>
              <Text fw={600} data-testid="suggested-position">
                {locationText(where)}
              </Text>
              {canConfig && (
                <Anchor component={Link} to={boxLink(where)} size="sm">
                  {t('storeDialog.openBox')}
                </Anchor>
              )}
            </Stack>
          ) : (
            <Alert color="orange" icon={<IconAlertCircle />}>
              {t('storeDialog.noFree')}
            </Alert>
          ))}
        {store.isError && (
          <Alert color="red" icon={<IconAlertCircle />}>
            {store.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('storeDialog.close')}
          </Button>
          <Button leftSection={<IconArchive size={16} />} disabled={!where} loading={store.isPending} onClick={submit}>
            {t('storeDialog.storeHere')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
