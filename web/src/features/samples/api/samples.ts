import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdjustmentInput,
  CollectInput,
  SampleInput,
  SampleLabelsInput,
  SampleTreeNode,
} from '@contract/samples.contract';
import { sampleEndpoints as e } from '@contract/samples.endpoints';
import { call } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';
import { queryKeys } from '@/lib/query-keys';
import { listStateOf } from '@/components/use-list-state';
import { usePrintLabels } from '@/lib/labels/print-labels';
import { primarySamplesQuery } from '@/lib/primary-samples';

const keys = queryKeys.samples;
const one = (instId: number, protocolId: number, sampleId: number) => ({
  params: { instId, protocolId, collectedSampleId: sampleId },
});

/** The page a cold load of this list's address asks for before the first render (app/route-prefetch.ts), without a notification on failure. */
export function coldPrimarySamplesQuery(instId: number, protocolId: number, params: URLSearchParams) {
  const { page, pageSize, search } = listStateOf(params);
  return primarySamplesQuery(instId, protocolId, { page, pageSize, search }, false);
}

/** GET {id}/tree: the sample and all its descendants, fetched when a row is expanded. */
export function useSampleTree(instId: number, protocolId: number, sampleId: number, enabled = true) {
  return useQuery({
    queryKey: keys.tree(instId, protocolId, sampleId),
    // The schema declares `children` loosely (OpenAPI cannot hold a recursive schema); the nodes are of this same shape.
    queryFn: async (): Promise<SampleTreeNode> =>
      call(e.tree, one(instId, protocolId, sampleId), { notify: false }) as Promise<SampleTreeNode>,
    enabled,
  });
}

export function useSample(instId: number, protocolId: number, sampleId: number) {
  return useQuery({
    queryKey: keys.one(instId, protocolId, sampleId),
    queryFn: () => call(e.get, one(instId, protocolId, sampleId), { notify: false }),
    retry: false,
  });
}

/** GET /institutions/{i}/collectedSamples/{id}: any sample of the institution (a received one has no protocol). */
export function useSampleRecord(instId: number, sampleId: number) {
  return useQuery({
    queryKey: keys.record(instId, sampleId),
    queryFn: () => call(e.getInstitution, { params: { instId, collectedSampleId: sampleId } }, { notify: false }),
    retry: false,
  });
}

export function useSampleRecordHistory(instId: number, sampleId: number) {
  return useQuery({
    queryKey: keys.recordHistory(instId, sampleId),
    queryFn: () => call(e.historyInstitution, { params: { instId, collectedSampleId: sampleId } }, { notify: false }),
  });
}

export function useSampleHistory(instId: number, protocolId: number, sampleId: number) {
  return useQuery({
    queryKey: keys.history(instId, protocolId, sampleId),
    queryFn: () => call(e.history, one(instId, protocolId, sampleId), { notify: false }),
  });
}

/** POST collectedSamples: a sample, or a sub-sample (`isSubSample`, `parentSampleId`). The form shows a refusal itself. */
export function useCreateSample(instId: number, protocolId: number) {
  return useMutation({
    ...changes('samples.create', instId),
    mutationFn: (body: z.input<typeof SampleInput>) =>
      call(e.create, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

/** POST collectedSamples/collect: the stepper's rows in one transaction. */
export function useCollect(instId: number, protocolId: number) {
  return useMutation({
    ...changes('samples.collect', instId),
    mutationFn: (body: z.input<typeof CollectInput>) =>
      call(e.collect, { params: { instId, protocolId }, body }, { notify: false }),
  });
}

export function useAdjust(instId: number, protocolId: number, sampleId: number) {
  return useMutation({
    // A refusal (stale stamp, overdraw: 409) also reloads: the page then shows the amount it was refused against.
    ...changes('samples.adjust', instId),
    mutationFn: (body: z.input<typeof AdjustmentInput>) =>
      call(e.adjust, { ...one(instId, protocolId, sampleId), body }, { notify: false }),
  });
}

/**
 * Print sample labels: the server checks the samples may be used (withdrawn consent refuses, its title shown
 * as a notification; a sample another institution holds: 409 naming it), notes 'label printed' in their history and
 * answers the labels; the labels module
 * prints them with the method chosen in Setting > Printer.
 */
export function usePrintSampleLabels(instId: number, protocolId: number | null) {
  const print = usePrintLabels(instId);
  return useMutation({
    ...changes('samples.printLabels', instId),
    mutationFn: async (body: z.input<typeof SampleLabelsInput>) => {
      // No protocol (the record page, a received sample): the institution's label route, by record id.
      const { labels } =
        protocolId === null
          ? await call(e.labelsInstitution, { params: { instId }, body })
          : await call(e.labels, { params: { instId, protocolId }, body });
      await print.mutateAsync({ job: { labels } });
    },
  });
}
