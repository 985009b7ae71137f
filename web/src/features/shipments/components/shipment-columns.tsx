import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment, ShipmentItemStatus, ShipmentStatus } from '@contract/shipments.contract';
import { i18next } from '@/lib/i18n';

/** A shipment's status in the screens' language. */
export const statusLabel = (status: ShipmentStatus) => i18next.t(`status.${status}`, { ns: 'shipments' });
const STATUS_COLORS: Record<ShipmentStatus, string> = {
  draft: 'gray',
  shipped: 'blue',
  partially_received: 'orange',
  received: 'teal',
  cancelled: 'gray',
};
const ITEM_STATUS_COLORS: Record<ShipmentItemStatus, string> = {
  pending: 'blue',
  received: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation('shipments');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}
export function ItemStatusBadge({ status }: { status: ShipmentItemStatus }) {
  const { t } = useTranslation('shipments');
  return (
    <Badge variant="light" color={ITEM_STATUS_COLORS[status]}>
      {t(`itemStatus.${status}`)}
    </Badge>
  );
}

/** "2 of 3 received, 1 rejected": what the counts say at a glance. */
export function countsText(c: Shipment['itemCounts']): string {
  const t = i18next.getFixedT(null, 'shipments');
  const parts = [t('counts.items', { count: c.total })];
  if (c.pending && c.pending !== c.total) parts.push(t('counts.pending', { n: c.pending }));
  if (c.received) parts.push(t('counts.received', { n: c.received }));
  if (c.rejected) parts.push(t('counts.rejected', { n: c.rejected }));
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
export function useShipmentColumns(): DataTableColumn<Shipment>[] {
  const { t } = useTranslation('shipments');
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('columns.name'),
        render: (s) => (
          <Text size="sm" fw={600}>
            {s.name}
          </Text>
        ),
      },
      { accessor: 'trackingNumber', title: t('columns.trackingNumber'), render: (s) => s.trackingNumber ?? '' },
      {
        accessor: 'sendingInstitution',
        title: t('columns.sender'),
        render: (s) => <Place institution={s.sendingInstitution} site={s.sendingInstitutionSite} />,
      },
      {
        accessor: 'receivingInstitution',
        title: t('columns.receiver'),
        render: (s) => <Place institution={s.receivingInstitution} site={s.receivingInstitutionSite} />,
      },
      { accessor: 'shippedDate', title: t('columns.shipped'), render: (s) => when(s.shippedDate, s.shippedTime) },
      {
        accessor: 'status',
        title: t('columns.status'),
        render: (s) => (
          <>
            <ShipmentStatusBadge status={s.status} />
            {s.processedDate && (
              <Text size="xs" c="gray.7" mt={2}>
                {t('columns.processed', { when: when(s.processedDate, s.processedTime) })}
              </Text>
            )}
          </>
        ),
      },
      { accessor: 'itemCounts', title: t('columns.items'), render: (s) => countsText(s.itemCounts) },
    ],
    [t],
  );
}
