import { useMutation, useQuery } from '@tanstack/react-query';
import type { CollectedSample } from '@contract/samples.contract';
import type { RackScanApplied, RackScanApply, RackScanResult } from '@contract/rack-scan.contract';
import type {
  BoxPosition, ChildInput, ContainerInput, Occupancy, PathRef, RackTemplateInput, RackTemplateResult, SamplePosition, StorageLevel, StorageNode, TreeNode,
} from '@contract/storage.contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { collectionUrl, nodeUrl, occupanciesUrl } from '@/lib/storage-positions';
import { changes } from '@/lib/mutation-effects';

const keys = queryKeys.storage;
export { collectionUrl, decodeStoragePath, encodeStoragePath, nodeUrl, useSuggestion } from '@/lib/storage-positions';

/** Children of one node (null: the containers), enabled only, as the tree shows them. */
export function useChildren(instId: number, parentId: number | null, enabled = true) {
  return useQuery({
    queryKey: keys.children(instId, parentId),
    queryFn: () => api.get<TreeNode[]>('/institutions/' + instId + '/storageContainers/tree', { parentId: parentId ?? undefined, IsEnabled: true, PageSize: 1000 }),
    enabled,
  });
}

export function useNode(instId: number, path: PathRef[]) {
  return useQuery({
    queryKey: keys.node(instId, path.at(-1)?.id ?? 0),
    queryFn: () => api.get<StorageNode>(nodeUrl(instId, path), undefined, { notify: false }),
    enabled: path.length > 0,
  });
}

export function useCreateNode(instId: number, parentPath: PathRef[], level: StorageLevel) {
  return useMutation({
    ...changes('storage.structure', instId),
    mutationFn: (body: ContainerInput | ChildInput) => api.post<StorageNode>(collectionUrl(instId, parentPath, level), body, { notify: false }),
  });
}

/** A rack and its boxes in one call (docs/storage.md "Templates"). */
export function useRackTemplate(instId: number, shelfPath: PathRef[]) {
  return useMutation({
    ...changes('storage.structure', instId),
    mutationFn: (body: RackTemplateInput) => api.post<RackTemplateResult>(`${collectionUrl(instId, shelfPath, 'rack')}/template`, body, { notify: false }),
  });
}

export function usePositions(instId: number, boxPath: PathRef[]) {
  return useQuery({
    queryKey: keys.positions(instId, boxPath.at(-1)?.id ?? 0),
    queryFn: () => api.get<BoxPosition[]>(`${nodeUrl(instId, boxPath)}/StorageContainerBoxPositions`),
  });
}

/** The position's occupancies, newest first: the first is the current one when the position is occupied. */
export function useOccupancies(instId: number, boxPath: PathRef[], positionId: number) {
  return useQuery({
    queryKey: keys.occupancies(instId, positionId),
    queryFn: () => api.get<Occupancy[]>(occupanciesUrl(instId, boxPath, positionId), { PageSize: 5 }),
  });
}

/** The institution's samples with exactly this sample ID (any case): none or one. */
export function findSample(instId: number, sampleId: string) {
  return api.get<CollectedSample[]>(`/institutions/${instId}/collectedSamples`, { SampleID: sampleId.trim(), PageSize: 1 }, { notify: false });
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
    queryFn: () => api.get<SamplePosition>(`/institutions/${instId}/collectedSamples/${collectedSampleId}/position`, undefined, { notify: false }),
    enabled: collectedSampleId !== null,
    staleTime: 0,
  });
}

/** A write of occupancies: the box grids and the samples' positions change (a 409 also reloads them, query-client.ts). */
function useStorageWrite<I, O>(instId: number, call: (input: I) => Promise<O>) {
  return useMutation({ ...changes('storage.allocate', instId), mutationFn: call });
}

export const useAllocate = (instId: number, boxPath: PathRef[], positionId: number) =>
  useStorageWrite(instId, (collectedSampleId: number) => api.post<Occupancy>(occupanciesUrl(instId, boxPath, positionId), { collectedSampleId }, { notify: false }));

export const useVacate = (instId: number, boxPath: PathRef[], positionId: number) =>
  useStorageWrite(instId, (v: { occupancyId: number; concurrencyStamp: string; vacateReason: string }) =>
    api.put<Occupancy>(`${occupanciesUrl(instId, boxPath, positionId)}/${v.occupancyId}/vacate`, { concurrencyStamp: v.concurrencyStamp, vacateReason: v.vacateReason }, { notify: false }));

export const useBulkAllocate = (instId: number, boxPath: PathRef[]) =>
  useStorageWrite(instId, (collectedSampleIds: number[]) => api.post<Occupancy[]>(`${nodeUrl(instId, boxPath)}/allocate`, { collectedSampleIds }, { notify: false }));

/** Rack-scanner reconcile: the scan file read against the box (writes nothing). */
export const useRackScan = (instId: number, boxPath: PathRef[]) =>
  useMutation({ ...changes('storage.rackScanPreview', instId), mutationFn: (csv: string) => api.post<RackScanResult>(`${nodeUrl(instId, boxPath)}/rackScan`, csv, { notify: false }) });

/** Applies the scan's moves (and, when asked, takes out the missing samples) if the box is still as scanned. */
export const useApplyRackScan = (instId: number, boxPath: PathRef[]) =>
  useStorageWrite(instId, (body: RackScanApply) => api.post<RackScanApplied>(`${nodeUrl(instId, boxPath)}/rackScan/apply`, body, { notify: false }));
