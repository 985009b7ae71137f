import { useMutation, useQuery } from '@tanstack/react-query';
import { sampleEndpoints } from '@contract/samples.endpoints';
import type { RackScanApplyValues } from '@contract/rack-scan.contract';
import type {
  ChildValues,
  ContainerValues,
  PathRef,
  RackTemplateValues,
  StorageLevel,
} from '@contract/storage.contract';
import { boxRowsAt, collectionAt, nodeParams, rowsAt, storageEndpoints as e } from '@contract/storage.endpoints';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.storage;
export { decodeStoragePath, encodeStoragePath, useSuggestion } from '@/lib/storage-positions';

/** Children of one node (null: the containers), enabled only, as the tree shows them. */
export function useChildren(instId: number, parentId: number | null, enabled = true) {
  return useQuery({
    queryKey: keys.children(instId, parentId),
    queryFn: () =>
      call(e.tree, { params: { instId }, query: { parentId: parentId ?? undefined, isEnabled: true, pageSize: 1000 } }),
    enabled,
  });
}

export function useNode(instId: number, path: PathRef[]) {
  return useQuery({
    queryKey: keys.node(instId, path.at(-1)?.id ?? 0),
    queryFn: () => call(rowsAt(path).get, { params: nodeParams(instId, path) }, { notify: false }),
    enabled: path.length > 0,
  });
}

export function useCreateNode(instId: number, parentPath: PathRef[], level: StorageLevel) {
  return useMutation({
    ...changes('storage.structure', instId),
    mutationFn: (body: ContainerValues | ChildValues) =>
      call(collectionAt(parentPath, level).create, { params: nodeParams(instId, parentPath), body }, { notify: false }),
  });
}

/** A rack and its boxes in one call (docs/storage.md "Templates"). */
export function useRackTemplate(instId: number, shelfPath: PathRef[]) {
  return useMutation({
    ...changes('storage.structure', instId),
    mutationFn: (body: RackTemplateValues) =>
      call(
        e.rackTemplate,
        { params: { instId, containerId: shelfPath[0].id, shelfId: shelfPath[1].id }, body },
        { notify: false },
      ),
  });
}

export function usePositions(instId: number, boxPath: PathRef[]) {
  return useQuery({
    queryKey: keys.positions(instId, boxPath.at(-1)?.id ?? 0),
    queryFn: () => call(boxRowsAt(boxPath).positions, { params: nodeParams(instId, boxPath) }),
  });
}

/** The position's occupancies, newest first: the first is the current one when the position is occupied. */
export function useOccupancies(instId: number, boxPath: PathRef[], positionId: number) {
  return useQuery({
    queryKey: keys.occupancies(instId, positionId),
    queryFn: () =>
      call(boxRowsAt(boxPath).occupancies, {
        params: { ...nodeParams(instId, boxPath), positionId },
        query: { pageSize: 5 },
      }),
  });
}

/**
 * The institution's samples with exactly this sample ID (any case): none or one. GET collectedSamples is the
 * samples module's row.
 */
export function findSample(instId: number, sampleId: string) {
  return call(
    sampleEndpoints.listInstitution,
    { params: { instId }, query: { sampleId: sampleId.trim(), pageSize: 1 } },
    { notify: false },
  );
}

export function useFoundSample(instId: number, sampleId: string | null) {
  return useQuery({
    queryKey: keys.sample(instId, sampleId ?? ''),
    queryFn: async () => (await findSample(instId, sampleId!))[0] ?? null,
    enabled: Boolean(sampleId),
    staleTime: 0,
  });
}

/** Where a sample is stored now (its current occupancy, or null). */
export function useSamplePosition(instId: number, collectedSampleId: number | null) {
  return useQuery({
    queryKey: keys.samplePosition(instId, collectedSampleId ?? 0),
    queryFn: () =>
      call(e.samplePosition, { params: { instId, collectedSampleId: collectedSampleId! } }, { notify: false }),
    enabled: collectedSampleId !== null,
    staleTime: 0,
  });
}

/** A write of occupancies: the box grids and the samples' positions change (a 409 also reloads them, query-client.ts). */
function useStorageWrite<I, O>(instId: number, write: (input: I) => Promise<O>) {
  return useMutation({ ...changes('storage.allocate', instId), mutationFn: write });
}

export const useAllocate = (instId: number, boxPath: PathRef[], positionId: number) =>
  useStorageWrite(instId, (collectedSampleId: number) =>
    call(
      boxRowsAt(boxPath).allocate,
      { params: { ...nodeParams(instId, boxPath), positionId }, body: { collectedSampleId } },
      { notify: false },
    ),
  );

export const useVacate = (instId: number, boxPath: PathRef[], positionId: number) =>
  useStorageWrite(instId, (v: { occupancyId: number; concurrencyStamp: string; vacateReason: string }) =>
    call(
      boxRowsAt(boxPath).vacate,
      {
        params: { ...nodeParams(instId, boxPath), positionId, occupancyId: v.occupancyId },
        body: { concurrencyStamp: v.concurrencyStamp, vacateReason: v.vacateReason },
      },
      { notify: false },
    ),
  );

export const useBulkAllocate = (instId: number, boxPath: PathRef[]) =>
  useStorageWrite(instId, (collectedSampleIds: number[]) =>
    call(
      boxRowsAt(boxPath).bulkAllocate,
      { params: nodeParams(instId, boxPath), body: { collectedSampleIds } },
      { notify: false },
    ),
  );

/** Rack-scanner reconcile: the scan file read against the box (writes nothing). */
export const useRackScan = (instId: number, boxPath: PathRef[]) =>
  useMutation({
    ...changes('storage.rackScanPreview', instId),
    mutationFn: (csv: string) =>
      call(boxRowsAt(boxPath).rackScan, { params: nodeParams(instId, boxPath), body: csv }, { notify: false }),
  });

/** Applies the scan's moves (and, when asked, takes out the missing samples) if the box is still as scanned. */
export const useApplyRackScan = (instId: number, boxPath: PathRef[]) =>
  useStorageWrite(instId, (body: RackScanApplyValues) =>
    call(boxRowsAt(boxPath).rackScanApply, { params: nodeParams(instId, boxPath), body }, { notify: false }),
  );
