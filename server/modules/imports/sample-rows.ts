import type { RowError } from '../../../contract/imports.contract';
import { SampleInput } from '../../../contract/samples.contract';
import type { InstCtx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Db } from '../../db/client';
import { titlesOf, unknownTitle } from '../../platform/lookups/lookup-titles';
import { patientIdByMrn } from '../participants';
import { isAliquotLineage, protocolEventsOf, protocolSiteIds, protocolsNamed } from '../protocols';
import { createSample, sampleNamed } from '../samples';
import { storeAtPosition } from '../storage';
import type { MappedRow } from '../participants';

/** A sample a later row may name as its parent. */
interface Made {
  id: number;
  sampleId: string;
  patientId: number | null;
  collectionProtocolId: number | null;
}

/** The collect contract's (and the samples errors') field -> the CSV field. */
const FIELD: Record<string, string> = {
  patientId: 'mrn',
  collectionProtocolEventId: 'event',
  institutionSiteId: 'event',
  specimenTypeId: 'specimenType',
  collectedAmount: 'amount',
  unitOfMeasurementId: 'unit',
  parentSampleId: 'parentSampleId',
  subSampleLineageId: 'parentSampleId',
};
const fieldOf = (k: string) => FIELD[k] ?? k;
/** Fields read straight from a cell: their contract problems are always reported. */
const CELLS = new Set(['sampleId', 'amount', 'collectedDate', 'collectedTime']);

/** Refuses a row from inside its savepoint (a position the storage rules refused). */
class RowProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Creates each row's sample with the samples module's own `createSample` (enrolment, event and site, consent,
 * protocol dates, sample ID rules; an aliquot through the ledger: same type, convertible unit, no overdraw) and
 * stores it with the storage module's allocation, each row in a savepoint inside `tx`, so a refused row is
 * reported on its line and the rows below still run. A parent may be a row above. The caller commits or rolls back.
 */
