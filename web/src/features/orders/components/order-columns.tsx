import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { OrderSummary } from '@contract/orders.contract';
import { formatDate, shortName } from '@/lib/format';

/** spec 1 §2 Orders screen columns. */
export const orderColumns: DataTableColumn<OrderSummary>[] = [
  { accessor: 'patient', title: 'Patient', render: (o) => shortName(o.patient) },
  { accessor: 'patientMRN', title: 'Patient MRN', render: (o) => o.patientMRN ?? '—' },
  { accessor: 'sampleId', title: 'Sample ID', render: (o) => <Text size="sm" ff="monospace" fw={600}>{o.sampleId}</Text> },
  { accessor: 'collectedSampleId', title: 'Collected Sample ID', render: (o) => o.collectedSampleId ?? '—' },
  { accessor: 'createdDate', title: 'Ordered Date', render: (o) => formatDate(o.createdDate, '—') },
  {
    accessor: 'orderedPanels', title: 'Ordered Panels',
    render: (o) => (
      <Group gap={4}>
        {o.orderedPanels.map((title) => <Badge key={title} variant="light" radius="sm" tt="none">{title}</Badge>)}
      </Group>
    ),
  },
];
