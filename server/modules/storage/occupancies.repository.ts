import { DEFAULT_LANGUAGE } from '../../../contract/i18n/languages';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { BoxPosition, InstitutionPositionsQuery, Occupancy } from '../../../contract/storage.contract';
import type { Db } from '../../db/client';
import { accountNames } from '../../platform/account-names';
import { countAtMostRemembered } from '../../platform/counts';
import { offsetOf } from '../../platform/paging';
import { qualified } from '../../platform/qualified';
import { newStamp } from '../../platform/records';
import { idArray, insertValues, placeholders, preparedStatements } from '../../platform/statement-cache';
import { sameKindSampleIds, sampleIdsContaining, sampleSummaryOf } from '../samples';
import { boxPositionOccupancies as occ, boxPositions, storageNodes } from './storage.table';
import { locationsOf, type PositionCell } from './locations.repository';
import type { PositionRow } from './storage.repository';

// The SQL of box positions and their occupancies (a sample's stays in a position): reads, allocation, vacating.

export type OccRow = typeof occ.$inferSelect;
type OccInsert = typeof occ.$inferInsert;

/** Which occupancies of the institution: every given condition holds. */
export interface OccupancyFilter {
  ids?: number[];
  positionId?: number;
  sampleIds?: number[];
  /** true: the current ones (not vacated), false: the vacated ones; absent: both. */
  open?: boolean;
  /** A part of the sample ID (any case). */
  sampleIdContains?: string;
}

const occupancyWhere = (inst: number, f: OccupancyFilter) =>
  and(
    eq(occ.institutionId, inst),
    f.ids ? inArray(occ.id, f.ids) : undefined,
    f.positionId === undefined ? undefined : eq(occ.positionId, f.positionId),
    f.sampleIds ? inArray(occ.collectedSampleId, f.sampleIds) : undefined,
    f.open === undefined ? undefined : f.open ? isNull(occ.vacatedAt) : isNotNull(occ.vacatedAt),
    f.sampleIdContains ? sql`${occ.collectedSampleId} in ${sampleIdsContaining(inst, f.sampleIdContains)}` : undefined,
  );

const allocator = alias(accountNames, 'allocator');
const vacator = alias(accountNames, 'vacator');
/** The occupant's summary, its specimen type in `language` (issue 33 item 4). */
const sampleIn = (language?: Placeholder | string) => sampleSummaryOf(qualified(occ.collectedSampleId), language);
const name = (a: { firstName: string; lastName: string } | null) =>
  a ? { firstName: a.firstName, lastName: a.lastName } : null;

