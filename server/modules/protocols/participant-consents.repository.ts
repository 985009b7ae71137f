import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accountNames } from '../../platform/account-names';
import { qualified } from '../../platform/qualified';
import { preparedStatements } from '../../platform/statement-cache';
import { consentPurposes } from '../../platform/lookups/lookup.tables';
import { lookupTitleOrder, lookupTitleSql } from '../../platform/lookups/lookup-refs';
import {
  consentVersions,
  participantConsentPurposes,
  participantConsents,
  participantPurposesNow,
  protocolConsents,
  protocolParticipants,
} from './protocols.table';

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
  language?: string,
) {
  const p = consentPurposes;
  return db
    .select({
      c: participantConsents,
      title: protocolConsents.title,
      version: consentVersions.version,
      html: consentVersions.html,
      nextSignatureId: sql<number | null>`(select n.id from collection_protocol_participant_consents n
        where n.previous_signature_id = ${qualified(participantConsents.id)})`,
      // Issue 32 item 2: the version's purposes with the choice recorded (none recorded: not granted); each title
      // in the reader's language (issue 33 item 4), ordered by that title (i33server).
      purposes: sql<{ id: number; title: string; granted: boolean }[]>`coalesce((select json_agg(json_build_object(
          'id', ${p.id}, 'title', ${lookupTitleSql(p, 'consentPurposes', language)}, 'granted', coalesce(g.granted, false))
          order by ${lookupTitleOrder(p, 'consentPurposes', language)}, ${p.id})
        from consent_version_purposes vp join ${p} on ${p.id} = vp.purpose_id
        left join participant_consent_purposes g on g.participant_consent_id = ${qualified(participantConsents.id)}
          and g.purpose_id = vp.purpose_id
        where vp.consent_version_id = ${qualified(participantConsents.consentVersionId)}), '[]'::json)`,
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
    .limit(1)
    // Locked: two signings of one enrolment (two users re-consenting at once) run one after the other, so the
    // second sees the first's signature (409), never both succeed.
    .for('update');
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

/**
 * The enrolment's newest signature of the consent (the head of its chain: a withdrawn one is followed by its
 * re-consent), or undefined when it never signed it.
 */
export async function newestSignature(db: Db, participantId: number, consentId: number) {
  const [row] = await db
    .select({ id: participantConsents.id, withdrawnDate: participantConsents.withdrawnDate })
    .from(participantConsents)
    .where(and(eq(participantConsents.participantId, participantId), eq(participantConsents.consentId, consentId)))
    .orderBy(desc(participantConsents.id))
    .limit(1);
  return row;
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

// Re-consent (docs/protocols.md "Re-consent"): each enrolment's signatures of one consent form a chain
// (previous_signature_id); only the newest row of a chain, the one nobody follows, decides. It blocks
// - every sample of the patient and any new use when it is withdrawn;
// - the samples collected before its minute (covers_samples_from) when it is a re-consent that keeps
//   earlier samples blocked.

const pc = participantConsents;
const unfollowed = sql`not exists(select 1 from collection_protocol_participant_consents n
  where n.previous_signature_id = ${qualified(pc.id)})`;

/** A sample's collection moment (institution's wall clock) as SQL, from its date and time (HH:MM or HH:MM:SS) columns. */
const momentOf = (collectedDate: SQL, collectedTime: SQL) => sql`(${collectedDate} + ${collectedTime}::time)`;

/**
 * Whether a sample may not be used because of its donor's consent, as a scalar sub-select for another
 * module's query: `patientId`, `collectedDate` and `collectedTime` are the outer query's sample columns.
 */
export const hasWithdrawnOf = (patientId: SQL, collectedDate: SQL, collectedTime: SQL) =>
  sql<boolean>`exists(select 1 from collection_protocol_participant_consents c
    where c.patient_id = ${patientId}
      and (c.withdrawn_date is not null
        or (c.earlier_samples = 'keep_blocked' and ${momentOf(collectedDate, collectedTime)} < c.covers_samples_from))
      and not exists(select 1 from collection_protocol_participant_consents n where n.previous_signature_id = c.id))`;

/** Whether an enrolment has a consent withdrawn now (not followed by a re-consent), as a scalar sub-select. */
export const withdrawnNowOf = (participantId: SQL) =>
  sql<boolean>`exists(select 1 from collection_protocol_participant_consents c
    where c.participant_id = ${participantId} and c.withdrawn_date is not null
      and not exists(select 1 from collection_protocol_participant_consents n where n.previous_signature_id = c.id))`;

const prev = alias(participantConsents, 'previous_signature');

/**
 * The chain heads that block something, of a patient (in any protocol of the institution) or of one enrolment:
 * withdrawn ones, and re-consents keeping earlier samples blocked (with the withdrawal they follow); oldest first.
 */
export async function blockingSignatures(
  db: Db,
  institutionId: number,
  who: { patientId: number } | { participantId: number },
) {
  const byPatient = 'patientId' in who;
  return blockingStatement(db, byPatient ? 'patient' : 'participant', true, byPatient).execute({
    inst: institutionId,
    who: byPatient ? who.patientId : who.participantId,
  });
}

/** The query of blockingSignatures, prepared by name (issue 30: every collection and allocation asks it). */
const blockingStatement = preparedStatements('protocols.consents.blocking', (db: Db, byPatient: boolean) =>
  db
    .select({
      patientId: pc.patientId,
      withdrawnDate: pc.withdrawnDate,
      earlierSamples: pc.earlierSamples,
      coversSamplesFrom: pc.coversSamplesFrom,
      signedAt: pc.createdDate,
      previousWithdrawnDate: prev.withdrawnDate,
    })
    .from(pc)
    .leftJoin(prev, eq(prev.id, pc.previousSignatureId))
    .where(
      and(
        eq(pc.institutionId, sql.placeholder('inst')),
        byPatient ? eq(pc.patientId, sql.placeholder('who')) : eq(pc.participantId, sql.placeholder('who')),
        or(isNotNull(pc.withdrawnDate), eq(pc.earlierSamples, 'keep_blocked')),
        unfollowed,
      ),
    )
    .orderBy(asc(pc.id)),
);

/** A patient's re-consents in the institution, oldest first (a sample's history shows them). */
export async function reconsentsOf(db: Db, institutionId: number, patientId: number) {
  return db
    .select({
      consent: protocolConsents.title,
      version: consentVersions.version,
      signedAt: pc.createdDate,
      signedById: pc.creatorId,
      earlierSamples: pc.earlierSamples,
      coversSamplesFrom: pc.coversSamplesFrom,
    })
    .from(pc)
    .innerJoin(protocolConsents, eq(protocolConsents.id, pc.consentId))
    .innerJoin(consentVersions, eq(consentVersions.id, pc.consentVersionId))
    .where(and(eq(pc.institutionId, institutionId), eq(pc.patientId, patientId), isNotNull(pc.previousSignatureId)))
    .orderBy(asc(pc.id));
}

/** Issue 32 item 2: the participant's choice for each purpose of the version signed, written with the signature. */
export async function insertPurposeChoices(
  db: Db,
  institutionId: number,
  participantConsentId: number,
  choices: { purposeId: number; granted: boolean }[],
) {
  if (!choices.length) return;
  await db
    .insert(participantConsentPurposes)
    .values(choices.map((c) => ({ institutionId, participantConsentId, purposeId: c.purposeId, granted: c.granted })));
}

/**
 * The stored consent state of a sample's enrolment (participant_purposes_now, alias e) that allows it now: the row
 * of its enrolment (kept by the database's triggers: a signature in force, no withdrawal in force for the enrolment's
 * donor, who is the sample's: a sample is collected from an enrolment of its patient), and the sample not collected
 * before a re-consent in force that keeps earlier samples blocked. Matched on the enrolment alone: the pair
 * (enrolment, patient) made PostgreSQL multiply two selectivities of one fact and estimate 1 row for 315,000
 * (a nested loop over the donors instead of a hash join, 2x slower: docs/performance.md).
 */
const allowedNow = (s: { participantId: SQL; collectedDate: SQL; collectedTime: SQL }) =>
  sql`e.participant_id = ${s.participantId}
    and (e.blocked_before is null or ${momentOf(s.collectedDate, s.collectedTime)} >= e.blocked_before)`;

/**
 * The purposes its donor's consent grants a sample NOW (issue 32 item 6, a distribution's export), as a JSON array
 * of `{id, title}` in title order: the purposes of the same stored row consentAllowsOf reads (none while the sample
 * is not usable or no signature is in force), so what the export says and what eligibility decides agree.
 */
export function grantedPurposesOf(s: {
  participantId: SQL;
  patientId: SQL;
  collectedDate: SQL;
  collectedTime: SQL;
}): SQL {
  return sql`coalesce((select json_agg(json_build_object('id', x.id, 'title', x.title) order by x.title, x.id)
    from ${participantPurposesNow} e join consent_purposes x on x.id = any(e.purpose_ids)
    where ${allowedNow(s)}), '[]'::json)`;
}

/**
 * Issue 32 item 2, the consent half of eligibility (docs/research.md "Eligibility"), as a condition on another
 * module's sample row (`participantId`, `patientId`, `collectedDate`, `collectedTime` are its columns): the
 * sample is usable (no withdrawal in force for its donor, not collected before a re-consent that keeps earlier
 * samples blocked), its enrolment has a signature in force (not withdrawn, no re-consent after it), and every
 * purpose in `purposeIds` is granted by a signature in force of that enrolment. It reads participant_purposes_now,
 * which the database's triggers recompute from the signatures and their choices in the statement that changes them
 * (migration 0054_participant_purposes_now, where the rule over the signatures is written): a withdrawal takes
 * everything away at once; a re-consent's own choices replace the withdrawn signature's. One probe of one small row
 * per sample instead of three sub-plans over the signatures (issue 32 item 4's benchmark, docs/performance.md).
 */
export function consentAllowsOf(
  s: { participantId: SQL; patientId: SQL; collectedDate: SQL; collectedTime: SQL },
  purposeIds: number[],
): SQL {
  const grants = purposeIds.length
    ? sql` and e.purpose_ids @> array[${sql.join(
        purposeIds.map((id) => sql`${id}::int`),
        sql`, `,
      )}]::int[]`
    : sql``;
  return sql`exists(select 1 from ${participantPurposesNow} e where ${allowedNow(s)}${grants})`;
}
