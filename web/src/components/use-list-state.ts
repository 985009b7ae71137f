import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES, SORT_DIRECTIONS, type SortDirection } from '@contract/common.contract';

/** A list's sort: the API's SortBy key and the direction (mantine-datatable's sortStatus speaks `columnAccessor`). */
export interface ListSort {
  columnAccessor: string;
  direction: SortDirection;
}

export interface ListState {
  page: number;
  pageSize: number;
  search: string;
  /** Only for lists that sort (useListState given their sort keys); else undefined. */
  sort?: ListSort;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSearch: (term: string) => void;
  setSort: (sort: ListSort) => void;
}

/** The sort keys a list accepts and its default sort (e.g. newest first). */
export interface SortOptions {
  keys: readonly string[];
  fallback: ListSort;
}

const DEFAULT_SIZE = 10; // spec 1 §9: page 1, 10 per page

/**
 * Page, page size, search term and (when `sorting` is given) sort of a list, kept in the URL
 * (PageNumber, PageSize, SearchTerm, SortBy, SortDirection). The default sort stays out of the URL.
 */
export function useListState(sorting?: SortOptions): ListState {
  const [params, setParams] = useSearchParams();
  const { page, pageSize, search, sort } = listStateOf(params, sorting);

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '' || (k === 'PageNumber' && v === 1) || (k === 'PageSize' && v === DEFAULT_SIZE))
            next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      });
    },
    [setParams],
  );

  return {
    page,
    pageSize,
    search,
    setPage: (p) => update({ PageNumber: p }),
    setPageSize: (s) => update({ PageSize: s, PageNumber: 1 }),
    setSearch: (term) => update({ SearchTerm: term.trim(), PageNumber: 1 }),
    sort,
    setSort: (s) => {
      const isDefault =
        s.columnAccessor === sorting?.fallback.columnAccessor && s.direction === sorting.fallback.direction;
      update({
        SortBy: isDefault ? null : s.columnAccessor,
        SortDirection: isDefault ? null : s.direction,
        PageNumber: 1,
      });
    },
  };
}

/**
 * The list's page, size, search and sort read from a query string: what useListState shows, and what a cold
 * load prefetches before the screen renders (web/src/app/route-prefetch.ts), so both ask for the same page.
 */
export function listStateOf(
  params: URLSearchParams,
  sorting?: SortOptions,
): Pick<ListState, 'page' | 'pageSize' | 'search' | 'sort'> {
  const pageParam = Number(params.get('PageNumber'));
  const sizeParam = Number(params.get('PageSize'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const search = params.get('SearchTerm') ?? '';
  const sortBy = params.get('SortBy');
  const sortDir = params.get('SortDirection');
  const sort = sorting && {
    columnAccessor: sortBy && sorting.keys.includes(sortBy) ? sortBy : sorting.fallback.columnAccessor,
    direction: (SORT_DIRECTIONS as readonly string[]).includes(sortDir ?? '')
      ? (sortDir as SortDirection)
      : sorting.fallback.direction,
  };

  return { page, pageSize, search, sort };
}
