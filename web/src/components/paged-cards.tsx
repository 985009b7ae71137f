import type { CSSProperties, ReactNode } from 'react';
import { Box, Group, LoadingOverlay, Pagination, Paper, Select, Text, UnstyledButton } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@contract/common.contract';
import type { ListState } from './use-list-state';
import { isolated } from './isolated';
import classes from './paged-cards.module.css';

interface Props<T> {
  records: T[];
  columns: DataTableColumn<T>[];
  /** Accessor of the column whose value heads each card (default: the first column). */
  titleColumn?: string;
  onRowClick?: (record: T) => void;
  rowStyle?: (record: T) => CSSProperties | undefined;
  list: ListState;
  totalRecords: number;
  fetching: boolean;
  loaded: boolean;
  paginationText: (p: { from: number; to: number; totalRecords: number }) => string;
  emptyState: ReactNode;
}

/** Row actions (an 'actions' column: menus, buttons) stay clickable on top of the card's open button. */
const isActions = (c: DataTableColumn<unknown>) => c.accessor === 'actions';

/** A cell's value, isolated for right-to-left (components/isolated.tsx) as the desktop table's. */
function valueOf<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  return isolated(rawValueOf(column, record, index));
}

function rawValueOf<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  // A plain accessor may be a dotted path ('institution.title'), as the desktop table reads it.
  let v: unknown = record;
  for (const key of String(column.accessor).split('.')) v = (v as Record<string, unknown> | null | undefined)?.[key];
  return v == null || v === '' ? '—' : String(v as string | number);
}

/**
 * The phone-size form of PagedTable: one card per record, the column titles as labels beside their
 * values, so nothing hides behind a sideways scroll. The card's title is a button (keyboard, screen
 * readers) that stretches over the whole card, so a tap anywhere on it opens the record.
 */
export function PagedCards<T extends { id: number }>(props: Props<T>) {
  const {
    records,
    columns,
    titleColumn,
    onRowClick,
    rowStyle,
    list,
    totalRecords,
    fetching,
    loaded,
    paginationText,
    emptyState,
  } = props;
  const { t } = useTranslation('common');
  const shown = columns.filter((c) => !c.hidden);
  const head =
    shown.find((c) => c.accessor === titleColumn) ?? shown.find((c) => !isActions(c as DataTableColumn<unknown>));
  const actions = shown.filter((c) => isActions(c as DataTableColumn<unknown>));
  const fields = shown.filter((c) => c !== head && !actions.includes(c));
  const from = (list.page - 1) * list.pageSize + 1;
  return (
    <Box pos="relative" mih={records.length ? undefined : 180} aria-busy={fetching} data-paged-cards>
      <LoadingOverlay visible={fetching} loaderProps={{ type: 'dots' }} overlayProps={{ backgroundOpacity: 0.4 }} />
      <CardSort columns={shown} list={list} />
      {loaded && !records.length && !fetching && emptyState}
      {records.length > 0 && (
        <ul className={classes.list}>
          {records.map((r, i) => {
            const title = head ? valueOf(head, r, i) : `#${r.id}`;
            return (
              <Paper
                component="li"
                key={r.id}
                withBorder
                radius="md"
                p="sm"
                className={classes.card}
                data-clickable={!!onRowClick || undefined}
                style={rowStyle?.(r)}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  {onRowClick ? (
                    <UnstyledButton className={classes.open} onClick={() => onRowClick(r)}>
                      {title}
                    </UnstyledButton>
                  ) : (
                    <Text fw={700} size="sm" className={classes.title}>
                      {title}
                    </Text>
                  )}
                  {actions.map((c) => (
                    <div key={String(c.accessor)} className={classes.actions}>
                      {valueOf(c, r, i)}
                    </div>
                  ))}
                </Group>
                {fields.length > 0 && (
                  <dl className={classes.fields}>
                    {fields.map((c) => (
                      <div key={String(c.accessor)} className={classes.field}>
                        <dt>{c.title ?? String(c.accessor)}</dt>
                        <dd>{valueOf(c, r, i)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </Paper>
            );
          })}
        </ul>
      )}
      {totalRecords > 0 && (
        <Group justify="space-between" gap="xs" mt="sm">
          <Text size="sm">{paginationText({ from, to: from + records.length - 1, totalRecords })}</Text>
          <Group gap={6} wrap="nowrap">
            <Select
              size="xs"
              w={70}
              aria-label={t('table.rowsPerPage')}
              allowDeselect={false}
              data={PAGE_SIZES.map(String)}
              value={String(list.pageSize)}
              onChange={(v) => v && list.setPageSize(Number(v))}
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="sm" c="dimmed" aria-hidden>
              {t('table.perPage')}
            </Text>
          </Group>
          <Pagination
            size="sm"
            siblings={0}
            boundaries={1}
            total={Math.ceil(totalRecords / list.pageSize)}
            value={list.page}
            onChange={list.setPage}
            getControlProps={(c) => ({ 'aria-label': t(`table.${c}Page`) })}
          />
        </Group>
      )}
    </Box>
  );
}

/** A phone has no column headings to click: a list that sorts offers its sortable columns here, both ways. */
function CardSort<T>({ columns, list }: { columns: DataTableColumn<T>[]; list: ListState }) {
  const { t } = useTranslation('common');
  if (!list.sort) return null;
  const data = columns
    .filter((c) => c.sortable)
    .flatMap((c) => {
      const title = typeof c.title === 'string' ? c.title : String(c.accessor);
      return [
        { value: `${String(c.accessor)}:asc`, label: t('table.ascending', { title }) },
        { value: `${String(c.accessor)}:desc`, label: t('table.descending', { title }) },
      ];
    });
  if (!data.length) return null;
  return (
    <Select
      size="sm"
      mb="sm"
      label={t('table.sortBy')}
      allowDeselect={false}
      data={data}
      value={`${list.sort.columnAccessor}:${list.sort.direction}`}
      onChange={(v) => {
        if (!v) return;
        const [columnAccessor, direction] = v.split(':');
        list.setSort({ columnAccessor, direction: direction === 'asc' ? 'asc' : 'desc' });
      }}
    />
  );
}
