import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { lookupEndpoints } from '@contract/configuration.endpoints';
import { institutionEndpoints as inst } from '@contract/institutions.endpoints';
import type { z } from 'zod';
import type { InstitutionInput, InstitutionUpdate, SiteInput, SiteUpdate } from '@contract/institutions.contract';
import { call, callPage, type Page } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentInstitution } from '@/lib/session-context';
import type { ConfigEntity, ConfigRecord } from '../components/config-entities';
import { changes } from '@/lib/mutation-effects';

export interface ListQuery {
  page: number;
  pageSize: number;
  search: string;
  showDisabled: boolean;
}
type Paging = { pageNumber: number; pageSize: number; searchTerm: string; isEnabled: true | undefined };
type Body = Record<string, unknown>;

/** The endpoint rows behind one configuration list: the institutions, their sites, or a registry list. */
interface EntityCalls {
  page(instId: number, query: Paging): Promise<Page<ConfigRecord>>;
  create(instId: number, body: Body): Promise<ConfigRecord>;
  update(instId: number, id: number, body: Body): Promise<ConfigRecord>;
  setEnabled(instId: number, id: number, enabled: boolean): Promise<ConfigRecord>;
}

// The generic form validated the body with the entity's own schema (ConfigEntity.schema / editSchema: the
// row's body schema), so it is that schema's value; the server parses it again.
function callsOf(entity: ConfigEntity): EntityCalls {
  if (entity.key === 'institutions') {
    return {
      page: (_instId, query) => callPage(inst.list, { query }),
      create: (_instId, body) => call(inst.create, { body: body as InstitutionInput }),
      update: (_instId, id, body) => call(inst.update, { params: { instId: id }, body: body as InstitutionUpdate }),
      setEnabled: (_instId, id, enabled) => call(enabled ? inst.enable : inst.disable, { params: { instId: id } }),
    };
  }
  if (entity.key === 'institutionSites') {
    return {
      page: (instId, query) => callPage(inst.sites, { params: { instId }, query }),
      create: (instId, body) => call(inst.createSite, { params: { instId }, body: body as SiteInput }),
      update: (instId, siteId, body) =>
        call(inst.updateSite, { params: { instId, siteId }, body: body as z.input<typeof SiteUpdate> }),
      setEnabled: (instId, siteId, enabled) =>
        call(enabled ? inst.enableSite : inst.disableSite, { params: { instId, siteId } }),
    };
  }
  const rows = lookupEndpoints(entity.key);
  return {
    page: (instId, query) => callPage(rows.list, { params: { instId }, query }),
    create: (instId, body) => call(rows.create, { params: { instId }, body }),
    update: (instId, id, body) => {
      if (!rows.update) throw new Error(`${entity.label} records are not edited`);
      return call(rows.update, { params: { instId, id }, body });
    },
    setEnabled: (instId, id, enabled) => call(enabled ? rows.enable : rows.disable, { params: { instId, id } }),
  };
}

/** GET {key}: one page; without 'Show disabled' only enabled records (IsEnabled=true). */
export function useRecordPage(entity: ConfigEntity, q: ListQuery) {
  const instId = useCurrentInstitution().institution.id;
  return useQuery({
    queryKey:
      entity.key === 'institutions' ? queryKeys.institutions.page(q) : queryKeys.lookups.page(instId, entity.key, q),
    queryFn: () =>
      callsOf(entity).page(instId, {
        pageNumber: q.page,
        pageSize: q.pageSize,
        searchTerm: q.search,
        isEnabled: q.showDisabled ? undefined : true,
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
      queryFn: () => call(lookupEndpoints(f.ref!).get, { params: { instId, id: Number(record![f.name]) } }),
    })),
  });
  return {
    pending: results.some((r) => r.isPending),
    values: Object.fromEntries(
      missing.map((f, i) => [f.dependsOn!.field, results[i].data?.[f.dependsOn!.refField] ?? null]),
    ),
  };
}

/** POST {key} or PUT {key}/{id} (the body carries the concurrency stamp; a stale one answers 409). */
export function useSaveRecord(entity: ConfigEntity, id?: number) {
  const instId = useCurrentInstitution().institution.id;
  return useMutation({
    ...changes('config.record', instId),
    mutationFn: (body: Body) =>
      id === undefined ? callsOf(entity).create(instId, body) : callsOf(entity).update(instId, id, body),
  });
}

/** POST {key}/{id}/disable or /enable. */
export function useSetRecordEnabled(entity: ConfigEntity) {
  const instId = useCurrentInstitution().institution.id;
  return useMutation({
    ...changes('config.record', instId),
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => callsOf(entity).setEnabled(instId, id, enabled),
  });
}
