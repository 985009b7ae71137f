import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  QUERY_DIMENSIONS,
  LINEAGES,
  type CriteriaGroup,
  type QueryDimension,
  type QuerySample,
  type SavedQuery,
} from '@contract/queries.contract';
import { CellCountText } from '@/components/cell-count';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { errorTitle } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { useCan, useCurrentInstitution, useMe } from '@/lib/session-context';
import {
  exportSamples,
  useCreateSavedQuery,
  useDisableSavedQuery,
  useDistributionChoices,
  useQueryAggregate,
  useQueryCount,
  useQuerySamples,
  useSavedQueries,
  useUpdateSavedQuery,
  type Ask,
} from '../api/queries';
import { emptyTree, GroupEditor } from '../components/criteria-editor';
import { countText } from '../components/count-text';

const columnsOf = (t: TFunction<'research'>): DataTableColumn<QuerySample>[] => [
  { accessor: 'sampleId', title: t('queries.columns.sampleId') },
  { accessor: 'specimenType', title: t('queries.columns.specimenType') },
  {
    accessor: 'kind',
    title: t('queries.columns.kind'),
    render: (s) => {
      const lineage = LINEAGES.find((l) => l === s.kind);
      return lineage ? t(`criteria.lineages.${lineage}`) : s.kind;
    },
  },
  {
    accessor: 'remainingAmount',
    title: t('queries.columns.remainingAmount'),
    render: (s) => `${formatNumber(s.remainingAmount)} ${s.unit}`,
  },
  { accessor: 'collectedDate', title: t('queries.columns.collectedDate'), render: (s) => formatDate(s.collectedDate) },
  {
    accessor: 'collectionProtocol',
    title: t('queries.columns.collectionProtocol'),
    render: (s) => s.collectionProtocol ?? '—',
  },
  {
    accessor: 'inStorage',
    title: t('queries.columns.inStorage'),
    render: (s) => (s.inStorage ? t('queries.yes') : t('queries.no')),
  },
];

const ProblemAlert = ({ title, error }: { title: string; error: unknown }) => (
  <Alert color="red" icon={<IconAlertCircle />} title={title}>
    {errorTitle(error)}
  </Alert>
);

