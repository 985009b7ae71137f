import { z } from 'zod';
import { Id, InstParam, PagingQuery } from './common.contract';
import { endpoint, type EndpointDef } from './endpoint';
import { RackScanApplied, RackScanApply, RackScanResult, RackScanText } from './rack-scan.contract';
import {
  BoxPosition,
  BulkAllocationInput,
  ChildInput,
  childLevelsOf,
  ContainerInput,
  InstitutionNodesQuery,
  InstitutionPositionsQuery,
  NodeUpdate,
  Occupancy,
  OccupancyInput,
  RackTemplateInput,
  RackTemplateResult,
  SamplePosition,
  SamplePositionParams,
  ShelfParams,
  STORAGE_SEGMENTS,
  StorageNode,
  SuggestQuery,
  Suggestion,
  TreeNode,
  TreeQuery,
  VacateInput,
  type PathRef,
  type StorageLevel,
} from './storage.contract';

// The storage hierarchy's routes (spec 2 §7 "Storage", docs/storage.md): the nested paths of every node
// (container > shelf > rack > drawer > box, a box also straight in a shelf or a rack) are generated from the
// chains below, one set of rows per chain; the institution-wide lists, the tree, suggest and a sample's
// position are rows of their own. Reads: storage.read; building the hierarchy: configuration.manage;
// occupancies: storage.allocate.

const tags = ['Storage'];
const allocationTags = ['Storage allocation'];

/** Every chain of levels a node may sit at, outermost first (PARENT_LEVELS): one set of rows each. */
export const STORAGE_CHAINS = [
  ['container'],
  ['container', 'shelf'],
  ['container', 'shelf', 'rack'],
  ['container', 'shelf', 'rack', 'drawer'],
  ['container', 'shelf', 'rack', 'drawer', 'box'],
  ['container', 'shelf', 'box'],
  ['container', 'shelf', 'rack', 'box'],
] as const satisfies readonly (readonly StorageLevel[])[];
/** A chain's key: its levels joined by dots ('container.shelf.box'). */
export type ChainKey = (typeof STORAGE_CHAINS)[number] extends infer C
  ? C extends readonly StorageLevel[]
    ? Join<C>
    : never
  : never;
type Join<C extends readonly string[]> = C extends readonly [infer H extends string]
  ? H
  : C extends readonly [infer H extends string, ...infer R extends string[]]
    ? `${H}.${Join<R>}`
    : never;

/** The path parameter of each level's item. */
export const LEVEL_PARAMS: Record<StorageLevel, string> = {
  container: 'containerId',
  shelf: 'shelfId',
  rack: 'rackId',
  drawer: 'drawerId',
  box: 'boxId',
};

/** A node's path parameters: the institution and one id per level of its chain. */
export type NodeParams = z.ZodObject<Record<string, typeof Id>>;
type InstPath = `/institutions/:instId/${string}`;
/** A generated row: its path and params are known at run time (server/test/endpoint-table.test.ts checks them), the rest by type. */
type Gen<E extends Omit<EndpointDef, 'path' | 'params'>> = E & { path: InstPath; params: NodeParams };
const gen = <const E extends Omit<EndpointDef, 'path' | 'params'>>(path: string, params: NodeParams, e: E): Gen<E> => ({
  ...e,
  path: path as InstPath,
  params,
});

const paramsOf = (levels: readonly StorageLevel[]): NodeParams =>
  z.object(
    Object.fromEntries([['instId', Id], ...levels.map((l) => [LEVEL_PARAMS[l], Id])]) as Record<string, typeof Id>,
  );
const itemPath = (levels: readonly StorageLevel[]) =>
  `/institutions/:instId${levels.map((l) => `/${STORAGE_SEGMENTS[l]}/:${LEVEL_PARAMS[l]}`).join('')}`;

/** A collection of `level` under a parent (none: the containers), listed and added to. */
function collectionRows(parent: readonly StorageLevel[], segment: string) {
  const params = paramsOf(parent);
  const path = `${itemPath(parent)}/${segment}`;
  return parent.length === 0
    ? {
        list: gen(path, params, {
          method: 'GET',
          query: InstitutionNodesQuery,
          response: { 200: z.array(StorageNode) },
          permission: 'storage.read',
          paged: true,
          tags,
        }),
        create: gen(path, params, {
          method: 'POST',
          body: ContainerInput,
          response: { 201: StorageNode },
          permission: 'configuration.manage',
          tags,
        }),
      }
    : {
        list: gen(path, params, {
          method: 'GET',
          query: PagingQuery,
          response: { 200: z.array(StorageNode) },
          permission: 'storage.read',
          paged: true,
          tags,
        }),
        create: gen(path, params, {
          method: 'POST',
          body: ChildInput,
          response: { 201: StorageNode },
          permission: 'configuration.manage',
          tags,
        }),
      };
}
type CollectionRows = ReturnType<typeof collectionRows>;

