import { useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@contract/accounts.endpoints';
import { callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The institution's accounts for the "who" filter (one page of up to 1,000, by name). */
export function useAuditAccounts(instId: number) {
  return useQuery({
    queryKey: queryKeys.users.list({ institutionId: instId, purpose: 'audit-filter' }),
    queryFn: () => callPage(accountEndpoints.list, { query: { institutionId: instId, pageNumber: 1, pageSize: 1000 } }),
    select: (page) =>
      page.items.map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName}`.trim() || u.email })),
  });
}
