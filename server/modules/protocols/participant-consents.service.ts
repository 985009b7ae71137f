import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ParticipantConsent, SignInput, WithdrawInput } from '../../../contract/protocol-participants.contract';
import { command, type Ctx, type InstCtx, instOf, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { accountNames } from '../../platform/account-names';
import type { Db } from '../../db/client';
import { patientNames } from '../participants';
import { consentVersions, participantConsents, protocolConsents, protocolParticipants } from './protocols.table';
import { protocolOf } from './protocols.service';
import { protocolErrors } from './protocols.errors';
import { signaturePng } from './signature-png';

type Row = typeof participantConsents.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** SHA-256 (hex) of the signed text's UTF-8 bytes followed by the signature PNG's bytes. */
export const consentDigest = (html: string, png: Buffer) =>
  createHash('sha256').update(Buffer.from(html, 'utf8')).update(png).digest('hex');

async function select(db: Db, where: SQL | undefined): Promise<ParticipantConsent[]> {
  const rows = await db
    .select({
      c: participantConsents,
      title: protocolConsents.title,
      version: consentVersions.version,
      html: consentVersions.html,
    })
    .from(participantConsents)
    .innerJoin(protocolConsents, eq(protocolConsents.id, participantConsents.consentId))
    .innerJoin(consentVersions, eq(consentVersions.id, participantConsents.consentVersionId))
    .where(where)
    .orderBy(asc(participantConsents.id));
  const accounts = await accountNamesOf(
    db,
    rows.map((r) => r.c),
  );
  return rows.map(({ c, title, version, html }) => toDto(c, title, version, html, accounts));
}

/** Signer names through the platform's read-only view of the accounts table. */
async function accountNamesOf(db: Db, rows: Row[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.creatorId, r.enablerId]).filter((x): x is number => x !== null))];
  if (!ids.length) return new Map<number, { firstName: string; lastName: string }>();
  const list = await db.select().from(accountNames).where(inArray(accountNames.id, ids));
  return new Map(list.map((a) => [a.id, { firstName: a.firstName, lastName: a.lastName }]));
}

function toDto(
  c: Row,
  title: string,
  version: number,
  html: string,
  accounts: Map<number, { firstName: string; lastName: string }>,
): ParticipantConsent {
  return {
    id: c.id,
    isEnabled: c.isEnabled,
    createdDate: c.createdDate.toISOString(),
    enabledDate: iso(c.enabledDate),
    creatorAccount: (c.creatorId && accounts.get(c.creatorId)) || null,
    enablerAccount: (c.enablerId && accounts.get(c.enablerId)) || null,
    collectionProtocolId: c.collectionProtocolId,
    participantId: c.participantId,
    patientId: c.patientId,
    consentId: c.consentId,
    consentVersionId: c.consentVersionId,
    collectionProtocolConsent: { id: c.consentId, title },
    title,
    version,
    consent: html,
    signature: `data:image/png;base64,${c.signature}`,
    sha256: c.sha256,
    signedAt: c.createdDate.toISOString(),
    withdrawnDate: c.withdrawnDate,
    withdrawalReason: c.withdrawalReason,
    withdrawalEffect: c.withdrawalEffect as ParticipantConsent['withdrawalEffect'],
    withdrawnAt: iso(c.withdrawnAt),
  };
}

const scope = (ctx: InstCtx, protocolId: number) =>
  and(
    eq(participantConsents.institutionId, ctx.institutionId),
    eq(participantConsents.collectionProtocolId, protocolId),
  );

export async function listParticipantConsents(
  ctx: InstCtx,
  protocolId: number,
  q: { participantId?: number; patientId?: number },
) {
  requirePermission(ctx, 'protocols.read');
  await protocolOf(ctx, protocolId);
  return select(
    ctx.db,
    and(
      scope(ctx, protocolId),
      q.participantId ? eq(participantConsents.participantId, q.participantId) : undefined,
      q.patientId ? eq(participantConsents.patientId, q.patientId) : undefined,
    ),
  );
}

export async function getParticipantConsent(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  requirePermission(ctx, 'protocols.read');
  const [row] = await select(db, and(scope(ctx, protocolId), eq(participantConsents.id, id)));
  if (!row) throw notFound('Participant consent');
  return row;
}

/**
 * Records a signature on the exact text version read (it must be the consent's current version and
 * the consent enabled; the spec's body names the patient and the consent, with the text read), with a SHA-256 of that text and the image, in one transaction.
 */
