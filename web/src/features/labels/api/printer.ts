import { useMutation, useQuery } from '@tanstack/react-query';
import type { PrinterInput } from '@contract/labels.contract';
import { labelEndpoints as e } from '@contract/labels.endpoints';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

/** GET labels/printer: the institution's printer for server-side printing (null when none). */
export function usePrinter(instId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.printer(instId),
    queryFn: () => call(e.printer, { params: { instId } }),
    enabled,
  });
}

/** PUT labels/printer; the form shows field errors itself. */
export function useSavePrinter(instId: number) {
  return useMutation({
    ...changes('labels.printer', instId),
    mutationFn: (body: PrinterInput) => call(e.savePrinter, { params: { instId }, body }, { notify: false }),
  });
}
