import { useQuery } from '@tanstack/react-query';
import type { Occupancy, StorageLocation, Suggestion } from '@contract/storage.contract';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// Storage positions as other features use them (the sample page, a received shipment's Store action):
// the API paths, the suggestion and the place as text. Features never import each other; they meet here.

/** The collection segment of each level under its parent (spec 2 §7). */
const SEGMENTS = ['storageContainers', 'storageContainerShelfs', 'storageContainerRacks', 'storageContainerDrawers', 'storageContainerBoxes'];

/** The nested API path of the node whose ancestors and itself are `ids`, outermost first. */
export const nodeUrl = (instId: number, ids: number[]) => `/institutions/${instId}${ids.map((id, i) => `/${SEGMENTS[i]}/${id}`).join('')}`;
/** The collection under `parentIds` (none: the containers). */
export const collectionUrl = (instId: number, parentIds: number[]) => `${nodeUrl(instId, parentIds)}/${SEGMENTS[parentIds.length]}`;
export const occupanciesUrl = (instId: number, boxPath: number[], positionId: number) =>
  `${nodeUrl(instId, boxPath)}/StorageContainerBoxPositions/${positionId}/StorageContainerBoxPositionOccupancies`;

/** The first free position for a sample (docs/storage.md: same protocol and specimen type first), or null when every box is full. */
export function useSuggestion(instId: number, collectedSampleId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.storage.suggestion(instId, collectedSampleId ?? 0),
    queryFn: () => api.get<Suggestion>(`/institutions/${instId}/storageContainers/suggest`, { collectedSampleId: collectedSampleId! }, { notify: false }),
    enabled: enabled && collectedSampleId !== null,
    staleTime: 0,
  });
}

/** Stores a sample at a location (a suggestion): POST to that position's occupancies. */
export const allocateAt = (instId: number, location: StorageLocation, collectedSampleId: number) =>
  api.post<Occupancy>(occupanciesUrl(instId, location.path.map((n) => n.id), location.positionId), { collectedSampleId }, { notify: false });

/** "Freezer A > Shelf 1 > Rack 2 > Drawer 1 > Box 3, position B4" */
export const locationText = (l: StorageLocation) => `${l.path.map((n) => n.title).join(' > ')}, position ${l.positionCode}`;

/** Configuration > Storage Container keeps its selection in `?path=` (the node ids, container first). */
export const boxLink = (l: StorageLocation) => `/configuration/storage-container?path=${l.path.map((n) => n.id).join('.')}`;
