import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localTitle } from '@contract/lookup-titles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { LOOKUP_BY_KEY } from '@contract/lookups.registry';
import { lookupEndpoints } from '@contract/configuration.endpoints';
import { institutionEndpoints } from '@contract/institutions.endpoints';
import { call } from './api-client';
import { queryKeys } from './query-keys';
import { useCurrentInstitution } from './session-context';

/** One choice of a Select or a typeahead. */
export interface Option {
  value: string;
  label: string;
}
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

/** A list query as the server reads it (camelCase keys: the server accepts any case). */
interface ListQuery {
  isEnabled: true;
  pageNumber: number;
  pageSize: number;
  searchTerm?: string;
  [filter: string]: unknown;
}
type Fetch = (query: ListQuery, opts: { notify: boolean }) => Promise<LookupRow[]>;

/** The endpoint row a picker reads (the institutions, their sites, or a registry list, nested under its parent) and its cache key. */
function sourceOf(
  instId: number,
  segment: string,
  req: LookupOptionsRequest,
): { fetch: Fetch; key: readonly unknown[] } {
  if (segment === 'institutions') {
    return {
      fetch: (query, opts) => call(institutionEndpoints.list, { query }, opts),
      key: queryKeys.institutions.options(),
    };
  }
  const nested = req.parentId !== undefined;
  const key =
    req.search !== undefined
      ? queryKeys.lookups.search(instId, segment, req.search)
      : queryKeys.lookups.options(instId, segment, nested ? { parentId: String(req.parentId) } : (req.filter ?? {}));
  if (segment === 'institutionSites') {
    return { fetch: (query, opts) => call(institutionEndpoints.sites, { params: { instId }, query }, opts), key };
  }
  // No list chosen yet (segment null): the query stays idle, nothing to fetch.
  if (!segment) return { fetch: async () => [], key };
  const rows = lookupEndpoints(segment);
  if (!nested) return { fetch: (query, opts) => call(rows.list, { params: { instId }, query }, opts), key };
  if (!rows.nested) throw new Error(`${segment} is not a nested list`);
  const list = rows.nested.list;
  return { fetch: (query, opts) => call(list, { params: { instId, id: Number(req.parentId) }, query }, opts), key };
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
  // A record's title in the screens' language when the institution gave one (issue 33 item 4).
  const language = useTranslation().i18n.language;
  const select = useCallback(
    (rows: LookupRow[]) => ({
      rows,
      options: rows.map((r): Option => {
        const name = String(localTitle(String(r[titleField] ?? r.id), r.titles, language));
        const symbol = symbolField && r[symbolField] ? String(r[symbolField]) : '';
        return { value: String(r.id), label: symbol && symbol !== name ? `${name} (${symbol})` : name };
      }),
    }),
    [titleField, symbolField, language],
  );
  const query = useQuery({
    queryKey: source.key,
    queryFn: () =>
      source.fetch(
        {
          isEnabled: true,
          pageNumber: 1,
          pageSize: searching ? SEARCH_SIZE : MAX_PAGE_SIZE,
          searchTerm: req.search,
          ...req.filter,
        },
        { notify: !searching },
      ),
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
