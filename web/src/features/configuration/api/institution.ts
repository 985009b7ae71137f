import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConfigRecord } from '../components/config-entities';
import { changes } from '@/lib/mutation-effects';

/**
 * PUT /institutions/{id} with the concurrency stamp. The institution everyone sees (header chip,
 * this page, the pickers) is cached under queryKeys.institutions, so that is what a save refreshes.
 */
export function useUpdateInstitution(id: number) {
  return useMutation({
    ...changes('config.institution'),
    // The body is the contract's InstitutionUpdate output (the generic form validated it).
    mutationFn: (body: Record<string, unknown>) => api.put<ConfigRecord>(`/institutions/${id}`, body),
  });
}
