import type { OrderInputValues } from '../../../contract/orders.contract';
import { todayOf, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import { assertSiteIds, institutionTitles } from '../institutions';
import { assertPatientIds } from '../participants';
import { assertUsable } from '../protocols';
import { sampleForUseOf } from '../samples';
import { orderErrors } from './orders.errors';
import { refreshReleaseRank } from './release-state.repository';
import {
  enabledPanelTestIds,
  findOrder,
  insertOrderedPanelRows,
  insertOrderRow,
  nextSampleNumber,
  panelOf,
  sampleIdTaken,
} from './orders.repository';
import { MSG, msgf } from '../../../contract/messages';

/**
 * Next generated sample ID of the institution: L + YYMMDD + 4-digit daily number, the day being the institution's
 * (its time zone): a tube labelled at 01:30 in Addis Ababa carries that day, not the UTC day before.
 */
async function nextSampleId(tx: Db, ctx: InstCtx) {
  const inst = ctx.institutionId;
  const day = todayOf(ctx);
  const last = await nextSampleNumber(tx, inst, day);
  return `L${day.slice(2).replace(/-/g, '')}${String(last).padStart(4, '0')}`;
}

/** The order's own references: participant, priority, site, payment category, all of this institution. */
export async function checkOrderRefs(
  tx: Db,
  ctx: InstCtx,
  o: {
    patientIds: number[];
    priorityId: number;
    institutionSiteId?: number | null;
    paymentCategoryId?: number | null;
    collectedSampleId?: number | null;
  },
) {
  const inst = ctx.institutionId;
  await assertPatientIds(tx, inst, o.patientIds);
  await assertLookupIds(tx, inst, [
    { key: 'priorities', id: o.priorityId, field: 'priorityId' },
    { key: 'paymentCategories', id: o.paymentCategoryId, field: 'paymentCategoryId' },
  ]);
  await assertSiteIds(tx, inst, [{ id: o.institutionSiteId, field: 'institutionSiteId' }]);
  if (o.collectedSampleId) await checkSampleOfPatients(tx, ctx, o.collectedSampleId, o.patientIds);
}

/** Who an order is for: a participant, or (an order on a received sample) the sample's pseudonymous donor code. */
export type OrderSubject = { patientId: number; donorCode: null } | { patientId: null; donorCode: string };

/**
 * An order on a collected sample (issue 13, the COLLECTED SAMPLE ID tabs; issue 31, a sample's Order tests): the
 * sample is the institution's, enabled, in its custody (not received by another institution since), and usable: its
 * participant's consent is not withdrawn, or, on a received record (no participant here), the consent state stored at
 * receipt is usable. Answers the sample ID and the order's subject: the participant, or the received sample's donor code.
 * `unknown` is what an unknown id answers: 400 for an id in the body, 404 for one in the path.
 */
export async function checkCollectedSample(
  tx: Db,
  ctx: InstCtx,
  id: number,
  unknown: () => Error,
): Promise<{ code: string; subject: OrderSubject }> {
  const sample = await sampleForUseOf(tx, ctx.institutionId, id);
  if (!sample) throw unknown();
  if (!sample.isEnabled)
    throw orderErrors.collected_sample_disabled(sample.sampleId, { collectedSampleId: [MSG.disabled] });
  if (sample.heldBy !== sample.institutionId) {
    const holder = (await institutionTitles(tx, [sample.heldBy])).get(sample.heldBy) ?? 'another institution';
    throw orderErrors.collected_sample_held_elsewhere(sample.sampleId, holder, {
      collectedSampleId: [msgf('receivedBy', { holder })],
    });
  }
  if (sample.patientId === null) {
    // A received record (docs/decisions/0014-received-samples.md): its donor never travels, its code does.
    const from = sample.receivedFrom;
    if (!from?.donorCode)
      throw orderErrors.collected_sample_no_donor(sample.sampleId, { collectedSampleId: [MSG.noDonorCode] });
    if (from.consentState !== 'usable')
      throw orderErrors.received_consent_blocked(sample.sampleId, {
        collectedSampleId: [MSG.consentBlocksUse],
      });
    return { code: sample.sampleId, subject: { patientId: null, donorCode: from.donorCode } };
  }
  await assertUsable(ctx, { sample }, tx);
  return { code: sample.sampleId, subject: { patientId: sample.patientId, donorCode: null } };
}

/** The spec's calls name participants: a sample they name must be from the one participant ordered for. */
async function checkSampleOfPatients(tx: Db, ctx: InstCtx, id: number, patientIds: number[]) {
  const { code, subject } = await checkCollectedSample(tx, ctx, id, () =>
    orderErrors.collected_sample_unknown({ collectedSampleId: [MSG.notInInstitution] }),
  );
  if (subject.patientId === null)
    throw orderErrors.collected_sample_received(code, {
      collectedSampleId: [MSG.receivedOrderFromSample],
    });
  if (patientIds.some((p) => p !== subject.patientId))
    throw orderErrors.collected_sample_patient(code, {
      collectedSampleId: [MSG.otherParticipantSample],
    });
}

/** An order row and its audit; its subject is a participant or (on a received sample) a donor code. */
export async function insertOrder(
  tx: Db,
  ctx: InstCtx,
  o: Omit<OrderInputValues, 'sampleId' | 'patientId'> & { sampleId?: string } & OrderSubject,
) {
  const inst = ctx.institutionId;
  const sampleId = o.sampleId ?? (await nextSampleId(tx, ctx));
  if (await sampleIdTaken(tx, inst, sampleId)) throw orderErrors.sample_id_taken(sampleId);
  const row = await insertOrderRow(tx, {
    institutionId: inst,
    sampleId,
    patientId: o.patientId,
    donorCode: o.donorCode,
    priorityId: o.priorityId,
    institutionSiteId: o.institutionSiteId,
    paymentCategoryId: o.paymentCategoryId,
    collectedSampleId: o.collectedSampleId,
    commentToLab: o.commentToLab,
    creatorId: ctx.account.id,
    enablerId: ctx.account.id,
  });
  await audit(tx, ctx, { entity: 'limsOrder', entityId: row.id, action: 'create', after: row });
  return row;
}

/**
 * Orders a panel: the ordered panel, one ordered test per enabled test of the panel, and each test's
 * empty result and unreleased release row, with the test's current result range.
 */
export async function insertOrderedPanel(
  tx: Db,
  ctx: InstCtx,
  orderId: number,
  panelId: number,
  comment: string | null,
) {
  const inst = ctx.institutionId;
  const panel = await panelOf(tx, inst, panelId);
  if (!panel || !panel.isEnabled) throw orderErrors.panel_disabled({ panelId: [MSG.chooseEnabledPanel] });
  const testIds = await enabledPanelTestIds(tx, inst, panelId);
  if (!testIds.length)
    throw orderErrors.panel_no_tests(panel.title, { panelIds: [msgf('panelNoTests', { panel: panel.title })] });
  const base = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
  const op = await insertOrderedPanelRows(tx, base, { orderId, panelId, comment, testIds });
  await audit(tx, ctx, { entity: 'limsOrderedPanel', entityId: op.id, action: 'create', after: { ...op, testIds } });
  // A new unreleased panel makes a released order partly released again.
  await refreshReleaseRank(tx, orderId);
  return op;
}

export async function assertOrder(tx: Db, ctx: InstCtx, orderId: number) {
  const o = await findOrder(tx, ctx.institutionId, orderId);
  if (!o) throw notFound('Order');
  return o;
}
