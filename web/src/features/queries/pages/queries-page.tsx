import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import {
  DIMENSION_LABELS,
  QUERY_DIMENSIONS,
  type CriteriaGroup,
  type QueryDimension,
  type QuerySample,
  type SavedQuery,
} from '@contract/queries.contract';
import { CellCountText } from '@/components/cell-count';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { errorTitle } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
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

const columns: DataTableColumn<QuerySample>[] = [
  { accessor: 'sampleId', title: 'Sample ID' },
  { accessor: 'specimenType', title: 'Specimen Type' },
  { accessor: 'kind', title: 'Lineage', render: (s) => s.kind.charAt(0).toUpperCase() + s.kind.slice(1) },
  { accessor: 'remainingAmount', title: 'Remaining', render: (s) => `${s.remainingAmount} ${s.unit}` },
  { accessor: 'collectedDate', title: 'Collected', render: (s) => formatDate(s.collectedDate) },
  { accessor: 'collectionProtocol', title: 'Protocol', render: (s) => s.collectionProtocol ?? '—' },
  { accessor: 'inStorage', title: 'In Storage', render: (s) => (s.inStorage ? 'Yes' : 'No') },
];

const ProblemAlert = ({ title, error }: { title: string; error: unknown }) => (
  <Alert color="red" icon={<IconAlertCircle />} title={title}>
    {errorTitle(error)}
  </Alert>
);

/** /queries: the query builder (issue 32 item 4). Researchers see counts; staff (queries.staff) also the samples. */
export function QueriesPage() {
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

  const count = useQueryCount(instId, ask);
  const aggregate = useQueryAggregate(instId, ask, groupBy, true);
  const samples = useQuerySamples(instId, ask, { page: list.page, pageSize: list.pageSize }, staff);
  const saved = useSavedQueries(instId);
  const protocols = useDistributionChoices(instId, canDistribution);
  const create = useCreateSavedQuery(instId);
  const update = useUpdateSavedQuery(instId);
  const disable = useDisableSavedQuery(instId);

  const run = () => {
    list.setPage(1);
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
        notifications.show({ color: 'green', title: 'Saved', message: `${q.name} is saved.` });
      },
      onError: failed('The query could not be saved'),
    });
  const saveChanges = () =>
    loaded &&
    update.mutate(
      { ...values(), id: loaded.id, concurrencyStamp: loaded.concurrencyStamp },
      {
        onSuccess: (q) => {
          setLoaded(q);
          notifications.show({ color: 'green', title: 'Saved', message: `${q.name} is updated.` });
        },
        onError: failed('The query could not be updated'),
      },
    );
  const disableLoaded = () =>
    loaded &&
    disable.mutate(loaded.id, {
      onSuccess: () => {
        setLoaded(null);
        notifications.show({ color: 'green', title: 'Disabled', message: `${loaded.name} is disabled.` });
      },
      onError: failed('The query could not be disabled'),
    });

  const mine = loaded !== null && loaded.ownerId === me.id;
  const total = count.data?.count;

  return (
    <Stack maw={1300} mx="auto">
      <div>
        <Title order={1} fz={26}>
          Queries
        </Title>
        <Text size="sm" c="dimmed">
          Find samples by their donor, consent, collection, lab results and answers.{' '}
          {staff
            ? 'You see the matching samples; researchers see counts only.'
            : 'You see counts only: a count from 1 to 4 shows as “< 5”.'}
        </Text>
      </div>

      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Saved query"
            placeholder={saved.isPending ? 'Loading…' : saved.data?.items.length ? 'Choose one' : 'None saved yet'}
            data={(saved.data?.items ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            value={loaded ? String(loaded.id) : null}
            onChange={load}
            clearable
            searchable
            w={260}
          />
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} w={240} />
          <Button variant="light" onClick={saveNew} loading={create.isPending} disabled={!name.trim()}>
            Save as new
          </Button>
          {mine && (
            <>
              <Button variant="light" onClick={saveChanges} loading={update.isPending}>
                Save changes
              </Button>
              <Button variant="subtle" color="red" onClick={disableLoaded} loading={disable.isPending}>
                Disable
              </Button>
            </>
          )}
        </Group>
      </Paper>

      <GroupEditor group={criteria} onChange={setCriteria} />

      <Group align="flex-end" gap="sm" wrap="wrap">
        {canDistribution && (
          <Select
            label="Only samples eligible for"
            placeholder="Any distribution protocol or none"
            data={(protocols.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.title }))}
            value={protocolId ? String(protocolId) : null}
            onChange={(v) => setProtocolId(v ? Number(v) : null)}
            clearable
            searchable
            w={300}
          />
        )}
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={run} loading={count.isFetching}>
          Count
        </Button>
      </Group>

      {ask === null ? (
        <Text c="dimmed">Build the criteria, then press Count.</Text>
      ) : count.isError ? (
        <ProblemAlert title="The query could not be run" error={count.error} />
      ) : count.isPending ? (
        <Loader size="sm" aria-label="Counting" />
      ) : (
        <Text size="lg" fw={600} role="status">
          Matching samples: {total}
        </Text>
      )}

      {ask !== null && !count.isError && (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <Title order={2} fz={20}>
              Counts by
            </Title>
            <Select
              aria-label="Group counts by"
              data={QUERY_DIMENSIONS.map((d) => ({ value: d, label: DIMENSION_LABELS[d] }))}
              value={groupBy}
              onChange={(v) => setGroupBy(QUERY_DIMENSIONS.find((d) => d === v) ?? 'specimenType')}
              allowDeselect={false}
              w={220}
            />
          </Group>
          {aggregate.isError ? (
            <ProblemAlert title="The counts could not be loaded" error={aggregate.error} />
          ) : aggregate.isPending ? (
            <Loader size="sm" aria-label="Loading counts" />
          ) : aggregate.data.rows.length === 0 ? (
            <Text c="dimmed">No samples match.</Text>
          ) : (
            <Table withTableBorder striped maw={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{DIMENSION_LABELS[aggregate.data.groupBy]}</Table.Th>
                  <Table.Th ta="right">Samples</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {aggregate.data.rows.map((r) => (
                  <Table.Tr key={r.label}>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td ta="right">
                      <CellCountText count={r.count} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {aggregate.data && aggregate.data.hiddenGroups > 0 && (
            <Text size="xs" c="dimmed">
              “—” is withheld: shown, it would let the small group beside it be worked out by subtraction.
            </Text>
          )}
        </Stack>
      )}

      {staff && ask !== null && !count.isError && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} fz={20}>
              Samples
            </Title>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => void exportSamples(instId, ask)}
            >
              Export CSV
            </Button>
          </Group>
          <PagedTable query={samples} list={list} columns={columns} emptyText="No samples match." />
        </Stack>
      )}
    </Stack>
  );
}
