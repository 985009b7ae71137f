import { createHash } from 'node:crypto';
import type {
  ParticipantConsent,
  ParticipantConsentQuery,
  SignInput,
  WithdrawInput,
} from '../../../contract/protocol-participants.contract';
import { EARLIER_SAMPLES_MESSAGE } from '../../../contract/protocol-participants.contract';
import { command, timeZoneOf, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { patientNames } from '../participants';
import { timeIn, todayIn } from '../../platform/today';
import { latestVersionForUpdate, purposeTitles, versionPurposeIds } from './consents.repository';
import {
  accountNamesByIds,
  blockingSignatures,
  enrolmentToSign,
  insertParticipantConsent,
  insertPurposeChoices,
  newestSignature,
  participantConsentForUpdate,
  participantConsentRows,
  setWithdrawal,
  versionToSign,
  type ParticipantConsentRow as Row,
} from './participant-consents.repository';
import { protocolOf } from './protocols.service';
import { protocolErrors } from './protocols.errors';
import { signaturePng } from './signature-png';
import { MSG, msgf } from '../../../contract/messages';

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
  const rows = await participantConsentRows(db, ctx.institutionId, protocolId, f, ctx.language);
  // Signer names through the platform's read-only view of the accounts table.
  const ids = [
    ...new Set(
      rows.flatMap(({ c }) => [c.creatorId, c.enablerId, c.withdrawnById]).filter((x): x is number => x !== null),
    ),
  ];
  const accounts = await accountNamesByIds(db, ids);
  return rows.map(({ c, title, version, html, nextSignatureId, purposes }) =>
    toDto(c, { title, version, html, nextSignatureId, purposes }, accounts),
  );
}

/** A stored local timestamp ('YYYY-MM-DD HH:MM:SS') as the API's 'YYYY-MM-DDTHH:MM'. */
const localMinute = (v: string) => v.replace(' ', 'T').slice(0, 16);

function toDto(
  c: Row,
  {
    title,
    version,
    html,
    nextSignatureId,
    purposes,
  }: {
    title: string;
    version: number;
    html: string;
    nextSignatureId: number | null;
    purposes: { id: number; title: string; granted: boolean }[];
  },
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
    withdrawnByAccount: (c.withdrawnById && accounts.get(c.withdrawnById)) || null,
    purposes,
    inForce: !c.withdrawnDate && nextSignatureId === null,
    previousSignatureId: c.previousSignatureId,
    nextSignatureId: nextSignatureId === null ? null : Number(nextSignatureId),
    earlierSamples: c.earlierSamples,
    coversSamplesFrom: c.coversSamplesFrom ? localMinute(c.coversSamplesFrom) : null,
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
        consent: [msgf('notConsentVersion', { version: version.v.version })],
      });
    }
    const reconsent = await reconsentOf(tx, ctx, participant.id, version.consent.id, input);
    const choices = await purposeChoices(tx, version.v.id, input.purposes, ctx.language);
    const now = ctx.now();
    const row = await insertParticipantConsent(tx, {
      institutionId: inst,
      createdDate: now,
      enabledDate: now,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      collectionProtocolId: protocolId,
      participantId: participant.id,
      patientId: participant.patientId,
      consentId: version.consent.id,
      consentVersionId: version.v.id,
      signature: png.toString('base64'),
      sha256: consentDigest(version.v.html, png),
      ...reconsent,
    });
    await insertPurposeChoices(tx, inst, row.id, choices);
    const { signature: _s, ...logged } = row;
    await audit(tx, ctx, {
      entity: 'collectionProtocolParticipantConsent',
      entityId: row.id,
      action: reconsent ? 'reconsent' : 'create',
      after: {
        ...logged,
        version: version.v.version,
        purposesGranted: choices.filter((c) => c.granted).map((c) => c.purposeId),
        purposesRefused: choices.filter((c) => !c.granted).map((c) => c.purposeId),
      },
    });
    return row.id;
  });
  return getParticipantConsent(ctx, protocolId, id);
}

/**
 * Issue 32 item 2: the participant's choice for each purpose the version grants. Sent, it answers each of them
 * once and no other (400 protocols.purpose_choices); absent (the spec's call), each is recorded as not granted.
 */
async function purposeChoices(tx: Db, versionId: number, sent: SignInput['purposes'], language?: string) {
  const ids = await versionPurposeIds(tx, versionId);
  if (!sent) return ids.map((purposeId) => ({ purposeId, granted: false }));
  const answered = new Set(sent.map((c) => c.purposeId));
  if (sent.length !== ids.length || ids.some((id) => !answered.has(id))) {
    // A version granting no purpose is said with a dash, a word in no language.
    const titles = (await purposeTitles(tx, ids, language)).join(', ') || '—';
    throw protocolErrors.purpose_choices(titles, { purposes: [msgf('answerYesNoFor', { titles })] });
  }
  return sent;
}

/**
 * A signature of a consent this enrolment signed before (docs/protocols.md "Re-consent"): refused while the
 * newest signature is in force; after a withdrawal it is a re-consent, which needs the explicit choice for
 * earlier samples and records the institution's wall-clock minute it applies from. Undefined for a first signature.
 * The enrolment row is locked by the caller, so two re-consents of one enrolment are decided one after the other.
 */
