import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ConfigRecord } from '../components/config-entities';

/**
 * PUT /institutions/{id} with the concurrency stamp. The institution everyone sees (header chip,
 * this page, the pickers) is cached under queryKeys.institutions, so that is what a save refreshes.
 */
export function useUpdateInstitution(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The body is the contract's InstitutionUpdate output (the generic form validated it).
    mutationFn: (body: Record<string, unknown>) => api.put<ConfigRecord>(`/institutions/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.institutions.all }),
  });
}
