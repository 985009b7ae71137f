import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { AuditEvent } from '@contract/audit.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface AuditQuery {
  instId: number; page: number; pageSize: number; entity: string; entityId: string;
  accountId: string;
  /** Local calendar days (YYYY-MM-DD), both included. */
  from: string; to: string;
}

/** GET /institutions/{id}/auditEvents, newest first; the days are sent as the instants that bound them here. */
export function useAuditEvents(q: AuditQuery) {
  return useQuery({
    queryKey: queryKeys.audit.list(q.instId, q),
    queryFn: () => api.getPage<AuditEvent>(`/institutions/${q.instId}/auditEvents`, {
      PageNumber: q.page, PageSize: q.pageSize, entity: q.entity || undefined, entityId: q.entityId || undefined,
      accountId: q.accountId || undefined,
      from: q.from ? dayjs(q.from).startOf('day').toISOString() : undefined,
      to: q.to ? dayjs(q.to).add(1, 'day').startOf('day').toISOString() : undefined,
    }),
    placeholderData: keepPreviousData,
  });
}
