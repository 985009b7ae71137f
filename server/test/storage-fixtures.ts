import { STORAGE_SEGMENTS, storagePathUrl, type PathRef, type StorageLevel } from '../../contract/storage.contract';
import type { TestApp } from './harness';
import { perFileCounter } from './per-file';

type Rec = Record<string, unknown> & { id: number; title?: string };
export type StorageNodeRec = Rec & { concurrencyStamp: string; code: string | null; childCount: number; level: string };

/** Ids of the seeded labeling schemas and position labeling options, by title. */
export async function storageRefs(t: TestApp, instId: number, token: string) {
  const list = async (key: string) =>
    (await t.call('GET', `/api/institutions/${instId}/${key}?PageSize=100`, { token })).json() as Rec[];
  const [schemas, options] = await Promise.all([list('labelingSchemas'), list('positionLabelingOptions')]);
  const by = (rows: Rec[], title: string) => {
    const row = rows.find((r) => r.title === title);
    if (!row) throw new Error(`no ${title}`);
    return row.id;
  };
  return {
    numbers: by(schemas, 'Numbers'),
    upper: by(schemas, 'Letters Upper Case'),
    lower: by(schemas, 'Letters Lower Case'),
    romanUpper: by(schemas, 'Roman Upper Case'),
    romanLower: by(schemas, 'Roman Lower Case'),
    linear: by(options, 'Linear'),
    twoD: by(options, 'Two Dimensional'),
  };
}
export type StorageRefs = Awaited<ReturnType<typeof storageRefs>>;

/** A create body: Two Dimensional, Letters x Numbers, 2 x 2 unless told. */
export const nodeBody = (refs: StorageRefs, over: Record<string, unknown> = {}) => ({
  Title: 'Freezer',
  Rows: 2,
  Columns: 2,
  PositionLabelingOptionId: refs.twoD,
  RowLabelingSchemaId: refs.upper,
  ColumnLabelingSchemaId: refs.numbers,
  ...over,
});

/** The collection path of each level under its parent path (spec 2 §7). */
export const SEGMENTS = [
  'storageContainers',
  'storageContainerShelfs',
  'storageContainerRacks',
  'storageContainerDrawers',
  'storageContainerBoxes',
];

/** The nested path of a node whose ancestors (and itself) are `ids`, outermost first. */
export const nodePath = (instId: number, ids: number[]) =>
  `/api/institutions/${instId}${ids.map((id, i) => `/${SEGMENTS[i]}/${id}`).join('')}`;

/** Creates a node under `parentIds` (none: a container) through the API. */
export async function createNode(
  t: TestApp,
  instId: number,
  token: string,
  parentIds: number[],
  body: Record<string, unknown>,
) {
  const res = await t.call('POST', `${nodePath(instId, parentIds)}/${SEGMENTS[parentIds.length]}`, { token, body });
  if (res.statusCode !== 201) throw new Error(`storage node: ${res.statusCode} ${res.body}`);
  return res.json() as StorageNodeRec;
}

const codes = perFileCounter();
/** A fresh container code within one test file's run. */
export const nextStorageCode = () => {
  const n = codes();
  return `${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(97 + (n % 26))}`;
};

/** container > shelf > rack > drawer > box; the box as given (Letters x Numbers 2 x 2 by default). */
export async function storageChain(
  t: TestApp,
  instId: number,
  token: string,
  refs: StorageRefs,
  box: Record<string, unknown> = {},
) {
  const ids: number[] = [];
  for (const [i, title] of ['Freezer', 'Shelf', 'Rack', 'Drawer'].entries()) {
    const node = await createNode(
      t,
      instId,
      token,
      ids,
      nodeBody(refs, { Title: `${title} ${i}`, Code: i === 0 ? nextStorageCode() : undefined }),
    );
    ids.push(node.id);
  }
  const b = await createNode(t, instId, token, ids, nodeBody(refs, { Title: 'Box', ...box }));
  return { ids: [...ids, b.id], box: b };
}

/** The nested API path of a node at any depth (issue 28: a box may sit in a shelf or a rack). */
export const nodeUrl = (instId: number, path: PathRef[]) => `/api/institutions/${instId}${storagePathUrl(path)}`;

/** Creates a node of `level` under `parent` (a path of any depth) through the API; answers its path too. */
export async function createAt(
  t: TestApp,
  instId: number,
  token: string,
  parent: PathRef[],
  level: StorageLevel,
  body: Record<string, unknown>,
) {
  const res = await t.call('POST', `${nodeUrl(instId, parent)}/${STORAGE_SEGMENTS[level]}`, { token, body });
  if (res.statusCode !== 201) throw new Error(`storage ${level}: ${res.statusCode} ${res.body}`);
  const node = res.json() as StorageNodeRec;
  return { node, path: [...parent, { id: node.id, level }] };
}
