import { useQuery } from '@tanstack/react-query';
import {
  PARENT_LEVELS,
  STORAGE_LEVELS,
  type PathRef,
  type StorageLevel,
  type StorageLocation,
} from '@contract/storage.contract';
import { boxRowsAt, nodeParams, storageEndpoints } from '@contract/storage.endpoints';
import { call } from './api-client';
import { queryKeys } from './query-keys';

// Storage positions as other features use them (the sample page, a received shipment's Store action):
// the typed calls of the storage rows (contract/storage.endpoints.ts), the suggestion and the place as text.
// Features never import each other; they meet here.

/** A box's positions (GET .../StorageContainerBoxPositions), by the box's path. */
export const boxPositions = (instId: number, boxPath: readonly PathRef[], opts?: { notify?: boolean }) =>
  call(boxRowsAt(boxPath).positions, { params: nodeParams(instId, boxPath) }, opts);

const LETTERS: Record<StorageLevel, string> = { container: 'c', shelf: 's', rack: 'r', drawer: 'd', box: 'b' };
/** A path as the storage screen's `?path=` keeps it: each id with its level's letter, container first ("c3.s8.b12"). */
export const encodeStoragePath = (path: readonly PathRef[]) => path.map((n) => `${LETTERS[n.level]}${n.id}`).join('.');
/**
 * `?path=` read back; an id without a letter takes the level of its place in container > shelf > rack >
 * drawer > box (links made before a box could sit in a shelf). A chain the hierarchy does not allow is none.
 */
export function decodeStoragePath(text: string | null): PathRef[] {
  const parts = (text ?? '').split('.').filter(Boolean);
  const path: PathRef[] = [];
  for (const [i, part] of parts.entries()) {
    const m = /^([csrdb]?)([1-9]\d{0,9})$/.exec(part);
    const level = m && (m[1] ? STORAGE_LEVELS.find((l) => LETTERS[l] === m[1]) : STORAGE_LEVELS[i]);
    if (!m || !level || Number(m[2]) > 2_147_483_647) return [];
    if (i === 0 ? level !== 'container' : !PARENT_LEVELS[level].includes(path[i - 1].level)) return [];
    path.push({ id: Number(m[2]), level });
  }
  return path;
}

/** The first free position for a sample (docs/storage.md: same protocol and specimen type first), or null when every box is full. */
export function useSuggestion(instId: number, collectedSampleId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.storage.suggestion(instId, collectedSampleId ?? 0),
    queryFn: () =>
      call(
        storageEndpoints.suggest,
        { params: { instId }, query: { collectedSampleId: collectedSampleId! } },
        { notify: false },
      ),
    enabled: enabled && collectedSampleId !== null,
    staleTime: 0,
  });
}

/** Stores a sample at a location (a suggestion): POST to that position's occupancies. */
export const allocateAt = (instId: number, location: StorageLocation, collectedSampleId: number) =>
  call(
    boxRowsAt(location.path).allocate,
    { params: { ...nodeParams(instId, location.path), positionId: location.positionId }, body: { collectedSampleId } },
    { notify: false },
  );

/** "Freezer A > Shelf 1 > Rack 2 > Drawer 1 > Box 3, position B4" (or "Fridge > Shelf 1 > Box 3, position B4") */
export const locationText = (l: StorageLocation) =>
  `${l.path.map((n) => n.title).join(' > ')}, position ${l.positionCode}`;

/** Configuration > Storage Container keeps its selection in `?path=` (the nodes, container first). */
export const boxLink = (l: StorageLocation) => `/configuration/storage-container?path=${encodeStoragePath(l.path)}`;
