import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { institutionEndpoints } from '@contract/institutions.endpoints';
import type { SitesValues } from '@contract/protocols.contract';
import { protocolEndpoints as e } from '@contract/protocols.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

/**
 * GET institutions/{i}/institutionSites for any institution (spec 2 §7 "sites of any institution"): there is no
 * list across institutions, so the Add Sites form asks for one institution's enabled sites at a time.
 */
export function useInstitutionSites(siteInstId: number | null, search: string) {
  return useQuery({
    queryKey: queryKeys.lookups.page(siteInstId ?? 0, 'institutionSites', { search, enabled: true, all: true }),
    queryFn: () =>
      callPage(institutionEndpoints.sites, {
        params: { instId: siteInstId ?? 0 },
        query: { isEnabled: true, searchTerm: search, pageSize: MAX_PAGE_SIZE },
      }),
    enabled: siteInstId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One POST with every chosen site (the spec's one call per site, made atomic). */
export function useAddSites(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.site', instId),
    mutationFn: (body: SitesValues) => call(e.addSites, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

/** POST .../{id}/disable: the site leaves the protocol (records are never deleted). */
export function useRemoveSite(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.site', instId),
    mutationFn: (siteId: number) => call(e.removeSite, { params: { instId, protocolId, siteId } }),
  });
}
