import type { AdjustmentInput, CollectInput, CollectRow, SampleInput } from '../../../contract/samples.contract';
import { command, type InstCtx, requirePermission, timeZoneOf, todayOf } from '../../platform/context';
import { AppError, staleStamp, validationProblem } from '../../platform/errors';
import { audit, auditAll, type AuditEntry } from '../../platform/audit';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { patientNames } from '../participants';
import { assertUsable, collectionOrigin, isAliquotLineage, outsideDates, protocolOf } from '../protocols';
import { sampleErrors } from './samples.errors';
import { draw, round } from './samples.ledger';
import { lockSample, recordEvent, type SampleRow, unitSymbol } from './ledger.repository';
import { assertSampleIdFree, childPrefix, drawSampleIds, generateSampleId, primaryPrefix } from './samples.ids';
import { getSample, samplesByIds } from './sample-reads.service';
import { insertSampleRow } from './samples.repository';
import { institutionTitles } from '../institutions';
import { timeIn, todayIn } from '../../platform/today';
import { MSG, msgf } from '../../../contract/messages';
import { aliquotAmountInParentUnit } from './samples.units';
import { ledgerText } from './ledger-words';

type Protocol = Awaited<ReturnType<typeof protocolOf>>;
/** Where a primary sample comes from: checked once per command. */
interface Origin {
  protocol: Protocol;
  participantId: number;
  patientId: number;
  siteId: number;
  eventId: number;
  date: string;
  time: string;
  outsideDates: boolean;
}

/**
 * The patient must be enrolled (and enabled) in the protocol, the event and site must be the protocol's, consent not
 * withdrawn; a collection date outside the protocol's dates needs the user's confirmation (`acceptOutsideDates`).
 */
async function originOf(
  tx: Db,
  ctx: InstCtx,
  protocol: Protocol,
  v: {
    patientId: number;
    eventId: number;
    siteId: number | null;
    date: string;
    time: string;
    acceptOutsideDates?: boolean;
  },
): Promise<Origin> {
  const inst = ctx.institutionId;
  assertNotFuture(ctx, v.date);
  const name = async () =>
    (await patientNames(tx, inst, [v.patientId])).get(v.patientId) ?? `Participant ${v.patientId}`;
  // The enrolment, the event and the site in one statement (issue 30), checked in this order.
  const found = await collectionOrigin(tx, inst, protocol.id, v);
  const enrolment = found.enrolment;
  if (!enrolment) throw sampleErrors.not_enrolled(await name(), { patientId: [MSG.notEnrolled] });
  if (!enrolment.isEnabled)
    throw sampleErrors.participant_disabled(await name(), { patientId: [MSG.disabledInProtocol] });
  await assertUsable(ctx, { sample: { patientId: v.patientId, collectedDate: v.date, collectedTime: v.time } }, tx);
  const event = found.event;
  if (!event) throw sampleErrors.event_not_in_protocol({ collectionProtocolEventId: [MSG.chooseProtocolEvent] });
  const siteId = v.siteId ?? event.institutionSiteId;
  if (!siteId) throw sampleErrors.site_required({ institutionSiteId: [MSG.requiredSelect] });
  if (!found.siteOk) throw sampleErrors.site_not_in_protocol({ institutionSiteId: [MSG.chooseProtocolSite] });
  const outside = outsideDates(protocol, v.date);
  if (outside && !v.acceptOutsideDates)
    throw sampleErrors.outside_dates(protocol.title, outside.range, v.date, {
      collectedDate: [MSG.outsideProtocolDates],
    });
  return {
    protocol,
    participantId: enrolment.id,
    patientId: v.patientId,
    siteId,
    eventId: event.id,
    date: v.date,
    time: v.time,
    outsideDates: !!outside,
  };
}

/** Inserts a sample row; a typed ID that another save took in the meantime is the declared 409, not a bare conflict. */
async function insertSample(tx: Db, values: Parameters<typeof insertSampleRow>[1]) {
  const row = await insertSampleRow(tx, values);
  if (!row) throw sampleErrors.sample_id_taken(values.sampleId, { sampleId: [MSG.sampleIdUsed] });
  return row;
}

async function resolveSampleId(tx: Db, inst: number, typed: string | null, prefix: string, width: number) {
  if (!typed) return generateSampleId(tx, inst, prefix, width);
  await assertSampleIdFree(tx, inst, typed);
  return typed;
}

