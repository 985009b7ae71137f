import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectedSampleIdCounters, collectedSamples } from './samples.table';

// Sample IDs as stored: whether one is used, and the per-prefix counters (samples.ids.ts picks the ID).

/** Whether a sample ID is used in the institution, whatever its case. */
export async function sampleIdUsed(tx: Db, institutionId: number, sampleId: string) {
  const [row] = await tx
    .select({ id: collectedSamples.id })
    .from(collectedSamples)
    .where(
      and(
        eq(collectedSamples.institutionId, institutionId),
        sql`lower(${collectedSamples.sampleId}) = ${sampleId.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The next running number after `prefix` from the counter row per (institution, prefix), incremented by an
 * upsert that holds the row until commit, so two transactions never get the same number.
 */
export async function nextIdNumber(tx: Db, institutionId: number, prefix: string) {
  const [c] = await tx
    .insert(collectedSampleIdCounters)
    .values({ institutionId, prefix: prefix.toLowerCase(), last: 1 })
    .onConflictDoUpdate({
      target: [collectedSampleIdCounters.institutionId, collectedSampleIdCounters.prefix],
      set: { last: sql`${collectedSampleIdCounters.last} + 1` },
    })
    .returning({ last: collectedSampleIdCounters.last });
  return c.last;
}
