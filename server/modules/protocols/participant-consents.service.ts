import { createHash } from 'node:crypto';
import type {
  ParticipantConsent,
  ParticipantConsentQuery,
  SignInput,
  WithdrawInput,
} from '../../../contract/protocol-participants.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { patientNames } from '../participants';
import { latestVersionForUpdate } from './consents.repository';
import {
  accountNamesByIds,
  activeSignature,
  enrolmentToSign,
  firstWithdrawal,
  insertParticipantConsent,
  participantConsentForUpdate,
  participantConsentRows,
  setWithdrawal,
  versionToSign,
  type ParticipantConsentRow as Row,
} from './participant-consents.repository';
import { protocolOf } from './protocols.service';
import { protocolErrors } from './protocols.errors';
import { signaturePng } from './signature-png';

// Reads need no permission check here: each route row declares protocols.read and the router checks it.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** SHA-256 (hex) of the signed text's UTF-8 bytes followed by the signature PNG's bytes. */
export const consentDigest = (html: string, png: Buffer) =>
  createHash('sha256').update(Buffer.from(html, 'utf8')).update(png).digest('hex');

async function select(
  ctx: InstCtx,
  db: Db,
  protocolId: number,
  f: Parameters<typeof participantConsentRows>[3],
): Promise<ParticipantConsent[]> {
  const rows = await participantConsentRows(db, ctx.institutionId, protocolId, f);
  // Signer names through the platform's read-only view of the accounts table.
  const ids = [...new Set(rows.flatMap(({ c }) => [c.creatorId, c.enablerId]).filter((x): x is number => x !== null))];
  const accounts = await accountNamesByIds(db, ids);
  return rows.map(({ c, title, version, html }) => toDto(c, title, version, html, accounts));
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
    withdrawalEffect: c.withdrawalEffect,
    withdrawnAt: iso(c.withdrawnAt),
  };
}

export async function listParticipantConsents(ctx: InstCtx, protocolId: number, q: ParticipantConsentQuery) {
  await protocolOf(ctx, protocolId);
  return select(ctx, ctx.db, protocolId, { participantId: q.participantId, patientId: q.patientId });
}

export async function getParticipantConsent(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  const [row] = await select(ctx, db, protocolId, { id });
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
    // Our body names the enrolment; the spec's names the patient (the schema requires one of the two).
    const participant = await enrolmentToSign(
      tx,
      inst,
      protocolId,
      input.participantId ? { participantId: input.participantId } : { patientId: input.patientId ?? 0 },
    );
    if (!participant) throw input.participantId ? notFound('Protocol participant') : protocolErrors.not_enrolled();
    if (!participant.isEnabled) throw protocolErrors.participant_disabled();
    // Our body names the version; the spec's names the consent, signed at its newest version.
    const version = await versionToSign(tx, inst, protocolId, {
      consentVersionId: input.consentVersionId ?? undefined,
      consentId: input.collectionProtocolConsentId ?? undefined,
    });
    if (!version) throw notFound(input.consentVersionId ? 'Consent version' : 'Consent');
    if (!version.consent.isEnabled) throw protocolErrors.consent_disabled();
    // Locks the consent's newest version row: an edit cannot slip in between the check and the signature.
    const latest = await latestVersionForUpdate(tx, version.consent.id);
    if (latest.id !== version.v.id) throw protocolErrors.not_current_version();
    // The text the participant read (the spec's Consent) must be the text signed.
    if (input.consent !== undefined && input.consent.trim() !== version.v.html.trim()) {
      throw protocolErrors.consent_text_mismatch(version.v.version, version.v.id, {
        consent: [`Not the text of version ${version.v.version}`],
      });
    }
    if (await activeSignature(tx, participant.id, version.consent.id)) throw protocolErrors.already_signed();
    const row = await insertParticipantConsent(tx, {
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
    });
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
    const before = await participantConsentForUpdate(tx, ctx.institutionId, protocolId, id);
    if (!before) throw notFound('Participant consent');
    if (before.withdrawnDate) throw protocolErrors.already_withdrawn();
    if (input.withdrawnDate < before.createdDate.toISOString().slice(0, 10))
      throw protocolErrors.withdrawal_before_signing({ withdrawnDate: ['Not before the signing date'] });
    const after = await setWithdrawal(tx, id, {
      withdrawnDate: input.withdrawnDate,
      withdrawalReason: input.reason,
      withdrawalEffect: input.effect,
      withdrawnAt: ctx.now(),
      withdrawnById: ctx.account.id,
    });
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
export async function assertUsable(
  ctx: InstCtx,
  who: { patientId: number } | { participantId: number },
  db: Db = ctx.db,
) {
  const inst = ctx.institutionId;
  const row = await firstWithdrawal(db, inst, who);
  if (!row) return;
  const name = (await patientNames(db, inst, [row.patientId])).get(row.patientId) ?? 'The participant';
  throw protocolErrors.consent_withdrawn(name, row.withdrawnDate);
}