/**
 * A sample collected from the participant: remaining equals collected (spec 2 §5). `generatedId`: an ID drawn
 * before the transaction (drawSampleIds) for a row without a typed one. `audits`: the audit entry is added to
 * it, for the caller to write with the others in one statement (auditAll), instead of written here.
 */
async function collectPrimary(
  tx: Db,
  ctx: InstCtx,
  o: Origin,
  v: { sampleId: string | null; specimenTypeId: number; amount: number; unitId: number; generatedId?: string },
  audits?: AuditEntry[],
) {
  const inst = ctx.institutionId;
  const found = await assertLookupIds(tx, inst, [
    { key: 'specimenTypes', id: v.specimenTypeId, field: 'specimenTypeId', label: 'Specimen Type' },
    { key: 'unitOfMeasurements', id: v.unitId, field: 'unitOfMeasurementId', label: 'Unit Of Measurement' },
  ]);
  // The unit's symbol (else its name) from the row just checked, as unitSymbol reads it.
  const u = found.unitOfMeasurementId;
  const unit = String(u?.unitSymbol ?? u?.unitName ?? '');
  const sampleId =
    !v.sampleId && v.generatedId
      ? v.generatedId
      : await resolveSampleId(tx, inst, v.sampleId, primaryPrefix(o.protocol.code, o.date), 3);
  const row = await insertSample(tx, {
    institutionId: inst,
    creatorId: ctx.account.id,
    enablerId: ctx.account.id,
    collectionProtocolId: o.protocol.id,
    participantId: o.participantId,
    patientId: o.patientId,
    institutionSiteId: o.siteId,
    collectionProtocolEventId: o.eventId,
    sampleId,
    kind: 'primary',
    specimenTypeId: v.specimenTypeId,
    collectedAmount: v.amount,
    remainingAmount: v.amount,
    unitId: v.unitId,
    collectedDate: o.date,
    collectedTime: o.time,
    isSubsample: false,
    collectedOutsideDates: o.outsideDates,
  });
  await recordEvent(tx, ctx, row.id, 'collected', {
    summary: ledgerText('collected', { amount: v.amount, unit }),
    amount: v.amount,
    remainingAfter: v.amount,
  });
  const entry: AuditEntry = { entity: 'collectedSample', entityId: row.id, action: 'create', after: row };
  if (audits) audits.push(entry);
  else await audit(tx, ctx, entry);
  return row;
}

interface ChildSpec {
  sampleId: string | null;
  lineageId: number;
  specimenTypeId: number;
  amount: number;
  unitId: number | null;
  parentAmountUsed?: number;
  date: string;
  time: string;
}

/**
 * A sub-sample of a locked parent. An aliquot is a part of the parent: same specimen type, a unit
 * of the parent's unit type (converted by the units' factors), its amount drawn from the parent in
 * the parent's unit while it keeps its own amount and unit. A derivative is new material (its own type, amount and unit); `parentAmountUsed`
 * (default 0) is drawn from the parent (OpenSpecimen's rule).
 */
