import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { DistributionProtocol } from '@contract/distribution.contract';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { formatDate, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useDistributionProtocols } from '../api/distribution';
import { DistributionForm } from '../components/distribution-form';

const columnsOf = (t: TFunction<'distribution'>): DataTableColumn<DistributionProtocol>[] => [
  { accessor: 'title', title: t('columns.title') },
  {
    accessor: 'principalInvestigator',
    title: t('columns.principalInvestigator'),
    render: (p) => fullName(p.principalInvestigator),
  },
  { accessor: 'institutionName', title: t('columns.institution') },
  { accessor: 'ethicsApprovalNumber', title: t('columns.ethicsApproval') },
  {
    accessor: 'purposes',
    title: t('columns.purposes'),
    render: (p) => p.purposes.map((x) => x.title).join(', ') || t('list.none'),
  },
  { accessor: 'startDate', title: t('columns.startDate'), render: (p) => formatDate(p.startDate) },
  { accessor: 'endDate', title: t('columns.endDate'), render: (p) => formatDate(p.endDate) },
  {
    accessor: 'isEnabled',
    title: t('columns.status'),
    // Words, not a badge: a badge's capitals were cut off in the narrow last column.
    render: (p) => (p.isEnabled ? t('enabled') : t('disabled')),
  },
];

/** /distribution-protocols: the studies that may receive samples (issue 32 item 1); /new opens the create form over it. */
export function DistributionListPage({ creating = false }: { creating?: boolean }) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('distribution');
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
            {t('list.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('list.intro')}
          </Text>
        </div>
        {canManage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate({ pathname: '/distribution-protocols/new', search })}
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
