import { useMutation, useQuery } from '@tanstack/react-query';
import type { Printer, PrinterInput } from '@contract/labels.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

/** GET labels/printer: the institution's printer for server-side printing (null when none). */
export function usePrinter(instId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.printer(instId),
    queryFn: () => api.get<Printer | null>(`/institutions/${instId}/labels/printer`),
    enabled,
  });
}

/** PUT labels/printer; the form shows field errors itself. */
export function useSavePrinter(instId: number) {
  return useMutation({
    ...changes('labels.printer', instId),
    mutationFn: (body: PrinterInput) => api.put<Printer>(`/institutions/${instId}/labels/printer`, body, { notify: false }),
  });
}
