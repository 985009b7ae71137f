import type {
  BulkAllocationInput,
  OccupancyInput,
  PathRef,
  StorageLocation,
  VacateInput,
} from '../../../contract/storage.contract';
import { command, type InstCtx } from '../../platform/context';
import { isUniqueViolation, notFound, staleStamp } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { assertUsable } from '../protocols';
import { institutionTitles } from '../institutions';
import { appendSampleEvent, ledgerText, type SampleRef } from '../samples';
import { type CustodySample, custodySamplesOf, sampleCodeOf } from '../samples';
import { lockNode, type PositionRow } from './storage.repository';
import {
  freePositions,
  insertOccupancies,
  lockOccupancy,
  lockOpenOfSamples,
  markVacated,
  occupiedCount,
  positionCount,
  positionsByIds,
  selectOccupancies,
  type OccRow,
} from './occupancies.repository';
import { storageErrors } from './storage.errors';
import { nodesOnPath, type NodeRow } from './storage-scope';
import { locationLabel, locationsOf } from './locations.repository';
import { occupancyById, positionIn } from './occupancy-reads.service';

// Allocation (spec 2 §4, §7 "Storage"; docs/storage.md "Allocation"). The partial unique indexes of
// storage_occupancies are the last word: whatever races, a position holds one sample and a sample
// is in one position. The checks before the insert only make the loser's answer say more.

const ALLOCATE = 'storage.allocate' as const;
const AUDIT_ENTITY = 'storageOccupancy';
const POSITION_UQ = 'storage_occupancies_position_open_uq';
const SAMPLE_UQ = 'storage_occupancies_sample_open_uq';

/** The index a unique violation names (PGlite and node-postgres both carry it). */
function violatedIndex(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  const c = e?.constraint ?? e?.cause?.constraint;
  return typeof c === 'string' ? c : undefined;
}

/**
 * The box the path ends at, locked against a disable for the rest of the transaction: `share` lets
 * single allocations into one box run side by side, `update` (bulk) takes the box for itself.
 */
export async function lockBox(tx: InstCtx, path: PathRef[], mode: 'share' | 'update') {
  return (await lockBoxOnPath(tx, path, mode)).box;
}

/** lockBox, with the nodes above the box and the locked box (outermost first): where its positions are. */
async function lockBoxOnPath(tx: InstCtx, path: PathRef[], mode: 'share' | 'update') {
  const nodes = await nodesOnPath(tx, path);
  const locked = await lockNode(tx.db, nodes[nodes.length - 1].id, mode);
  if (!locked.isEnabled) throw storageErrors.box_disabled(locked.title);
  const above: StorageLocation['path'] = [...nodes.slice(0, -1), locked].map((n) => ({
    id: n.id,
    level: n.level,
    title: n.title,
    code: n.code,
  }));
  return { box: locked, path: above };
}

const titleOf = async (db: Db, inst: number) =>
  (await institutionTitles(db, [inst])).get(inst) ?? `institution ${inst}`;

/**
 * Samples that may be stored: in this institution's custody (docs/shipments.md "Custody": its own, or
 * received from another; a third institution's is 404, its own received elsewhere 409), enabled, not in
 * transit, donor's consent not withdrawn (a received sample's donor is not named to the receiver).
 */
export async function usable(tx: InstCtx, s: CustodySample | null): Promise<CustodySample> {
  const inst = tx.institutionId;
  if (!s) throw notFound('Collected sample');
  if (s.custodianId !== inst)
    throw storageErrors.sample_held_elsewhere(s.sampleId, await titleOf(tx.db, s.custodianId));
  if (!s.isEnabled) throw storageErrors.sample_disabled(s.sampleId);
  const shipment = s.shipment;
  if (shipment) throw storageErrors.sample_in_transit(s.sampleId, shipment.name);
  if (s.ownerId === inst) await assertUsable(tx, { sample: s });
  else if (s.hasWithdrawnConsent) throw storageErrors.received_consent_withdrawn(s.sampleId);
  return s;
}

