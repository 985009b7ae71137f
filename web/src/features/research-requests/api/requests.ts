import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { distributionEndpoints } from '@contract/distribution.endpoints';
import { queryEndpoints } from '@contract/queries.endpoints';
import { shipmentEndpoints } from '@contract/shipments.endpoints';
import type {
  DistributeInput,
  MtaInput,
  PickInput,
  RequestReasonInput,
  RequestState,
  RequestStampInput,
  ResearchRequest,
  ResearchRequestUpdateValues,
  ResearchRequestValues,
  ReturnInput,
} from '@contract/requests.contract';
import { requestEndpoints as e } from '@contract/requests.endpoints';
import { call, callPage } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';
import { queryKeys } from '@/lib/query-keys';

const keys = queryKeys.requests;

/** GET researchRequests: one page, newest first; a Researcher only ever gets their own. */
export function useResearchRequests(
  instId: number,
  q: { page: number; pageSize: number; states: RequestState[]; mine: boolean },
) {
  return useQuery({
    queryKey: keys.list(instId, q),
    queryFn: () =>
      callPage(
        e.list,
        {
          params: { instId },
          query: {
            pageNumber: q.page,
            pageSize: q.pageSize,
            states: q.states.length ? q.states.join(',') : undefined,
            mine: q.mine ? true : undefined,
          },
        },
        { notify: false },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useResearchRequest(instId: number, id: number) {
  return useQuery({
    queryKey: keys.one(instId, id),
    queryFn: () => call(e.get, { params: { instId, researchRequestId: id } }, { notify: false }),
    retry: false,
  });
}

/** The picked samples as staff see them (sample ID, never the donor): needs requests.review. */
export function useRequestItems(instId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.items(instId, id),
    queryFn: () => call(e.items, { params: { instId, researchRequestId: id } }, { notify: false }),
    enabled,
  });
}

/** Samples the request's query or criteria suggest, eligible now and reserved by no open request. */
export function useSuggestions(instId: number, id: number, q: { page: number; pageSize: number }, enabled: boolean) {
  return useQuery({
    queryKey: keys.suggestions(instId, id, q),
    queryFn: async () => {
      // Shown in the table's own error state; a distribution refetches it once more as it ends the pick list (409).
      const page = await callPage(
        e.suggestions,
        { params: { instId, researchRequestId: id }, query: { pageNumber: q.page, pageSize: q.pageSize } },
        { notify: false },
      );
      // The one paged table keys its rows by `id`: a suggestion is one sample.
      return { ...page, items: page.items.map((s) => ({ ...s, id: s.collectedSampleId })) };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The researcher's view of what was distributed: codes, types and amounts, never a sample ID or donor. */
export function useDistributedSamples(instId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.distributed(instId, id),
    queryFn: () => call(e.distributedSamples, { params: { instId, researchRequestId: id } }, { notify: false }),
    enabled,
  });
}

/** Enabled distribution protocols a request may be made under (needs distribution.read). */
export function useProtocolChoices(instId: number) {
  return useQuery({
    queryKey: queryKeys.distribution.list(instId, { choices: true }),
    queryFn: () =>
      callPage(distributionEndpoints.list, {
        params: { instId },
        query: { isEnabled: true, pageNumber: 1, pageSize: MAX_PAGE_SIZE },
      }),
  });
}

/** The institution's saved queries (the query builder's), enabled ones. */
export function useSavedQueryChoices(instId: number) {
  return useQuery({
    queryKey: queryKeys.queries.saved(instId),
    queryFn: () =>
      callPage(queryEndpoints.savedList, {
        params: { instId },
        query: { isEnabled: true, pageNumber: 1, pageSize: 200 },
      }),
  });
}

/** Shipments the material may leave with: the institution's drafts (a distribution joins one before it is sent). */
export function useShipmentChoices(instId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.shipments.list(instId, { forRequest: true }),
    queryFn: () =>
      callPage(shipmentEndpoints.list, {
        params: { instId },
        query: { sendingInstitutionId: instId, statuses: 'draft', pageNumber: 1, pageSize: MAX_PAGE_SIZE },
      }),
    enabled,
  });
}

type Params = { instId: number; researchRequestId: number };
const one = (instId: number, id: number): { params: Params } => ({ params: { instId, researchRequestId: id } });

export function useCreateRequest(instId: number) {
  return useMutation({
    ...changes('requests.write', instId),
    mutationFn: (body: ResearchRequestValues) => call(e.create, { params: { instId }, body }, { notify: false }),
  });
}

export function useUpdateRequest(instId: number, id: number) {
  return useMutation({
    ...changes('requests.write', instId),
    mutationFn: (body: ResearchRequestUpdateValues) => call(e.update, { ...one(instId, id), body }, { notify: false }),
  });
}

/** The decisions and the requester's steps: each takes the stamp, some a reason or a comment. */
export type StampAction = 'submit' | 'approve' | 'close';
export type ReasonAction = 'reject' | 'requestChanges' | 'cancel';

export function useStampAction(instId: number, id: number, action: StampAction) {
  return useMutation<ResearchRequest, Error, RequestStampInput>({
    ...changes('requests.write', instId),
    mutationFn: (body) => call(e[action], { ...one(instId, id), body }, { notify: false }),
  });
}

export function useReasonAction(instId: number, id: number, action: ReasonAction) {
  return useMutation<ResearchRequest, Error, RequestReasonInput>({
    ...changes('requests.write', instId),
    mutationFn: (body) => call(e[action], { ...one(instId, id), body }, { notify: false }),
  });
}

export function usePick(instId: number, id: number) {
  return useMutation({
    ...changes('requests.fulfil', instId),
    mutationFn: (body: PickInput) => call(e.pick, { ...one(instId, id), body }, { notify: false }),
  });
}

export function useReleaseItem(instId: number, id: number) {
  return useMutation({
    ...changes('requests.fulfil', instId),
    mutationFn: ({ itemId, ...body }: RequestStampInput & { itemId: number }) =>
      call(e.releaseItem, { params: { instId, researchRequestId: id, itemId }, body }, { notify: false }),
  });
}

export function useUploadMta(instId: number, id: number) {
  return useMutation({
    ...changes('requests.fulfil', instId),
    mutationFn: (body: MtaInput) => call(e.uploadMta, { ...one(instId, id), body }, { notify: false }),
  });
}

export function useDistribute(instId: number, id: number) {
  return useMutation({
    ...changes('requests.fulfil', instId),
    mutationFn: (body: DistributeInput) => call(e.distribute, { ...one(instId, id), body }, { notify: false }),
  });
}

export function useRecordReturns(instId: number, id: number) {
  return useMutation({
    ...changes('requests.fulfil', instId),
    mutationFn: (body: ReturnInput) => call(e.returns, { ...one(instId, id), body }, { notify: false }),
  });
}
