import { useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDownload,
  IconExternalLink,
  IconFileImport,
  IconSend,
} from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import type { Shipment, ShipmentItem } from '@contract/shipments.contract';
import { ApiError } from '@/lib/api-client';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { downloadManifest, useCancelShipment, useSendShipment, useShipment, useShipmentItems } from '../api/shipments';
import { ItemActions } from '../components/item-actions';
import { ItemTable } from '../components/item-table';
import { ReceiptPanel } from '../components/receipt-panel';
import { ScanToSelect } from '../components/scan-to-select';
import { StoreDialog } from '../components/store-dialog';
import { countsText, ShipmentStatusBadge } from '../components/shipment-columns';
import { Dialog } from '@/components/dialog';
import { useTranslation } from 'react-i18next';
import { DetailField } from '@/components/detail-field';
import { isolated } from '@/components/isolated';

/** Spec 2 §2 shipment detail: header, pending items (selectable on the receiving side), processed items. */
export function ShipmentDetailPage() {
  const { t } = useTranslation('shipments');
  const { institution } = useCurrentInstitution();
  const id = Number(useParams().shipmentId);
  const shipment = useShipment(institution.id, id);
  const back = (
    <Button component={Link} to="/shipment" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      {t('detail.back')}
    </Button>
  );

  if (shipment.isPending)
    return (
      <Stack maw={1200} mx="auto">
        {back}
        <Loader role="status" aria-label={t('detail.loading')} />
      </Stack>
    );
  if (shipment.isError) {
    const missing = shipment.error instanceof ApiError && shipment.error.status === 404;
    return (
      <Stack maw={1200} mx="auto">
        {back}
        <Alert color="red" icon={<IconAlertCircle />} title={missing ? t('detail.notFound') : t('detail.loadFailed')}>
          {missing ? t('detail.notFoundText') : shipment.error.message}
        </Alert>
      </Stack>
    );
  }
  return <ShipmentDetail shipment={shipment.data} back={back} />;
}

