import { KEY_FILE_FORMAT, type PublicKeyFile } from '../../../contract/partners.contract';
import type { PagingQuery } from '../../../contract/common.contract';
import { command, type InstCtx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { institutionAbbreviations, institutionTitles } from '../institutions';
import * as repo from './partners.repository';
import { sealPrivateKey } from './key-store';
import { ed25519PublicKey, fingerprintOf, newKeyPair } from './signing';
import { ensureActiveKey } from './signing.service';
import { partnerErrors } from './partners.errors';

// The Trusted Partners screen's verbs (institutions.manage, checked by the route rows): this institution's keys
// (created on first use, rotated here) and its partners' public keys (imported from their key file, disabled).

/** The institution's keys (its first key is made now if it has none). */
export async function listKeys(ctx: InstCtx) {
  await command(ctx, 'institutions.manage', (tx) => ensureActiveKey(tx.db, tx, tx.institutionId));
  return repo.keysOf(ctx.db, ctx.institutionId);
}

/** A new active key; the old one is retired and kept (what it signed stays verifiable by partners that hold it). */
export async function rotateKey(ctx: InstCtx) {
  await command(ctx, 'institutions.manage', async ({ db: tx }) => {
    const old = await repo.retireActiveKey(tx, ctx.institutionId, ctx.now());
    const pair = newKeyPair();
    const row = await repo.insertActiveKey(tx, {
      institutionId: ctx.institutionId,
      keyId: pair.keyId,
      publicKey: pair.publicKey,
      privateKey: sealPrivateKey(pair.privateKey),
      creatorId: ctx.account.id,
    });
    if (!row) throw new Error('a rotated key was refused by the active-key index');
    await audit(tx, ctx, {
      entity: 'signingKey',
      entityId: row.id,
      action: 'rotate',
      before: old ? { keyId: old.keyId, status: 'active' } : null,
      after: { keyId: row.keyId, status: row.status, publicKey: row.publicKey, retired: old?.keyId ?? null },
    });
  });
  return repo.keysOf(ctx.db, ctx.institutionId);
}

/** The public key file partners import: the institution, this installation, every key (active and retired). */
export async function publicKeyFile(ctx: InstCtx, installation: string): Promise<PublicKeyFile> {
  const keys = await listKeys(ctx);
  const [titles, abbreviations] = await Promise.all([
    institutionTitles(ctx.db, [ctx.institutionId]),
    institutionAbbreviations(ctx.db, [ctx.institutionId]),
  ]);
  const inst = { title: titles.get(ctx.institutionId), abbreviation: abbreviations.get(ctx.institutionId) };
  if (!inst.title || !inst.abbreviation) throw notFound('Institution');
  return {
    format: KEY_FILE_FORMAT,
    version: 1,
    institution: { title: inst.title, abbreviation: inst.abbreviation },
    installation,
    keys: keys.map((k) => ({
      keyId: k.keyId,
      algorithm: k.algorithm,
      status: k.status,
      publicKey: k.publicKey,
      createdDate: k.createdDate,
    })),
  };
}

export const listPartners = (ctx: InstCtx, q: PagingQuery) => repo.partnerPage(ctx.db, ctx.institutionId, q);

/**
 * Trusts the keys of a partner's key file: each must be an Ed25519 public key whose fingerprint is the one the
 * file states; keys already held are named, not added again (importing a rotated partner's new file adds its new key).
 */
export async function addPartner(ctx: InstCtx, file: PublicKeyFile) {
  const keys = file.keys.map((k, n) => {
    const pem = ed25519PublicKey(k.publicKey);
    if (!pem) throw partnerErrors.key_file_invalid('not_ed25519', n + 1);
    if (fingerprintOf(pem) !== k.keyId) throw partnerErrors.key_file_invalid('fingerprint', n + 1);
    return { ...k, publicKey: pem };
  });
  return command(ctx, 'institutions.manage', async ({ db: tx }) => {
    const own = new Set((await repo.keysOf(tx, ctx.institutionId)).map((k) => k.keyId));
    if (keys.some((k) => own.has(k.keyId))) throw partnerErrors.own_key();
    const held = await repo.heldKeyIds(tx, ctx.institutionId);
    const fresh = keys.filter((k) => !held.has(k.keyId));
    if (!fresh.length) throw partnerErrors.already_trusted(file.institution.title);
    const added = await repo.insertPartnerKeys(
      tx,
      fresh.map((k) => ({
        institutionId: ctx.institutionId,
        title: file.institution.title,
        abbreviation: file.institution.abbreviation,
        installation: file.installation,
        keyId: k.keyId,
        keyStatus: k.status,
        publicKey: k.publicKey,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
      })),
    );
    for (const row of added)
      await audit(tx, ctx, { entity: 'trustedPartnerKey', entityId: row.id, action: 'create', after: row });
    return { added, alreadyTrusted: keys.filter((k) => held.has(k.keyId)).map((k) => k.keyId) };
  });
}

export async function setPartnerEnabled(ctx: InstCtx, id: number, enabled: boolean) {
  return command(ctx, 'institutions.manage', async ({ db: tx }) => {
    const before = await repo.partnerKey(tx, ctx.institutionId, id, true);
    if (!before) throw notFound('Trusted partner key');
    const after = await repo.setPartnerEnabled(tx, id, enabled, ctx.account.id, ctx.now());
    await audit(tx, ctx, {
      entity: 'trustedPartnerKey',
      entityId: id,
      action: enabled ? 'enable' : 'disable',
      before,
      after,
    });
    return after;
  });
}
