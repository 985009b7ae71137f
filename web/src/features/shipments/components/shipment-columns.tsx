import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Shipment, ShipmentItemStatus, ShipmentStatus } from '@contract/shipments.contract';

export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  draft: 'Draft',
  shipped: 'Shipped',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};
const STATUS_COLORS: Record<ShipmentStatus, string> = {
  draft: 'gray',
  shipped: 'blue',
  partially_received: 'orange',
  received: 'teal',
  cancelled: 'gray',
};
export const ITEM_STATUS_LABELS: Record<ShipmentItemStatus, string> = {
  pending: 'Pending',
  received: 'Received',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};
const ITEM_STATUS_COLORS: Record<ShipmentItemStatus, string> = {
  pending: 'blue',
  received: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

export const ShipmentStatusBadge = ({ status }: { status: ShipmentStatus }) => (
  <Badge variant="light" color={STATUS_COLORS[status]}>
    {STATUS_LABELS[status]}
  </Badge>
);
export const ItemStatusBadge = ({ status }: { status: ShipmentItemStatus }) => (
  <Badge variant="light" color={ITEM_STATUS_COLORS[status]}>
    {ITEM_STATUS_LABELS[status]}
  </Badge>
);

/** "2 of 3 received, 1 rejected": what the counts say at a glance. */
export function countsText(c: Shipment['itemCounts']): string {
  const parts = [`${c.total} item${c.total === 1 ? '' : 's'}`];
  if (c.pending && c.pending !== c.total) parts.push(`${c.pending} pending`);
  if (c.received) parts.push(`${c.received} received`);
  if (c.rejected) parts.push(`${c.rejected} rejected`);
  return parts.join(', ');
}

const title = (r: { title: string | null } | null) => r?.title ?? '';

/** An institution over its site, one cell: who sends or receives, at a glance. */
const Place = ({
  institution,
  site,
}: {
  institution: { title: string | null } | null;
  site: { title: string | null } | null;
}) => (
  <>
    <Text size="sm">{title(institution)}</Text>
    {site && (
      <Text size="xs" c="gray.7">
        {title(site)}
      </Text>
    )}
  </>
);

const when = (date: string | null, time: string | null) => [date, time].filter(Boolean).join(' ');

/**
 * Spec 2 §2 "Shipments" list, its eleven columns merged into seven so the list fits a 1280 px screen without
 * a sideways scroll (issue 28 item 4): each institution over its site, date with time, the processed time
 * under the status, plus the item counts.
 */
export const shipmentColumns: DataTableColumn<Shipment>[] = [
  {
    accessor: 'name',
    title: 'Name',
    render: (s) => (
      <Text size="sm" fw={600}>
        {s.name}
      </Text>
    ),
  },
  { accessor: 'trackingNumber', title: 'Tracking Number', render: (s) => s.trackingNumber ?? '' },
  {
    accessor: 'sendingInstitution',
    title: 'Sender',
    render: (s) => <Place institution={s.sendingInstitution} site={s.sendingInstitutionSite} />,
  },
  {
    accessor: 'receivingInstitution',
    title: 'Receiver',
    render: (s) => <Place institution={s.receivingInstitution} site={s.receivingInstitutionSite} />,
  },
  { accessor: 'shippedDate', title: 'Shipped', render: (s) => when(s.shippedDate, s.shippedTime) },
  {
    accessor: 'status',
    title: 'Status',
    render: (s) => (
      <>
        <ShipmentStatusBadge status={s.status} />
        {s.processedDate && (
          <Text size="xs" c="gray.7" mt={2}>
            Processed {when(s.processedDate, s.processedTime)}
          </Text>
        )}
      </>
    ),
  },
  { accessor: 'itemCounts', title: 'Items', render: (s) => countsText(s.itemCounts) },
];
