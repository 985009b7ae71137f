import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ConsentValues,
  ConsentUpdateValues,
  ConsentVersion as ConsentVersionSchema,
} from '@contract/protocols.contract';
import { protocolEndpoints as e } from '@contract/protocols.endpoints';
import { call, callPage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

/** One text version of a consent (the contract declares only the schema). */
export type ConsentVersion = z.infer<typeof ConsentVersionSchema>;

const keys = queryKeys.protocols;
const CONSENTS = 'consents';
const VERSIONS = 'consentVersions';

/** GET collectionProtocolConsents?IsEnabled=true: one page of the protocol's consents (disabled ones leave the list). */
export function useConsents(instId: number, protocolId: number, q: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, CONSENTS, { list: q }),
    queryFn: () =>
      callPage(e.consents, {
        params: { instId, protocolId },
        query: { isEnabled: true, pageNumber: q.page, pageSize: q.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET .../{consentId}. `fresh` refetches on every opening even when cached: the edit form needs the
 * current concurrency stamp, not the one of a list loaded minutes ago.
 */
export function useConsent(instId: number, protocolId: number, consentId: number, { fresh = false } = {}) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, CONSENTS, consentId),
    queryFn: () => call(e.consent, { params: { instId, protocolId, consentId } }, { notify: false }),
    refetchOnMount: fresh ? 'always' : true,
    retry: false,
  });
}

/** GET .../{consentId}/versions: every text the consent has had, newest first, with its signatures. */
export function useConsentVersions(instId: number, protocolId: number, consentId: number) {
  return useQuery({
    queryKey: keys.part(instId, protocolId, VERSIONS, consentId),
    queryFn: () => call(e.consentVersions, { params: { instId, protocolId, consentId } }, { notify: false }),
    refetchOnMount: 'always',
    retry: false,
  });
}

export function useCreateConsent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.consent', instId),
    mutationFn: (body: ConsentValues) =>
      call(e.createConsent, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

/** PUT with the concurrency stamp (stale: 409). A new text of a signed version becomes a new version on the server. */
export function useUpdateConsent(instId: number, protocolId: number, consentId: number) {
  return useMutation({
    ...changes('protocols.consent', instId),
    mutationFn: (body: ConsentUpdateValues) =>
      call(e.updateConsent, { params: { instId, protocolId, consentId }, body }, { notify: false }),
  });
}

/** POST .../{consentId}/disable: it leaves the list and can no longer be signed; given signatures stay. */
export function useDisableConsent(instId: number, protocolId: number) {
  return useMutation({
    ...changes('protocols.consent', instId),
    mutationFn: (consentId: number) => call(e.disableConsent, { params: { instId, protocolId, consentId } }),
  });
}