async function createChild(tx: Db, ctx: InstCtx, parent: SampleRow, v: ChildSpec) {
  const inst = ctx.institutionId;
  // A sample in an open shipment is (or is about to be) elsewhere: nothing is taken from it until it is received or the shipment cancelled.
  // Its stored custody (custody.repository.ts), read under the parent's lock, which shipping takes too.
  if (parent.custodyShipmentId !== null)
    throw sampleErrors.in_transit(parent.sampleId, parent.custodyShipmentName ?? '');
  // Received by another institution: the tube is theirs to keep (docs/shipments.md "Custody").
  const holder = parent.heldByInstitutionId;
  if (holder !== parent.institutionId)
    throw sampleErrors.held_elsewhere(
      parent.sampleId,
      (await institutionTitles(tx, [holder])).get(holder) ?? `institution ${holder}`,
    );
  const unitId = v.unitId ?? parent.unitId;
  const found = await assertLookupIds(tx, inst, [
    { key: 'subSampleLineages', id: v.lineageId, field: 'subSampleLineageId', label: 'Sub Sample Lineage' },
    { key: 'specimenTypes', id: v.specimenTypeId, field: 'specimenTypeId', label: 'Specimen Type' },
    { key: 'unitOfMeasurements', id: unitId, field: 'unitOfMeasurementId', label: 'Unit Of Measurement' },
  ]);
  const aliquot = isAliquotLineage(found.subSampleLineageId?.title);
  if (aliquot && v.specimenTypeId !== parent.specimenTypeId)
    throw sampleErrors.aliquot_type({ specimenTypeId: [MSG.aliquotSpecimenType] });
  const taken = aliquot
    ? await aliquotAmountInParentUnit(tx, v.amount, unitId, parent.unitId)
    : round(v.parentAmountUsed ?? 0);
  const sampleId = await resolveSampleId(tx, inst, v.sampleId, childPrefix(parent.sampleId), 1);
  const row = await insertSample(tx, {
    institutionId: inst,
    creatorId: ctx.account.id,
    enablerId: ctx.account.id,
    collectionProtocolId: parent.collectionProtocolId,
    participantId: parent.participantId,
    patientId: parent.patientId,
    institutionSiteId: parent.institutionSiteId,
    collectionProtocolEventId: parent.collectionProtocolEventId,
    // A sub-sample of a received sample is received material too (no protocol or donor here).
    origin: parent.origin,
    sampleId,
    kind: aliquot ? 'aliquot' : 'derivative',
    specimenTypeId: v.specimenTypeId,
    collectedAmount: v.amount,
    remainingAmount: v.amount,
    unitId,
    collectedDate: v.date,
    collectedTime: v.time,
    parentId: parent.id,
    isSubsample: true,
    subSampleLineageId: v.lineageId,
    parentAmountUsed: aliquot ? null : taken,
  });
  const remaining = await draw(tx, ctx, parent, {
    kind: aliquot ? 'aliquot' : 'derivative',
    amount: taken,
    childSampleId: row.id,
  });
  const [unit, parentUnit] = [await unitSymbol(tx, unitId), await unitSymbol(tx, parent.unitId)];
  const other = (s: SampleRow) => ({ id: s.id, sampleId: s.sampleId });
  await recordEvent(tx, ctx, parent.id, aliquot ? 'aliquoted' : 'derived', {
    summary: ledgerText(
      aliquot ? (unitId === parent.unitId ? 'aliquotTook' : 'aliquotTookConverted') : 'derivativeUsed',
      { child: sampleId, taken, parentUnit, amount: v.amount, unit },
    ),
    amount: taken,
    remainingAfter: remaining,
    otherSample: other(row),
  });
  await recordEvent(tx, ctx, row.id, 'collected', {
    summary: ledgerText(aliquot ? 'aliquotedFrom' : 'derivedFrom', { parent: parent.sampleId, amount: v.amount, unit }),
    amount: v.amount,
    remainingAfter: v.amount,
    otherSample: other(parent),
  });
  await audit(tx, ctx, {
    entity: 'collectedSample',
    entityId: row.id,
    action: 'create',
    after: { ...row, parentRemainingAmount: remaining },
  });
  return row;
}

/** Today and now in the institution's time zone, for a sub-sample made without a date (HH:MM). */
function nowParts(ctx: InstCtx) {
  const zone = timeZoneOf(ctx);
  return { date: todayIn(zone, ctx.now()), time: timeIn(zone, ctx.now()) };
}

/** A collection is dated at most today in the institution's time zone (issue 28 item 2): later is 400, never stored. */
function assertNotFuture(ctx: InstCtx, day: string) {
  const today = todayOf(ctx);
  if (day > today) throw sampleErrors.future_date(day, today, { collectedDate: [MSG.collectedFuture] });
}

/** A field SampleInput's refinement requires in this branch (a parsed input never lacks it here). */
function given<T>(v: T | null | undefined, field: string): T {
  if (v === null || v === undefined) throw validationProblem({ [field]: [MSG.required] });
  return v;
}

/**
 * POST /institutions/{i}/collectedSamples/subSamples: a sub-sample of any sample of the institution, a received
 * one included (it has no protocol here, so the protocol's route cannot name it). The same rules as a child row.
 */
export async function createSubSample(ctx: InstCtx, input: SampleInput) {
  const id = await command(ctx, 'samples.collect', async ({ db: tx }) =>
    subSampleOf(tx, ctx, nowParts(ctx), given(input.parentSampleId, 'parentSampleId'), input),
  );
  return (await samplesByIds(ctx, [id]))[0];
}

