import { MSG } from './messages';
import { z } from 'zod';
import { Id, InstParam } from './common.contract';

// Signed manifests (issue 31 item 3, docs/shipments.md "Signed manifests and receipts"): each institution's
// Ed25519 signing keys, its public key file, and the partners' public keys it trusts.

export const KEY_FILE_FORMAT = 'biobank-lims-public-keys';
export const KEY_STATUSES = ['active', 'retired'] as const;

/** One of this institution's signing keys: the public half only (the private half never leaves the server). */
export const SigningKey = z.object({
  id: z.number(),
  /** The key's fingerprint: SHA-256 (hex) of its SubjectPublicKeyInfo (DER); the `kid` of what it signs. */
  keyId: z.string(),
  algorithm: z.literal('Ed25519'),
  status: z.enum(KEY_STATUSES),
  publicKey: z.string(),
  createdDate: z.string(),
  retiredDate: z.string().nullable(),
});
export type SigningKey = z.infer<typeof SigningKey>;

const text = (max: number) => z.string().trim().min(1).max(max);
/** A PEM SubjectPublicKeyInfo (the server checks it is an Ed25519 key). */
const Pem = z
  .string()
  .trim()
  .max(2000)
  .regex(/^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/, MSG.notPem);

/** The public key file an institution exports and its partners import (one or more keys, retired ones too). */
export const PublicKeyFile = z.object({
  format: z.literal(KEY_FILE_FORMAT),
  version: z.literal(1),
  institution: z.object({ title: text(200), abbreviation: text(20) }),
  /** The exporting installation's host name. */
  installation: z.string().trim().max(255).nullable(),
  keys: z
    .array(
      z.object({
        keyId: z
          .string()
          .trim()
          .regex(/^[0-9a-f]{64}$/, MSG.notFingerprint),
        algorithm: z.literal('Ed25519'),
        status: z.enum(KEY_STATUSES),
        publicKey: Pem,
        createdDate: z.string().max(40).optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type PublicKeyFile = z.output<typeof PublicKeyFile>;

/** A trusted partner's key: one row per key (a sender that rotated is held with each of its keys). */
export const TrustedPartnerKey = z.object({
  id: z.number(),
  isEnabled: z.boolean(),
  concurrencyStamp: z.string(),
  title: z.string(),
  abbreviation: z.string(),
  installation: z.string().nullable(),
  keyId: z.string(),
  /** The key's status in the partner's file when it was imported (a retired key still verifies what it signed). */
  keyStatus: z.enum(KEY_STATUSES),
  publicKey: z.string(),
  createdDate: z.string(),
});
export type TrustedPartnerKey = z.infer<typeof TrustedPartnerKey>;

/** What an import of a key file added and what the institution already held. */
export const PartnerImportResult = z.object({
  added: z.array(TrustedPartnerKey),
  alreadyTrusted: z.array(z.string()),
});
export type PartnerImportResult = z.infer<typeof PartnerImportResult>;

export const PartnerKeyParams = InstParam.extend({ partnerKeyId: Id });
