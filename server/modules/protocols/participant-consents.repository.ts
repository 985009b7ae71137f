import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountNames } from '../../platform/account-names';
import { consentVersions, participantConsents, protocolConsents, protocolParticipants } from './protocols.table';

// Signed consents (spec 2 §3): the signature, the version signed, its withdrawal.

export type ParticipantConsentRow = typeof participantConsents.$inferSelect;

const scope = (institutionId: number, protocolId: number) =>
  and(eq(participantConsents.institutionId, institutionId), eq(participantConsents.collectionProtocolId, protocolId));

/** The protocol's signed consents (by id, enrolment or patient when given) with the consent's title and the text signed. */
export async function participantConsentRows(
  db: Db,
  institutionId: number,
  protocolId: number,
  f: { id?: number; participantId?: number; patientId?: number },
) {
  return db
    .select({
      c: participantConsents,
      title: protocolConsents.title,
      version: consentVersions.version,
      html: consentVersions.html,
    })
    .from(participantConsents)
    .innerJoin(protocolConsents, eq(protocolConsents.id, participantConsents.consentId))
    .innerJoin(consentVersions, eq(consentVersions.id, participantConsents.consentVersionId))
    .where(
      and(
        scope(institutionId, protocolId),
        f.id ? eq(participantConsents.id, f.id) : undefined,
        f.participantId ? eq(participantConsents.participantId, f.participantId) : undefined,
        f.patientId ? eq(participantConsents.patientId, f.patientId) : undefined,
      ),
    )
    .orderBy(asc(participantConsents.id));
}

/** Account names by id, through the platform's read-only view of the accounts table. */
export async function accountNamesByIds(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { firstName: string; lastName: string }>();
  const list = await db.select().from(accountNames).where(inArray(accountNames.id, ids));
  return new Map(list.map((a) => [a.id, { firstName: a.firstName, lastName: a.lastName }]));
}

/** The enrolment a signature is for: named by its id, or by its patient (enrolled once per protocol: a unique index). */
export async function enrolmentToSign(
  db: Db,
  institutionId: number,
  protocolId: number,
  who: { participantId: number } | { patientId: number },
) {
  const [participant] = await db
    .select()
    .from(protocolParticipants)
    .where(
      and(
        eq(protocolParticipants.institutionId, institutionId),
        eq(protocolParticipants.collectionProtocolId, protocolId),
        'participantId' in who
          ? eq(protocolParticipants.id, who.participantId)
          : eq(protocolParticipants.patientId, who.patientId),
      ),
    )
    .limit(1);
  return participant;
}

/** The version to sign with its consent: the one named, else the named consent's newest (either limited to the protocol). */
export async function versionToSign(
  db: Db,
  institutionId: number,
  protocolId: number,
  named: { consentVersionId?: number; consentId?: number },
) {
  const [version] = await db
    .select({ v: consentVersions, consent: protocolConsents })
    .from(consentVersions)
    .innerJoin(protocolConsents, eq(protocolConsents.id, consentVersions.consentId))
    .where(
      and(
        eq(protocolConsents.institutionId, institutionId),
        eq(protocolConsents.collectionProtocolId, protocolId),
        named.consentVersionId ? eq(consentVersions.id, named.consentVersionId) : undefined,
        named.consentId ? eq(consentVersions.consentId, named.consentId) : undefined,
      ),
    )
    .orderBy(desc(consentVersions.version))
    .limit(1);
  return version;
}

/** The enrolment's signature of the consent that is not withdrawn, or undefined. */
export async function activeSignature(db: Db, participantId: number, consentId: number) {
  const [active] = await db
    .select({ id: participantConsents.id })
    .from(participantConsents)
    .where(
      and(
        eq(participantConsents.participantId, participantId),
        eq(participantConsents.consentId, consentId),
        isNull(participantConsents.withdrawnDate),
      ),
    )
    .limit(1);
  return active;
}

export async function insertParticipantConsent(db: Db, values: typeof participantConsents.$inferInsert) {
  const [row] = await db.insert(participantConsents).values(values).returning();
  return row;
}

/** A signed consent of the protocol, locked for the rest of the transaction, or undefined. */
export async function participantConsentForUpdate(db: Db, institutionId: number, protocolId: number, id: number) {
  const [row] = await db
    .select()
    .from(participantConsents)
    .where(and(scope(institutionId, protocolId), eq(participantConsents.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function setWithdrawal(
  db: Db,
  id: number,
  values: Pick<
    ParticipantConsentRow,
    'withdrawnDate' | 'withdrawalReason' | 'withdrawalEffect' | 'withdrawnAt' | 'withdrawnById'
  >,
) {
  const [after] = await db.update(participantConsents).set(values).where(eq(participantConsents.id, id)).returning();
  return after;
}

/**
 * The earliest withdrawn consent of a patient (in any protocol of the institution) or of one enrolment,
 * or undefined when none is withdrawn.
 */
export async function firstWithdrawal(
  db: Db,
  institutionId: number,
  who: { patientId: number } | { participantId: number },
) {
  const [row] = await db
    .select({ patientId: participantConsents.patientId, withdrawnDate: participantConsents.withdrawnDate })
    .from(participantConsents)
    .where(
      and(
        eq(participantConsents.institutionId, institutionId),
        isNotNull(participantConsents.withdrawnDate),
        'patientId' in who
          ? eq(participantConsents.patientId, who.patientId)
          : eq(participantConsents.participantId, who.participantId),
      ),
    )
    .orderBy(asc(participantConsents.withdrawnDate))
    .limit(1);
  // The filter above leaves no row without a date; this tells the type so.
  return row?.withdrawnDate ? { patientId: row.patientId, withdrawnDate: row.withdrawnDate } : undefined;
}