/**
 * A history line for a stay in storage. Another institution's sample (received) is told only who stores
 * it, never where: the owner reads its history, and the receiver's storage layout is not its business.
 */
async function stayText(
  db: Db,
  inst: number,
  sample: { ownerId: number },
  verb: 'storedAt' | 'takenOutOf',
  where: string,
) {
  if (sample.ownerId === inst) return ledgerText(verb, { where });
  return ledgerText(verb === 'storedAt' ? 'storedBy' : 'takenOutBy', { institution: await titleOf(db, inst) });
}

/** 409 when any of the samples is stored already, naming where. */
async function assertNotPlaced(db: Db, inst: number, samples: SampleRef[]) {
  const [placed] = await selectOccupancies(db, inst, { sampleIds: samples.map((s) => s.id), open: true }, { limit: 1 });
  if (placed) throw storageErrors.sample_placed(placed.collectedSample.sampleId, placed.location.label);
}

/**
 * Writes the occupancies, the samples' history and the audit rows; returns the new occupancy ids in order.
 * `boxPath`: the nodes down to the box every position is in, when the caller has them (lockBoxOnPath), so that
 * the location is not read again (issue 30: one statement fewer per allocation).
 */
export async function place(
  tx: InstCtx,
  pairs: { sample: CustodySample; position: PositionRow }[],
  boxPath?: StorageLocation['path'],
) {
  const inst = tx.institutionId;
  const rows = await insertOccupancies(
    tx.db,
    pairs.map(({ sample, position }) => ({
      institutionId: inst,
      positionId: position.id,
      collectedSampleId: sample.id,
      allocatedById: tx.account.id,
      allocatedAt: tx.now(),
    })),
  );
  const locations =
    boxPath && pairs.every((p) => p.position.boxId === boxPath[boxPath.length - 1].id)
      ? null
      : await locationsOf(
          tx.db,
          inst,
          pairs.map((p) => p.position),
        );
  for (const [i, { sample, position }] of pairs.entries()) {
    const where = locations ? locations.get(position.id)!.label : locationLabel(boxPath ?? [], position.code);
    await appendSampleEvent(tx.db, tx, sample.id, 'allocated', {
      summary: await stayText(tx.db, inst, sample, 'storedAt', where),
    });
    await audit(tx.db, tx, {
      entity: AUDIT_ENTITY,
      entityId: rows[i].id,
      action: 'allocate',
      after: { ...rows[i], sampleId: sample.sampleId, location: where },
    });
  }
  return rows.map((r) => r.id);
}

/**
 * A unique violation means another allocation committed first (PostgreSQL: concurrent transactions
 * wait on the index, then fail): answered as the same 409 the checks give, read after the fact.
 */
async function raceProblem(
  ctx: InstCtx,
  err: unknown,
  what: { box?: NodeRow; position?: PositionRow; samples: SampleRef[] },
) {
  if (!isUniqueViolation(err)) return err;
  const index = violatedIndex(err);
  const inst = ctx.institutionId;
  if (index === POSITION_UQ && what.position && what.box) {
    const [now] = await selectOccupancies(ctx.db, inst, { positionId: what.position.id, open: true }, { limit: 1 });
    return storageErrors.position_occupied(what.position.code, what.box.title, now?.collectedSample.sampleId ?? '');
  }
  if (index === SAMPLE_UQ && what.samples.length) {
    const [placed] = await selectOccupancies(
      ctx.db,
      inst,
      { sampleIds: what.samples.map((s) => s.id), open: true },
      { limit: 1 },
    );
    if (placed) return storageErrors.sample_placed(placed.collectedSample.sampleId, placed.location.label);
  }
  // (A bulk allocation cannot race for positions: it holds the box, which single allocations share.)
  return err;
}

