import type { Requirement } from '@contract/protocol-events.contract';
import type { z } from 'zod';
import type { CollectRow } from '@contract/samples.contract';
import { isAliquotTitle } from '@/lib/tree-quantities';

/** One editable row of the stepper's step 2: a requirement or one of its items, copied from the event's tree. */
export interface StepRow {
  key: string;
  parentKey: string | null;
  depth: number;
  /** What the row collects, e.g. "Blood tube (BT)" or "Aliquot". */
  name: string;
  aliquot: boolean;
  specimenTypeId: number | null;
  specimenType: string | null;
  unitOfMeasurementId: number;
  unitSymbol: string | null;
  subSampleLineageId: number | null;
  sampleId: string;
  quantity: number | string;
  /** Derived rows only: what is taken from the parent row's sample (empty: nothing). */
  parentAmountUsed: number | string;
}

type Item = Requirement['children'][number];

/**
 * The event's requirement trees, flattened parents first (the command wants each parent listed before its
 * children). Keys read like outline numbers (BT, BT.1, BT.1.1): the server names a refused row by its key.
 */
export function rowsFromRequirements(requirements: Requirement[], itemWord: string): StepRow[] {
  const rows: StepRow[] = [];
  const walk = (items: Item[], parentKey: string, depth: number) => {
    for (const [n, i] of items.entries()) {
      const key = `${parentKey}.${n + 1}`;
      rows.push({
        key,
        parentKey,
        depth,
        name: i.subSampleLineage?.title ?? itemWord,
        aliquot: isAliquotTitle(i.subSampleLineage?.title),
        specimenTypeId: i.specimenType?.id ?? null,
        specimenType: i.specimenType?.title ?? null,
        unitOfMeasurementId: i.unitOfMeasurement.id,
        unitSymbol: i.unitOfMeasurement.unitSymbol,
        subSampleLineageId: i.subSampleLineage?.id ?? null,
        sampleId: '',
        quantity: i.initialQuantity,
        parentAmountUsed: '',
      });
      walk(i.children as Item[], key, depth + 1);
    }
  };
  const used = new Set<string>();
  for (const r of requirements) {
    // Two requirements of one event may share a code: the second gets a suffix.
    const key = used.has(r.code) ? `${r.code}-${r.id}` : r.code;
    used.add(key);
    rows.push({
      key,
      parentKey: null,
      depth: 0,
      name: `${r.title} (${r.code})`,
      aliquot: false,
      specimenTypeId: r.specimenType?.id ?? null,
      specimenType: r.specimenType?.title ?? null,
      unitOfMeasurementId: r.unitOfMeasurement.id,
      unitSymbol: r.unitOfMeasurement.unitSymbol,
      subSampleLineageId: null,
      sampleId: '',
      quantity: r.initialQuantity,
      parentAmountUsed: '',
    });
    walk(r.children, key, 1);
  }
  return rows;
}

/** The rows as the collect command takes them (Key/ParentKey); an empty quantity stays '' for the rule to name ("*Required"). */
export const commandRows = (rows: StepRow[]): z.input<typeof CollectRow>[] =>
  rows.map((r) => ({
    key: r.key,
    parentKey: r.parentKey,
    sampleId: r.sampleId,
    specimenTypeId: r.specimenTypeId ?? '',
    quantity: r.quantity,
    unitOfMeasurementId: r.unitOfMeasurementId,
    subSampleLineageId: r.subSampleLineageId,
    parentAmountUsed: r.parentKey && !r.aliquot && r.parentAmountUsed !== '' ? r.parentAmountUsed : undefined,
  }));

/** The row a refusal names: a field error `rows.<i>.<field>`, or the title "Row 5 (key): ...". */
export function refusedRows(fields: Record<string, unknown>, title: string | null): Set<number> {
  const out = new Set<number>();
  for (const k of Object.keys(fields)) {
    const m = /^rows\.(\d+)\./.exec(k);
    if (m) out.add(Number(m[1]));
  }
  const t = title ? /^Row (\d+)\b/.exec(title) : null;
  if (t) out.add(Number(t[1]) - 1);
  return out;
}
