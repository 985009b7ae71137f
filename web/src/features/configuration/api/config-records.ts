import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentInstitution } from '@/lib/session-context';
import type { ConfigEntity, ConfigRecord } from '../components/config-entities';
import { changes } from '@/lib/mutation-effects';

const base = (instId: number, key: string) => `/institutions/${instId}/${key}`;
/** Where an entity's records live: under the institution, or at the entity's own path (institutions). */
const entityBase = (instId: number, entity: ConfigEntity) => entity.path ?? base(instId, entity.key);

export interface ListQuery { page: number; pageSize: number; search: string; showDisabled: boolean }

/** GET {key}: one page; without 'Show disabled' only enabled records (IsEnabled=true). */
export function useRecordPage(entity: ConfigEntity, q: ListQuery) {
  const instId = useCurrentInstitution().institution.id;
  return useQuery({
    queryKey: entity.path ? queryKeys.institutions.page(q) : queryKeys.lookups.page(instId, entity.key, q),
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
      queryKey: queryKeys.lookups.one(instId, f.ref!, Number(record![f.name])),
      queryFn: () => api.get<ConfigRecord>(`${base(instId, f.ref!)}/${Number(record![f.name])}`),
    })),
  });
  return {
    pending: results.some((r) => r.isPending),
    values: Object.fromEntries(missing.map((f, i) => [f.dependsOn!.field, results[i].data?.[f.dependsOn!.refField] ?? null])),
  };
}

/** POST {key} or PUT {key}/{id} (the body carries the concurrency stamp; a stale one answers 409). */
export function useSaveRecord(entity: ConfigEntity, id?: number) {
  const instId = useCurrentInstitution().institution.id;
  return useMutation({
    ...changes('config.record', instId),
    mutationFn: (body: Record<string, unknown>) => (id === undefined
      ? api.post<ConfigRecord>(entityBase(instId, entity), body)
      : api.put<ConfigRecord>(`${entityBase(instId, entity)}/${id}`, body)),
  });
}

/** POST {key}/{id}/disable or /enable. */
export function useSetRecordEnabled(entity: ConfigEntity) {
  const instId = useCurrentInstitution().institution.id;
  return useMutation({
    ...changes('config.record', instId),
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<ConfigRecord>(`${entityBase(instId, entity)}/${id}/${enabled ? 'enable' : 'disable'}`),
  });
}

