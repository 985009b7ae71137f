import { z } from 'zod';
import { InstParam, PagingQuery } from './common.contract';
import { endpoint } from './endpoint';
import {
  PartnerImportResult,
  PartnerKeyParams,
  PublicKeyFile,
  SigningKey,
  TrustedPartnerKey,
} from './partners.contract';

const tags = ['Trusted partners'];
const keys = '/institutions/:instId/signingKeys' as const;
const partners = '/institutions/:instId/trustedPartners' as const;

/**
 * Issue 31 item 3: the institution's Ed25519 signing keys (public halves, rotation, the public key file) and the
 * partners' keys it trusts to sign manifests and receipts (docs/shipments.md "Signed manifests and receipts").
 */
export const partnerEndpoints = {
  signingKeys: endpoint({
    method: 'GET',
    path: keys,
    params: InstParam,
    response: { 200: z.array(SigningKey) },
    permission: 'institutions.manage',
    tags,
  }),
  rotateKey: endpoint({
    method: 'POST',
    path: `${keys}/rotate`,
    params: InstParam,
    response: { 200: z.array(SigningKey) },
    permission: 'institutions.manage',
    tags,
  }),
  publicKeyFile: endpoint({
    method: 'GET',
    path: `${keys}/public-keys.json`,
    params: InstParam,
    response: { 200: PublicKeyFile },
    permission: 'institutions.manage',
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: partners,
    params: InstParam,
    query: PagingQuery,
    response: { 200: z.array(TrustedPartnerKey) },
    permission: 'institutions.manage',
    paged: true,
    tags,
  }),
  add: endpoint({
    method: 'POST',
    path: partners,
    params: InstParam,
    body: PublicKeyFile,
    response: { 201: PartnerImportResult },
    permission: 'institutions.manage',
    tags,
  }),
  disable: endpoint({
    method: 'POST',
    path: `${partners}/:partnerKeyId/disable`,
    params: PartnerKeyParams,
    response: { 200: TrustedPartnerKey },
    permission: 'institutions.manage',
    tags,
  }),
  enable: endpoint({
    method: 'POST',
    path: `${partners}/:partnerKeyId/enable`,
    params: PartnerKeyParams,
    response: { 200: TrustedPartnerKey },
    permission: 'institutions.manage',
    tags,
  }),
};
