import { useQuery } from '@tanstack/react-query';
import type { Institution } from '@contract/institutions.contract';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { api } from '@/lib/api-client';

/** Institutions an account may be created in (the ones the signed-in user belongs to), for a Select. */
export function useInstitutionOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['institutions', 'options'],
    queryFn: () => api.getPage<Institution>('/institutions', { IsEnabled: true, PageNumber: 1, PageSize: MAX_PAGE_SIZE }),
    select: (page) => page.items.map((i) => ({ value: String(i.id), label: i.title })),
    enabled,
  });
}
