import type { Ctx } from '../../platform/context';
import type { Db } from '../../db/client';
import { insertDraw, type SampleRow, setRemaining, unitSymbol } from './ledger.repository';
import { sampleErrors } from './samples.errors';

export type DrawKind = 'aliquot' | 'derivative' | 'adjustment';

/** Sums of decimal amounts (0.1 + 0.2) are kept to 9 decimals so the ledger adds up exactly. */
export const round = (n: number) => Math.round(n * 1e9) / 1e9;
const EPSILON = 1e-9;

/**
 * Writes one draw from a locked sample and its new remaining amount in the same transaction:
 * remaining = collected - sum(draws), never below 0 (409 naming the sample and what is left) nor
 * above the collected amount. `sample` must come from lockSample (or be created in this transaction);
 * it is updated in place so later draws of the same command see the new remaining amount.
 */
export async function draw(
  tx: Db,
  ctx: Ctx,
  sample: SampleRow,
  d: { kind: DrawKind; amount: number; reason?: string | null; childSampleId?: number | null },
) {
  let remaining = round(sample.remainingAmount - d.amount);
  // Within rounding of the bounds counts as the bound (an amount typed with more than 9 decimals).
  if (Math.abs(remaining) < EPSILON) remaining = 0;
  if (Math.abs(remaining - sample.collectedAmount) < EPSILON) remaining = sample.collectedAmount;
  if (!sample.isEnabled) throw sampleErrors.parent_disabled(sample.sampleId);
  if (remaining < 0)
    throw sampleErrors.overdraw(sample.sampleId, sample.remainingAmount, await unitSymbol(tx, sample.unitId), d.amount);
  if (remaining > sample.collectedAmount)
    throw sampleErrors.over_return(sample.sampleId, sample.collectedAmount, await unitSymbol(tx, sample.unitId));
  await insertDraw(tx, sample, {
    kind: d.kind,
    amount: d.amount,
    reason: d.reason ?? null,
    childSampleId: d.childSampleId ?? null,
    accountId: ctx.account.id,
    at: ctx.now(),
  });
  const stamp = await setRemaining(tx, sample.id, remaining);
  sample.remainingAmount = remaining;
  sample.concurrencyStamp = stamp;
  return remaining;
}
