import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useLocation, useNavigate } from 'react-router';
import type { DistributionProtocol } from '@contract/distribution.contract';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { formatDate, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useDistributionProtocols } from '../api/distribution';
import { DistributionForm } from '../components/distribution-form';

const columns: DataTableColumn<DistributionProtocol>[] = [
  { accessor: 'title', title: 'Title' },
  {
    accessor: 'principalInvestigator',
    title: 'Principal Investigator',
    render: (p) => fullName(p.principalInvestigator),
  },
  { accessor: 'institutionName', title: 'Institution' },
  { accessor: 'ethicsApprovalNumber', title: 'Ethics Approval' },
  {
    accessor: 'purposes',
    title: 'Consent Purposes',
    render: (p) => p.purposes.map((x) => x.title).join(', ') || 'none',
  },
  { accessor: 'startDate', title: 'Start Date', render: (p) => formatDate(p.startDate) },
  { accessor: 'endDate', title: 'End Date', render: (p) => formatDate(p.endDate) },
  {
    accessor: 'isEnabled',
    title: 'Status',
    // Words, not a badge: a badge's capitals were cut off in the narrow last column.
    render: (p) => (p.isEnabled ? 'Enabled' : 'Disabled'),
  },
];

/** /distribution-protocols: the studies that may receive samples (issue 32 item 1); /new opens the create form over it. */
export function DistributionListPage({ creating = false }: { creating?: boolean }) {
  const { institution } = useCurrentInstitution();
  const canManage = useCan('distribution.manage');
  const list = useListState();
  const protocols = useDistributionProtocols(institution.id, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
  });
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Stack maw={1300} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Distribution Protocols
          </Title>
          <Text size="sm" c="dimmed">
            Studies that may receive samples: their ethics approval and the consent purposes a donor must have granted.
          </Text>
        </div>
        {canManage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate({ pathname: '/distribution-protocols/new', search })}
          >
            Create
          </Button>
        )}
      </Group>
      <SearchBox
        value={list.search}
        onSearch={list.setSearch}
        withButton
        placeholder="Title, institution or ethics approval number"
      />
      <PagedTable
        query={protocols}
        list={list}
        columns={columns}
        emptyText="No distribution protocols yet."
        onRowClick={(p) => void navigate(`/distribution-protocols/${p.id}`)}
      />
      {canManage && creating && (
        <DistributionForm
          onClose={() => void navigate({ pathname: '/distribution-protocols', search })}
          onSaved={(p) => void navigate(`/distribution-protocols/${p.id}`)}
        />
      )}
    </Stack>
  );
}
