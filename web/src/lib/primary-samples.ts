import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sampleEndpoints } from '@contract/samples.endpoints';
import { call, callPage } from './api-client';
import { queryKeys } from './query-keys';

// A protocol's primary samples as the samples feature's lists and the forms feature's sample picker read them.
// Features never import each other; they meet here.

const keys = queryKeys.samples;

export interface SampleListFilter {
  page: number;
  pageSize: number;
  search?: string;
  participantId?: number;
}

/** GET collectedSamples?IsSubsample=false: one page of the protocol's (or one participant's) primary samples, newest first. */
export function usePrimarySamples(instId: number, protocolId: number, q: SampleListFilter) {
  return useQuery(primarySamplesQuery(instId, protocolId, q));
}

/** The query behind usePrimarySamples; a cold load's prefetch (app/route-prefetch.ts) asks without a notification on failure. */
export const primarySamplesQuery = (instId: number, protocolId: number, q: SampleListFilter, notify = true) =>
  queryOptions({
    queryKey: keys.list(instId, protocolId, q),
    queryFn: () =>
      callPage(
        sampleEndpoints.list,
        {
          params: { instId, protocolId },
          query: {
            isSubsample: false,
            pageNumber: q.page,
            pageSize: q.pageSize,
            searchTerm: q.search || undefined,
            participantId: q.participantId,
          },
        },
        { notify },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * GET collectedSamples?SampleID= (exact, any case, every protocol of the institution): the sample, or null.
 * The one query for a sample looked up by its ID outside a protocol (New Order's COLLECTED SAMPLE ID, storage's find).
 */
export const sampleNamedQuery = (instId: number, sampleId: string, notify = true) =>
  queryOptions({
    queryKey: keys.bySampleId(instId, sampleId),
    queryFn: async () =>
      (
        await call(
          sampleEndpoints.listInstitution,
          { params: { instId }, query: { sampleId: sampleId.trim(), pageSize: 1 } },
          { notify },
        )
      )[0] ?? null,
    staleTime: 0,
  });