export async function createSampleRows(
  tx: Db,
  ctx: InstCtx,
  rows: MappedRow[],
  errors: RowError[],
  columnOf: (field: string) => string | null,
  progress: (done: number) => void | Promise<void> = () => {},
) {
  const inst = ctx.institutionId;
  const push = (line: number, field: string, message: string) =>
    errors.push({ line, field, column: columnOf(field), message });
  const [types, units, lineages] = await Promise.all([
    titlesOf(tx, inst, 'specimenTypes'),
    titlesOf(tx, inst, 'unitOfMeasurements'),
    titlesOf(tx, inst, 'subSampleLineages'),
  ]);
  const aliquotLineage = [...lineages.values()].find((l) => isAliquotLineage(l.title))?.id;
  const made = new Map<string, Made>();
  const refusedAt = new Map<string, number>();
  const ids: number[] = [];
  for (const [i, { line, values: v }] of rows.entries()) {
    await progress(i);
    const before = errors.length;
    const problem = (field: string, message: string) => push(line, field, message);
    // The parent: a row above (by its sample ID) or a sample of this institution.
    let parent: Made | null = null;
    if (v.parentSampleId) {
      const key = v.parentSampleId.toLowerCase();
      if (refusedAt.has(key))
        problem(
          'parentSampleId',
          `The parent ${v.parentSampleId} is the row on line ${refusedAt.get(key)}, which has problems`,
        );
      else parent = made.get(key) ?? (await sampleNamed(tx, inst, v.parentSampleId));
      if (!parent && !refusedAt.has(key))
        problem('parentSampleId', `No sample ${v.parentSampleId} in this institution`);
      if (parent && !aliquotLineage)
        problem('parentSampleId', 'No Sub Sample Lineage titled "Aliquot" in this institution');
    }
    const patientId = v.mrn ? await patientIdByMrn(tx, inst, v.mrn) : null;
    if (v.mrn && !patientId) problem('mrn', `No participant with MRN ${v.mrn} in this institution`);
    else if (!v.mrn && !v.parentSampleId) problem('mrn', '*Required');
    if (parent && patientId && patientId !== parent.patientId)
      problem('mrn', `Sample ${parent.sampleId} is not this participant's`);
    let protocolId = parent?.collectionProtocolId ?? null;
    if (v.protocol) {
      const found = await protocolsNamed(tx, inst, v.protocol);
      if (found.length !== 1)
        problem(
          'protocol',
          found.length
            ? `More than one protocol is titled "${v.protocol}": use its code`
            : `No protocol with code or title "${v.protocol}" in this institution`,
        );
      else if (parent && found[0].id !== parent.collectionProtocolId)
        problem('protocol', `Sample ${parent.sampleId} is of another protocol`);
      else protocolId = found[0].id;
    } else if (!v.parentSampleId) problem('protocol', '*Required');
    let eventId: number | undefined;
    let siteId: number | undefined;
    if (!v.parentSampleId && protocolId && errors.length === before) {
      const events = await protocolEventsOf(tx, inst, protocolId);
      const wanted = v.event?.toLowerCase();
      const event = wanted
        ? events.find((e) => e.label.trim().toLowerCase() === wanted || e.eventCode.toLowerCase() === wanted)
        : events.length === 1
          ? events[0]
          : undefined;
      if (!event)
        problem(
          'event',
          wanted
            ? `The protocol has no event labelled or coded "${v.event}"`
            : `The protocol has ${events.length} events: give the event`,
        );
      eventId = event?.id;
      const sites = event?.institutionSiteId ? [event.institutionSiteId] : await protocolSiteIds(tx, protocolId);
      if (event && sites.length !== 1)
        problem('event', `The event has no site and the protocol has ${sites.length} sites: give the event a site`);
      siteId = sites[0];
    }
    const title = (field: string, list: typeof types, key: string) => {
      const t = v[field];
      if (!t) return undefined;
      const hit = list.get(t.trim().toLowerCase());
      if (!hit) problem(field, unknownTitle(key, t));
      return hit?.id;
    };
    const input = {
      sampleId: v.sampleId,
      isSubSample: !!parent,
      parentSampleId: parent?.id,
      subSampleLineageId: parent ? aliquotLineage : undefined,
      patientId: parent ? undefined : (patientId ?? undefined),
      institutionSiteId: siteId,
      collectionProtocolEventId: eventId,
      specimenTypeId: title('specimenType', types, 'specimenTypes'),
      collectedAmount: v.amount,
      unitOfMeasurementId: title('unit', units, 'unitOfMeasurements'),
      collectedDate: v.collectedDate,
      collectedTime: v.collectedTime,
    };
    const parsed = SampleInput.safeParse(input);
    if (!parsed.success) {
      // A reference left out for a problem reported above is not reported again as missing.
      const looked = errors.length > before;
      const seen = new Set(errors.slice(before).map((e) => e.field));
      for (const issue of parsed.error.issues) {
        const f = fieldOf(String(issue.path[0] ?? ''));
        if (!seen.has(f) && (!looked || CELLS.has(f))) {
          seen.add(f);
          problem(f, issue.message);
        }
      }
    }
    if (Boolean(v.box) !== Boolean(v.position))
      problem(v.box ? 'position' : 'box', 'Give both the box and the position, or neither');
    const refuse = () => {
      if (v.sampleId) refusedAt.set(v.sampleId.toLowerCase(), line);
    };
    if (errors.length > before || !parsed.success || !protocolId) {
      refuse();
      continue;
    }
    try {
      const sample = await tx.transaction(async (sp) => {
        const spCtx: InstCtx = { ...ctx, db: sp };
        const created = await createSample(spCtx, protocolId, parsed.data);
        const why = v.box && v.position ? await storeAtPosition(spCtx, v.box, v.position, created.id) : null;
        if (why) throw new RowProblem(why.field, why.message);
        return created;
      });
      ids.push(sample.id);
      made.set(sample.sampleId.toLowerCase(), {
        id: sample.id,
        sampleId: sample.sampleId,
        patientId: sample.patientId,
        collectionProtocolId: sample.collectionProtocolId,
      });
    } catch (err) {
      refuse();
      if (err instanceof RowProblem) {
        problem(err.field, err.message);
        continue;
      }
      if (!(err instanceof AppError)) throw err;
      const field = Object.keys(err.errors ?? {})[0];
      problem(field ? fieldOf(field) : '', err.title);
    }
  }
  await progress(rows.length);
  return ids;
}
