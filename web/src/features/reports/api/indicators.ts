import { useMutation, useQuery } from '@tanstack/react-query';
import type { IndicatorDefinitionValues, IndicatorReport } from '@contract/indicators.contract';
import { indicatorEndpoints as e } from '@contract/indicators.endpoints';
import { call, callFile } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { changes } from '@/lib/mutation-effects';
import { queryKeys } from '@/lib/query-keys';

// Screening indicator reports (docs/indicators.md): the report of a date range, its CSV, and the definitions.

export interface Range {
  from: string;
  to: string;
}
const keys = queryKeys.reports;

/** GET indicators/{report}?From&To once a range was generated (null: nothing asked yet). */
export function useIndicatorReport(instId: number, report: IndicatorReport, range: Range | null) {
  return useQuery({
    queryKey: keys.indicators(instId, report, range),
    queryFn: () => call(e.report, { params: { instId, report }, query: { from: range!.from, to: range!.to } }),
    enabled: range !== null,
  });
}

export function useDefinitions(instId: number, report: IndicatorReport, enabled = true) {
  return useQuery({
    queryKey: keys.indicatorDefinitions(instId, report),
    queryFn: () => call(e.definitions, { params: { instId, report } }),
    enabled,
  });
}

/** PUT a definition; the report and the list are read again (the frequencies follow the new rule). */
export function useUpdateDefinition(instId: number, report: IndicatorReport) {
  return useMutation({
    ...changes('reports.definition', instId),
    mutationFn: ({ id, input }: { id: number; input: IndicatorDefinitionValues }) =>
      call(e.updateDefinition, { params: { instId, report, definitionId: id }, body: input }),
  });
}

/** GET indicators/{report}.csv, saved under the server's name (the report title). */
export async function downloadIndicatorCsv(
  instId: number,
  report: IndicatorReport,
  range: Range,
  fallbackName: string,
) {
  const { blob, filename } = await callFile(e.csv, {
    params: { instId, report },
    query: { from: range.from, to: range.to },
  });
  saveBlob(blob, filename ?? `${fallbackName}.csv`);
}