/** One node's rows: read, edit, disable, enable. */
function itemRows(levels: readonly StorageLevel[]) {
  const params = paramsOf(levels);
  const path = itemPath(levels);
  return {
    get: gen(path, params, { method: 'GET', response: { 200: StorageNode }, permission: 'storage.read', tags }),
    update: gen(path, params, {
      method: 'PUT',
      body: NodeUpdate,
      response: { 200: StorageNode },
      permission: 'configuration.manage',
      tags,
    }),
    disable: gen(`${path}/disable`, params, {
      method: 'POST',
      response: { 200: StorageNode },
      permission: 'configuration.manage',
      tags,
    }),
    enable: gen(`${path}/enable`, params, {
      method: 'POST',
      response: { 200: StorageNode },
      permission: 'configuration.manage',
      tags,
    }),
  };
}

/** A box's rows: its positions, occupancies (allocate, vacate), bulk allocation and the rack-scanner reconcile. */
function boxRows(levels: readonly StorageLevel[]) {
  const params = paramsOf(levels);
  const positionParams = params.extend({ positionId: Id });
  const occupancyParams = positionParams.extend({ occupancyId: Id });
  const path = itemPath(levels);
  const occupancies = `${path}/StorageContainerBoxPositions/:positionId/StorageContainerBoxPositionOccupancies`;
  return {
    positions: gen(`${path}/StorageContainerBoxPositions`, params, {
      method: 'GET',
      response: { 200: z.array(BoxPosition) },
      permission: 'storage.read',
      tags,
    }),
    occupancies: gen(occupancies, positionParams, {
      method: 'GET',
      query: PagingQuery,
      response: { 200: z.array(Occupancy) },
      permission: 'storage.read',
      paged: true,
      tags: allocationTags,
    }),
    allocate: gen(occupancies, positionParams, {
      method: 'POST',
      body: OccupancyInput,
      response: { 201: Occupancy },
      permission: 'storage.allocate',
      tags: allocationTags,
    }),
    vacate: gen(`${occupancies}/:occupancyId/vacate`, occupancyParams, {
      method: 'PUT',
      body: VacateInput,
      response: { 200: Occupancy },
      permission: 'storage.allocate',
      tags: allocationTags,
    }),
    bulkAllocate: gen(`${path}/allocate`, params, {
      method: 'POST',
      body: BulkAllocationInput,
      response: { 201: z.array(Occupancy) },
      permission: 'storage.allocate',
      tags: allocationTags,
    }),
    // The scan is the request body as text (text/csv or text/plain), at most MAX_RACK_SCAN_BYTES (storage routes).
    rackScan: gen(`${path}/rackScan`, params, {
      method: 'POST',
      body: RackScanText,
      response: { 200: RackScanResult },
      permission: 'storage.allocate',
      tags: allocationTags,
    }),
    rackScanApply: gen(`${path}/rackScan/apply`, params, {
      method: 'POST',
      body: RackScanApply,
      response: { 200: RackScanApplied },
      permission: 'storage.allocate',
      tags: allocationTags,
    }),
  };
}
type BoxRows = ReturnType<typeof boxRows>;

/** The rows of the node at one chain: its own, its children's collections by level, and a box's. */
export type NodeRows = ReturnType<typeof itemRows> & {
  children: Partial<Record<StorageLevel, CollectionRows>>;
  box?: BoxRows;
};

function nodeRows(levels: readonly StorageLevel[]): NodeRows {
  const children = Object.fromEntries(
    childLevelsOf(levels.at(-1)!).map((l) => [l, collectionRows(levels, STORAGE_SEGMENTS[l])]),
  );
  return { ...itemRows(levels), children, ...(levels.at(-1) === 'box' ? { box: boxRows(levels) } : {}) };
}

/** The containers (the hierarchy's root collection). */
export const containerRows = collectionRows([], STORAGE_SEGMENTS.container);
/** Each chain's rows, by its key. */
export const storageNodeRows = Object.fromEntries(STORAGE_CHAINS.map((c) => [c.join('.'), nodeRows(c)])) as Record<
  ChainKey,
  NodeRows
>;
/** Spec 1 §7 also spells a drawer's boxes 'storageContainerBoxs'. */
export const drawerBoxsRows = collectionRows(['container', 'shelf', 'rack', 'drawer'], 'storageContainerBoxs');

