import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@contract/audit.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface AuditQuery { instId: number; page: number; pageSize: number; entity: string; entityId: string }

/** GET /institutions/{id}/auditEvents, newest first, filtered by entity and record id. */
export function useAuditEvents(q: AuditQuery) {
  return useQuery({
    queryKey: queryKeys.audit.list(q.instId, q),
    queryFn: () => api.getPage<AuditEvent>(`/institutions/${q.instId}/auditEvents`, {
      PageNumber: q.page, PageSize: q.pageSize, entity: q.entity || undefined, entityId: q.entityId || undefined,
    }),
    placeholderData: keepPreviousData,
  });
}
