import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Shipment, ShipmentItemStatus, ShipmentStatus } from '@contract/shipments.contract';

export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  draft: 'Draft', shipped: 'Shipped', partially_received: 'Partially received', received: 'Received', cancelled: 'Cancelled',
};
const STATUS_COLORS: Record<ShipmentStatus, string> = {
  draft: 'gray', shipped: 'blue', partially_received: 'orange', received: 'teal', cancelled: 'gray',
};
export const ITEM_STATUS_LABELS: Record<ShipmentItemStatus, string> = { pending: 'Pending', received: 'Received', rejected: 'Rejected', cancelled: 'Cancelled' };
const ITEM_STATUS_COLORS: Record<ShipmentItemStatus, string> = { pending: 'blue', received: 'teal', rejected: 'red', cancelled: 'gray' };

export const ShipmentStatusBadge = ({ status }: { status: ShipmentStatus }) => (
  <Badge variant="light" color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Badge>
);
export const ItemStatusBadge = ({ status }: { status: ShipmentItemStatus }) => (
  <Badge variant="light" color={ITEM_STATUS_COLORS[status]}>{ITEM_STATUS_LABELS[status]}</Badge>
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

/** Spec 2 §2 "Shipments" list columns, plus the item counts. */
export const shipmentColumns: DataTableColumn<Shipment>[] = [
  { accessor: 'name', title: 'Name', render: (s) => <Text size="sm" fw={600}>{s.name}</Text> },
  { accessor: 'trackingNumber', title: 'Tracking Number', render: (s) => s.trackingNumber ?? '' },
  { accessor: 'sendingInstitutionSite', title: 'Sending Institution Site', render: (s) => title(s.sendingInstitutionSite) },
  { accessor: 'sendingInstitution', title: 'Sending Institution', render: (s) => title(s.sendingInstitution) },
  { accessor: 'receivingInstitution', title: 'Receiving Institution', render: (s) => title(s.receivingInstitution) },
  { accessor: 'receivingInstitutionSite', title: 'Receiving Institution Site', render: (s) => title(s.receivingInstitutionSite) },
  { accessor: 'shippedDate', title: 'Shipped Date' },
  { accessor: 'shippedTime', title: 'Shipped Time' },
  { accessor: 'status', title: 'Status', render: (s) => <ShipmentStatusBadge status={s.status} /> },
  { accessor: 'processedDate', title: 'Processed Date', render: (s) => s.processedDate ?? '' },
  { accessor: 'processedTime', title: 'Processed Time', render: (s) => s.processedTime ?? '' },
  { accessor: 'itemCounts', title: 'Items', render: (s) => countsText(s.itemCounts) },
];
