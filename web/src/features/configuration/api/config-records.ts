import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { api } from '@/lib/api-client';
import { useCurrentInstitution } from '@/lib/session-context';
import type { ConfigEntity, ConfigRecord } from '../components/config-entities';

/** Every configuration query starts with this key, so a change refreshes lists and pickers alike. */
export const configKeys = {
  all: ['configuration'] as const,
  list: (key: string, q: object) => ['configuration', key, 'list', q] as const,
  options: (path: string, q: object) => ['configuration', 'options', path, q] as const,
  one: (key: string, id: number) => ['configuration', key, 'one', id] as const,
};

const base = (instId: number, key: string) => `/institutions/${instId}/${key}`;
/** Where an entity's records live: under the institution, or at the entity's own path (institutions). */
const entityBase = (instId: number, entity: ConfigEntity) => entity.path ?? base(instId, entity.key);

export interface ListQuery { page: number; pageSize: number; search: string; showDisabled: boolean }

/** GET {key}: one page; without 'Show disabled' only enabled records (IsEnabled=true). */
export function useRecordPage(entity: ConfigEntity, q: ListQuery) {
  const instId = useCurrentInstitution().institution.id;
  return useQuery({
    queryKey: configKeys.list(entity.key, { instId, ...q }),
    queryFn: () => api.getPage<ConfigRecord>(entityBase(instId, entity), {
      PageNumber: q.page, PageSize: q.pageSize, SearchTerm: q.search, IsEnabled: q.showDisabled ? undefined : true,
    }),
    placeholderData: keepPreviousData,
  });
}

/**
 * An edit form filters a dependent select by a field the record may not store (seeded specimen types
 * have a unit but no unit type): read it from the referenced record, e.g. the unit's type.
 */
export function useFilterValues(entity: ConfigEntity, record: ConfigRecord | undefined) {
  const instId = useCurrentInstitution().institution.id;
  const missing = record
    ? entity.fields.filter((f) => f.dependsOn && f.ref && record[f.dependsOn.field] == null && record[f.name] != null)
    : [];
  const results = useQueries({
    queries: missing.map((f) => ({
      queryKey: configKeys.one(f.ref!, Number(record![f.name])),
      queryFn: () => api.get<ConfigRecord>(`${base(instId, f.ref!)}/${Number(record![f.name])}`),
    })),
  });
  return {
    pending: results.some((r) => r.isPending),
    values: Object.fromEntries(missing.map((f, i) => [f.dependsOn!.field, results[i].data?.[f.dependsOn!.refField] ?? null])),
  };
}

/** Enabled records of a list (or of a nested list under its parent) for a Select. */
export function useOptionRecords(path: string | null, filter: Record<string, number> = {}) {
  const instId = useCurrentInstitution().institution.id;
  return useQuery({
    queryKey: configKeys.options(path ?? '', { instId, ...filter }),
    queryFn: () => api.getPage<ConfigRecord>(base(instId, path!), { IsEnabled: true, PageNumber: 1, PageSize: MAX_PAGE_SIZE, ...filter }),
    enabled: path !== null,
    staleTime: 30_000,
  });
}

/** POST {key} or PUT {key}/{id} (the body carries the concurrency stamp; a stale one answers 409). */
export function useSaveRecord(entity: ConfigEntity, id?: number) {
  const instId = useCurrentInstitution().institution.id;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => (id === undefined
      ? api.post<ConfigRecord>(entityBase(instId, entity), body)
      : api.put<ConfigRecord>(`${entityBase(instId, entity)}/${id}`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}

/** POST {key}/{id}/disable or /enable. */
export function useSetRecordEnabled(entity: ConfigEntity) {
  const instId = useCurrentInstitution().institution.id;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<ConfigRecord>(`${entityBase(instId, entity)}/${id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
