import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PublicKeyFile } from '@contract/partners.contract';
import { partnerEndpoints as e } from '@contract/partners.endpoints';
import { call, callPage } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { changes } from '@/lib/mutation-effects';
import { queryKeys } from '@/lib/query-keys';
import { i18next } from '@/lib/i18n';

// Configuration > Trusted Partners (issue 31, docs/shipments.md "Signed manifests and receipts").

export type KeyFile = z.input<typeof PublicKeyFile>;

export function useSigningKeys(instId: number) {
  return useQuery({
    queryKey: queryKeys.institutions.signingKeys(instId),
    queryFn: () => call(e.signingKeys, { params: { instId } }),
  });
}

export function usePartners(instId: number, q: { search: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: queryKeys.institutions.partners(instId, q),
    queryFn: () =>
      callPage(e.list, {
        params: { instId },
        query: { searchTerm: q.search || undefined, pageNumber: q.page, pageSize: q.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRotateKey(instId: number) {
  return useMutation({
    ...changes('config.partners', instId),
    mutationFn: () => call(e.rotateKey, { params: { instId } }, { notify: false }),
  });
}

export function useAddPartner(instId: number) {
  return useMutation({
    ...changes('config.partners', instId),
    mutationFn: (file: KeyFile) => call(e.add, { params: { instId }, body: file }, { notify: false }),
  });
}

export function useSetPartnerEnabled(instId: number) {
  return useMutation({
    ...changes('config.partners', instId),
    mutationFn: (v: { id: number; enabled: boolean }) =>
      call(v.enabled ? e.enable : e.disable, { params: { instId, partnerKeyId: v.id } }),
  });
}

export const downloadPublicKeys = (instId: number) =>
  downloadCall(
    e.publicKeyFile,
    { params: { instId } },
    'public-keys.json',
    i18next.t('partners.downloadFailed', { ns: 'configuration' }),
  );