/**
 * A sub-sample of the locked parent (of `protocolId` when given), in the caller's transaction: the parent must be
 * usable; the child row's rules (createChild) do the rest. Answers its record id.
 */
async function subSampleOf(
  tx: Db,
  ctx: InstCtx,
  now: { date: string; time: string },
  parentId: number,
  input: SampleInput,
  protocolId?: number,
) {
  if (input.collectedDate) assertNotFuture(ctx, input.collectedDate);
  const parent = await lockSample(tx, ctx.institutionId, parentId, protocolId);
  await assertUsable(ctx, { sample: parent }, tx);
  const row = await createChild(tx, ctx, parent, {
    sampleId: input.sampleId,
    lineageId: given(input.subSampleLineageId, 'subSampleLineageId'),
    specimenTypeId: input.specimenTypeId,
    amount: input.collectedAmount,
    unitId: input.unitOfMeasurementId,
    parentAmountUsed: input.parentAmountUsed,
    date: input.collectedDate ?? now.date,
    time: input.collectedTime ?? now.time,
  });
  return row.id;
}

/** POST collectedSamples: one sample, or one sub-sample of a sample of this protocol (spec 2 §7). */
export async function createSample(ctx: InstCtx, protocolId: number, input: SampleInput) {
  const id = await command(ctx, 'samples.collect', async ({ db: tx }) => {
    const protocol = await protocolOf(ctx, protocolId, tx);
    const now = nowParts(ctx);
    const { sampleId } = input;
    if (input.parentSampleId) return subSampleOf(tx, ctx, now, input.parentSampleId, input, protocolId);
    const origin = await originOf(tx, ctx, protocol, {
      patientId: given(input.patientId, 'patientId'),
      eventId: given(input.collectionProtocolEventId, 'collectionProtocolEventId'),
      siteId: given(input.institutionSiteId, 'institutionSiteId'),
      date: given(input.collectedDate, 'collectedDate'),
      time: given(input.collectedTime, 'collectedTime'),
      acceptOutsideDates: input.acceptOutsideDates,
    });
    const row = await collectPrimary(tx, ctx, origin, {
      sampleId,
      specimenTypeId: input.specimenTypeId,
      amount: input.collectedAmount,
      unitId: given(input.unitOfMeasurementId, 'unitOfMeasurementId'),
    });
    return row.id;
  });
  return getSample(ctx, protocolId, id);
}

type Row = CollectRow;

/** The problem of one row, named: "Row 2 (serum): ...", its field errors under rows.<index>. */
function inRow(e: unknown, index: number, row: Row): never {
  if (!(e instanceof AppError)) throw e;
  const errors = e.errors
    ? Object.fromEntries(Object.entries(e.errors).map(([f, m]) => [`rows.${index}.${f}`, m]))
    : { [`rows.${index}`]: [e.title] };
  throw new AppError(e.status, `Row ${index + 1} (${row.key}): ${e.title}`, errors, e.code);
}

/** The rows' shape before anything is written: keys once, parents listed first, typed IDs once. */
function checkRows(rows: Row[]) {
  const keys = new Set<string>();
  const ids = new Map<string, number>();
  rows.forEach((r, i) => {
    const fail = (e: AppError) => inRow(e, i, r);
    if (keys.has(r.key)) fail(sampleErrors.row_key(r.key, { key: [MSG.usedTwice] }));
    if (r.parentKey && !keys.has(r.parentKey))
      fail(sampleErrors.row_parent(r.key, { parentKey: [MSG.notListedBefore] }));
    if (r.parentKey && !r.subSampleLineageId)
      fail(sampleErrors.lineage_required({ subSampleLineageId: [MSG.requiredSelect] }));
    if (!r.parentKey && !r.unitOfMeasurementId)
      fail(sampleErrors.unit_required({ unitOfMeasurementId: [MSG.requiredSelect] }));
    if (r.sampleId) {
      const lower = r.sampleId.toLowerCase();
      if (ids.has(lower))
        fail(
          sampleErrors.sample_id_twice(r.sampleId, {
            sampleId: [msgf('alsoGivenToRow', { row: ids.get(lower)! + 1 })],
          }),
        );
      ids.set(lower, i);
    }
    keys.add(r.key);
  });
}

/**
 * The Collect Specimen stepper as one command (issue 13): every row becomes a sample, child rows
 * sub-samples of their parent row, all in ONE transaction; any bad row rolls back everything and
 * the problem names the row.
 */
