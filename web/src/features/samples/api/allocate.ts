import { useMutation, useQuery } from '@tanstack/react-query';
import type { CollectedSample } from '@contract/samples.contract';
import { sampleEndpoints } from '@contract/samples.endpoints';
import type { StorageLocation } from '@contract/storage.contract';
import { call } from '@/lib/api-client';
import { changes } from '@/lib/mutation-effects';
import { queryKeys } from '@/lib/query-keys';
import { allocateAt, boxPositions } from '@/lib/storage-positions';

/** GET collectedSamples?SampleID= (exact, any case) inside this protocol: the scanned sample, or null. */
export function useProtocolSampleLookup(instId: number, protocolId: number, sampleId: string | null) {
  return useQuery({
    queryKey: queryKeys.samples.lookup(instId, protocolId, sampleId ?? ''),
    queryFn: async () =>
      (
        await call(
          sampleEndpoints.list,
          { params: { instId, protocolId }, query: { sampleId: sampleId ?? '', pageSize: 1 } },
          { notify: false },
        )
      )[0] ?? null,
    enabled: !!sampleId,
    staleTime: 0,
  });
}

/** The free positions of the box a location is in (the suggested one): the user may pick another than the first. */
export function useFreePositions(instId: number, location: StorageLocation | null) {
  return useQuery({
    queryKey: queryKeys.storage.positions(instId, location?.boxId ?? 0),
    queryFn: () => boxPositions(instId, location!.path, { notify: false }),
    enabled: location !== null,
    select: (positions) => positions.filter((p) => !p.occupied),
  });
}

/** Stores the sample at a position; storage (grids, suggestions, the sample's position) and the samples refresh. */
export function useAllocateSample(instId: number, sample: CollectedSample) {
  return useMutation({
    ...changes('storage.allocate', instId),
    mutationFn: (location: StorageLocation) => allocateAt(instId, location, sample.id),
  });
}
