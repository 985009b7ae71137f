import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { LOOKUP_BY_KEY } from '@contract/lookups.registry';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { useCurrentInstitution } from './session-context';

/** One choice of a Select or a typeahead. */
export interface Option { value: string; label: string }
/** A configuration record as a picker sees it: its id, its title field, and whatever else it carries (isDefault, ...). */
export type LookupRow = { id: number; isDefault?: boolean } & Record<string, unknown>;

export interface LookupOptionsRequest {
  /** Only the children of this parent record (`{parent}/{id}/{segment}`, spec 1 §7 dependent lists); null waits for one. */
  parentId?: number | string | null;
  /** Query filters, e.g. `{ unitOfMeasurementTypeId: 3 }` for a dependent select the URL cannot nest. */
  filter?: Record<string, number>;
  /** Typeahead text: the records whose title matches (SearchTerm), at most 50; failures stay silent (spec 1 §7). */
  search?: string;
  /** False keeps the query idle (e.g. until a section opens). */
  enabled?: boolean;
}

// Saving a configuration record invalidates ['lookups', instId], so this only limits other people's changes.
const STALE_TIME = 5 * 60_000;
const SEARCH_SIZE = 50;

function sourceOf(instId: number, segment: string, req: LookupOptionsRequest) {
  if (segment === 'institutions') return { path: '/institutions', key: queryKeys.institutions.options() };
  const nested = req.parentId !== undefined;
  const parent = LOOKUP_BY_KEY[segment]?.parent;
  if (nested && !parent) throw new Error(`${segment} is not a nested list`);
  const path = nested ? `/institutions/${instId}/${parent!.key}/${req.parentId}/${segment}` : `/institutions/${instId}/${segment}`;
  const key = req.search !== undefined
    ? queryKeys.lookups.search(instId, segment, req.search)
    : queryKeys.lookups.options(instId, segment, nested ? { parentId: String(req.parentId) } : req.filter ?? {});
  return { path, key };
}

/**
 * The enabled records of a configuration list as Select options, for every picker of the app (participant
 * form, order stepper, configuration forms, accounts). `segment` is the list's URL segment (`genders`,
 * `institutionSites`, `institutions`); null leaves the picker empty. Labels come from the registry's title field (and symbol field: units show their symbol).
 */
export function useLookupOptions(segment: string | null, req: LookupOptionsRequest = {}) {
  const instId = useCurrentInstitution().institution.id;
  const titleField = (segment && LOOKUP_BY_KEY[segment]?.titleField) || 'title';
  const symbolField = segment ? LOOKUP_BY_KEY[segment]?.symbolField : undefined;
  const source = sourceOf(instId, segment ?? '', req);
  const searching = req.search !== undefined;
  const select = useCallback((rows: LookupRow[]) => ({
    rows,
    options: rows.map((r): Option => {
      const name = String(r[titleField] ?? r.id);
      const symbol = symbolField && r[symbolField] ? String(r[symbolField]) : '';
      return { value: String(r.id), label: symbol && symbol !== name ? `${name} (${symbol})` : name };
    }),
  }), [titleField, symbolField]);
  const query = useQuery({
    queryKey: source.key,
    queryFn: () => api.get<LookupRow[]>(source.path, {
      IsEnabled: true, PageNumber: 1, PageSize: searching ? SEARCH_SIZE : MAX_PAGE_SIZE, SearchTerm: req.search, ...req.filter,
    }, { notify: !searching }),
    enabled: segment !== null && req.parentId !== null && req.parentId !== '' && req.enabled !== false,
    staleTime: STALE_TIME,
    placeholderData: searching ? keepPreviousData : undefined,
    select,
  });
  return {
    options: query.data?.options ?? [],
    rows: query.data?.rows ?? [],
    isPending: query.isPending,
    isFetching: query.isFetching,
    isSuccess: query.isSuccess,
  };
}
