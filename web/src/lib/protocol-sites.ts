import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { protocolEndpoints as e } from '@contract/protocols.endpoints';
import { callPage } from './api-client';
import { queryKeys } from './query-keys';

// A protocol's sites as the protocol's Sites page and the samples and forms features' pickers read them.
// Features never import each other; they meet here.

/** GET collectionProtocolSites: one page of the protocol's (enabled) sites. */
export function useProtocolSites(instId: number, protocolId: number, q: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: queryKeys.protocols.part(instId, protocolId, 'sites', q),
    queryFn: () =>
      callPage(e.sites, { params: { instId, protocolId }, query: { pageNumber: q.page, pageSize: q.pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** Every site of the protocol (pickers, and the Add Sites form marking what is already there). */
export const useAllProtocolSites = (instId: number, protocolId: number) =>
  useProtocolSites(instId, protocolId, { page: 1, pageSize: MAX_PAGE_SIZE });
