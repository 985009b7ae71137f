import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import type { DistributionProtocolUpdateValues, DistributionProtocolValues } from '@contract/distribution.contract';
import { distributionEndpoints as e } from '@contract/distribution.endpoints';
import { accountEndpoints } from '@contract/accounts.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.distribution;

/** GET distributionProtocols: one page, searched by title, institution or ethics approval number. */
export function useDistributionProtocols(instId: number, q: { page: number; pageSize: number; search?: string }) {
  return useQuery({
    queryKey: keys.list(instId, q),
    queryFn: () =>
      callPage(e.list, {
        params: { instId },
        query: { searchTerm: q.search, pageNumber: q.page, pageSize: q.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDistributionProtocol(instId: number, id: number) {
  return useQuery({
    queryKey: keys.one(instId, id),
    queryFn: () => call(e.get, { params: { instId, distributionProtocolId: id } }, { notify: false }),
    retry: false,
  });
}

/** GET .../eligibility-count: the institution's samples eligible for the protocol now. */
export function useEligibilityCount(instId: number, id: number) {
  return useQuery({
    queryKey: keys.eligibility(instId, id),
    queryFn: () => call(e.eligibilityCount, { params: { instId, distributionProtocolId: id } }, { notify: false }),
  });
}

/** The institution's enabled accounts (the investigator and approvers are chosen from them; needs accounts.read). */
export function useInstitutionAccounts(instId: number) {
  return useQuery({
    queryKey: keys.accounts(instId),
    queryFn: () =>
      callPage(accountEndpoints.list, {
        query: { institutionId: instId, isEnabled: true, pageNumber: 1, pageSize: MAX_PAGE_SIZE },
      }),
    staleTime: 60_000,
  });
}

export function useCreateDistributionProtocol(instId: number) {
  return useMutation({
    ...changes('distribution.write', instId),
    mutationFn: (body: DistributionProtocolValues) => call(e.create, { params: { instId }, body }, { notify: false }),
  });
}

export function useUpdateDistributionProtocol(instId: number, id: number) {
  return useMutation({
    ...changes('distribution.write', instId),
    mutationFn: (body: DistributionProtocolUpdateValues) =>
      call(e.update, { params: { instId, distributionProtocolId: id }, body }, { notify: false }),
  });
}

export function useDisableDistributionProtocol(instId: number, id: number) {
  return useMutation({
    ...changes('distribution.write', instId),
    mutationFn: () => call(e.disable, { params: { instId, distributionProtocolId: id } }, { notify: false }),
  });
}

/** PUT .../ethicsDocument: the file read as base64 in the browser. */
export function useUploadEthicsDocument(instId: number, id: number) {
  return useMutation({
    ...changes('distribution.write', instId),
    mutationFn: (body: {
      fileName: string;
      contentType: 'application/pdf' | 'image/png' | 'image/jpeg';
      data: string;
    }) => call(e.uploadEthicsDocument, { params: { instId, distributionProtocolId: id }, body }, { notify: false }),
  });
}
