import { createHash } from 'node:crypto';
import type { TrustedPartnerKey } from '../../../contract/partners.contract';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { activeKeyRow, insertActiveKey, partnerKeyByKid, recordSigned, wasSigned } from './partners.repository';
import { openPrivateKey, sealPrivateKey } from './key-store';
import { kidOf, newKeyPair, signDetached, SIG_FORMAT, verifyDetached } from './signing';
import { partnerErrors } from './partners.errors';

// What shipments call (through index.ts) to sign what an institution sends and to verify what it receives.

export { SIG_FORMAT, wasSigned };
export type Signer = Pick<TrustedPartnerKey, 'title' | 'abbreviation' | 'installation' | 'keyId' | 'keyStatus'>;

/** The institution's active key, created (audited, public half only) on its first use. */
export async function ensureActiveKey(tx: Db, ctx: Pick<Ctx, 'account' | 'address'>, inst: number) {
  const found = await activeKeyRow(tx, inst);
  if (found) return found;
  const pair = newKeyPair();
  const row = await insertActiveKey(tx, {
    institutionId: inst,
    keyId: pair.keyId,
    publicKey: pair.publicKey,
    privateKey: sealPrivateKey(pair.privateKey),
    creatorId: ctx.account.id,
  });
  // A parallel first use created it: that one is the key.
  if (!row) return (await activeKeyRow(tx, inst))!;
  await audit(
    tx,
    { ...ctx, institutionId: inst },
    {
      entity: 'signingKey',
      entityId: row.id,
      action: 'create',
      after: { keyId: row.keyId, status: row.status, publicKey: row.publicKey },
    },
  );
  return row;
}

/**
 * Signs `payload` (a document's canonical bytes) with the institution's active key and records what was signed
 * (kind, shipment, SHA-256), in one transaction. Returns the detached JWS, its key and the payload's SHA-256.
 */
export async function signDocument(
  ctx: Ctx,
  inst: number,
  doc: { kind: 'manifest' | 'receipt'; shipmentId: number; payload: Buffer },
) {
  return ctx.db.transaction(async (tx) => {
    const key = await ensureActiveKey(tx, ctx, inst);
    const jws = signDetached(openPrivateKey(key.privateKey), key.keyId, doc.payload);
    const sha256 = createHash('sha256').update(doc.payload).digest('hex');
    await recordSigned(tx, {
      institutionId: inst,
      kind: doc.kind,
      shipmentId: doc.shipmentId,
      sha256,
      keyId: key.keyId,
    });
    return { jws, keyId: key.keyId, sha256 };
  });
}

/**
 * Who signed `payload`: the detached JWS's key must be one the institution trusts and enabled, and the signature
 * must be of exactly these bytes. Refusals name what: unsigned 400, untrusted or disabled 403, changed 400.
 */
export async function verifyDocument(
  db: Db,
  inst: number,
  what: 'manifest' | 'receipt',
  sig: { sigFormat?: unknown; data?: unknown } | undefined,
  payload: Buffer,
): Promise<Signer> {
  if (!sig || sig.sigFormat !== SIG_FORMAT || typeof sig.data !== 'string') throw partnerErrors.unsigned(what);
  const jws = Buffer.from(sig.data, 'base64').toString('utf8');
  const kid = kidOf(jws);
  if (!kid) throw partnerErrors.unsigned(what);
  const partner = await partnerKeyByKid(db, inst, kid);
  if (!partner) throw partnerErrors.untrusted(what, kid);
  if (!partner.isEnabled) throw partnerErrors.partner_disabled(what, partner.title, kid);
  if (!verifyDetached(partner.publicKey, jws, payload)) throw partnerErrors.bad_signature(what, partner.title);
  return {
    title: partner.title,
    abbreviation: partner.abbreviation,
    installation: partner.installation,
    keyId: partner.keyId,
    keyStatus: partner.keyStatus,
  };
}

/** The detached JWS of `payload` by the institution's active key, as `Signature.data` carries it (tests re-sign with it). */
export async function signWithActiveKey(db: Db, inst: number, payload: Buffer) {
  const key = await activeKeyRow(db, inst);
  if (!key) return null;
  return Buffer.from(signDetached(openPrivateKey(key.privateKey), key.keyId, payload)).toString('base64');
}
