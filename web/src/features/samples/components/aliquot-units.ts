import type { LookupRow, Option } from '@/lib/lookup-options';

const factorOf = (r: LookupRow | undefined) => {
  const f = Number(r?.conversionFactor);
  return r && r.conversionFactor !== null && r.conversionFactor !== undefined && Number.isFinite(f) && f > 0 ? f : null;
};

/**
 * The units an aliquot may have (docs/samples.md "Units"): its parent's, and the units of the same unit
 * type that convert into it (both with a conversion factor), as the server decides.
 */
export function aliquotUnitOptions(rows: LookupRow[], options: Option[], parentUnitId: number) {
  const parent = rows.find((r) => r.id === parentUnitId);
  const convertible = new Set(
    rows
      .filter(
        (r) =>
          r.id === parentUnitId ||
          (factorOf(parent) !== null &&
            factorOf(r) !== null &&
            r.unitOfMeasurementTypeId === parent?.unitOfMeasurementTypeId),
      )
      .map((r) => String(r.id)),
  );
  convertible.add(String(parentUnitId));
  return options.filter((o) => convertible.has(o.value));
}

/** An aliquot's amount in its parent's unit (amount x factor / parent factor, to 9 decimals); null when it does not convert. */
export function amountInParentUnit(rows: LookupRow[], amount: number, unitId: number, parentUnitId: number) {
  if (unitId === parentUnitId) return amount;
  const unit = rows.find((r) => r.id === unitId);
  const parent = rows.find((r) => r.id === parentUnitId);
  const [f, pf] = [factorOf(unit), factorOf(parent)];
  if (f === null || pf === null || unit?.unitOfMeasurementTypeId !== parent?.unitOfMeasurementTypeId) return null;
  return Math.round(((amount * f) / pf) * 1e9) / 1e9;
}
