import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ProtocolValues, ProtocolUpdateValues } from '@contract/protocols.contract';
import { protocolEndpoints as e } from '@contract/protocols.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.protocols;

/** GET collectionProtocols: one page, searched by title, abbreviation or code; `openOn` keeps protocols still open that day. */
export function useProtocols(
  instId: number,
  q: { page: number; pageSize: number; search?: string; openOn?: string },
  enabled = true,
) {
  return useQuery({
    queryKey: keys.list(instId, q),
    queryFn: () =>
      callPage(e.list, {
        params: { instId },
        query: { searchTerm: q.search, pageNumber: q.page, pageSize: q.pageSize, openOn: q.openOn },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET collectionProtocols/{p}: the protocol every sub-page works in (the wrapper loads it once). */
export function useProtocol(instId: number, protocolId: number) {
  return useQuery(protocolQuery(instId, protocolId));
}

/** The query behind useProtocol, also started before the first render of a cold load (app/route-prefetch.ts). */
export const protocolQuery = (instId: number, protocolId: number) =>
  queryOptions({
    queryKey: keys.one(instId, protocolId),
    queryFn: () => call(e.get, { params: { instId, protocolId } }, { notify: false }),
    retry: false,
  });

export function useCreateProtocol(instId: number) {
  return useMutation({
    ...changes('protocols.create', instId),
    mutationFn: (body: ProtocolValues) => call(e.create, { params: { instId }, body }, { notify: false }),
  });
}

/** PUT with the concurrency stamp; the answer replaces the current protocol (spec 2 §4). */
export function useUpdateProtocol(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.update', instId),
    mutationFn: (body: ProtocolUpdateValues) =>
      call(e.update, { params: { instId, protocolId }, body }, { notify: false }),
  });
}