/** POST .../StorageContainerBoxPositionOccupancies: one sample into one position. */
export async function allocate(ctx: InstCtx, boxPath: PathRef[], positionId: number, input: OccupancyInput) {
  if (input.storageContainerBoxPositionId && input.storageContainerBoxPositionId !== positionId)
    throw storageErrors.position_mismatch();
  const seen: { box?: NodeRow; position?: PositionRow; samples: SampleRef[] } = { samples: [] };
  let id: number;
  try {
    id = await command(ctx, ALLOCATE, async (tx) => {
      const inst = tx.institutionId;
      const { box, path } = await lockBoxOnPath(tx, boxPath, 'share');
      seen.box = box;
      const position = (seen.position = await positionIn(tx.db, box.id, positionId));
      const sample = await usable(tx, (await custodySamplesOf(tx.db, inst, [input.collectedSampleId]))[0] ?? null);
      seen.samples = [sample];
      const [taken] = await selectOccupancies(tx.db, inst, { positionId: position.id, open: true }, { limit: 1 });
      if (taken) throw storageErrors.position_occupied(position.code, box.title, taken.collectedSample.sampleId);
      await assertNotPlaced(tx.db, inst, [sample]);
      return (await place(tx, [{ sample, position }], path))[0];
    });
  } catch (err) {
    throw await raceProblem(ctx, err, seen);
  }
  return occupancyById(ctx, id);
}

/**
 * POST .../storageContainerBoxes/{b}/allocate: the samples, in the order given, into the box's next
 * free positions in fill order. One transaction: every sample is stored or none.
 */
export async function bulkAllocate(ctx: InstCtx, boxPath: PathRef[], input: BulkAllocationInput) {
  const ids = input.collectedSampleIds;
  const seen: { box?: NodeRow; samples: SampleRef[] } = { samples: [] };
  let made: number[];
  for (let attempt = 1; ; attempt++) {
    try {
      made = await bulkPlace(ctx, boxPath, ids, seen);
      break;
    } catch (err) {
      // A position another bulk allocation filled and committed between this statement's snapshot and its
      // lock looks free and unlocked: the unique index refuses it, and a new attempt reads it as taken.
      if (attempt < BULK_ATTEMPTS && isUniqueViolation(err) && violatedIndex(err) === POSITION_UQ) continue;
      throw await raceProblem(ctx, err, seen);
    }
  }
  const rows = await selectOccupancies(ctx.db, ctx.institutionId, { ids: made }, { limit: made.length });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return made.map((id) => byId.get(id)!);
}

const BULK_ATTEMPTS = 5;

/**
 * One attempt of a bulk allocation, one transaction. The box is shared (as single allocations share it),
 * not taken: the free positions are locked one by one and those another allocation holds are skipped
 * (freePositions), so allocations into one box no longer wait for each other's commit (issue 30).
 */
function bulkPlace(
  ctx: InstCtx,
  boxPath: PathRef[],
  ids: number[],
  seen: { box?: NodeRow; samples: SampleRef[] },
): Promise<number[]> {
  return command(ctx, ALLOCATE, async (tx) => {
    const inst = tx.institutionId;
    const { box, path } = await lockBoxOnPath(tx, boxPath, 'share');
    seen.box = box;
    const found = new Map((await custodySamplesOf(tx.db, inst, ids)).map((s) => [s.id, s]));
    const samples: CustodySample[] = [];
    for (const id of ids) samples.push(await usable(tx, found.get(id) ?? null));
    seen.samples = samples;
    await assertNotPlaced(tx.db, inst, samples);
    const free = await freePositions(tx.db, box.id, samples.length);
    if (free.length < samples.length) {
      const n = await positionCount(tx.db, box.id);
      const used = await occupiedCount(tx.db, box.id);
      throw storageErrors.box_lacks_room(box.title, n - used, samples.length);
    }
    return place(
      tx,
      samples.map((sample, i) => ({ sample, position: free[i] })),
      path,
    );
  });
}

