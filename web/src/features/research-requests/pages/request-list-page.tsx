import { Anchor, Button, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconReportAnalytics } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { REQUEST_STATES, type RequestState, type ResearchRequest } from '@contract/requests.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { formatDate, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { usePhone } from '@/lib/use-phone';
import { useResearchRequests } from '../api/requests';
import { RequestForm } from '../components/request-form';
import { RequestStateBadge } from '../components/request-state-badge';

const isState = (s: string): s is RequestState => REQUEST_STATES.some((x) => x === s);
/** `?states=submitted,approved` in the address, so the filter survives a reload and the browser's Back. */
const statesOf = (value: string | null): RequestState[] => (value ?? '').split(',').filter(isState);

/**
 * /research-requests: a Researcher's own requests ("My requests"); reviewers and fulfilment staff see every
 * request of the institution. Both filter by state; /new opens the request form over the list.
 */
export function RequestListPage({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const reviews = useCan('requests.review');
  const fulfils = useCan('requests.fulfil');
  const staff = reviews || fulfils;
  const canCreate = useCan('requests.create');
  const list = useListState();
  const phone = usePhone();
  const [params, setParams] = useSearchParams();
  const states = statesOf(params.get('states'));
  const requests = useResearchRequests(institution.id, {
    page: list.page,
    pageSize: list.pageSize,
    states,
    mine: !staff,
  });
  const navigate = useNavigate();
  const { search } = useLocation();
  const setStates = (next: string[]) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      const chosen = next.filter(isState);
      if (chosen.length) p.set('states', chosen.join(','));
      else p.delete('states');
      p.delete('PageNumber');
      return p;
    });

  const columns: DataTableColumn<ResearchRequest>[] = [
    {
      accessor: 'title',
      title: t('list.columns.title'),
      // A link, so the keyboard reaches each request (the row's click is the mouse's shortcut). On a phone the
      // card's title is already a button that opens it: a link inside it would nest two controls.
      render: (r) =>
        phone ? (
          r.title
        ) : (
          <Anchor component={Link} to={`/research-requests/${r.id}`} onClick={(e) => e.stopPropagation()}>
            {r.title}
          </Anchor>
        ),
    },
    {
      accessor: 'distributionProtocol',
      title: t('list.columns.protocol'),
      render: (r) => r.distributionProtocol.title,
    },
    ...(staff
      ? [
          {
            accessor: 'requester',
            title: t('list.columns.requester'),
            render: (r: ResearchRequest) => fullName(r.requester),
          },
        ]
      : []),
    { accessor: 'state', title: t('list.columns.state'), render: (r) => <RequestStateBadge state={r.state} /> },
    {
      accessor: 'submittedDate',
      title: t('list.columns.submitted'),
      render: (r) => formatDate(r.submittedDate, t('list.notSubmitted')),
    },
    { accessor: 'itemCount', title: t('list.columns.samples'), textAlign: 'right' },
  ];

  return (
    <Stack maw={1300} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {staff ? t('list.all') : t('list.mine')}
          </Title>
          <Text size="sm" c="dimmed">
            {staff ? t('list.introAll') : t('list.introMine')}
          </Text>
        </div>
        <Group gap="sm">
          {reviews && (
            <Button
              variant="default"
              component={Link}
              to="/research-requests/reports"
              leftSection={<IconReportAnalytics size={16} />}
            >
              {t('list.reports')}
            </Button>
          )}
          {canCreate && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate({ pathname: '/research-requests/new', search })}
            >
              {t('list.new')}
            </Button>
          )}
        </Group>
      </Group>
      <MultiSelect
        label={t('list.states')}
        placeholder={states.length ? undefined : t('list.everyState')}
        data={REQUEST_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        value={states}
        onChange={setStates}
        clearable
        maw={520}
      />
      <PagedTable
        query={requests}
        list={list}
        columns={columns}
        emptyText={states.length ? t('list.emptyFiltered') : t('list.empty')}
        onRowClick={(r) => void navigate(`/research-requests/${r.id}`)}
      />
      {canCreate && creating && (
        <RequestForm
          onClose={() => void navigate({ pathname: '/research-requests', search })}
          onSaved={(r) => void navigate(`/research-requests/${r.id}`)}
        />
      )}
    </Stack>
  );
}
