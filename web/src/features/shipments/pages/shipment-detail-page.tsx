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

/** Spec 2 §2 shipment detail: header, pending items (selectable on the receiving side), processed items. */
export function ShipmentDetailPage() {
  const { institution } = useCurrentInstitution();
  const id = Number(useParams().shipmentId);
  const shipment = useShipment(institution.id, id);
  const back = (
    <Button component={Link} to="/shipment" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      Shipments
    </Button>
  );

  if (shipment.isPending)
    return (
      <Stack maw={1200} mx="auto">
        {back}
        <Loader aria-label="Loading the shipment" />
      </Stack>
    );
  if (shipment.isError) {
    const missing = shipment.error instanceof ApiError && shipment.error.status === 404;
    return (
      <Stack maw={1200} mx="auto">
        {back}
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={missing ? 'Shipment not found' : 'The shipment could not be loaded'}
        >
          {missing ? 'It does not exist, or it is not sent by or to your institution.' : shipment.error.message}
        </Alert>
      </Stack>
    );
  }
  return <ShipmentDetail shipment={shipment.data} back={back} />;
}

function ShipmentDetail({ shipment: s, back }: { shipment: Shipment; back: ReactNode }) {
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
            {receiving ? `From ${s.sendingInstitution?.title ?? ''}` : `To ${s.receivingInstitution?.title ?? ''}`}
          </Text>
        </Stack>
        <Group gap="sm">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />}>
                Download manifest
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void downloadManifest(institution.id, s, 'csv')}>CSV</Menu.Item>
              <Menu.Item onClick={() => void downloadManifest(institution.id, s, 'pdf')}>PDF</Menu.Item>
              {!receiving && s.status !== 'draft' && s.status !== 'cancelled' && (
                <Menu.Item onClick={() => void downloadManifest(institution.id, s, 'fhir.json')}>
                  FHIR manifest (for another installation)
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
                    notifications.show({ color: 'teal', autoClose: 4000, message: `Shipment "${sent.name}" sent.` }),
                })
              }
            >
              Send
            </Button>
          )}
          {cancellable && (
            <Button color="red" variant="light" onClick={() => setConfirmCancel(true)}>
              Cancel shipment
            </Button>
          )}
        </Group>
      </Group>

      {send.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title="The shipment was not sent"
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
          title={`Imported from ${s.externalSender.installation ?? 'another installation'}`}
        >
          <Text size="sm">
            This shipment was created from {s.externalSender.title}'s manifest file (SHA-256{' '}
            <Text span ff="monospace" size="xs">
              {s.manifestSha256}
            </Text>
            ). Its samples are recorded at the sender's installation: accepting or rejecting them is recorded here only,
            and they cannot be stored in your boxes from this page.
          </Text>
        </Alert>
      )}
      <ReceiptPanel instId={institution.id} shipment={s} />
      {sendable && s.itemCounts.pending === 0 && (
        <Text size="sm" c="gray.7">
          This draft has no samples: create a new shipment to ship samples.
        </Text>
      )}

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
          <Field label="Status">
            <Group gap={8}>
              <ShipmentStatusBadge status={s.status} />
              <Text size="sm">{countsText(s.itemCounts)}</Text>
            </Group>
          </Field>
          <Field label="Sending">
            {s.sendingInstitution?.title} · {s.sendingInstitutionSite?.title}
          </Field>
          <Field label="Receiving">
            {s.receivingInstitution?.title} · {s.receivingInstitutionSite?.title}
          </Field>
          <Field label="Shipped at">
            {s.shippedDate} {s.shippedTime}
          </Field>
          <Field label="Tracking number">{s.trackingNumber ?? '—'}</Field>
          <Field label="Tracking URL">
            {s.trackingURL ? (
              <Anchor
                href={s.trackingURL}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ wordBreak: 'break-all' }}
              >
                {s.trackingURL} <IconExternalLink size={12} />
              </Anchor>
            ) : (
              '—'
            )}
          </Field>
          {s.processedDate && (
            <Field label="Last processed">
              {s.processedDate} {s.processedTime}
            </Field>
          )}
          {s.collectionProtocol && <Field label="Collection protocol">{s.collectionProtocol.title}</Field>}
          <Field label="Donor identity">{s.includeDonorIdentity ? 'Shared with the receiver' : 'Not shared'}</Field>
        </SimpleGrid>
      </Paper>

      {items.isError && (
        <Alert color="red" icon={<IconAlertCircle />} title="The items could not be loaded">
          {items.error.message}
        </Alert>
      )}
      {items.isPending && <Loader aria-label="Loading the items" />}
      {items.isSuccess && (
        <>
          <Stack gap="xs">
            <Title order={2} fz="lg" ref={pendingHeading} tabIndex={-1}>
              Pending ({pending.length})
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
                Waiting for {s.receivingInstitution?.title} to accept or reject them.
              </Text>
            )}
            {s.status === 'draft' && pending.length > 0 && (
              <Text size="sm" c="dimmed">
                A draft: nothing has left yet. Send ships these samples; until then {s.receivingInstitution?.title} does
                not see it.
              </Text>
            )}
            <ItemTable
              label="Pending items"
              items={pending}
              empty="No pending items."
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
              Received / Rejected ({processed.length})
            </Title>
            <ItemTable
              label="Processed items"
              items={processed}
              empty="No item has been received or rejected yet."
              processed
              storage={receiving ? (i) => <StorageCell item={i} canStore={canStore} onStore={setStoring} /> : undefined}
            />
          </Stack>
        </>
      )}

      <StoreDialog instId={institution.id} item={storing} onClose={() => setStoring(null)} />

      <Dialog opened={confirmCancel} onClose={() => setConfirmCancel(false)} title="Cancel this shipment?">
        <Stack gap="sm">
          <Text size="sm">
            Its {s.itemCounts.total} sample{s.itemCounts.total === 1 ? '' : 's'} stay with {institution.title} and may
            be shipped again. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirmCancel(false) })}
            >
              Cancel shipment
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
  if (i.status !== 'received')
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  // The receiver's own record of the tube (made when it accepted it): its sample page (docs/decisions/0014).
  const record = i.receivedSample && (
    <Anchor component={Link} to={`/sample/${i.receivedSample.id}`} size="sm">
      Open sample {i.receivedSample.sampleId}
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
        Not stored here (imported item)
      </Text>
    );
  if (!canStore)
    return (
      <Stack gap={2}>
        <Text size="sm" c="gray.7">
          Not stored
        </Text>
        {record}
      </Stack>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Button size="xs" variant="light" onClick={() => onStore(i)} aria-label={`Store ${i.collectedSample.sampleId}`}>
        Store
      </Button>
      {record}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
