import { useMutation } from '@tanstack/react-query';
import { InstitutionUpdate } from '@contract/institutions.contract';
import { institutionEndpoints as e } from '@contract/institutions.endpoints';
import { call } from '@/lib/api-client';
import type { FormValues } from '../components/field-input';
import { changes } from '@/lib/mutation-effects';

/**
 * PUT /institutions/{id} with the concurrency stamp. The institution everyone sees (header chip,
 * this page, the pickers) is cached under queryKeys.institutions, so that is what a save refreshes.
 */
export function useUpdateInstitution(id: number) {
  return useMutation({
    ...changes('config.institution'),
    // The generic form hands its values as a bag; the contract's schema types them for the row.
    mutationFn: (values: FormValues) =>
      call(e.update, { params: { instId: id }, body: InstitutionUpdate.parse(values) }),
  });
}
