import type {
  InstitutionPositionsQuery,
  PathRef,
  SamplePosition,
  Suggestion,
} from '../../../contract/storage.contract';
import type { PagingQuery } from '../../../contract/common.contract';
import type { InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { cappedPage, offsetOf } from '../../platform/paging';
import type { Db } from '../../db/client';
import { custodySamplesOf } from '../samples';
import {
  boxGrid,
  firstFreePosition,
  institutionPositionCountAtMost,
  institutionPositionRows,
  occupancyCount,
  occupancyCountAtMost,
  positionOfBox,
  selectOccupancies,
} from './occupancies.repository';
import { nodesOnPath } from './storage-scope';
import { locationsOf } from './locations.repository';

// The reads of positions and occupancies. Their route rows declare storage.read, which the router checks.

export async function occupancyById(ctx: InstCtx, id: number) {
  const [row] = await selectOccupancies(ctx.db, ctx.institutionId, { ids: [id] }, { limit: 1 }, ctx.language);
  if (!row) throw notFound('Occupancy');
  return row;
}

/** A position of the box the path ends at (404 otherwise). */
export async function positionIn(db: Db, boxId: number, positionId: number) {
  const p = await positionOfBox(db, boxId, positionId);
  if (!p) throw notFound('Box position');
  return p;
}

/**
 * GET .../StorageContainerBoxPositionOccupancies: the position's occupancies, newest (the current one) first.
 * An occupancy is enabled while the sample is in the position: IsEnabled=true is the current one,
 * false the vacated ones; SearchTerm matches a part of the sample ID.
 */
export async function listOccupancies(ctx: InstCtx, boxPath: PathRef[], positionId: number, q: PagingQuery) {
  const box = (await nodesOnPath(ctx, boxPath)).at(-1)!;
  await positionIn(ctx.db, box.id, positionId);
  const filter = { positionId, open: q.isEnabled, sampleIdContains: q.searchTerm };
  const rows = await selectOccupancies(
    ctx.db,
    ctx.institutionId,
    filter,
    { limit: q.pageSize, offset: offsetOf(q) },
    ctx.language,
  );
  return { rows, total: await occupancyCount(ctx.db, ctx.institutionId, filter) };
}

/** The positions of the box the path ends at, in fill order, each with the sample in it now. */
export async function listBoxPositions(ctx: InstCtx, path: PathRef[]) {
  // The path check and the grid run side by side (one round trip less): the grid is read only within
  // this institution, and a path that does not fit throws its 404 before anything is returned.
  const [, rows] = await Promise.all([
    nodesOnPath(ctx, path),
    boxGrid(ctx.db, ctx.institutionId, path[path.length - 1].id, ctx.language),
  ]);
  return rows;
}

/**
 * GET institutions/{i}/storageContainerBoxPositions (spec 1 §7): every position of the institution's boxes, box by
 * box in fill order, with its sample now; `IsEnabled` keeps the positions of enabled (or disabled) boxes.
 */
export async function listInstitutionPositions(ctx: InstCtx, q: InstitutionPositionsQuery) {
  const rows = await institutionPositionRows(ctx.db, ctx.institutionId, q, ctx.language);
  return cappedPage(rows, q, (n) => institutionPositionCountAtMost(ctx.db, ctx.institutionId, q.isEnabled, n));
}

/**
 * GET institutions/{i}/storageContainerBoxPositionOccupancies (spec 1 §7): every occupancy of the institution, newest
 * first; `IsEnabled=true` the samples stored now, `false` the stays that ended.
 */
export async function listInstitutionOccupancies(ctx: InstCtx, q: InstitutionPositionsQuery) {
  const filter = { open: q.isEnabled };
  const rows = await selectOccupancies(
    ctx.db,
    ctx.institutionId,
    filter,
    { limit: q.pageSize + 1, offset: offsetOf(q) },
    ctx.language,
  );
  return cappedPage(rows, q, (n) => occupancyCountAtMost(ctx.db, ctx.institutionId, filter, n));
}

/** The sample the institution owns or holds (received), or 404. */
async function sampleOf(ctx: InstCtx, id: number) {
  const [s] = await custodySamplesOf(ctx.db, ctx.institutionId, [id]);
  if (!s) throw notFound('Collected sample');
  return s;
}

const currentOf = async (ctx: InstCtx, sampleId: number) =>
  (await selectOccupancies(ctx.db, ctx.institutionId, { sampleIds: [sampleId], open: true }, { limit: 1 }))[0] ?? null;

/** GET collectedSamples/{id}/position: where the sample is now (null: not stored). */
export async function samplePosition(ctx: InstCtx, id: number): Promise<SamplePosition> {
  const s = await sampleOf(ctx, id);
  return { collectedSampleId: s.id, sampleId: s.sampleId, occupancy: await currentOf(ctx, s.id) };
}

/**
 * Suggest a position: the first free one in a box already holding samples of the sample's protocol
 * and specimen type, else the first free one anywhere.
 */
export async function suggestPosition(ctx: InstCtx, collectedSampleId: number): Promise<Suggestion> {
  const inst = ctx.institutionId;
  const s = await sampleOf(ctx, collectedSampleId);
  // A received sample has no protocol here: the first free position anywhere.
  const same =
    s.collectionProtocolId === null
      ? null
      : await firstFreePosition(ctx.db, inst, { protocolId: s.collectionProtocolId, specimenTypeId: s.specimenTypeId });
  const cell = same ?? (await firstFreePosition(ctx.db, inst));
  const current = await currentOf(ctx, s.id);
  return {
    collectedSampleId: s.id,
    sampleId: s.sampleId,
    current: current?.location ?? null,
    suggestion: cell ? (await locationsOf(ctx.db, inst, [cell])).get(cell.id)! : null,
    basis: same ? 'same_kind' : cell ? 'any' : null,
  };
}

/** Where each of the samples is stored now in the institution's boxes (the label), keyed by sample id; absent: not stored there. */
export async function storedLabelsOf(db: Db, institutionId: number, sampleIds: number[]) {
  if (!sampleIds.length) return new Map<number, string>();
  const rows = await selectOccupancies(db, institutionId, { sampleIds, open: true }, { limit: sampleIds.length });
  return new Map(rows.map((r) => [r.collectedSampleId, r.location.label]));
}
