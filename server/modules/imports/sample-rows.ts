import type { RowError } from '../../../contract/imports.contract';
import { SampleInput } from '../../../contract/samples.contract';
import type { InstCtx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { translateProblem } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { MSG, msgf } from '../../../contract/messages';
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
  /** The caller's language, for the problems of other modules a row meets (the row sentences are said by key). */
  lng: LanguageCode = DEFAULT_LANGUAGE,
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
          msgf('importParentRefused', { sampleId: v.parentSampleId, line: refusedAt.get(key) ?? '' }),
        );
      else parent = made.get(key) ?? (await sampleNamed(tx, inst, v.parentSampleId));
      if (!parent && !refusedAt.has(key))
        problem('parentSampleId', msgf('importNoSample', { sampleId: v.parentSampleId }));
      if (parent && !aliquotLineage) problem('parentSampleId', unknownTitle('subSampleLineages', 'Aliquot'));
    }
    const patientId = v.mrn ? await patientIdByMrn(tx, inst, v.mrn) : null;
    if (v.mrn && !patientId) problem('mrn', msgf('importNoParticipant', { mrn: v.mrn }));
    else if (!v.mrn && !v.parentSampleId) problem('mrn', MSG.required);
    if (parent && patientId && patientId !== parent.patientId)
      problem('mrn', msgf('importOtherParticipant', { sampleId: parent.sampleId }));
    let protocolId = parent?.collectionProtocolId ?? null;
    if (v.protocol) {
      const found = await protocolsNamed(tx, inst, v.protocol);
      if (found.length !== 1)
        problem(
          'protocol',
          found.length
            ? msgf('importProtocolAmbiguous', { protocol: v.protocol })
            : msgf('importNoProtocol', { protocol: v.protocol }),
        );
      else if (parent && found[0].id !== parent.collectionProtocolId)
        problem('protocol', msgf('importOtherProtocol', { sampleId: parent.sampleId }));
      else protocolId = found[0].id;
    } else if (!v.parentSampleId) problem('protocol', MSG.required);
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
          wanted ? msgf('importNoEvent', { event: v.event ?? '' }) : msgf('importGiveEvent', { count: events.length }),
        );
      eventId = event?.id;
      const sites = event?.institutionSiteId ? [event.institutionSiteId] : await protocolSiteIds(tx, protocolId);
      if (event && sites.length !== 1) problem('event', msgf('importEventSites', { count: sites.length }));
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
    if (Boolean(v.box) !== Boolean(v.position)) problem(v.box ? 'position' : 'box', MSG.boxAndPosition);
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
        const why = v.box && v.position ? await storeAtPosition(spCtx, v.box, v.position, created.id, lng) : null;
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
      problem(field ? fieldOf(field) : '', translateProblem(err, lng).title);
    }
  }
  await progress(rows.length);
  return ids;
}
