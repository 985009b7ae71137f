import type { Ctx, InstCtx } from '../../platform/context';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { insertDraw, lockSample, recordEvent, type SampleRow, setRemaining, unitSymbol } from './ledger.repository';
import { sampleErrors } from './samples.errors';
import { ledgerText } from './ledger-words';

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

/**
 * A research distribution's draw (issue 32 item 5, docs/research.md "Requests"), in the caller's transaction:
 * the sample locked (SELECT ... FOR UPDATE, as every draw), the amount drawn as an adjustment with `reason`
 * (positive: taken out; negative: unused material given back), a history entry and an audit row of the sample.
 * An overdraw is 409 `samples.overdraw`, a return above the collected amount 409 `samples.over_return`.
 * Returns the sample ID and what remains.
 */
export async function drawForResearch(
  tx: Db,
  ctx: InstCtx,
  collectedSampleId: number,
  amount: number,
  reason: string,
): Promise<{ sampleId: string; remaining: number }> {
  const sample = await lockSample(tx, ctx.institutionId, collectedSampleId);
  if (sample.heldByInstitutionId !== sample.institutionId)
    throw sampleErrors.held_elsewhere_use(
      sample.sampleId,
      'another institution',
      amount > 0 ? 'distributed' : 'returned',
    );
  const before = { ...sample };
  const remaining = await draw(tx, ctx, sample, { kind: 'adjustment', amount, reason });
  const unit = await unitSymbol(tx, sample.unitId);
  await recordEvent(tx, ctx, sample.id, 'adjusted', {
    summary: ledgerText(amount > 0 ? 'distributed' : 'returned', { amount: Math.abs(amount), unit }),
    amount,
    remainingAfter: remaining,
    reason,
  });
  await audit(tx, ctx, {
    entity: 'collectedSample',
    entityId: sample.id,
    action: 'adjust',
    before,
    after: { ...sample, adjustment: amount, reason },
  });
  return { sampleId: sample.sampleId, remaining };
}
