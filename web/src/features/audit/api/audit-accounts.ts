import { useQuery } from '@tanstack/react-query';
import type { User } from '@contract/accounts.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The institution's accounts for the "who" filter (one page of up to 1,000, by name). */
export function useAuditAccounts(instId: number) {
  return useQuery({
    queryKey: queryKeys.users.list({ institutionId: instId, purpose: 'audit-filter' }),
    queryFn: () => api.getPage<User>('/users', { institutionId: instId, PageNumber: 1, PageSize: 1000 }),
    select: (page) => page.items.map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName}`.trim() || u.email })),
  });
}
