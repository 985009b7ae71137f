import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useLocation, useNavigate } from 'react-router';
import type { Protocol } from '@contract/protocols.contract';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { formatCount, formatDate } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useProtocols } from '../api/protocols';
import { ProtocolForm } from '../components/protocol-form';
import { protocolPath } from '@/lib/protocol-context';

const columns: DataTableColumn<Protocol>[] = [
  { accessor: 'title', title: 'Title' },
  { accessor: 'abbreviation', title: 'Abbreviation' },
  { accessor: 'code', title: 'Code' },
  { accessor: 'startDate', title: 'Start Date', render: (p) => formatDate(p.startDate) },
  { accessor: 'endDate', title: 'End Date', render: (p) => formatDate(p.endDate) },
  {
    accessor: 'expectedParticipants',
    title: 'Expected Participants',
    textAlign: 'right',
    render: (p) => formatCount(p.expectedParticipants),
  },
];

/** spec 2 §2 "Collection protocol list": search, Create, the spec's columns; a row opens the overview. /collection-protocols/new opens the create form over it. */
export function ProtocolListPage({ creating = false }: { creating?: boolean }) {
  const { institution } = useCurrentInstitution();
  const canManage = useCan('protocols.manage');
  const list = useListState();
  const protocols = useProtocols(institution.id, { page: list.page, pageSize: list.pageSize, search: list.search });
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Stack maw={1300} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Collection Protocols
          </Title>
          <Text size="sm" c="dimmed">
            Studies of the institution: their consents, sites, events and enrolled participants.
          </Text>
        </div>
        {canManage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate({ pathname: '/collection-protocols/new', search })}
          >
            Create
          </Button>
        )}
      </Group>
      <SearchBox value={list.search} onSearch={list.setSearch} withButton placeholder="Title, abbreviation or code" />
      <PagedTable
        query={protocols}
        list={list}
        columns={columns}
        emptyText="No collection protocols yet."
        onRowClick={(p) => void navigate(protocolPath(p))}
      />
      {canManage && creating && (
        <ProtocolForm
          onClose={() => void navigate({ pathname: '/collection-protocols', search })}
          onSaved={(p) => void navigate(protocolPath(p))}
        />
      )}
    </Stack>
  );
}