/** /queries: the query builder (issue 32 item 4). Researchers see counts; staff (queries.staff) also the samples. */
export function QueriesPage() {
  const { t } = useTranslation('research');
  const { institution } = useCurrentInstitution();
  const me = useMe();
  const instId = institution.id;
  const staff = useCan('queries.staff');
  const canDistribution = useCan('distribution.read');
  const [criteria, setCriteria] = useState<CriteriaGroup>(emptyTree);
  const [protocolId, setProtocolId] = useState<number | null>(null);
  const [groupBy, setGroupBy] = useState<QueryDimension>('specimenType');
  const [ask, setAsk] = useState<Ask | null>(null);
  const [loaded, setLoaded] = useState<SavedQuery | null>(null);
  const [name, setName] = useState('');
  const list = useListState();

  const [exact, setExact] = useState(false);
  const count = useQueryCount(instId, ask, exact);
  const aggregate = useQueryAggregate(instId, ask, groupBy, true);
  const samples = useQuerySamples(instId, ask, { page: list.page, pageSize: list.pageSize }, staff);
  const saved = useSavedQueries(instId);
  const protocols = useDistributionChoices(instId, canDistribution);
  const create = useCreateSavedQuery(instId);
  const update = useUpdateSavedQuery(instId);
  const disable = useDisableSavedQuery(instId);

  const run = () => {
    list.setPage(1);
    setExact(false);
    setAsk({ criteria, distributionProtocolId: protocolId });
  };
  const load = (id: string | null) => {
    const q = saved.data?.items.find((x) => String(x.id) === id) ?? null;
    setLoaded(q);
    if (!q) return;
    setCriteria(q.criteria);
    setProtocolId(q.distributionProtocolId);
    if (q.groupBy) setGroupBy(q.groupBy);
    setName(q.name);
    setAsk(null);
  };
  const values = () => ({ name, criteria, distributionProtocolId: protocolId, groupBy });
  const failed = (title: string) => (e: unknown) =>
    notifications.show({ color: 'red', title, message: errorTitle(e), autoClose: 5000 });
  const saveNew = () =>
    create.mutate(values(), {
      onSuccess: (q) => {
        setLoaded(q);
        notifications.show({
          color: 'green',
          title: t('queries.savedTitle'),
          message: t('queries.savedNew', { name: q.name }),
        });
      },
      onError: failed(t('queries.saveFailed')),
    });
  const saveChanges = () =>
    loaded &&
    update.mutate(
      { ...values(), id: loaded.id, concurrencyStamp: loaded.concurrencyStamp },
      {
        onSuccess: (q) => {
          setLoaded(q);
          notifications.show({
            color: 'green',
            title: t('queries.savedTitle'),
            message: t('queries.savedChanges', { name: q.name }),
          });
        },
        onError: failed(t('queries.updateFailed')),
      },
    );
  const disableLoaded = () =>
    loaded &&
    disable.mutate(loaded.id, {
      onSuccess: () => {
        setLoaded(null);
        notifications.show({
          color: 'green',
          title: t('queries.disabledTitle'),
          message: t('queries.disabled', { name: loaded.name }),
        });
      },
      onError: failed(t('queries.disableFailed')),
    });

  const mine = loaded !== null && loaded.ownerId === me.id;

  return (
    <Stack maw={1300} mx="auto">
      <div>
        <Title order={1} fz={26}>
          {t('queries.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('queries.intro')} {staff ? t('queries.introStaff') : t('queries.introResearcher')}
        </Text>
      </div>

      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('queries.saved')}
            placeholder={
              saved.isPending
                ? t('loading')
                : saved.data?.items.length
                  ? t('queries.chooseSaved')
                  : t('queries.noneSaved')
            }
            data={(saved.data?.items ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            value={loaded ? String(loaded.id) : null}
            onChange={load}
            clearable
            searchable
            w={260}
          />
          <TextInput label={t('queries.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} w={240} />
          <Button variant="light" onClick={saveNew} loading={create.isPending} disabled={!name.trim()}>
            {t('queries.saveNew')}
          </Button>
          {mine && (
            <>
              <Button variant="light" onClick={saveChanges} loading={update.isPending}>
                {t('queries.saveChanges')}
              </Button>
              <Button variant="subtle" color="red" onClick={disableLoaded} loading={disable.isPending}>
                {t('queries.disable')}
              </Button>
            </>
          )}
        </Group>
      </Paper>

      <GroupEditor group={criteria} onChange={setCriteria} />

      <Group align="flex-end" gap="sm" wrap="wrap">
        {canDistribution && (
          <Select
            label={t('queries.eligibleFor')}
            placeholder={t('queries.anyProtocol')}
            data={(protocols.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.title }))}
            value={protocolId ? String(protocolId) : null}
            onChange={(v) => setProtocolId(v ? Number(v) : null)}
            clearable
            searchable
            w={300}
          />
        )}
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={run} loading={count.isFetching}>
          {t('queries.count')}
        </Button>
      </Group>

      {ask === null ? (
        <Text c="dimmed">{t('queries.prompt')}</Text>
      ) : count.isError ? (
        <ProblemAlert title={t('queries.runFailed')} error={count.error} />
      ) : count.isPending ? (
        <Loader role="status" size="sm" aria-label={t('queries.counting')} />
      ) : (
        <Group gap="sm" align="center">
          <Text size="lg" fw={600} role="status">
            {t('queries.matching', { count: count.data ? countText(t, count.data) : '' })}
          </Text>
          {staff && count.data?.capped && (
            <Button variant="light" size="xs" onClick={() => setExact(true)}>
              {t('queries.countExactly')}
            </Button>
          )}
        </Group>
      )}

      {ask !== null && !count.isError && (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <Title order={2} fz={20}>
              {t('queries.countsBy')}
            </Title>
            <Select
              aria-label={t('queries.groupBy')}
              data={QUERY_DIMENSIONS.map((d) => ({ value: d, label: t(`queries.dimensions.${d}`) }))}
              value={groupBy}
              onChange={(v) => setGroupBy(QUERY_DIMENSIONS.find((d) => d === v) ?? 'specimenType')}
              allowDeselect={false}
              w={220}
            />
          </Group>
          {aggregate.isError ? (
            <ProblemAlert title={t('queries.countsFailed')} error={aggregate.error} />
          ) : aggregate.isPending ? (
            <Loader role="status" size="sm" aria-label={t('queries.loadingCounts')} />
          ) : aggregate.data.rows.length === 0 ? (
            <Text c="dimmed">{t('queries.noMatch')}</Text>
          ) : (
            <Table withTableBorder striped maw={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`queries.dimensions.${aggregate.data.groupBy}`)}</Table.Th>
                  <Table.Th ta="end">{t('queries.samples')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {aggregate.data.rows.map((r) => (
                  <Table.Tr key={r.label}>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td ta="end">
                      <CellCountText count={r.count} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {aggregate.data && aggregate.data.hiddenGroups > 0 && (
            <Text size="xs" c="dimmed">
              {t('withheldNote')}
            </Text>
          )}
        </Stack>
      )}

      {staff && ask !== null && !count.isError && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} fz={20}>
              {t('queries.samples')}
            </Title>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => void exportSamples(instId, ask, t('queries.csvFailed'))}
            >
              {t('queries.exportCsv')}
            </Button>
          </Group>
          <PagedTable query={samples} list={list} columns={columnsOf(t)} emptyText={t('queries.noMatch')} />
        </Stack>
      )}
    </Stack>
  );
}
