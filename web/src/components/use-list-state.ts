import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@contract/common.contract';

export interface ListState {
  page: number;
  pageSize: number;
  search: string;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSearch: (term: string) => void;
}

const DEFAULT_SIZE = 10; // spec 1 §9: page 1, 10 per page

/** Page, page size and search term of a list, kept in the URL (PageNumber, PageSize, SearchTerm). */
export function useListState(): ListState {
  const [params, setParams] = useSearchParams();
  const pageParam = Number(params.get('PageNumber'));
  const sizeParam = Number(params.get('PageSize'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const search = params.get('SearchTerm') ?? '';

  const update = useCallback((changes: Record<string, string | number | null>) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '' || (k === 'PageNumber' && v === 1) || (k === 'PageSize' && v === DEFAULT_SIZE)) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  }, [setParams]);

  return {
    page,
    pageSize,
    search,
    setPage: (p) => update({ PageNumber: p }),
    setPageSize: (s) => update({ PageSize: s, PageNumber: 1 }),
    setSearch: (term) => update({ SearchTerm: term.trim(), PageNumber: 1 }),
  };
}
