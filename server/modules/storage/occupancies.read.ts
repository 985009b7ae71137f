import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  BoxPosition,
  InstitutionPositionsQuery,
  Occupancy,
  SamplePosition,
  Suggestion,
} from '../../../contract/storage.contract';
import type { PagingQuery } from '../../../contract/common.contract';
import { type Ctx, instOf, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { cappedPage, offsetOf } from '../../platform/paging';
import { countAtMostRemembered } from '../../platform/counts';
import { prepared } from '../../platform/statement-cache';
import { accountNames } from '../../platform/account-names';
import type { Db } from '../../db/client';
import { sameKindSampleIds, sampleIdsContaining, sampleSummaryOf } from '../samples';
import { custodySamplesOf } from '../samples';
import { boxPositionOccupancies as occ, boxPositions, storageNodes } from './storage.table';
import { nodesOnPath } from './storage-scope';
import { locationsOf, type PositionCell } from './storage-locations';
import type { PathRef } from '../../../contract/storage.contract';
import { qualified } from '../../platform/qualified';

const allocator = alias(accountNames, 'allocator');
const vacator = alias(accountNames, 'vacator');
const sample = sampleSummaryOf(qualified(occ.collectedSampleId));
const name = (a: { firstName: string; lastName: string } | null) =>
  a ? { firstName: a.firstName, lastName: a.lastName } : null;

/** Occupancies as the API answers them (contract `Occupancy`), in the order asked. */
export async function selectOccupancies(
  db: Db,
  institutionId: number,
  opts: { where?: SQL; orderBy?: SQL; limit?: number; offset?: number },
): Promise<Occupancy[]> {
  const rows = await db
    .select({
      id: occ.id,
      positionId: occ.positionId,
      collectedSampleId: occ.collectedSampleId,
      allocatedAt: occ.allocatedAt,
      vacatedAt: occ.vacatedAt,
      vacateReason: occ.vacateReason,
      concurrencyStamp: occ.concurrencyStamp,
      sample,
      allocator: { firstName: allocator.firstName, lastName: allocator.lastName },
      vacator: { firstName: vacator.firstName, lastName: vacator.lastName },
      cell: {
        id: boxPositions.id,
        boxId: boxPositions.boxId,
        code: boxPositions.code,
        rowIndex: boxPositions.rowIndex,
        columnIndex: boxPositions.columnIndex,
      },
    })
    .from(occ)
    .innerJoin(boxPositions, eq(boxPositions.id, occ.positionId))
    .leftJoin(allocator, eq(allocator.id, occ.allocatedById))
    .leftJoin(vacator, eq(vacator.id, occ.vacatedById))
    .where(and(eq(occ.institutionId, institutionId), opts.where))
    .orderBy(opts.orderBy ?? desc(occ.id))
    .limit(opts.limit ?? 1000)
    .offset(opts.offset ?? 0);
  const locations = await locationsOf(
    db,
    institutionId,
    rows.map((r) => r.cell as PositionCell),
  );
  return rows.map((r) => ({
    id: r.id,
    storageContainerBoxPositionId: r.positionId,
    collectedSampleId: r.collectedSampleId,
    collectedSample: r.sample ?? {
      id: r.collectedSampleId,
      sampleId: String(r.collectedSampleId),
      specimenType: null,
      collectionProtocolId: 0,
    },
    allocatedDate: r.allocatedAt.toISOString(),
    allocatorAccount: name(r.allocator),
    vacatedDate: r.vacatedAt?.toISOString() ?? null,
    vacatorAccount: name(r.vacator),
    vacateReason: r.vacateReason,
    isCurrent: r.vacatedAt === null,
    concurrencyStamp: r.concurrencyStamp,
    location: locations.get(r.positionId)!,
  }));
}

export async function occupancyById(ctx: Ctx, id: number) {
  const [row] = await selectOccupancies(ctx.db, instOf(ctx), { where: eq(occ.id, id), limit: 1 });
  if (!row) throw notFound('Occupancy');
  return row;
}

/** A position of the box the path ends at (404 otherwise). */
export async function positionIn(db: Db, boxId: number, positionId: number) {
  const [p] = await db
    .select()
    .from(boxPositions)
    .where(and(eq(boxPositions.id, positionId), eq(boxPositions.boxId, boxId)))
    .limit(1);
  if (!p) throw notFound('Box position');
  return p;
}

/**
 * GET .../StorageContainerBoxPositionOccupancies: the position's occupancies, newest (the current one) first.
 * An occupancy is enabled while the sample is in the position: IsEnabled=true is the current one,
 * false the vacated ones; SearchTerm matches a part of the sample ID.
 */
export async function listOccupancies(ctx: Ctx, boxPath: PathRef[], positionId: number, q: PagingQuery) {
  requirePermission(ctx, 'storage.read');
  const box = (await nodesOnPath(ctx, boxPath)).at(-1)!;
  await positionIn(ctx.db, box.id, positionId);
  const where = and(
    eq(occ.positionId, positionId),
    q.isEnabled === undefined ? undefined : q.isEnabled ? isNull(occ.vacatedAt) : isNotNull(occ.vacatedAt),
    q.searchTerm ? sql`${occ.collectedSampleId} in ${sampleIdsContaining(instOf(ctx), q.searchTerm)}` : undefined,
  );
  const rows = await selectOccupancies(ctx.db, instOf(ctx), { where, limit: q.pageSize, offset: offsetOf(q) });
  const [{ n }] = await ctx.db.select({ n: count() }).from(occ).where(where);
  return { rows, total: n };
}

/** Positions with the sample in each now (the open occupancy), for a box's grid or the institution's list. */
const positionsWithOccupant = (db: Db) =>
  db
    .select({
      id: boxPositions.id,
      boxId: boxPositions.boxId,
      code: boxPositions.code,
      rowIndex: boxPositions.rowIndex,
      columnIndex: boxPositions.columnIndex,
      ordinal: boxPositions.ordinal,
      occupancyId: occ.id,
      collectedSampleId: occ.collectedSampleId,
      stamp: occ.concurrencyStamp,
      sample,
    })
    .from(boxPositions)
    .leftJoin(occ, and(eq(occ.positionId, boxPositions.id), isNull(occ.vacatedAt)));
type PositionRow = Awaited<ReturnType<ReturnType<typeof positionsWithOccupant>['execute']>>[number];
const toBoxPosition = ({ occupancyId, collectedSampleId, stamp, sample: s, ...p }: PositionRow): BoxPosition => ({
  ...p,
  occupied: occupancyId !== null,
  occupant:
    occupancyId === null || collectedSampleId === null || stamp === null
      ? null
      : {
          occupancyId,
          collectedSampleId,
          sampleId: s?.sampleId ?? '',
          specimenType: s?.specimenType ?? null,
          concurrencyStamp: stamp,
        },
});

/** The positions of the box the path ends at, in fill order, each with the sample in it now. */
export async function listBoxPositions(ctx: Ctx, path: PathRef[]) {
  requirePermission(ctx, 'storage.read');
  const db = ctx.db;
  // The path check and the grid run side by side (one round trip less): the grid is read only within
  // this institution, and a path that does not fit throws its 404 before anything is returned.
  const [, rows] = await Promise.all([
    nodesOnPath(ctx, path),
    prepared(db, 'storage.box.positions', true, () =>
      positionsWithOccupant(db)
        .where(
          and(
            eq(boxPositions.boxId, sql.placeholder('boxId')),
            eq(boxPositions.institutionId, sql.placeholder('inst')),
          ),
        )
        .orderBy(asc(boxPositions.ordinal)),
    ).execute({ boxId: path[path.length - 1].id, inst: instOf(ctx) }),
  ]);
  return rows.map(toBoxPosition);
}

/**
 * GET institutions/{i}/storageContainerBoxPositions (spec 1 §7): every position of the institution's boxes, box by
 * box in fill order, with its sample now; `IsEnabled` keeps the positions of enabled (or disabled) boxes.
 */
export async function listInstitutionPositions(ctx: Ctx, q: InstitutionPositionsQuery) {
  requirePermission(ctx, 'storage.read');
  const where = and(
    eq(boxPositions.institutionId, instOf(ctx)),
    q.isEnabled === undefined
      ? undefined
      : sql`exists (select 1 from storage_nodes b where b.id = ${boxPositions.boxId} and b.is_enabled = ${q.isEnabled})`,
  );
  const rows = await positionsWithOccupant(ctx.db)
    .where(where)
    .orderBy(asc(boxPositions.boxId), asc(boxPositions.ordinal))
    .limit(q.pageSize + 1)
    .offset(offsetOf(q));
  return cappedPage(rows.map(toBoxPosition), q, (n) =>
    countAtMostRemembered(
      ctx.db,
      ctx.db
        .select({ one: sql`1` })
        .from(boxPositions)
        .where(where)
        .$dynamic(),
      n,
    ),
  );
}

/**
 * GET institutions/{i}/storageContainerBoxPositionOccupancies (spec 1 §7): every occupancy of the institution, newest
 * first; `IsEnabled=true` the samples stored now, `false` the stays that ended.
 */
export async function listInstitutionOccupancies(ctx: Ctx, q: InstitutionPositionsQuery) {
  requirePermission(ctx, 'storage.read');
  const state = q.isEnabled === undefined ? undefined : q.isEnabled ? isNull(occ.vacatedAt) : isNotNull(occ.vacatedAt);
  const rows = await selectOccupancies(ctx.db, instOf(ctx), {
    where: state,
    limit: q.pageSize + 1,
    offset: offsetOf(q),
  });
  return cappedPage(rows, q, (n) =>
    countAtMostRemembered(
      ctx.db,
      ctx.db
        .select({ one: sql`1` })
        .from(occ)
        .where(and(eq(occ.institutionId, instOf(ctx)), state))
        .$dynamic(),
      n,
    ),
  );
}

/** The sample the institution owns or holds (received), or 404. */
async function sampleOf(ctx: Ctx, id: number) {
  const [s] = await custodySamplesOf(ctx.db, instOf(ctx), [id]);
  if (!s) throw notFound('Collected sample');
  return s;
}

const currentOf = async (ctx: Ctx, sampleId: number) =>
  (
    await selectOccupancies(ctx.db, instOf(ctx), {
      where: and(eq(occ.collectedSampleId, sampleId), isNull(occ.vacatedAt)),
      limit: 1,
    })
  )[0] ?? null;

/** GET collectedSamples/{id}/position: where the sample is now (null: not stored). */
export async function samplePosition(ctx: Ctx, id: number): Promise<SamplePosition> {
  requirePermission(ctx, 'storage.read');
  const s = await sampleOf(ctx, id);
  return { collectedSampleId: s.id, sampleId: s.sampleId, occupancy: await currentOf(ctx, s.id) };
}

/**
 * The first free position of an enabled box, boxes oldest first and positions in fill order;
 * `boxFilter` narrows the boxes.
 */
async function firstFree(db: Db, institutionId: number, boxFilter?: SQL) {
  const [p] = await db
    .select({
      id: boxPositions.id,
      boxId: boxPositions.boxId,
      code: boxPositions.code,
      rowIndex: boxPositions.rowIndex,
      columnIndex: boxPositions.columnIndex,
    })
    .from(boxPositions)
    .innerJoin(storageNodes, eq(storageNodes.id, boxPositions.boxId))
    .where(
      and(
        eq(boxPositions.institutionId, institutionId),
        eq(storageNodes.isEnabled, true),
        boxFilter,
        sql`not exists (select 1 from storage_occupancies o where o.position_id = ${boxPositions.id} and o.vacated_at is null)`,
      ),
    )
    .orderBy(asc(boxPositions.boxId), asc(boxPositions.ordinal))
    .limit(1);
  return p ?? null;
}

/**
 * Suggest a position: the first free one in a box already holding samples of the sample's protocol
 * and specimen type, else the first free one anywhere.
 */
export async function suggestPosition(ctx: Ctx, collectedSampleId: number): Promise<Suggestion> {
  requirePermission(ctx, 'storage.read');
  const inst = instOf(ctx);
  const s = await sampleOf(ctx, collectedSampleId);
  const sameKindBoxes = sql`${boxPositions.boxId} in (select p2.box_id from storage_occupancies o join storage_box_positions p2 on p2.id = o.position_id
    where o.institution_id = ${inst} and o.vacated_at is null and o.collected_sample_id in ${sameKindSampleIds(inst, s.collectionProtocolId, s.specimenTypeId)})`;
  const same = await firstFree(ctx.db, inst, sameKindBoxes);
  const cell = same ?? (await firstFree(ctx.db, inst));
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
  const rows = await selectOccupancies(db, institutionId, {
    where: and(inArray(occ.collectedSampleId, sampleIds), isNull(occ.vacatedAt)),
    limit: sampleIds.length,
  });
  return new Map(rows.map((r) => [r.collectedSampleId, r.location.label]));
}
