import { useMutation } from '@tanstack/react-query';
import { auditEndpoints } from '@contract/audit.endpoints';
import { call } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';

/** GET /institutions/{id}/audit/verify: checks the institution's audit hash chain on request (it reads every row). */
export function useVerifyAuditChain(instId: number) {
  return useMutation({
    ...changes('audit.verify', instId),
    mutationFn: () => call(auditEndpoints.verify, { params: { instId } }),
  });
}
