import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@contract/orders.contract';
import { formatDate, shortName } from '@/lib/format';
import { PriorityBadge, ReleaseBadge } from './order-badges';

/** spec 1 §2 Orders screen columns, plus priority and release state; sortable accessors are the API's SortBy keys. */
export function useOrderColumns(): DataTableColumn<OrderSummary>[] {
  const { t } = useTranslation('orders');
  return [
    // An order on a received sample has no participant: its donor code stands in (docs/decisions/0014).
    {
      accessor: 'patient',
      title: t('columns.patient'),
      render: (o) =>
        o.patient ? (
          shortName(o.patient)
        ) : (
          <Text size="sm" ff="monospace" title={t('columns.donorCodeHint')}>
            {o.donorCode ?? '—'}
          </Text>
        ),
    },
    { accessor: 'patientMRN', title: t('columns.patientMRN'), render: (o) => o.patientMRN ?? '—' },
    {
      accessor: 'sampleId',
      title: t('columns.sampleId'),
      render: (o) => (
        <Text size="sm" ff="monospace" fw={600}>
          {o.sampleId}
        </Text>
      ),
    },
    {
      accessor: 'collectedSampleId',
      title: t('columns.collectedSampleId'),
      render: (o) => o.collectedSample?.sampleId ?? '—',
    },
    { accessor: 'priority', title: t('columns.priority'), sortable: true, render: (o) => <PriorityBadge order={o} /> },
    {
      accessor: 'createdDate',
      title: t('columns.orderedDate'),
      sortable: true,
      render: (o) => formatDate(o.createdDate, '—'),
    },
    {
      accessor: 'orderedPanels',
      title: t('columns.orderedPanels'),
      render: (o) => (
        <Group gap={4}>
          {o.orderedPanels.map((title) => (
            <Badge key={title} variant="light" radius="sm" tt="none">
              {title}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'releaseState',
      title: t('columns.release'),
      sortable: true,
      render: (o) => <ReleaseBadge state={o.releaseState} />,
    },
  ];
}
