import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import { qualified } from '../../platform/qualified';
import { patientIdsMatching, patientSummaryOf, type PatientMatch } from '../participants';
import { protocolParticipants } from './protocols.table';
import { withdrawnNowOf } from './participant-consents.repository';

// Enrolments: a protocol's participants (spec 2 §4).

const extra = {
  patient: patientSummaryOf(qualified(protocolParticipants.patientId)),
  // A consent withdrawn and not signed again since (docs/protocols.md "Re-consent").
  hasWithdrawnConsent: withdrawnNowOf(qualified(protocolParticipants.id)),
};
const scope = (institutionId: number, protocolId: number) =>
  and(eq(protocolParticipants.institutionId, institutionId), eq(protocolParticipants.collectionProtocolId, protocolId));

/** Newest enrolment first, enabled unless asked otherwise, limited to the patients the filters match. */
export async function listParticipantRows(
  db: Db,
  institutionId: number,
  protocolId: number,
  q: PagingQuery,
  f: PatientMatch,
) {
  const parts: (SQL | undefined)[] = [
    scope(institutionId, protocolId),
    eq(protocolParticipants.isEnabled, q.isEnabled ?? true),
  ];
  const matching = patientIdsMatching(institutionId, { ...f, searchTerm: q.searchTerm });
  // `in`, not `= any(array(...))`: the enrolments drive, each tested by its participant's primary key.
  if (matching) parts.push(sql`${protocolParticipants.patientId} in (${matching})`);
  return selectRecords(db, protocolParticipants, {
    where: and(...parts),
    orderBy: desc(protocolParticipants.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    extra,
  });
}

/** The enrolment as the API answers it, or undefined. */
export async function participantRecord(db: Db, institutionId: number, protocolId: number, id: number) {
  const page = await selectRecords(db, protocolParticipants, {
    where: and(scope(institutionId, protocolId), eq(protocolParticipants.id, id)),
    orderBy: protocolParticipants.id,
    limit: 1,
    extra,
  });
  return page.rows[0];
}

/** Enrolments as the API answers them, by id, oldest first. */
export async function participantRecords(db: Db, ids: number[]) {
  return (
    await selectRecords(db, protocolParticipants, {
      where: inArray(protocolParticipants.id, ids),
      orderBy: protocolParticipants.id,
      extra,
    })
  ).rows;
}

/** One of these patients already enrolled in the protocol (enabled or not), or undefined. */
export async function firstEnrolledAmong(db: Db, institutionId: number, protocolId: number, patientIds: number[]) {
  const [already] = await db
    .select({ patientId: protocolParticipants.patientId })
    .from(protocolParticipants)
    .where(and(scope(institutionId, protocolId), inArray(protocolParticipants.patientId, patientIds)))
    .limit(1);
  return already;
}

export async function insertEnrolments(db: Db, rows: (typeof protocolParticipants.$inferInsert)[]) {
  return db.insert(protocolParticipants).values(rows).returning();
}

export async function disableEnrolmentRow(
  db: Db,
  institutionId: number,
  protocolId: number,
  id: number,
  accountId: number,
  now: Date,
) {
  return setEnabled(
    db,
    protocolParticipants,
    scope(institutionId, protocolId),
    id,
    false,
    accountId,
    now,
    'Protocol participant',
  );
}

/** The patient's enabled enrolment in the protocol, or undefined. */
export async function enabledEnrolmentRow(db: Db, institutionId: number, protocolId: number, patientId: number) {
  const [row] = await db
    .select({ id: protocolParticipants.id })
    .from(protocolParticipants)
    .where(
      and(
        scope(institutionId, protocolId),
        eq(protocolParticipants.patientId, patientId),
        eq(protocolParticipants.isEnabled, true),
      ),
    )
    .limit(1);
  return row;
}
