import { createHash } from 'node:crypto';
import type {
  RackScanApply,
  RackScanEntry,
  RackScanOutcome,
  RackScanResult,
} from '../../../contract/rack-scan.contract';
import type { PathRef } from '../../../contract/storage.contract';
import { RACK_SCAN_OUTCOMES } from '../../../contract/rack-scan.contract';
import { command, type InstCtx } from '../../platform/context';
import { isUniqueViolation } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { type CustodySample, custodySamplesByCode, custodySamplesOf } from '../samples';
import type { PositionRow } from './storage.repository';
import { openOccupanciesOf, positionsByIds, positionsOfBox, type OccRow } from './occupancies.repository';
import { storageErrors } from './storage.errors';
import { nodesOnPath, type NodeRow } from './storage-scope';
import { locationsOf } from './locations.repository';
import { lettersToIndex, parseRackScan, SCANNER_POSITION, type ScanError } from './rack-scan-parse';
import { lockBox, place, usable, vacateRows } from './allocation.service';

// Rack-scanner reconcile (issue 17; docs/storage.md "Rack-scanner reconcile"): a scan of one box read
// against the database (no write), then its moves applied in one transaction.

const ALLOCATE = 'storage.allocate' as const;

/**
 * The box position a scanner's position names: the box's own label (any case) first, else the
 * scanner's row letters and column number on the box's grid (A01 is row 1, column 1 whatever the
 * box's labeling). Null with a message when it is no position of this box.
 */
function positionResolver(box: NodeRow, positions: PositionRow[]) {
  const byCode = new Map(positions.map((p) => [p.code.toLowerCase(), p]));
  const byCell = new Map(positions.map((p) => [`${p.rowIndex}:${p.columnIndex}`, p]));
  return (raw: string): PositionRow | string => {
    const own = byCode.get(raw.trim().toLowerCase());
    if (own) return own;
    const m = SCANNER_POSITION.exec(raw.trim());
    if (!m) return `"${raw}" is no position.`;
    const row = lettersToIndex(m[1]);
    const column = Number(m[2]);
    return byCell.get(`${row}:${column}`) ?? `Position ${raw} is outside ${box.title} (${box.rows} x ${box.columns}).`;
  };
}

interface Reading {
  result: RackScanResult;
  box: NodeRow;
  moves: { entry: RackScanEntry; sample: CustodySample; position: PositionRow; from: OccRow | null }[];
  missing: OccRow[];
  held: OccRow[];
}

/**
 * Reads the scan against the database. `lock` (apply) holds the box and every occupancy involved for
 * the rest of the transaction, so the stamp it computes is the state the moves are made on.
 */
