import { useState } from 'react';
import { Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState, type SortOptions } from '@/components/use-list-state';
import { ORDER_SORTS, RELEASE_STATES, type OrderSort, type ReleaseState } from '@contract/orders.contract';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useOrders, type OrderSearchBy } from '../api/orders';
import { useOrderColumns } from '../components/order-columns';
import { testResultPath } from '../components/result-values';

/** The search tabs; their words are `orders:list.tabs` and `list.placeholders` by the same key. */
const TABS: OrderSearchBy[] = ['sample', 'mrn', 'collected'];
const asSearchBy = (v: string | null): OrderSearchBy | null => TABS.find((t) => t === v) ?? null;

/** Newest first unless a header is clicked (Priority, Ordered Date, Release). */
const SORTING: SortOptions = { keys: ORDER_SORTS, fallback: { columnAccessor: 'createdDate', direction: 'desc' } };
const asReleaseState = (v: string | null) =>
  (RELEASE_STATES as readonly string[]).includes(v ?? '') ? (v as ReleaseState) : null;

/** spec 1 §2 Orders screen: search by sample ID or patient MRN; without a search, the newest orders. */
export function OrdersPage() {
  const canCreate = useCan('orders.create');
  const { t } = useTranslation('orders');
  return (
    <Stack maw={1300} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {t('list.title')}
        </Title>
        {canCreate && (
          <Button component={Link} to="/orders/new" leftSection={<IconPlus size={16} />}>
            {t('list.newOrder')}
          </Button>
        )}
      </Group>
      <OrdersSearch />
    </Stack>
  );
}

function OrdersSearch() {
  const { t } = useTranslation('orders');
  const columns = useOrderColumns();
  const releaseOptions = [
    { value: 'all', label: t('list.all') },
    ...RELEASE_STATES.map((s) => ({ value: s, label: t(`releaseStates.${s}`) })),
  ];
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
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`list.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <SearchBox
              value={texts[tab]}
              onSearch={(term) => run(tab, term)}
              withButton
              placeholder={t(`list.placeholders.${tab}`)}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="xs" c="dimmed" style={{ flex: '1 1 320px' }}>
          <IconInfoCircle size={12} style={{ verticalAlign: -1 }} />
          {!list.search && ` ${t('list.newestListed')}`} {t('list.clickToSort')}
        </Text>
        <Select
          label={t('list.release')}
          data={releaseOptions}
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
        columns={columns}
        emptyText={releaseState ? t(`list.emptyState.${releaseState}`) : t('list.empty')}
        cardTitle="sampleId"
        onRowClick={(o) => void navigate(testResultPath(o.sampleId))}
      />
    </>
  );
}
