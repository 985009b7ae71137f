import { describe, expect, it } from 'vitest';
import { aliquotUnitOptions, amountInParentUnit } from './aliquot-units';

const rows = [
  { id: 1, unitSymbol: 'mL', unitOfMeasurementTypeId: 10, conversionFactor: 1 },
  { id: 2, unitSymbol: 'µL', unitOfMeasurementTypeId: 10, conversionFactor: 0.001 },
  { id: 3, unitSymbol: 'gtt', unitOfMeasurementTypeId: 10, conversionFactor: null },
  { id: 4, unitSymbol: 'g', unitOfMeasurementTypeId: 20, conversionFactor: 1 },
];
const options = rows.map((r) => ({ value: String(r.id), label: r.unitSymbol }));

describe('aliquot units', () => {
  it('offers the parent unit and the units of its type that have a factor', () => {
    expect(aliquotUnitOptions(rows, options, 1).map((o) => o.label)).toEqual(['mL', 'µL']);
    // A parent unit without a factor converts into nothing else.
    expect(aliquotUnitOptions(rows, options, 3).map((o) => o.label)).toEqual(['gtt']);
  });

  it('converts into the parent unit, or says it cannot', () => {
    expect(amountInParentUnit(rows, 500, 2, 1)).toBe(0.5);
    expect(amountInParentUnit(rows, 0.3, 1, 2)).toBe(300);
    expect(amountInParentUnit(rows, 7, 1, 1)).toBe(7);
    expect(amountInParentUnit(rows, 1, 4, 1)).toBeNull();
    expect(amountInParentUnit(rows, 1, 3, 1)).toBeNull();
  });
});
