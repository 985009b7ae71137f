import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { OrderSummary } from '@contract/orders.contract';
import { formatDate, shortName } from '@/lib/format';
import { PriorityBadge, ReleaseBadge } from './order-badges';

/** spec 1 §2 Orders screen columns, plus priority and release state; sortable accessors are the API's SortBy keys. */
export const orderColumns: DataTableColumn<OrderSummary>[] = [
  // An order on a received sample has no participant: its donor code stands in (docs/decisions/0014).
  {
    accessor: 'patient',
    title: 'Patient',
    render: (o) =>
      o.patient ? (
        shortName(o.patient)
      ) : (
        <Text size="sm" ff="monospace" title="Donor code of a received sample">
          {o.donorCode ?? '—'}
        </Text>
      ),
  },
  { accessor: 'patientMRN', title: 'Patient MRN', render: (o) => o.patientMRN ?? '—' },
  {
    accessor: 'sampleId',
    title: 'Sample ID',
    render: (o) => (
      <Text size="sm" ff="monospace" fw={600}>
        {o.sampleId}
      </Text>
    ),
  },
  { accessor: 'collectedSampleId', title: 'Collected Sample ID', render: (o) => o.collectedSample?.sampleId ?? '—' },
  { accessor: 'priority', title: 'Priority', sortable: true, render: (o) => <PriorityBadge order={o} /> },
  { accessor: 'createdDate', title: 'Ordered Date', sortable: true, render: (o) => formatDate(o.createdDate, '—') },
  {
    accessor: 'orderedPanels',
    title: 'Ordered Panels',
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
    title: 'Release',
    sortable: true,
    render: (o) => <ReleaseBadge state={o.releaseState} />,
  },
];
