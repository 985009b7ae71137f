import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Printer, PrinterInput } from '@contract/labels.contract';
import { api } from '@/lib/api-client';

export const printerKeys = { one: (instId: number) => ['labels', 'printer', instId] as const };

/** GET labels/printer: the institution's printer for server-side printing (null when none). */
export function usePrinter(instId: number, enabled = true) {
  return useQuery({
    queryKey: printerKeys.one(instId),
    queryFn: () => api.get<Printer | null>(`/institutions/${instId}/labels/printer`),
    enabled,
  });
}

/** PUT labels/printer; the form shows field errors itself. */
export function useSavePrinter(instId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrinterInput) => api.put<Printer>(`/institutions/${instId}/labels/printer`, body, { notify: false }),
    onSuccess: (printer) => queryClient.setQueryData(printerKeys.one(instId), printer),
  });
}
