import { Anchor, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import type { FormDto } from '@contract/forms.contract';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { formEndpoints } from '@contract/forms.endpoints';
import { callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentInstitution } from '@/lib/session-context';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

const editorPath = (f: FormDto) => `/collection-protocols/${f.collectionProtocolId}/collectio-protocol-forms/${f.id}`;

const columnsOf = (t: TFunction<'forms'>): DataTableColumn<FormDto>[] => [
  {
    accessor: 'name',
    title: t('all.name'),
    render: (f) => (
      <Anchor component={Link} to={editorPath(f)} size="sm" onClick={(e) => e.stopPropagation()}>
        {f.name}
      </Anchor>
    ),
  },
  {
    accessor: 'collectionProtocol.title',
    title: t('all.protocol'),
    render: (f) => f.collectionProtocol?.title ?? '',
  },
  { accessor: 'description', title: t('all.description'), render: (f) => f.description ?? '' },
];

/** /forms (spec 2 §1 route table): the questioners of every protocol of the institution; a row opens its editor. */
export function AllFormsPage() {
  const { institution } = useCurrentInstitution();
  const list = useListState();
  const navigate = useNavigate();
  const { t } = useTranslation('forms');
  const q = { page: list.page, pageSize: list.pageSize, search: list.search };
  const forms = useQuery({
    queryKey: queryKeys.protocols.list(institution.id, { forms: q }),
    queryFn: () =>
      callPage(formEndpoints.all, {
        params: { instId: institution.id },
        query: { isEnabled: true, pageNumber: q.page, pageSize: q.pageSize, searchTerm: q.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md" maw={1300} mx="auto">
      <div>
        <Title order={1} fz={26}>
          {t('all.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('all.intro')}
        </Text>
      </div>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('all.search')} />
      <PagedTable
        query={forms}
        list={list}
        columns={columnsOf(t)}
        emptyText={t('all.empty')}
        onRowClick={(f) => void navigate(editorPath(f))}
      />
    </Stack>
  );
}