async function read(ctx: InstCtx, boxPath: PathRef[], csv: string, lock: boolean): Promise<Reading> {
  const { db, institutionId: inst } = ctx;
  const box = lock ? await lockBox(ctx, boxPath, 'update') : (await nodesOnPath(ctx, boxPath)).at(-1)!;
  const positions = await positionsOfBox(db, box.id);
  const positionById = new Map(positions.map((p) => [p.id, p]));
  const resolve = positionResolver(box, positions);
  const parsed = parseRackScan(csv);
  const errors: ScanError[] = [...parsed.errors];

  // Each position and each barcode once: a second line naming either is an error of that line.
  const seenPosition = new Map<number, number>();
  const seenBarcode = new Map<string, number>();
  const lines: { line: number; position: PositionRow; barcode: string | null; kind: 'tube' | 'empty' | 'noRead' }[] =
    [];
  for (const row of parsed.rows) {
    const position = resolve(row.position);
    if (typeof position === 'string') {
      errors.push({ line: row.line, message: position });
      continue;
    }
    const twice = seenPosition.get(position.id);
    if (twice) {
      errors.push({ line: row.line, message: `Position ${position.code} is already on line ${twice}.` });
      continue;
    }
    const key = row.barcode?.toLowerCase();
    const again = key ? seenBarcode.get(key) : undefined;
    if (again) {
      errors.push({ line: row.line, message: `Barcode ${row.barcode} is already on line ${again}.` });
      continue;
    }
    seenPosition.set(position.id, row.line);
    if (key) seenBarcode.set(key, row.line);
    lines.push({ line: row.line, position, barcode: row.barcode, kind: row.kind });
  }
  errors.sort((a, b) => a.line - b.line);

  const samples = await custodySamplesByCode(db, inst, [...seenBarcode.keys()]);
  const sampleIds = [...samples.values()].map((s) => s.id);
  const boxPositionIds = positions.map((p) => p.id);
  const open = await openOccupanciesOf(db, inst, boxPositionIds, sampleIds, lock);
  const inBox = new Map(open.filter((o) => positionById.has(o.positionId)).map((o) => [o.positionId, o]));
  const bySample = new Map(open.map((o) => [o.collectedSampleId, o]));
  const elsewhere = open.filter((o) => !positionById.has(o.positionId));
  const cells = elsewhere.length
    ? await positionsByIds(
        db,
        elsewhere.map((o) => o.positionId),
      )
    : [];
  const locations = await locationsOf(db, inst, [
    ...positions.filter((p) => inBox.has(p.id) || lines.some((l) => l.position.id === p.id)),
    ...cells,
  ]);
  const codes = new Map<number, string>();
  for (const s of samples.values()) codes.set(s.id, s.sampleId);
  // Occupants of this box not named by the scan: their IDs for the answer.
  const others = [...inBox.values()].map((o) => o.collectedSampleId).filter((id) => !codes.has(id));
  for (const s of await custodySamplesOf(db, inst, others)) codes.set(s.id, s.sampleId);
  const brief = (id: number) => ({ id, sampleId: codes.get(id) ?? String(id) });

  const entries: RackScanEntry[] = [];
  const moves: Reading['moves'] = [];
  const scannedSamples = new Set<number>();
  const noReadPositions = new Set<number>();
  const cellOf = (p: PositionRow) => ({
    position: p.code,
    positionId: p.id,
    rowIndex: p.rowIndex,
    columnIndex: p.columnIndex,
  });
  for (const l of lines) {
    const here = inBox.get(l.position.id);
    const expected = here ? brief(here.collectedSampleId) : null;
    const base = { line: l.line, ...cellOf(l.position), barcode: l.barcode, expected, sample: null, from: null };
    if (l.kind !== 'tube') {
      if (l.kind === 'noRead') noReadPositions.add(l.position.id);
      entries.push({ ...base, outcome: l.kind });
      continue;
    }
    const sample = samples.get(l.barcode!.toLowerCase());
    if (!sample) {
      entries.push({ ...base, outcome: 'unknown' });
      continue;
    }
    scannedSamples.add(sample.id);
    const current = bySample.get(sample.id) ?? null;
    if (current?.positionId === l.position.id) {
      entries.push({ ...base, outcome: 'match', sample: brief(sample.id) });
      continue;
    }
    const entry: RackScanEntry = {
      ...base,
      outcome: 'moved',
      sample: brief(sample.id),
      from: current ? (locations.get(current.positionId) ?? null) : null,
    };
    entries.push(entry);
    moves.push({ entry, sample, position: l.position, from: current });
  }
  // Stored here, not in the scan (a position read as "no read" may still hold it: not missing).
  const missing = [...inBox.values()].filter(
    (o) => !scannedSamples.has(o.collectedSampleId) && !noReadPositions.has(o.positionId),
  );
  for (const o of missing) {
    const p = positionById.get(o.positionId)!;
    entries.push({
      line: null,
      ...cellOf(p),
      barcode: null,
      outcome: 'missing',
      sample: brief(o.collectedSampleId),
      from: null,
      expected: brief(o.collectedSampleId),
    });
  }
  entries.sort(
    (a, b) =>
      positionById.get(a.positionId)!.ordinal - positionById.get(b.positionId)!.ordinal ||
      Number(a.outcome === 'missing') - Number(b.outcome === 'missing'),
  );

  const counts = Object.fromEntries(
    RACK_SCAN_OUTCOMES.map((o) => [o, entries.filter((e) => e.outcome === o).length]),
  ) as Record<RackScanOutcome, number>;
  const scanStamp = createHash('sha256')
    .update(createHash('sha256').update(csv).digest('hex'))
    .update(`|${box.id}|${box.concurrencyStamp}|${box.isEnabled}|`)
    .update(open.map((o) => `${o.id}:${o.positionId}:${o.collectedSampleId}:${o.concurrencyStamp}`).join(','))
    .update(`|${[...samples.values()].map((s) => `${s.id}:${s.custodianId}`).join(',')}`)
    .digest('base64url');
  const held = moves.map((m) => inBox.get(m.position.id)).filter((o): o is OccRow => !!o);
  return {
    result: { boxId: box.id, scanStamp, layout: parsed.layout, entries, counts, errors },
    box,
    moves,
    missing,
    held,
  };
}