/** PUT .../StorageContainerBoxPositionOccupancies/{occId}/vacate: takes the sample out, with the occupancy's stamp and a reason. */
export async function vacate(
  ctx: InstCtx,
  boxPath: PathRef[],
  positionId: number,
  occupancyId: number,
  input: VacateInput,
) {
  await command(ctx, ALLOCATE, async (tx) => {
    const inst = tx.institutionId;
    const box = (await nodesOnPath(tx, boxPath)).at(-1)!;
    const position = await positionIn(tx.db, box.id, positionId);
    const row = await lockOccupancy(tx.db, inst, occupancyId, position.id);
    if (!row) throw notFound('Occupancy');
    const [sample] = await custodySamplesOf(tx.db, inst, [row.collectedSampleId]);
    const sampleId = sample?.sampleId ?? (await sampleCodeOf(tx.db, row.collectedSampleId));
    if (row.vacatedAt) throw storageErrors.already_vacated(sampleId, position.code);
    if (row.concurrencyStamp !== input.concurrencyStamp) throw staleStamp();
    const reason = input.vacateReason;
    const after = await markVacated(tx.db, row.id, { at: tx.now(), accountId: tx.account.id, reason });
    const where = (await locationsOf(tx.db, inst, [position])).get(position.id)!.label;
    await appendSampleEvent(tx.db, tx, row.collectedSampleId, 'vacated', {
      summary: await stayText(tx.db, inst, { ownerId: sample?.ownerId ?? inst }, 'takenOutOf', where),
      reason,
    });
    await audit(tx.db, tx, {
      entity: AUDIT_ENTITY,
      entityId: row.id,
      action: 'vacate',
      before: row,
      after: { ...after, sampleId, location: where },
    });
  });
  return occupancyById(ctx, occupancyId);
}

/**
 * Sending a shipment takes its samples out of the sender's boxes (docs/shipments.md "Custody"): the
 * tubes leave, so their positions are vacated in the sending transaction, each with a history entry
 * and an audit row. Samples not stored are skipped.
 */
export async function vacateForShipment(tx: Db, ctx: InstCtx, sampleIds: number[], shipmentName: string) {
  if (!sampleIds.length) return;
  const rows = await lockOpenOfSamples(tx, ctx.institutionId, sampleIds);
  if (!rows.length) return;
  await vacateRows({ ...ctx, db: tx }, rows, () => `Shipped in "${shipmentName}"`);
}

/**
 * Vacates open occupancies (rows read `for update` by the caller), each with a history entry and an
 * audit row; `reasonOf` gives each one's reason.
 */
export async function vacateRows(tx: InstCtx, rows: OccRow[], reasonOf: (row: OccRow) => string) {
  if (!rows.length) return;
  const inst = tx.institutionId;
  const cells = await positionsByIds(
    tx.db,
    rows.map((r) => r.positionId),
  );
  const locations = await locationsOf(tx.db, inst, cells);
  const owners = new Map(
    (
      await custodySamplesOf(
        tx.db,
        inst,
        rows.map((r) => r.collectedSampleId),
      )
    ).map((s) => [s.id, s.ownerId]),
  );
  for (const row of rows) {
    const reason = reasonOf(row);
    const after = await markVacated(tx.db, row.id, { at: tx.now(), accountId: tx.account.id, reason });
    const where = locations.get(row.positionId)!.label;
    const summary = await stayText(
      tx.db,
      inst,
      { ownerId: owners.get(row.collectedSampleId) ?? inst },
      'takenOutOf',
      where,
    );
    await appendSampleEvent(tx.db, tx, row.collectedSampleId, 'vacated', { summary, reason });
    await audit(tx.db, tx, {
      entity: AUDIT_ENTITY,
      entityId: row.id,
      action: 'vacate',
      before: row,
      after: { ...after, location: where },
    });
  }
}
