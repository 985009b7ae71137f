import type { Db } from '../../db/client';
import { drawIdNumbers, nextIdNumber, sampleIdUsed } from './ids.repository';
import { sampleErrors } from './samples.errors';
import { MSG } from '../../../contract/messages';

/** A typed sample ID must be free; the unique index settles two saves racing for one ID (isUniqueViolation). */
export async function assertSampleIdFree(tx: Db, institutionId: number, sampleId: string, field = 'sampleId') {
  if (await sampleIdUsed(tx, institutionId, sampleId))
    throw sampleErrors.sample_id_taken(sampleId, { [field]: [MSG.sampleIdUsed] });
}

/**
 * The next free generated ID after `prefix` (docs/samples.md): the running number comes from a counter
 * row per (institution, prefix), incremented by an upsert that holds the row until commit, so two
 * transactions never get the same number. A number someone typed by hand is skipped.
 */
export async function generateSampleId(tx: Db, institutionId: number, prefix: string, width: number) {
  for (let tries = 0; tries < 1000; tries++) {
    const last = await nextIdNumber(tx, institutionId, prefix);
    const candidate = `${prefix}${String(last).padStart(width, '0')}`;
    if (!(await sampleIdUsed(tx, institutionId, candidate))) return candidate;
  }
  throw new Error(`no free sample ID after ${prefix}`);
}

/**
 * `count` generated IDs after `prefix` drawn before the saving transaction opens, on the pool (`db` must not
 * be a transaction: drawIdNumbers commits on its own), so saves under one prefix do not queue on the counter
 * row until each other's commit (issue 30). Numbers typed by hand are skipped. A save that fails after
 * drawing leaves its numbers unused (a gap, as a database sequence leaves): they are never given again.
 */
export async function drawSampleIds(db: Db, institutionId: number, prefix: string, width: number, count: number) {
  const ids: string[] = [];
  for (let tries = 0; ids.length < count && tries < 1000; tries++)
    for (const n of await drawIdNumbers(db, institutionId, prefix, width, count - ids.length))
      ids.push(`${prefix}${String(n).padStart(width, '0')}`);
  if (ids.length < count) throw new Error(`no free sample ID after ${prefix}`);
  return ids;
}

/** A sample collected on `date` in the protocol with `code`: AB-20260314-001. */
export const primaryPrefix = (protocolCode: string, date: string) =>
  `${protocolCode.toUpperCase()}-${date.replace(/-/g, '')}-`;
/** A sub-sample of `parentSampleId`: AB-20260314-001.1, its children AB-20260314-001.1.1. */
export const childPrefix = (parentSampleId: string) => `${parentSampleId}.`;
