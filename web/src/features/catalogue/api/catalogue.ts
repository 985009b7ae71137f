import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { catalogueEndpoints as e } from '@contract/catalogue.endpoints';
import { distributionEndpoints } from '@contract/distribution.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const keys = queryKeys.distribution;

/** The enabled distribution protocols a researcher picks from (one page of the most recent). */
export function useCatalogueProtocols(instId: number) {
  const q = { isEnabled: true, pageNumber: 1, pageSize: MAX_PAGE_SIZE };
  return useQuery({
    queryKey: keys.list(instId, { ...q, for: 'catalogue' }),
    queryFn: () => callPage(distributionEndpoints.list, { params: { instId }, query: q }),
  });
}

/** GET .../distributionProtocols/{id}/catalogue: the eligible samples' suppressed counts (null id: nothing asked). */
export function useCatalogue(instId: number, id: number | null) {
  return useQuery({
    queryKey: keys.catalogue(instId, id ?? 0),
    queryFn: () => call(e.get, { params: { instId, distributionProtocolId: id ?? 0 } }, { notify: false }),
    enabled: id !== null,
    retry: false,
  });
}