function ShipmentDetail({ shipment: s, back }: { shipment: Shipment; back: ReactNode }) {
  const { t } = useTranslation('shipments');
  const { institution } = useCurrentInstitution();
  const canManage = useCan('shipments.manage');
  const items = useShipmentItems(institution.id, s.id);
  const cancel = useCancelShipment(institution.id, s.id);
  const send = useSendShipment(institution.id, s.id);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  // Accept and Reject disable themselves while they run (and leave with the last pending item): focus then
  // goes to the Pending heading, which reads the new count, instead of dropping to the page (issue 28).
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const afterActions = () => {
    setSelected(new Set());
    if (!document.activeElement || document.activeElement === document.body) pendingHeading.current?.focus();
  };
  const canStore = useCan('storage.allocate');
  const [storing, setStoring] = useState<ShipmentItem | null>(null);
  const receiving = s.direction === 'received';
  const sendable = !receiving && canManage && s.status === 'draft';
  const acting = receiving && canManage && (s.status === 'shipped' || s.status === 'partially_received');
  const all = items.data ?? [];
  const pending = all.filter((i) => i.status === 'pending');
  const processed = all.filter((i) => i.status !== 'pending');
  const cancellable = !receiving && canManage && (s.status === 'draft' || s.status === 'shipped');
  const chosen = pending.filter((i) => selected.has(i.id));
  const allChosen = pending.length > 0 && chosen.length === pending.length;
  const toggle = (itemId: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  return (
    <Stack maw={1200} mx="auto">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} fz={26}>
            {s.name}
          </Title>
          <Text c="dimmed">
            {receiving
              ? t('detail.from', { institution: s.sendingInstitution?.title ?? '' })
              : t('detail.to', { institution: s.receivingInstitution?.title ?? '' })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />}>
                {t('detail.download')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void downloadManifest(institution.id, s, 'csv')}>{t('detail.csv')}</Menu.Item>
              <Menu.Item onClick={() => void downloadManifest(institution.id, s, 'pdf')}>{t('detail.pdf')}</Menu.Item>
              {!receiving && s.status !== 'draft' && s.status !== 'cancelled' && (
                <Menu.Item onClick={() => void downloadManifest(institution.id, s, 'fhir.json')}>
                  {t('detail.fhir')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
          {sendable && (
            <Button
              leftSection={<IconSend size={16} />}
              loading={send.isPending}
              disabled={s.itemCounts.pending === 0}
              onClick={() =>
                send.mutate(undefined, {
                  onSuccess: (sent) =>
                    notifications.show({
                      color: 'teal',
                      autoClose: 4000,
                      message: t('detail.sent', { name: sent.name }),
                    }),
                })
              }
            >
              {t('detail.send')}
            </Button>
          )}
          {cancellable && (
            <Button color="red" variant="light" onClick={() => setConfirmCancel(true)}>
              {t('detail.cancel')}
            </Button>
          )}
        </Group>
      </Group>

      {send.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={t('detail.notSent')}
          withCloseButton
          onClose={() => send.reset()}
        >
          {send.error.message}
        </Alert>
      )}
      {s.externalSender && (
        <Alert
          color="blue"
          icon={<IconFileImport />}
          title={t('detail.importedFrom', {
            installation: s.externalSender.installation ?? t('detail.anotherInstallation'),
          })}
        >
          <Text size="sm">
            {t('detail.importedText1', { sender: s.externalSender.title })}{' '}
            <Text span ff="monospace" size="xs">
              {s.manifestSha256}
            </Text>
            {t('detail.importedText2')}
          </Text>
        </Alert>
      )}
      <ReceiptPanel instId={institution.id} shipment={s} />
      {sendable && s.itemCounts.pending === 0 && (
        <Text size="sm" c="gray.7">
          {t('detail.emptyDraft')}
        </Text>
      )}

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
          <DetailField gap={2} label={t('detail.status')}>
            <Group gap={8}>
              <ShipmentStatusBadge status={s.status} />
              <Text size="sm">{countsText(s.itemCounts)}</Text>
            </Group>
          </DetailField>
          <DetailField gap={2} label={t('detail.sending')}>
            {s.sendingInstitution?.title} · {s.sendingInstitutionSite?.title}
          </DetailField>
          <DetailField gap={2} label={t('detail.receiving')}>
            {s.receivingInstitution?.title} · {s.receivingInstitutionSite?.title}
          </DetailField>
          <DetailField gap={2} label={t('detail.shippedAt')}>
            {s.shippedDate} {s.shippedTime}
          </DetailField>
          <DetailField gap={2} label={t('detail.trackingNumber')}>
            {s.trackingNumber ?? '—'}
          </DetailField>
          <DetailField gap={2} label={t('detail.trackingUrl')}>
            {s.trackingURL ? (
              <Anchor
                href={s.trackingURL}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ wordBreak: 'break-all' }}
              >
                {isolated(s.trackingURL)} <IconExternalLink size={12} />
              </Anchor>
            ) : (
              '—'
            )}
          </DetailField>
          {s.processedDate && (
            <DetailField gap={2} label={t('detail.lastProcessed')}>
              {s.processedDate} {s.processedTime}
            </DetailField>
          )}
          {s.collectionProtocol && (
            <DetailField gap={2} label={t('detail.protocol')}>
              {s.collectionProtocol.title}
            </DetailField>
          )}
          <DetailField gap={2} label={t('detail.donorIdentity')}>
            {s.includeDonorIdentity ? t('detail.shared') : t('detail.notShared')}
          </DetailField>
        </SimpleGrid>
      </Paper>

      {items.isError && (
        <Alert color="red" icon={<IconAlertCircle />} title={t('detail.itemsFailed')}>
          {items.error.message}
        </Alert>
      )}
      {items.isPending && <Loader role="status" aria-label={t('detail.loadingItems')} />}
      {items.isSuccess && (
        <>
          <Stack gap="xs">
            <Title order={2} fz="lg" ref={pendingHeading} tabIndex={-1}>
              {t('detail.pending', { n: pending.length })}
            </Title>
            {acting && pending.length > 0 && (
              <ScanToSelect items={all} selected={selected} onSelect={(itemId) => toggle(itemId, true)} />
            )}
            {/* Mounted on the receiving side even when nothing is left to do: a refusal that ended the work still shows. */}
            {receiving && canManage && (
              <ItemActions
                instId={institution.id}
                shipmentId={s.id}
                selected={chosen}
                open={acting && pending.length > 0}
                onDone={afterActions}
              />
            )}
            {!receiving && pending.length > 0 && s.status !== 'draft' && (
              <Text size="sm" c="dimmed">
                {t('detail.waiting', { institution: s.receivingInstitution?.title ?? '' })}
              </Text>
            )}
            {s.status === 'draft' && pending.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('detail.draftNote', { institution: s.receivingInstitution?.title ?? '' })}
              </Text>
            )}
            <ItemTable
              label={t('detail.pendingItems')}
              items={pending}
              empty={t('detail.noPending')}
              select={
                acting
                  ? {
                      chosen: selected,
                      all: allChosen,
                      some: chosen.length > 0,
                      toggle,
                      toggleAll: (on) => setSelected(on ? new Set(pending.map((i) => i.id)) : new Set()),
                    }
                  : undefined
              }
            />
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('detail.processedTitle', { n: processed.length })}
            </Title>
            <ItemTable
              label={t('detail.processedItems')}
              items={processed}
              empty={t('detail.noProcessed')}
              processed
              storage={receiving ? (i) => <StorageCell item={i} canStore={canStore} onStore={setStoring} /> : undefined}
            />
          </Stack>
        </>
      )}

      <StoreDialog instId={institution.id} item={storing} onClose={() => setStoring(null)} />

      <Dialog opened={confirmCancel} onClose={() => setConfirmCancel(false)} title={t('detail.cancelTitle')}>
        <Stack gap="sm">
          <Text size="sm">{t('detail.cancelText', { count: s.itemCounts.total, institution: institution.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              {t('detail.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirmCancel(false) })}
            >
              {t('detail.cancel')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}

/** The receiver's Storage cell: where a received sample is stored in its boxes, or Store (storage.allocate). */
function StorageCell({
  item: i,
  canStore,
  onStore,
}: {
  item: ShipmentItem;
  canStore: boolean;
  onStore: (i: ShipmentItem) => void;
}) {
  const { t } = useTranslation('shipments');
  if (i.status !== 'received')
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  // The receiver's own record of the tube (made when it accepted it): its sample page (docs/decisions/0014).
  const record = i.receivedSample && (
    <Anchor component={Link} to={`/sample/${i.receivedSample.id}`} size="sm">
      {t('detail.openSample', { sampleId: i.receivedSample.sampleId })}
    </Anchor>
  );
  if (i.storedAt)
    return (
      <Stack gap={2}>
        <Text size="sm" data-testid="stored-at">
          {i.storedAt}
        </Text>
        {record}
      </Stack>
    );
  // An imported item accepted before issue 31 has no record here to store (docs/shipments.md).
  if (i.collectedSampleId === null && !i.receivedSample)
    return (
      <Text size="sm" c="gray.7">
        {t('detail.notStoredImported')}
      </Text>
    );
  if (!canStore)
    return (
      <Stack gap={2}>
        <Text size="sm" c="gray.7">
          {t('detail.notStored')}
        </Text>
        {record}
      </Stack>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="xs"
        variant="light"
        onClick={() => onStore(i)}
        aria-label={t('detail.storeOne', { sampleId: i.collectedSample.sampleId })}
      >
        {t('detail.store')}
      </Button>
      {record}
    </Stack>
  );
}
