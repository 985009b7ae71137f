import type { Db } from '../../db/client';
import { round } from './samples.ledger';
import { unitFacts } from './units.repository';
import { aliquotUnitWhy, sampleErrors, type AliquotUnitRefusal } from './samples.errors';

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
  const refuse = (kind: AliquotUnitRefusal, missing = '') => {
    const [c, p] = [child?.label ?? '', parent?.label ?? ''];
    return sampleErrors.aliquot_unit(kind, c, p, missing, {
      unitOfMeasurementId: [aliquotUnitWhy(kind, c, p, missing)],
    });
  };
  if (!child || !parent) throw refuse('unknown');
  if (child.typeId === null || child.typeId !== parent.typeId) throw refuse('types');
  const missing = [child, parent].filter((u) => !u.factor || u.factor <= 0).map((u) => u.label);
  if (missing.length) throw refuse('factor', missing.join(' and '));
  return round((amount * child.factor!) / parent.factor!);
}