async function reconsentOf(tx: Db, ctx: InstCtx, participantId: number, consentId: number, input: SignInput) {
  const newest = await newestSignature(tx, participantId, consentId);
  if (input.previousSignatureId && input.previousSignatureId !== newest?.id)
    throw newest
      ? protocolErrors.reconsent_stale({ previousSignatureId: [MSG.notNewestSignature] })
      : protocolErrors.not_a_reconsent({ previousSignatureId: [MSG.neverSigned] });
  if (!newest) {
    if (input.earlierSamples) throw protocolErrors.not_a_reconsent({ earlierSamples: [MSG.onlyReconsent] });
    return undefined;
  }
  if (!newest.withdrawnDate) throw protocolErrors.already_signed();
  if (!input.earlierSamples) throw protocolErrors.reconsent_choice({ earlierSamples: [EARLIER_SAMPLES_MESSAGE] });
  const zone = timeZoneOf(ctx);
  const now = ctx.now();
  return {
    previousSignatureId: newest.id,
    earlierSamples: input.earlierSamples,
    coversSamplesFrom: `${todayIn(zone, now)} ${timeIn(zone, now)}:00`,
  };
}

/** Withdraws a signed consent: date, reason and effect are recorded; the signature itself is kept. */
export async function withdrawConsent(ctx: InstCtx, protocolId: number, id: number, input: WithdrawInput) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const before = await participantConsentForUpdate(tx, ctx.institutionId, protocolId, id);
    if (!before) throw notFound('Participant consent');
    if (before.withdrawnDate) throw protocolErrors.already_withdrawn();
    // The signing day on the institution's calendar (issue 31 item 6): signed at 20:00 in a zone west of UTC is
    // already the next day in UTC, and a withdrawal dated that evening's day is not before it.
    if (input.withdrawnDate < todayIn(timeZoneOf(ctx), before.createdDate))
      throw protocolErrors.withdrawal_before_signing({ withdrawnDate: [MSG.notBeforeSigning] });
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

/** Who or what `assertUsable` is asked about: a person for new use now, or an existing (or new) sample. */
export type UsableWho =
  | { patientId: number }
  | { participantId: number }
  /** A received sample has no donor here (patientId null): its consent state travelled with it (usable at shipping). */
  | { sample: { patientId: number | null; collectedDate: string; collectedTime: string } };

/** A sample's collection moment in the form stored local timestamps compare in ('YYYY-MM-DD HH:MM:SS'). */
const momentOf = (s: { collectedDate: string; collectedTime: string }) =>
  `${s.collectedDate} ${s.collectedTime.length === 5 ? `${s.collectedTime}:00` : s.collectedTime}`;
const stored = (v: string) => v.replace('T', ' ').slice(0, 19);

/**
 * The one rule other modules call before use of a participant's samples (collect, aliquot, allocate, ship,
 * print, order): refused (409, protocols.consent_withdrawn) when the newest signature of one of the donor's
 * consents is withdrawn (by `patientId` or a sample's patient: in any protocol of the institution; by
 * `participantId`: in that enrolment), or, for a `sample`, when it was collected before a re-consent that
 * keeps earlier samples blocked (docs/protocols.md "Re-consent").
 */
export async function assertUsable(ctx: InstCtx, who: UsableWho, db: Db = ctx.db) {
  if ('sample' in who && who.sample.patientId === null) return;
  const rows = await blockingSignatures(
    db,
    ctx.institutionId,
    'sample' in who ? { patientId: who.sample.patientId ?? 0 } : who,
  );
  await refuseIfBlocked(ctx, rows, 'sample' in who ? who.sample : null, db);
}

type UsableSample = Extract<UsableWho, { sample: unknown }>['sample'];

/** assertUsable for each of a list of samples (labels), reading the blocking signatures once per donor. */
export async function assertSamplesUsable(ctx: InstCtx, samples: UsableSample[], db: Db = ctx.db) {
  for (const patientId of new Set(samples.flatMap((s) => (s.patientId === null ? [] : [s.patientId])))) {
    const rows = await blockingSignatures(db, ctx.institutionId, { patientId });
    for (const sample of samples) if (sample.patientId === patientId) await refuseIfBlocked(ctx, rows, sample, db);
  }
}

/** The refusal for `sample` (or for new use now, without one) given the donor's blocking signatures, if any. */
async function refuseIfBlocked(
  ctx: InstCtx,
  rows: Awaited<ReturnType<typeof blockingSignatures>>,
  sample: UsableSample | null,
  db: Db,
) {
  const inst = ctx.institutionId;
  const withdrawn = rows.find((r) => r.withdrawnDate);
  const moment = sample && momentOf(sample);
  const kept = moment
    ? rows.find((r) => !r.withdrawnDate && r.coversSamplesFrom && moment < stored(r.coversSamplesFrom))
    : undefined;
  const row = withdrawn ?? kept;
  if (!row) return;
  const name = (await patientNames(db, inst, [row.patientId])).get(row.patientId) ?? 'The participant';
  if (row.withdrawnDate) throw protocolErrors.consent_withdrawn(name, row.withdrawnDate, null);
  const from = localMinute(row.coversSamplesFrom ?? '');
  throw protocolErrors.consent_withdrawn(name, row.previousWithdrawnDate ?? '', {
    on: from.slice(0, 10),
    from: from.replace('T', ' '),
  });
}