/** POST .../storageContainerBoxes/{b}/rack-scan: what the scan says against the database; writes nothing. */
export async function reconcileScan(ctx: InstCtx, boxPath: PathRef[], csv: string): Promise<RackScanResult> {
  // A read: its route row declares storage.allocate, which the router checks.
  return (await read(ctx, boxPath, csv, false)).result;
}

/**
 * POST .../rack-scan/apply: the moves of the scan in one transaction, if the database is still as the
 * scan was read (`scanStamp`, else 409). Every moved sample's old occupancy is vacated first, then the
 * new ones are made, so tubes swapped within the box never meet the partial unique indexes; missing
 * samples are vacated only when asked.
 */
export async function applyScan(ctx: InstCtx, boxPath: PathRef[], input: RackScanApply) {
  const vacateMissing = input.vacateMissing;
  let counts: { moved: number; vacated: number };
  try {
    counts = await command(ctx, ALLOCATE, async (tx) => {
      const r = await read(tx, boxPath, input.csv, true);
      if (r.result.errors.length) throw storageErrors.rack_scan_invalid(r.result.errors.length);
      if (r.result.scanStamp !== input.scanStamp) throw storageErrors.rack_scan_stale();
      const moving = new Set(r.moves.map((m) => m.sample.id));
      const blocking = r.held.find((o) => !moving.has(o.collectedSampleId) && !vacateMissing);
      if (blocking) {
        const code = r.result.entries.find((e) => e.outcome === 'missing' && e.positionId === blocking.positionId);
        throw storageErrors.rack_scan_position_held(code?.position ?? '', code?.sample?.sampleId ?? '');
      }
      for (const m of r.moves) await usable(tx, m.sample);
      const target = (m: Reading['moves'][number]) => `${r.box.title} > ${m.position.code}`;
      const fromRows = r.moves.filter((m) => m.from).map((m) => m.from!);
      const reasonFor = new Map(
        r.moves.filter((m) => m.from).map((m) => [m.from!.id, `Rack scan: found at ${target(m)}`]),
      );
      await vacateRows(tx, fromRows, (row) => reasonFor.get(row.id)!);
      const missingReason = input.vacateReason?.trim() || 'Not in the rack scan';
      const gone = vacateMissing ? r.missing : [];
      await vacateRows(tx, gone, () => missingReason);
      await place(
        tx,
        r.moves.map((m) => ({ sample: m.sample, position: m.position })),
      );
      await audit(tx.db, tx, {
        entity: 'storageRackScan',
        entityId: r.box.id,
        action: 'apply',
        after: {
          scanStamp: input.scanStamp,
          moved: r.moves.map((m) => ({
            sampleId: m.sample.sampleId,
            from: m.entry.from?.label ?? null,
            to: m.position.code,
          })),
          vacated: gone.length,
          counts: r.result.counts,
        },
      });
      return { moved: r.moves.length, vacated: gone.length };
    });
  } catch (err) {
    // A parallel allocation took a position or a sample after the read: the scan is stale.
    if (isUniqueViolation(err)) throw storageErrors.rack_scan_stale();
    throw err;
  }
  return { ...counts, scan: (await read(ctx, boxPath, input.csv, false)).result };
}