/** The occupancies statement's columns and joins (selectOccupancies), filtered by `where`. */
const occupancyRows = (db: Db, where: SQL | undefined, language: Placeholder | string | undefined) =>
  db
    .select({
      id: occ.id,
      positionId: occ.positionId,
      collectedSampleId: occ.collectedSampleId,
      allocatedAt: occ.allocatedAt,
      vacatedAt: occ.vacatedAt,
      vacateReason: occ.vacateReason,
      concurrencyStamp: occ.concurrencyStamp,
      sample: sampleIn(language),
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
    .where(where)
    .orderBy(desc(occ.id));

/**
 * An id list of a prepared statement: none, one (`= $n`: PostgreSQL keeps its generic plan) or more (`= any($n)`,
 * whose generic plan it finds dearer and re-plans: statement-cache.ts anyId).
 */
type IdsShape = 'none' | 'one' | 'many';
const idsShape = (ids: number[] | undefined): IdsShape =>
  ids === undefined ? 'none' : ids.length === 1 ? 'one' : 'many';
const idsValue = (ids: number[] | undefined) => (ids?.length === 1 ? ids[0] : (ids ?? []));
const idsWhere = (column: PgColumn, shape: IdsShape, name: string) =>
  shape === 'none'
    ? undefined
    : shape === 'one'
      ? eq(column, sql.placeholder(name))
      : idArray(column, sql.placeholder(name));

/** Which of a filter's conditions a prepared occupancies statement has (its shape), and its row limit. */
interface OccupancyShape {
  ids: IdsShape;
  positionId: boolean;
  sampleIds: IdsShape;
  open: boolean | undefined;
  limit: number;
  /** A reader's language given (the specimen type's title in it), else the stored title. */
  language: boolean;
}

/**
 * The occupancies by ids, position and samples (the allocation checks and read-backs), prepared by name per shape
 * (issue 30: built and planned on every write before). The id lists are one array parameter each, the language a
 * parameter; the limit is written into the text (one of a few per shape: 1, or the number of ids asked), since a
 * generic plan of `limit $n` costs more to PostgreSQL's eye than a custom one, and it would keep planning each call.
 */
const occupanciesStatement = preparedStatements('storage.occupancies', (db: Db, s: OccupancyShape) =>
  occupancyRows(
    db,
    and(
      eq(occ.institutionId, sql.placeholder('inst')),
      idsWhere(occ.id, s.ids, 'ids'),
      s.positionId ? eq(occ.positionId, sql.placeholder('positionId')) : undefined,
      idsWhere(occ.collectedSampleId, s.sampleIds, 'sampleIds'),
      s.open === undefined ? undefined : s.open ? isNull(occ.vacatedAt) : isNotNull(occ.vacatedAt),
    ),
    s.language ? sql.placeholder('language') : undefined,
  ).limit(s.limit),
);

/** Occupancies as the API answers them (contract `Occupancy`), newest first. */
export async function selectOccupancies(
  db: Db,
  institutionId: number,
  filter: OccupancyFilter,
  page: { limit?: number; offset?: number } = {},
  language?: string,
): Promise<Occupancy[]> {
  const limit = page.limit ?? 1000;
  const rows =
    !page.offset && filter.sampleIdContains === undefined
      ? await (() => {
          const shape: OccupancyShape = {
            ids: idsShape(filter.ids),
            positionId: filter.positionId !== undefined,
            sampleIds: idsShape(filter.sampleIds),
            open: filter.open,
            limit,
            language: language !== undefined,
          };
          return occupanciesStatement(db, JSON.stringify(shape), true, shape).execute({
            inst: institutionId,
            ids: idsValue(filter.ids),
            positionId: filter.positionId ?? 0,
            sampleIds: idsValue(filter.sampleIds),
            language: language ?? '',
          });
        })()
      : await occupancyRows(db, occupancyWhere(institutionId, filter), language)
          .limit(limit)
          .offset(page.offset ?? 0);
  const locations = await locationsOf(
    db,
    institutionId,
    rows.map((r): PositionCell => r.cell),
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

/** How many occupancies of the institution the filter keeps. */
export async function occupancyCount(db: Db, inst: number, filter: OccupancyFilter) {
  const [{ n }] = await db.select({ n: count() }).from(occ).where(occupancyWhere(inst, filter));
  return n;
}

/** The same, counted up to `max` (a whole-institution list's total). */
export const occupancyCountAtMost = (db: Db, inst: number, filter: OccupancyFilter, max: number) =>
  countAtMostRemembered(
    db,
    db
      .select({ one: sql`1` })
      .from(occ)
      .where(occupancyWhere(inst, filter))
      .$dynamic(),
    max,
  );

const positionStatement = preparedStatements('storage.position.ofBox', (db: Db) =>
  db
    .select()
    .from(boxPositions)
    .where(and(eq(boxPositions.id, sql.placeholder('position')), eq(boxPositions.boxId, sql.placeholder('box'))))
    .limit(1),
);

/** A position of a box, or undefined. */
export async function positionOfBox(db: Db, boxId: number, positionId: number): Promise<PositionRow | undefined> {
  const [p] = await positionStatement(db, '', true).execute({ position: positionId, box: boxId });
  return p;
}

/** A box's position by its label (any case), or undefined. */
export async function positionByCode(db: Db, boxId: number, code: string) {
  const [position] = await db
    .select({ id: boxPositions.id })
    .from(boxPositions)
    .where(and(eq(boxPositions.boxId, boxId), sql`lower(${boxPositions.code}) = ${code.trim().toLowerCase()}`))
    .limit(1);
  return position;
}

/** Every position of a box. */
export const positionsOfBox = (db: Db, boxId: number): Promise<PositionRow[]> =>
  db.select().from(boxPositions).where(eq(boxPositions.boxId, boxId));

/** Positions by id. */
export const positionsByIds = (db: Db, ids: number[]): Promise<PositionRow[]> =>
  db.select().from(boxPositions).where(inArray(boxPositions.id, ids));

/**
 * Positions with the sample in each now (the open occupancy), for a box's grid or the institution's list; its specimen
 * type in `language` (a code, or the prepared grid's placeholder).
 */
const positionsWithOccupant = (db: Db, language: Placeholder | string | undefined) =>
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
      sample: sampleIn(language),
    })
    .from(boxPositions)
    .leftJoin(occ, and(eq(occ.positionId, boxPositions.id), isNull(occ.vacatedAt)));
type PositionWithOccupant = Awaited<ReturnType<ReturnType<typeof positionsWithOccupant>['execute']>>[number];
const toBoxPosition = ({
  occupancyId,
  collectedSampleId,
  stamp,
  sample: s,
  ...p
}: PositionWithOccupant): BoxPosition => ({
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

const boxGridStatement = preparedStatements('storage.box.positions', (db: Db) =>
  positionsWithOccupant(db, sql.placeholder('language'))
    .where(
      and(eq(boxPositions.boxId, sql.placeholder('boxId')), eq(boxPositions.institutionId, sql.placeholder('inst'))),
    )
    .orderBy(asc(boxPositions.ordinal)),
);

/**
 * The positions of one of the institution's boxes, in fill order, each with the sample in it now (its specimen type in
 * `language`: a placeholder, one prepared statement for every language; the default language has no titles entry).
 */
export async function boxGrid(db: Db, inst: number, boxId: number, language?: string): Promise<BoxPosition[]> {
  const rows = await boxGridStatement(db, '', true).execute({ boxId, inst, language: language ?? DEFAULT_LANGUAGE });
  return rows.map(toBoxPosition);
}

/** Positions of the institution's boxes (`isEnabled`: of enabled, or disabled, boxes only). */
const institutionPositionsWhere = (inst: number, isEnabled: boolean | undefined) =>
  and(
    eq(boxPositions.institutionId, inst),
    isEnabled === undefined
      ? undefined
      : sql`exists (select 1 from storage_nodes b where b.id = ${boxPositions.boxId} and b.is_enabled = ${isEnabled})`,
  );

/** A page (and one more row) of the institution's positions, box by box in fill order, each with its sample now. */
export async function institutionPositionRows(db: Db, inst: number, q: InstitutionPositionsQuery, language?: string) {
  const rows = await positionsWithOccupant(db, language)
    .where(institutionPositionsWhere(inst, q.isEnabled))
    .orderBy(asc(boxPositions.boxId), asc(boxPositions.ordinal))
    .limit(q.pageSize + 1)
    .offset(offsetOf(q));
  return rows.map(toBoxPosition);
}

/** How many positions the institution's list holds, counted up to `max`. */
export const institutionPositionCountAtMost = (db: Db, inst: number, isEnabled: boolean | undefined, max: number) =>
  countAtMostRemembered(
    db,
    db
      .select({ one: sql`1` })
      .from(boxPositions)
      .where(institutionPositionsWhere(inst, isEnabled))
      .$dynamic(),
    max,
  );

/**
 * The first free position of an enabled box, boxes oldest first and positions in fill order; `sameKind`
 * keeps the boxes already holding samples of that protocol and specimen type.
 */
export async function firstFreePosition(
  db: Db,
  inst: number,
  sameKind?: { protocolId: number; specimenTypeId: number },
) {
  const boxFilter = sameKind
    ? sql`${boxPositions.boxId} in (select p2.box_id from storage_occupancies o join storage_box_positions p2 on p2.id = o.position_id
    where o.institution_id = ${inst} and o.vacated_at is null and o.collected_sample_id in ${sameKindSampleIds(inst, sameKind.protocolId, sameKind.specimenTypeId)})`
    : undefined;
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
        eq(boxPositions.institutionId, inst),
        eq(storageNodes.isEnabled, true),
        boxFilter,
        sql`not exists (select 1 from storage_occupancies o where o.position_id = ${boxPositions.id} and o.vacated_at is null)`,
      ),
    )
    .orderBy(asc(boxPositions.boxId), asc(boxPositions.ordinal))
    .limit(1);
  return p ?? null;
}

const freeStatement = preparedStatements('storage.positions.free', (db: Db) =>
  db
    .select()
    .from(boxPositions)
    .where(
      and(
        eq(boxPositions.boxId, sql.placeholder('box')),
        sql`not exists (select 1 from storage_occupancies o where o.position_id = ${boxPositions.id} and o.vacated_at is null)`,
      ),
    )
    .orderBy(asc(boxPositions.ordinal))
    .limit(sql.placeholder('n'))
    .for('update', { skipLocked: true }),
);

/**
 * The first `n` free positions of a box in fill order, each locked for the rest of the transaction; a
 * position another open transaction holds is skipped (`skip locked`), so bulk allocations into one box run
 * side by side and each takes the next positions nobody else is taking (issue 30). Prepared by name: one text
 * for every box and count, built once; PostgreSQL still plans it for its count each time (a bound `limit $n` makes
 * its generic plan look dearer: ADR 0011 "A name is not a generic plan").
 */
export const freePositions = (tx: Db, boxId: number, n: number): Promise<PositionRow[]> =>
  freeStatement(tx, '', true).execute({ box: boxId, n });

/** How many positions a box has. */
export async function positionCount(tx: Db, boxId: number) {
  const [{ n }] = await tx.select({ n: count() }).from(boxPositions).where(eq(boxPositions.boxId, boxId));
  return n;
}

/** Samples in a box now. */
export async function occupiedCount(tx: Db, boxId: number) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(occ)
    .innerJoin(boxPositions, eq(boxPositions.id, occ.positionId))
    .where(and(eq(boxPositions.boxId, boxId), isNull(occ.vacatedAt)));
  return n;
}

const OCC_INSERT = [
  'institutionId',
  'positionId',
  'collectedSampleId',
  'allocatedById',
  'allocatedAt',
  'concurrencyStamp',
] as const;
type NewOccupancy = Pick<OccInsert, Exclude<(typeof OCC_INSERT)[number], 'concurrencyStamp'>> & { allocatedAt: Date };
/** One new occupancy (a single allocation, the most frequent), prepared once per connection. */
const occupancyInsert = preparedStatements('storage.occupancies.insert', (db: Db) =>
  db.insert(occ).values(placeholders(OCC_INSERT)).returning(),
);

/** New occupancies, in the order given. */
export async function insertOccupancies(tx: Db, values: NewOccupancy[]): Promise<OccRow[]> {
  if (values.length !== 1) return tx.insert(occ).values(values).returning();
  return occupancyInsert(tx, '', true).execute(insertValues(occ, OCC_INSERT, values[0]));
}

/** One occupancy of the institution in a position, locked for update, or undefined. */
export async function lockOccupancy(tx: Db, inst: number, id: number, positionId: number): Promise<OccRow | undefined> {
  const [row] = await tx
    .select()
    .from(occ)
    .where(and(eq(occ.id, id), eq(occ.positionId, positionId), eq(occ.institutionId, inst)))
    .for('update')
    .limit(1);
  return row;
}

/** The current occupancies of these samples in the institution, locked for update. */
export const lockOpenOfSamples = (tx: Db, inst: number, sampleIds: number[]): Promise<OccRow[]> =>
  tx
    .select()
    .from(occ)
    .where(and(eq(occ.institutionId, inst), inArray(occ.collectedSampleId, sampleIds), isNull(occ.vacatedAt)))
    .for('update');

/**
 * The institution's current occupancies of these positions or of these samples, by id; `lock` holds them
 * for update to the end of the transaction.
 */
export async function openOccupanciesOf(
  db: Db,
  inst: number,
  positionIds: number[],
  sampleIds: number[],
  lock: boolean,
): Promise<OccRow[]> {
  const query = db
    .select()
    .from(occ)
    .where(
      and(
        eq(occ.institutionId, inst),
        isNull(occ.vacatedAt),
        or(
          positionIds.length ? inArray(occ.positionId, positionIds) : undefined,
          sampleIds.length ? inArray(occ.collectedSampleId, sampleIds) : undefined,
        ),
      ),
    )
    .orderBy(occ.id);
  return lock ? await query.for('update') : await query;
}

/** Ends an occupancy (a new stamp); the row after. */
export async function markVacated(tx: Db, id: number, by: { at: Date; accountId: number; reason: string }) {
  const [after] = await tx
    .update(occ)
    .set({ vacatedAt: by.at, vacatedById: by.accountId, vacateReason: by.reason, concurrencyStamp: newStamp() })
    .where(eq(occ.id, id))
    .returning();
  return after;
}
