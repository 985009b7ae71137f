import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unitOfMeasurements } from '../../platform/lookups/lookup.tables';

// What converting an amount between units reads (samples.units.ts converts).

export interface UnitFacts {
  id: number;
  typeId: number | null;
  factor: number | null;
  label: string;
}

/** Units by id: their unit type, conversion factor and label. */
export async function unitFacts(tx: Db, ids: number[]) {
  const rows = await tx
    .select({
      id: unitOfMeasurements.id,
      typeId: unitOfMeasurements.unitOfMeasurementTypeId,
      factor: unitOfMeasurements.conversionFactor,
      symbol: unitOfMeasurements.unitSymbol,
      name: unitOfMeasurements.unitName,
    })
    .from(unitOfMeasurements)
    .where(ids.length === 1 ? eq(unitOfMeasurements.id, ids[0]) : inArray(unitOfMeasurements.id, ids));
  return new Map(
    rows.map((r): [number, UnitFacts] => [
      Number(r.id),
      {
        id: Number(r.id),
        typeId: r.typeId == null ? null : Number(r.typeId),
        factor: r.factor == null ? null : Number(r.factor),
        label: String(r.symbol || r.name),
      },
    ]),
  );
}
