import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
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

const columnsOf = (t: TFunction<'protocols'>): DataTableColumn<Protocol>[] => [
  { accessor: 'title', title: t('fields.title') },
  { accessor: 'abbreviation', title: t('fields.abbreviation') },
  { accessor: 'code', title: t('fields.code') },
  { accessor: 'startDate', title: t('fields.startDate'), render: (p) => formatDate(p.startDate) },
  { accessor: 'endDate', title: t('fields.endDate'), render: (p) => formatDate(p.endDate) },
  {
    accessor: 'expectedParticipants',
    title: t('fields.expectedParticipants'),
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
  const { t } = useTranslation('protocols');
  return (
    <Stack maw={1300} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('list.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('list.intro')}
          </Text>
        </div>
        {canManage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate({ pathname: '/collection-protocols/new', search })}
          >
            {t('list.create')}
          </Button>
        )}
      </Group>
      <SearchBox value={list.search} onSearch={list.setSearch} withButton placeholder={t('list.search')} />
      <PagedTable
        query={protocols}
        list={list}
        columns={columnsOf(t)}
        emptyText={t('list.empty')}
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
