import { expect } from '../fixtures';
import type { Biobank, Rec } from './data';

// Storage built through the API for specs that need a place to store samples (docs/storage.md).

const SEGMENTS = [
  'storageContainers',
  'storageContainerShelfs',
  'storageContainerRacks',
  'storageContainerDrawers',
  'storageContainerBoxes',
];
export const nodeUrl = (ids: number[]) => ids.map((id, i) => `${SEGMENTS[i]}/${id}`).join('/');
/** The storage screen's `?path=` of a container > shelf > rack > drawer > box chain: each id after its level's letter. */
export const screenPath = (ids: number[]) => ids.map((id, i) => `${'csrdb'[i]}${id}`).join('.');

/** `freezer` > Shelf 1 > Rack A > Drawer 1 holding Box 1 and Box 2 (3 x 3, Letters x Numbers), in `b`'s institution. */
export async function storageByApi(b: Biobank, freezer: string) {
  const [schemas, options] = await Promise.all([b.list('labelingSchemas'), b.list('positionLabelingOptions')]);
  const by = (rows: Rec[], title: string) => rows.find((r) => r.title === title)!.id;
  const body = (title: string, rows = 2) => ({
    title,
    rows,
    columns: rows,
    positionLabelingOptionId: by(options, 'Two Dimensional'),
    rowLabelingSchemaId: by(schemas, 'Letters Upper Case'),
    columnLabelingSchemaId: by(schemas, 'Numbers'),
  });
  let container: Rec | null = null;
  // Container codes are unique per institution and the tests share one database: retry a taken one.
  for (let attempt = 0; !container && attempt < 20; attempt++) {
    const code = Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X');
    const res = await b.api.call('POST', `/institutions/${b.instId}/storageContainers`, b.token, {
      ...body(freezer),
      code,
    });
    if (res.status === 201) container = res.body;
    else expect(res.status, JSON.stringify(res.body)).toBe(409);
  }
  const ids = [container!.id];
  for (const title of ['Shelf 1', 'Rack A', 'Drawer 1'])
    ids.push((await b.call('POST', `${nodeUrl(ids)}/${SEGMENTS[ids.length]}`, body(title))).id);
  const box1 = await b.call('POST', `${nodeUrl(ids)}/${SEGMENTS[4]}`, body('Box 1', 3));
  const box2 = await b.call('POST', `${nodeUrl(ids)}/${SEGMENTS[4]}`, body('Box 2', 3));
  return { box1: [...ids, box1.id], box2: [...ids, box2.id] };
}
