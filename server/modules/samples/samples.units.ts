import type { Db } from '../../db/client';
import { round } from './samples.ledger';
import { unitFacts } from './units.repository';
import { sampleErrors } from './samples.errors';

/**
 * An aliquot's amount in its parent's unit: amount x childFactor / parentFactor (to 9 decimals, as
 * the ledger keeps). Only units of one unit type that both have a factor convert; anything else is
 * samples.aliquot_unit saying why. Same unit: the amount as it is.
 */
export async function aliquotAmountInParentUnit(tx: Db, amount: number, unitId: number, parentUnitId: number) {
  if (unitId === parentUnitId) return amount;
  const facts = await unitFacts(tx, [unitId, parentUnitId]);
  const child = facts.get(unitId);
  const parent = facts.get(parentUnitId);
  const refuse = (why: string) => sampleErrors.aliquot_unit(why, { unitOfMeasurementId: [why] });
  if (!child || !parent) throw refuse("This unit cannot be converted into the parent's unit.");
  if (child.typeId === null || child.typeId !== parent.typeId)
    throw refuse(`${child.label} and ${parent.label} cannot be converted: different unit types.`);
  const missing = [child, parent].filter((u) => !u.factor || u.factor <= 0).map((u) => u.label);
  if (missing.length) {
    throw refuse(
      `${child.label} and ${parent.label} cannot be converted: set a conversion factor on ${missing.join(' and ')} in Configuration > Unit Of Measurement.`,
    );
  }
  return round((amount * child.factor!) / parent.factor!);
}
