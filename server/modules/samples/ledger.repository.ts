import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { newStamp } from '../../platform/records';
import { unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import type { Db } from '../../db/client';
import { collectedSamples, sampleDraws, sampleEvents } from './samples.table';
import { sampleErrors } from './samples.errors';

export type SampleRow = typeof collectedSamples.$inferSelect;
export type DrawKind = 'aliquot' | 'derivative' | 'adjustment';

/** Sums of decimal amounts (0.1 + 0.2) are kept to 9 decimals so the ledger adds up exactly. */
export const round = (n: number) => Math.round(n * 1e9) / 1e9;
const EPSILON = 1e-9;

/**
 * A sample of this institution (and protocol, when given), locked for the rest of the transaction
 * (SELECT ... FOR UPDATE): draws from one sample are decided one after the other.
 */
export async function lockSample(tx: Db, institutionId: number, id: number, protocolId?: number) {
  const [row] = await tx
    .select()
    .from(collectedSamples)
    .where(
      and(
        eq(collectedSamples.id, id),
        eq(collectedSamples.institutionId, institutionId),
        protocolId ? eq(collectedSamples.collectionProtocolId, protocolId) : undefined,
      ),
    )
    .limit(1)
    .for('update');
  if (!row) throw notFound('Collected sample');
  return row;
}

export async function unitSymbol(tx: Db, unitId: number) {
  const [u] = await tx
    .select({ symbol: unitOfMeasurements.unitSymbol, name: unitOfMeasurements.unitName })
    .from(unitOfMeasurements)
    .where(eq(unitOfMeasurements.id, unitId))
    .limit(1);
  return String(u?.symbol ?? u?.name ?? '');
}

export async function recordEvent(tx: Db, ctx: Ctx, sampleId: number, kind: string, detail: Record<string, unknown>) {
  await tx.insert(sampleEvents).values({
    institutionId: ctx.institutionId!,
    sampleId,
    kind,
    detail,
    creatorId: ctx.account.id,
    createdDate: ctx.now(),
  });
}

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
  await tx.insert(sampleDraws).values({
    institutionId: sample.institutionId,
    sampleId: sample.id,
    kind: d.kind,
    amount: d.amount,
    unitId: sample.unitId,
    reason: d.reason ?? null,
    childSampleId: d.childSampleId ?? null,
    creatorId: ctx.account.id,
    createdDate: ctx.now(),
  });
  const stamp = newStamp();
  await tx
    .update(collectedSamples)
    .set({ remainingAmount: remaining, concurrencyStamp: stamp })
    .where(eq(collectedSamples.id, sample.id));
  sample.remainingAmount = remaining;
  sample.concurrencyStamp = stamp;
  return remaining;
}