export async function collect(ctx: InstCtx, protocolId: number, input: CollectInput) {
  const { rows } = input;
  checkRows(rows);
  requirePermission(ctx, 'samples.collect');
  // Issue 30: the generated IDs of the primary rows are drawn before the transaction (drawSampleIds), so
  // collections under one protocol and day no longer wait for each other's commit on the counter row.
  const protocol = await protocolOf(ctx, protocolId);
  const generated = rows.filter((r) => !r.parentKey && !r.sampleId).length;
  const drawn = generated
    ? await drawSampleIds(ctx.db, ctx.institutionId, primaryPrefix(protocol.code, input.collectedDate), 3, generated)
    : [];
  const ids = await command(ctx, 'samples.collect', async ({ db: tx }) => {
    const audits: AuditEntry[] = [];
    const origin = await originOf(tx, ctx, protocol, {
      patientId: input.patientId,
      eventId: input.collectionProtocolEventId,
      siteId: input.institutionSiteId,
      date: input.collectedDate,
      time: input.collectedTime,
      acceptOutsideDates: input.acceptOutsideDates,
    });
    const made = new Map<string, SampleRow>();
    for (const [i, r] of rows.entries()) {
      try {
        const parent = r.parentKey ? made.get(r.parentKey)! : null;
        // A sub-sample writes its audit row at once: the primary rows' ones before it keep their order.
        if (parent && audits.length) await auditAll(tx, ctx, audits.splice(0));
        const row = parent
          ? await createChild(tx, ctx, parent, {
              sampleId: r.sampleId,
              lineageId: r.subSampleLineageId!,
              specimenTypeId: r.specimenTypeId,
              amount: r.quantity,
              unitId: r.unitOfMeasurementId,
              parentAmountUsed: r.parentAmountUsed,
              date: origin.date,
              time: origin.time,
            })
          : await collectPrimary(
              tx,
              ctx,
              origin,
              {
                sampleId: r.sampleId,
                specimenTypeId: r.specimenTypeId,
                amount: r.quantity,
                unitId: r.unitOfMeasurementId!,
                generatedId: r.sampleId ? undefined : drawn.shift(),
              },
              audits,
            );
        made.set(r.key, row);
      } catch (e) {
        inRow(e, i, r);
      }
    }
    // The samples' create rows (in the order made) and the collection's, in one statement.
    await auditAll(tx, ctx, [
      ...audits,
      {
        entity: 'collectedSample',
        action: 'collect',
        after: { eventId: origin.eventId, patientId: origin.patientId, sampleIds: [...made.values()].map((s) => s.id) },
      },
    ]);
    return [...made.values()].map((s) => s.id);
  });
  return samplesByIds(ctx, ids);
}

/**
 * A manual adjustment with a reason: a positive amount is drawn, a negative one given back (never
 * above the collected amount). Guarded by the sample's concurrency stamp. Not refused after a consent
 * withdrawal: recording destroyed or lost material must stay possible.
 */
export async function adjust(ctx: InstCtx, protocolId: number, id: number, input: AdjustmentInput) {
  await command(ctx, 'samples.collect', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const sample = await lockSample(tx, ctx.institutionId, id, protocolId);
    if (sample.concurrencyStamp !== input.concurrencyStamp) throw staleStamp();
    if (sample.heldByInstitutionId !== sample.institutionId)
      throw sampleErrors.held_elsewhere_use(
        sample.sampleId,
        (await institutionTitles(tx, [sample.heldByInstitutionId])).get(sample.heldByInstitutionId) ??
          'another institution',
        'adjusted',
      );
    const before = { ...sample };
    const { amount, reason } = input;
    const remaining = await draw(tx, ctx, sample, { kind: 'adjustment', amount, reason });
    const unit = await unitSymbol(tx, sample.unitId);
    await recordEvent(tx, ctx, sample.id, 'adjusted', {
      summary: ledgerText(amount > 0 ? 'adjustedRemoved' : 'adjustedBack', { amount: Math.abs(amount), unit }),
      amount,
      remainingAfter: remaining,
      reason,
    });
    await audit(tx, ctx, {
      entity: 'collectedSample',
      entityId: id,
      action: 'adjust',
      before,
      after: { ...sample, adjustment: amount, reason },
    });
  });
  return getSample(ctx, protocolId, id);
}
