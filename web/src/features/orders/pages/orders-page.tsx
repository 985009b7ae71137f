import { useState } from 'react';
import { Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState, type SortOptions } from '@/components/use-list-state';
import {
  ORDER_SORTS,
  RELEASE_STATE_LABELS,
  RELEASE_STATES,
  type OrderSort,
  type ReleaseState,
} from '@contract/orders.contract';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useOrders, type OrderSearchBy } from '../api/orders';
import { orderColumns } from '../components/order-columns';
import { testResultPath } from '../components/result-values';

const TABS: { value: OrderSearchBy; label: string; placeholder: string }[] = [
  { value: 'sample', label: 'SAMPLE ID', placeholder: 'Sample ID, e.g. L2406010001' },
  { value: 'mrn', label: 'PATIENT MRN', placeholder: 'Patient MRN' },
  { value: 'collected', label: 'COLLECTED SAMPLE ID', placeholder: 'Collected sample ID (exact)' },
];
const asSearchBy = (v: string | null): OrderSearchBy | null =>
  TABS.some((t) => t.value === v) ? (v as OrderSearchBy) : null;

/** Newest first unless a header is clicked (Priority, Ordered Date, Release). */
const SORTING: SortOptions = { keys: ORDER_SORTS, fallback: { columnAccessor: 'createdDate', direction: 'desc' } };
const RELEASE_OPTIONS = [
  { value: 'all', label: 'All' },
  ...RELEASE_STATES.map((s) => ({ value: s, label: RELEASE_STATE_LABELS[s] })),
];
const asReleaseState = (v: string | null) =>
  (RELEASE_STATES as readonly string[]).includes(v ?? '') ? (v as ReleaseState) : null;

/** spec 1 §2 Orders screen: search by sample ID or patient MRN; without a search, the newest orders. */
export function OrdersPage() {
  const canCreate = useCan('orders.create');
  return (
    <Stack maw={1300} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          Orders
        </Title>
        {canCreate && (
          <Button component={Link} to="/orders/new" leftSection={<IconPlus size={16} />}>
            New Order
          </Button>
        )}
      </Group>
      <OrdersSearch />
    </Stack>
  );
}

function OrdersSearch() {
  const { institution } = useCurrentInstitution();
  const navigate = useNavigate();
  const list = useListState(SORTING);
  const [params, setParams] = useSearchParams();
  const by: OrderSearchBy = asSearchBy(params.get('by')) ?? 'sample';
  const releaseState = asReleaseState(params.get('ReleaseState'));
  // Each tab remembers its own text; clicking a tab searches with it again (spec 1 §2).
  const [texts, setTexts] = useState<Record<OrderSearchBy, string>>({
    sample: '',
    mrn: '',
    collected: '',
    [by]: list.search,
  });
  const sort = list.sort ?? SORTING.fallback;
  const orders = useOrders(institution.id, {
    by,
    search: list.search,
    page: list.page,
    pageSize: list.pageSize,
    sortBy: sort.columnAccessor as OrderSort,
    sortDirection: sort.direction,
    releaseState,
  });
  const filterRelease = (v: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      const state = asReleaseState(v);
      if (state) next.set('ReleaseState', state);
      else next.delete('ReleaseState');
      next.delete('PageNumber');
      return next;
    });

  const run = (tab: OrderSearchBy, term: string) => {
    setTexts((t) => ({ ...t, [tab]: term }));
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (tab === 'sample') next.delete('by');
      else next.set('by', tab);
      if (term.trim()) next.set('SearchTerm', term.trim());
      else next.delete('SearchTerm');
      next.delete('PageNumber');
      return next;
    });
    // The same search again (a tab clicked twice, Search pressed again) fetches afresh.
    if (tab === by && term.trim() === list.search && list.page === 1) void orders.refetch();
  };

  return (
    <>
      <Tabs
        value={by}
        onChange={(v) => {
          const tab = asSearchBy(v);
          if (tab) run(tab, texts[tab]);
        }}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            <SearchBox
              value={texts[t.value]}
              onSearch={(term) => run(t.value, term)}
              withButton
              placeholder={t.placeholder}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="xs" c="dimmed" style={{ flex: '1 1 320px' }}>
          <IconInfoCircle size={12} style={{ verticalAlign: -1 }} />
          {!list.search && ' Without a search, the newest orders are listed.'} Click a column heading to sort.
        </Text>
        <Select
          label="Release"
          data={RELEASE_OPTIONS}
          value={releaseState ?? 'all'}
          onChange={filterRelease}
          allowDeselect={false}
          w={200}
          size="sm"
        />
      </Group>
      <PagedTable
        query={orders}
        list={list}
        columns={orderColumns}
        emptyText={releaseState ? `No ${RELEASE_STATE_LABELS[releaseState].toLowerCase()} orders.` : 'No orders yet.'}
        cardTitle="sampleId"
        onRowClick={(o) => void navigate(testResultPath(o.sampleId))}
      />
    </>
  );
}
