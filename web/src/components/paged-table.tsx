import { useLayoutEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DataTable, getValueAtPath, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertCircle, IconDatabaseOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@contract/common.contract';
import type { Page } from '../lib/api-client';
import { formatCount } from '../lib/format';
import { usePhone } from '../lib/use-phone';
import { isolated } from './isolated';
import { PagedCards } from './paged-cards';
import type { ListState } from './use-list-state';

interface Props<T> {
  query: UseQueryResult<Page<T>>;
  list: ListState;
  columns: DataTableColumn<T>[];
  onRowClick?: (record: T) => void;
  /** What the empty list says, e.g. 'No accounts found.' */
  emptyText: string;
  /** Style one row, e.g. mute disabled records. */
  rowStyle?: (record: T) => CSSProperties | undefined;
  /** Keep the last column (row actions) in view when the table scrolls sideways. */
  pinLastColumn?: boolean;
  /** Below the `sm` breakpoint each record is a card headed by this column's value (default: the first column). */
  cardTitle?: string;
}

/** A row-actions column with no title of its own is named for screen readers only (axe: empty-table-header). */
const namedActions = <T,>(columns: DataTableColumn<T>[], actions: string) =>
  columns.map((c) =>
    c.accessor === 'actions' && !c.title ? { ...c, title: <VisuallyHidden>{actions}</VisuallyHidden> } : c,
  );

/** Every column's cells isolated (components/isolated.tsx), the accessor-only columns read as the library reads them. */
const isolatedColumns = <T,>(columns: DataTableColumn<T>[]): DataTableColumn<T>[] =>
  columns.map((c) => {
    const render = c.render;
    if (c.accessor === 'actions') return c;
    return {
      ...c,
      render: render
        ? (record: T, index: number) => isolated(render(record, index))
        : (record: T) => isolated(plain(getValueAtPath(record, String(c.accessor)))),
    };
  });

const plain = (v: unknown): ReactNode =>
  typeof v === 'string' || typeof v === 'number' ? v : v == null ? '' : String(v);

/**
 * mantine-datatable names its sort icons itself, in English ('Sorted ascending', 'Sorted descending', 'Not
 * sorted': an `aria-label` on the icon's wrapper; its `sortIcons` prop replaces only the icon inside), and a
 * screen reader reads them as part of the column's button. The table's header is watched and the names said in
 * the screens' language: the library writes its English back whenever the sort changes, and is answered again.
 */
function useSortIconNames(table: HTMLTableElement | null, names: Record<'asc' | 'desc' | 'none', string>) {
  const { asc, desc, none } = names;
  useLayoutEffect(() => {
    const head = table?.querySelector('thead');
    if (!head) return;
    const rename = () => {
      for (const icon of head.querySelectorAll<HTMLElement>(
        '.mantine-datatable-header-cell-sortable-icon, .mantine-datatable-header-cell-sortable-unsorted-icon',
      )) {
        const name = icon.classList.contains('mantine-datatable-header-cell-sortable-unsorted-icon')
          ? none
          : icon.classList.contains('mantine-datatable-header-cell-sortable-icon-reversed')
            ? desc
            : asc;
        if (icon.getAttribute('aria-label') !== name) icon.setAttribute('aria-label', name);
      }
    };
    rename();
    const watcher = new MutationObserver(rename);
    watcher.observe(head, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label', 'class'],
    });
    return () => watcher.disconnect();
  });
}

/** A table wider than its column scrolls sideways: its scroll area is a named Tab stop, so keys can scroll it. */
const scrollAreaProps = (label: string) => ({ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } });

/**
 * The one server-paged table: rows and total from the query, page and size from the URL. Below the
 * `sm` breakpoint (phones) the same records show as cards, so no column hides behind a sideways scroll.
 */
export function PagedTable<T extends { id: number }>({
  query,
  list,
  columns,
  onRowClick,
  emptyText,
  rowStyle,
  pinLastColumn,
  cardTitle,
}: Props<T>) {
  const phone = usePhone();
  const { t } = useTranslation('common');
  const [table, setTable] = useState<HTMLTableElement | null>(null);
  useSortIconNames(table, {
    asc: t('sortIcon.ascending'),
    desc: t('sortIcon.descending'),
    none: t('sortIcon.none'),
  });
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('table.loadFailed')}>
        <Group justify="space-between">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const page = query.data;
  // Lists count at most 10,001 rows (a participant search 1,001): above that the total is a lower bound, shown
  // as '10,000+' ('1,000+'), and the pages past it stay reachable (each page reports at least one row beyond itself).
  const paginationText = ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
    t(page?.pagination.TotalIsAtLeast ? 'table.rangeAtLeast' : 'table.range', {
      from,
      to,
      total: formatCount(totalRecords),
    });
  const emptyState = (
    // Our own empty state: the library's default text is too faint to read comfortably.
    <Stack align="center" gap={6} py="lg">
      <IconDatabaseOff size={28} stroke={1.5} color="var(--mantine-color-gray-6)" />
      <Text size="sm" c="gray.7">
        {list.search ? t('table.noMatch', { search: list.search }) : emptyText}
      </Text>
    </Stack>
  );
  if (phone) {
    return (
      <PagedCards<T>
        records={page?.items ?? []}
        columns={columns}
        titleColumn={cardTitle}
        onRowClick={onRowClick}
        rowStyle={rowStyle}
        list={list}
        totalRecords={page?.pagination.TotalCount ?? 0}
        fetching={query.isFetching}
        loaded={!!page}
        paginationText={paginationText}
        emptyState={emptyState}
      />
    );
  }
  return (
    <DataTable<T>
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      scrollAreaProps={scrollAreaProps(t('table.label'))}
      minHeight={page?.items.length ? undefined : 180}
      records={page?.items ?? []}
      tableRef={setTable}
      columns={namedActions(isolatedColumns(columns), t('actions'))}
      fetching={query.isFetching}
      loaderType="dots"
      emptyState={emptyState}
      totalRecords={page?.pagination.TotalCount ?? 0}
      page={list.page}
      onPageChange={list.setPage}
      recordsPerPage={list.pageSize}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={list.setPageSize}
      recordsPerPageLabel={t('table.rowsPerPage')}
      paginationText={paginationText}
      getPaginationControlProps={(c) => (c === 'previous' || c === 'next' ? { 'aria-label': t(`table.${c}Page`) } : {})}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      rowStyle={rowStyle ? (record) => rowStyle(record) : undefined}
      pinLastColumn={pinLastColumn}
      {...sortProps(list)}
    />
  );
}

/** Sortable columns (`sortable: true`, accessor = the API's SortBy key) sort through the URL's list state. */
function sortProps<T>(
  list: ListState,
):
  | { sortStatus: DataTableSortStatus<T>; onSortStatusChange: (s: DataTableSortStatus<T>) => void }
  | { sortStatus?: never } {
  if (!list.sort) return {};
  return {
    sortStatus: list.sort,
    onSortStatusChange: (s) => list.setSort({ columnAccessor: String(s.columnAccessor), direction: s.direction }),
  };
}
