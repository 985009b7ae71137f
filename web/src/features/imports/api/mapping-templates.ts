import { useMutation, useQuery } from '@tanstack/react-query';
import type { ImportKind, MappingTemplate, MappingTemplateInput } from '@contract/imports.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

// Saved column mappings (issue 28 item 10; docs/imports.md), per institution and import kind.
const path = (instId: number, kind: ImportKind) => `/institutions/${instId}/imports/${kind}/mappingTemplates`;

export function useMappingTemplates(instId: number, kind: ImportKind) {
  return useQuery({ queryKey: queryKeys.importMappings.kind(instId, kind), queryFn: () => api.get<MappingTemplate[]>(path(instId, kind)) });
}

/** POST: the form shows a refused name (409) or mapping (400) itself. */
export function useSaveMappingTemplate(instId: number, kind: ImportKind) {
  return useMutation({
    ...changes('imports.mappingTemplate', instId),
    mutationFn: (body: MappingTemplateInput) => api.post<MappingTemplate>(path(instId, kind), body, { notify: false }),
  });
}

/** Deleting disables the template; its name is free again. */
export function useDeleteMappingTemplate(instId: number, kind: ImportKind) {
  return useMutation({
    ...changes('imports.mappingTemplate', instId),
    mutationFn: (id: number) => api.post<MappingTemplate>(`${path(instId, kind)}/${id}/disable`),
  });
}
