import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { newStamp } from '../../platform/records';
import { insertValues, placeholders, preparedStatements } from '../../platform/statement-cache';
import { unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import type { Db } from '../../db/client';
import { collectedSamples, sampleDraws, sampleEvents } from './samples.table';

// The sample ledger's rows: the locked sample, its draws and its history (samples.ledger.ts decides the amounts).

export type SampleRow = typeof collectedSamples.$inferSelect;

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

const EVENT_INSERT = ['institutionId', 'sampleId', 'kind', 'detail', 'creatorId', 'createdDate'] as const;
/** A sample's history row, prepared once per connection (statement-cache.ts `placeholders`). */
const eventInsert = preparedStatements('samples.recordEvent', (db: Db) =>
  db.insert(sampleEvents).values(placeholders(EVENT_INSERT)),
);

export async function recordEvent(tx: Db, ctx: Ctx, sampleId: number, kind: string, detail: Record<string, unknown>) {
  await eventInsert(tx, '', true).execute(
    insertValues(sampleEvents, EVENT_INSERT, {
      institutionId: ctx.institutionId!,
      sampleId,
      kind,
      detail,
      creatorId: ctx.account.id,
      createdDate: ctx.now(),
    }),
  );
}

/** One draw from a sample (its amount in the sample's unit), in the caller's transaction. */
export async function insertDraw(
  tx: Db,
  sample: SampleRow,
  d: { kind: string; amount: number; reason: string | null; childSampleId: number | null; accountId: number; at: Date },
) {
  await tx.insert(sampleDraws).values({
    institutionId: sample.institutionId,
    sampleId: sample.id,
    kind: d.kind,
    amount: d.amount,
    unitId: sample.unitId,
    reason: d.reason,
    childSampleId: d.childSampleId,
    creatorId: d.accountId,
    createdDate: d.at,
  });
}

/** The sample's new remaining amount under a new concurrency stamp (returned). */
export async function setRemaining(tx: Db, sampleId: number, remaining: number) {
  const stamp = newStamp();
  await tx
    .update(collectedSamples)
    .set({ remainingAmount: remaining, concurrencyStamp: stamp })
    .where(eq(collectedSamples.id, sampleId));
  return stamp;
}
