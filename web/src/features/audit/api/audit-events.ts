import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { auditEndpoints } from '@contract/audit.endpoints';
import { callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listStateOf } from '@/components/use-list-state';

export interface AuditQuery {
  instId: number;
  page: number;
  pageSize: number;
  entity: string;
  entityId: string;
  accountId: string;
  /** Local calendar days (YYYY-MM-DD), both included. */
  from: string;
  to: string;
}

/** GET /institutions/{id}/auditEvents, newest first; the days are sent as the instants that bound them here. */
export function useAuditEvents(q: AuditQuery) {
  return useQuery(auditEventsQuery(q));
}

/** The query behind useAuditEvents; a cold load's prefetch (app/route-prefetch.ts) asks without a notification on failure. */
export const auditEventsQuery = (q: AuditQuery, notify = true) =>
  queryOptions({
    queryKey: queryKeys.audit.list(q.instId, q),
    queryFn: () =>
      callPage(
        auditEndpoints.events,
        {
          params: { instId: q.instId },
          query: {
            pageNumber: q.page,
            pageSize: q.pageSize,
            entity: q.entity || undefined,
            entityId: q.entityId || undefined,
            accountId: q.accountId || undefined,
            from: q.from ? dayjs(q.from).startOf('day').toISOString() : undefined,
            to: q.to ? dayjs(q.to).add(1, 'day').startOf('day').toISOString() : undefined,
          },
        },
        { notify },
      ),
    placeholderData: keepPreviousData,
  });

const FILTER_KEYS = ['entity', 'entityId', 'accountId', 'from', 'to'] as const;

/** The filters of the audit log's address (its query string names them as the API does). */
export const auditFiltersOf = (params: URLSearchParams) =>
  Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;

/** The page a cold load of this list's address asks for before the first render (app/route-prefetch.ts), without a notification on failure. */
export function coldAuditEventsQuery(instId: number, params: URLSearchParams) {
  const { page, pageSize } = listStateOf(params);
  return auditEventsQuery({ instId, page, pageSize, ...auditFiltersOf(params) }, false);
}
