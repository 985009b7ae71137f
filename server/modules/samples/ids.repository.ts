import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectedSampleIdCounters, collectedSamples } from './samples.table';
import { sampleErrors } from './samples.errors';

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

/** A typed sample ID must be free; the unique index settles two saves racing for one ID (isUniqueViolation). */
export async function assertSampleIdFree(tx: Db, institutionId: number, sampleId: string, field = 'sampleId') {
  if (await sampleIdUsed(tx, institutionId, sampleId))
    throw sampleErrors.sample_id_taken(sampleId, { [field]: ['This sample ID is already used'] });
}

/**
 * The next free generated ID after `prefix` (docs/samples.md): the running number comes from a counter
 * row per (institution, prefix), incremented by an upsert that holds the row until commit, so two
 * transactions never get the same number. A number someone typed by hand is skipped.
 */
export async function generateSampleId(tx: Db, institutionId: number, prefix: string, width: number) {
  for (let tries = 0; tries < 1000; tries++) {
    const [c] = await tx
      .insert(collectedSampleIdCounters)
      .values({ institutionId, prefix: prefix.toLowerCase(), last: 1 })
      .onConflictDoUpdate({
        target: [collectedSampleIdCounters.institutionId, collectedSampleIdCounters.prefix],
        set: { last: sql`${collectedSampleIdCounters.last} + 1` },
      })
      .returning({ last: collectedSampleIdCounters.last });
    const candidate = `${prefix}${String(c.last).padStart(width, '0')}`;
    if (!(await sampleIdUsed(tx, institutionId, candidate))) return candidate;
  }
  throw new Error(`no free sample ID after ${prefix}`);
}

/** A sample collected on `date` in the protocol with `code`: AB-20260314-001. */
export const primaryPrefix = (protocolCode: string, date: string) =>
  `${protocolCode.toUpperCase()}-${date.replace(/-/g, '')}-`;
/** A sub-sample of `parentSampleId`: AB-20260314-001.1, its children AB-20260314-001.1.1. */
export const childPrefix = (parentSampleId: string) => `${parentSampleId}.`;