export async function signConsent(ctx: InstCtx, protocolId: number, input: SignInput) {
  const inst = ctx.institutionId;
  const png = signaturePng(input.signature);
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    // Our body names the enrolment; the spec's names the patient, enrolled once per protocol (a unique index).
    const [participant] = await tx
      .select()
      .from(protocolParticipants)
      .where(
        and(
          eq(protocolParticipants.institutionId, inst),
          eq(protocolParticipants.collectionProtocolId, protocolId),
          input.participantId
            ? eq(protocolParticipants.id, input.participantId)
            : eq(protocolParticipants.patientId, input.patientId ?? 0),
        ),
      )
      .limit(1); // the schema requires one of the two
    if (!participant) throw input.participantId ? notFound('Protocol participant') : protocolErrors.not_enrolled();
    if (!participant.isEnabled) throw protocolErrors.participant_disabled();
    // Our body names the version; the spec's names the consent, signed at its newest version.
    const consentId = input.collectionProtocolConsentId ?? undefined;
    const [version] = await tx
      .select({ v: consentVersions, consent: protocolConsents })
      .from(consentVersions)
      .innerJoin(protocolConsents, eq(protocolConsents.id, consentVersions.consentId))
      .where(
        and(
          eq(protocolConsents.institutionId, inst),
          eq(protocolConsents.collectionProtocolId, protocolId),
          input.consentVersionId ? eq(consentVersions.id, input.consentVersionId) : undefined,
          consentId ? eq(consentVersions.consentId, consentId) : undefined,
        ),
      )
      .orderBy(desc(consentVersions.version))
      .limit(1);
    if (!version) throw notFound(input.consentVersionId ? 'Consent version' : 'Consent');
    if (!version.consent.isEnabled) throw protocolErrors.consent_disabled();
    // Locks the consent's newest version row: an edit cannot slip in between the check and the signature.
    const [latest] = await tx
      .select({ id: consentVersions.id })
      .from(consentVersions)
      .where(eq(consentVersions.consentId, version.consent.id))
      .orderBy(desc(consentVersions.version))
      .limit(1)
      .for('update');
    if (latest.id !== version.v.id) throw protocolErrors.not_current_version();
    // The text the participant read (the spec's Consent) must be the text signed.
    if (input.consent !== undefined && input.consent.trim() !== version.v.html.trim()) {
      throw protocolErrors.consent_text_mismatch(version.v.version, version.v.id, {
        consent: [`Not the text of version ${version.v.version}`],
      });
    }
    const [active] = await tx
      .select({ id: participantConsents.id })
      .from(participantConsents)
      .where(
        and(
          eq(participantConsents.participantId, participant.id),
          eq(participantConsents.consentId, version.consent.id),
          sql`${participantConsents.withdrawnDate} is null`,
        ),
      )
      .limit(1);
    if (active) throw protocolErrors.already_signed();
    const [row] = await tx
      .insert(participantConsents)
      .values({
        institutionId: inst,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
        collectionProtocolId: protocolId,
        participantId: participant.id,
        patientId: participant.patientId,
        consentId: version.consent.id,
        consentVersionId: version.v.id,
        signature: png.toString('base64'),
        sha256: consentDigest(version.v.html, png),
      })
      .returning();
    const { signature: _s, ...logged } = row;
    await audit(tx, ctx, {
      entity: 'collectionProtocolParticipantConsent',
      entityId: row.id,
      action: 'create',
      after: { ...logged, version: version.v.version },
    });
    return row.id;
  });
  return getParticipantConsent(ctx, protocolId, id);
}

/** Withdraws a signed consent: date, reason and effect are recorded; the signature itself is kept. */
export async function withdrawConsent(ctx: InstCtx, protocolId: number, id: number, input: WithdrawInput) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const [before] = await tx
      .select()
      .from(participantConsents)
      .where(and(scope(ctx, protocolId), eq(participantConsents.id, id)))
      .limit(1)
      .for('update');
    if (!before) throw notFound('Participant consent');
    if (before.withdrawnDate) throw protocolErrors.already_withdrawn();
    if (input.withdrawnDate < before.createdDate.toISOString().slice(0, 10))
      throw protocolErrors.withdrawal_before_signing({ withdrawnDate: ['Not before the signing date'] });
    const [after] = await tx
      .update(participantConsents)
      .set({
        withdrawnDate: input.withdrawnDate,
        withdrawalReason: input.reason,
        withdrawalEffect: input.effect,
        withdrawnAt: ctx.now(),
        withdrawnById: ctx.account.id,
      })
      .where(eq(participantConsents.id, id))
      .returning();
    const strip = ({ signature: _s, ...rest }: Row) => rest;
    await audit(tx, ctx, {
      entity: 'collectionProtocolParticipantConsent',
      entityId: id,
      action: 'withdraw',
      before: strip(before),
      after: strip(after),
    });
  });
  return getParticipantConsent(ctx, protocolId, id);
}

/**
 * The one rule other modules call before new use of a participant's samples (collect, aliquot,
 * allocate, ship, print): refused (409, protocols.consent_withdrawn) when a consent is withdrawn:
 * by `patientId`, in any protocol of the institution; by `participantId`, in that enrolment.
 */
export async function assertUsable(ctx: Ctx, who: { patientId: number } | { participantId: number }, db: Db = ctx.db) {
  const inst = instOf(ctx);
  const [row] = await db
    .select({ patientId: participantConsents.patientId, withdrawnDate: participantConsents.withdrawnDate })
    .from(participantConsents)
    .where(
      and(
        eq(participantConsents.institutionId, inst),
        isNotNull(participantConsents.withdrawnDate),
        'patientId' in who
          ? eq(participantConsents.patientId, who.patientId)
          : eq(participantConsents.participantId, who.participantId),
      ),
    )
    .orderBy(asc(participantConsents.withdrawnDate))
    .limit(1);
  if (!row) return;
  const name = (await patientNames(db, inst, [row.patientId])).get(row.patientId) ?? 'The participant';
  throw protocolErrors.consent_withdrawn(name, String(row.withdrawnDate));
}