/** The rows of the node a path names (its levels must form one of STORAGE_CHAINS). */
export function rowsAt(path: readonly PathRef[]): NodeRows {
  const rows = (storageNodeRows as Record<string, NodeRows | undefined>)[path.map((n) => n.level).join('.')];
  if (!rows) throw new Error(`No storage rows for the chain ${path.map((n) => n.level).join(' > ')}`);
  return rows;
}
/** The rows of the collection of `level` under `parentPath` (none: the containers). */
export function collectionAt(parentPath: readonly PathRef[], level: StorageLevel): CollectionRows {
  const rows =
    parentPath.length === 0 ? (level === 'container' ? containerRows : undefined) : rowsAt(parentPath).children[level];
  if (!rows) throw new Error(`A ${parentPath.at(-1)?.level ?? 'root'} holds no ${level}`);
  return rows;
}
/** The rows of the box a path names. */
export function boxRowsAt(boxPath: readonly PathRef[]): BoxRows {
  const rows = rowsAt(boxPath).box;
  if (!rows) throw new Error('Not a box');
  return rows;
}
/** A node's path parameters for its rows: the institution and each level's id. */
export const nodeParams = (instId: number, path: readonly PathRef[]): Record<string, number> =>
  Object.fromEntries([['instId', instId], ...path.map((n) => [LEVEL_PARAMS[n.level], n.id])]);

/** The rows that are not per chain. */
export const storageEndpoints = {
  // Static before parametric: /storageContainers/tree is never read as a container id (the router sorts that out).
  tree: endpoint({
    method: 'GET',
    path: '/institutions/:instId/storageContainers/tree',
    params: InstParam,
    query: TreeQuery,
    response: { 200: z.array(TreeNode) },
    permission: 'storage.read',
    paged: true,
    tags,
  }),
  // Spec 1 §7's unpaged lists of the whole institution (read whole up to the cap, true total in X-Pagination).
  institutionBoxes: endpoint({
    method: 'GET',
    path: '/institutions/:instId/storageContainerBoxs',
    params: InstParam,
    query: InstitutionNodesQuery,
    response: { 200: z.array(StorageNode) },
    permission: 'storage.read',
    paged: true,
    tags,
  }),
  institutionDrawers: endpoint({
    method: 'GET',
    path: '/institutions/:instId/storageContainerDrawers',
    params: InstParam,
    query: InstitutionNodesQuery,
    response: { 200: z.array(StorageNode) },
    permission: 'storage.read',
    paged: true,
    tags,
  }),
  institutionPositions: endpoint({
    method: 'GET',
    path: '/institutions/:instId/storageContainerBoxPositions',
    params: InstParam,
    query: InstitutionPositionsQuery,
    response: { 200: z.array(BoxPosition) },
    permission: 'storage.read',
    paged: true,
    tags,
  }),
  institutionOccupancies: endpoint({
    method: 'GET',
    path: '/institutions/:instId/storageContainerBoxPositionOccupancies',
    params: InstParam,
    query: InstitutionPositionsQuery,
    response: { 200: z.array(Occupancy) },
    permission: 'storage.read',
    paged: true,
    tags,
  }),
  suggest: endpoint({
    method: 'GET',
    path: '/institutions/:instId/storageContainers/suggest',
    params: InstParam,
    query: SuggestQuery,
    response: { 200: Suggestion },
    permission: 'storage.read',
    tags: allocationTags,
  }),
  samplePosition: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectedSamples/:collectedSampleId/position',
    params: SamplePositionParams,
    response: { 200: SamplePosition },
    permission: 'storage.read',
    tags: allocationTags,
  }),
  // Issue 28 (docs/storage.md "Templates"): a rack and its boxes in one call.
  rackTemplate: endpoint({
    method: 'POST',
    path: '/institutions/:instId/storageContainers/:containerId/storageContainerShelfs/:shelfId/storageContainerRacks/template',
    params: ShelfParams,
    body: RackTemplateInput,
    response: { 201: RackTemplateResult },
    permission: 'configuration.manage',
    tags,
  }),
};

/** Every storage row, flat (the endpoint table's listing): the static ones and each chain's, named by chain. */
export const allStorageEndpoints: Record<string, EndpointDef> = {
  ...storageEndpoints,
  ...Object.fromEntries(Object.entries(containerRows).map(([name, e]) => [`containers.${name}`, e])),
  ...Object.fromEntries(
    Object.entries(drawerBoxsRows).map(([name, e]) => [`container.shelf.rack.drawer.storageContainerBoxs.${name}`, e]),
  ),
  ...Object.fromEntries(
    Object.entries(storageNodeRows).flatMap(([key, rows]) => {
      const { children, box, ...own } = rows;
      return [
        ...Object.entries(own).map(([name, e]) => [`${key}.${name}`, e]),
        ...Object.entries(children).flatMap(([level, c]) =>
          Object.entries(c).map(([name, e]) => [`${key}.${level}s.${name}`, e]),
        ),
        ...Object.entries(box ?? {}).map(([name, e]) => [`${key}.${name}`, e]),
      ];
    }),
  ),
};
