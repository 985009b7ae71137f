import { useMutation, useQuery } from '@tanstack/react-query';
import type { ImportKind, MappingTemplateInput } from '@contract/imports.contract';
import { importEndpoints as e } from '@contract/imports.endpoints';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

// Saved column mappings (issue 28 item 10; docs/imports.md), per institution and import kind.

export function useMappingTemplates(instId: number, kind: ImportKind) {
  return useQuery({
    queryKey: queryKeys.importMappings.kind(instId, kind),
    queryFn: () => call(e.mappingTemplates, { params: { instId, kind } }),
  });
}

/** POST: the form shows a refused name (409) or mapping (400) itself. */
export function useSaveMappingTemplate(instId: number, kind: ImportKind) {
  return useMutation({
    ...changes('imports.mappingTemplate', instId),
    mutationFn: (body: MappingTemplateInput) =>
      call(e.createMappingTemplate, { params: { instId, kind }, body }, { notify: false }),
  });
}

/** Deleting disables the template; its name is free again. */
export function useDeleteMappingTemplate(instId: number, kind: ImportKind) {
  return useMutation({
    ...changes('imports.mappingTemplate', instId),
    mutationFn: (id: number) => call(e.disableMappingTemplate, { params: { instId, kind, templateId: id } }),
  });
}
