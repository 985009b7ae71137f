import type { PagingQuery } from '../../../contract/common.contract';
import type { EnrolInput } from '../../../contract/protocol-participants.contract';
import { command, todayOf, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { assertPatientIds, patientNames, type PatientMatch } from '../participants';
import {
  disableEnrolmentRow,
  enabledEnrolmentRow,
  firstEnrolledAmong,
  insertEnrolments,
  listParticipantRows,
  participantRecord,
  participantRecords,
} from './enrolments.repository';
import { protocolOf } from './protocols.service';
import { protocolErrors } from './protocols.errors';
import { MSG, msgf } from '../../../contract/messages';

// Reads need no permission check here: each route row declares protocols.read and the router checks it.

/**
 * Spec 2 §2: server-paged, newest enrolment first, with the External Subject ID, Name, Phone and Gender
 * filters and SearchTerm (name, external id, MRN or phone, as the participants list searches).
 */
export async function listParticipants(ctx: InstCtx, protocolId: number, q: PagingQuery, f: PatientMatch) {
  await protocolOf(ctx, protocolId);
  return listParticipantRows(ctx.db, ctx.institutionId, protocolId, q, f);
}

export async function getParticipant(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  const row = await participantRecord(db, ctx.institutionId, protocolId, id);
  if (!row) throw notFound('Protocol participant');
  return row;
}

/**
 * Enrols a batch in one transaction (issue 12): none chosen says so; a patient already enrolled
 * (even disabled) refuses the whole batch, naming the patient. The enrolment day is today in the institution's time
 * zone (the server's clock, never a day sent by the browser; issue 31 item 6). A day outside the protocol's dates
 * asks for confirmation (`acceptOutsideDates`) and is noted on each enrolment and its audit row.
 */
export async function enrol(ctx: InstCtx, protocolId: number, input: EnrolInput) {
  const inst = ctx.institutionId;
  const ids = [...new Set([...(input.patientIds ?? []), ...(input.patientId ? [input.patientId] : [])])];
  if (!ids.length) throw protocolErrors.no_participants({ patientIds: [MSG.chooseParticipant] });
  const rows = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    // Locked: two batches naming one patient are decided one after the other.
    const protocol = await protocolOf(ctx, protocolId, tx, true);
    const outside = outsideDates(protocol, todayOf(ctx));
    if (outside && !input.acceptOutsideDates)
      throw protocolErrors.outside_dates(protocol.title, outside.range, outside.day);
    await assertPatientIds(tx, inst, ids);
    const already = await firstEnrolledAmong(tx, inst, protocolId, ids);
    if (already) {
      const name =
        (await patientNames(tx, inst, [already.patientId])).get(already.patientId) ??
        `Participant ${already.patientId}`;
      throw protocolErrors.already_enrolled(name, { patientIds: [msgf('alreadyEnrolled', { name })] });
    }
    const who = {
      institutionId: inst,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      collectionProtocolId: protocolId,
    };
    const inserted = await insertEnrolments(
      tx,
      ids.map((patientId) => ({ ...who, patientId, enrolledOutsideDates: !!outside })),
    );
    // The audit row says which dates were overridden, not only the flag: the protocol's dates may change later.
    const note = outside && { enrolmentDay: outside.day, startDate: protocol.startDate, endDate: protocol.endDate };
    for (const row of inserted)
      await audit(tx, ctx, {
        entity: 'collectionProtocolParticipant',
        entityId: row.id,
        action: 'create',
        after: note ? { ...row, outsideDates: note } : row,
      });
    return inserted.map((r) => r.id);
  });
  return participantRecords(ctx.db, rows);
}

/** The protocol's period in words when `day` lies outside it, else null (an open end never excludes). Samples use it for collection too. */
export function outsideDates(p: { startDate: string | null; endDate: string | null }, day: string) {
  const before = p.startDate !== null && day < p.startDate;
  const after = p.endDate !== null && day > p.endDate;
  if (!before && !after) return null;
  const range =
    p.startDate && p.endDate
      ? `from ${p.startDate} to ${p.endDate}`
      : p.startDate
        ? `from ${p.startDate}`
        : `until ${p.endDate}`;
  return { day, range };
}

/** Spec 2 §4: disabling keeps the participant's data; it leaves the list. */
export async function disableParticipant(ctx: InstCtx, protocolId: number, id: number) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const { before, after } = await disableEnrolmentRow(
      tx,
      ctx.institutionId,
      protocolId,
      id,
      ctx.account.id,
      ctx.now(),
    );
    await audit(tx, ctx, { entity: 'collectionProtocolParticipant', entityId: id, action: 'disable', before, after });
  });
  return getParticipant(ctx, protocolId, id);
}

/** The patient's enabled enrolment in this protocol of the ctx's institution, or null (forms check who may be filled for). */
export async function enabledEnrolment(ctx: InstCtx, protocolId: number, patientId: number, db: Db = ctx.db) {
  return (await enabledEnrolmentRow(db, ctx.institutionId, protocolId, patientId)) ?? null;
}
