import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

// Ed25519 (node:crypto) and the signature format of manifests and receipts (docs/shipments.md "Signed
// manifests and receipts"): a JWS (RFC 7515) in compact serialization with a detached payload (appendix F):
// `<protected header>..<signature>`, the header `{"alg":"EdDSA","kid":<key fingerprint>}` (RFC 8037), the
// signed bytes `base64url(header) + "." + base64url(payload)`, the payload the document's canonical JSON
// (UTF-8) without its signature element. FHIR R4 names `application/jose` as Signature.sigFormat for it.

export const SIG_FORMAT = 'application/jose';

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** SHA-256 (hex) of the key's DER SubjectPublicKeyInfo: the `kid`, the fingerprint the screens show. */
export function fingerprintOf(publicPem: string): string {
  const der = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

/** The PEM as given if it is an Ed25519 public key, else null. */
export function ed25519PublicKey(pem: string): string | null {
  try {
    const k = createPublicKey(pem);
    return k.asymmetricKeyType === 'ed25519' ? k.export({ type: 'spki', format: 'pem' }).toString().trim() : null;
  } catch {
    return null;
  }
}

/** A new key pair: its fingerprint, the public key (SPKI PEM) and the private key (PKCS#8 PEM). */
export function newKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString().trim();
  return {
    keyId: fingerprintOf(publicPem),
    publicKey: publicPem,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The detached JWS of `payload` signed by the private key `kid` names. */
export function signDetached(privatePem: string, kid: string, payload: Buffer): string {
  const header = b64url(JSON.stringify({ alg: 'EdDSA', kid }));
  const signature = sign(null, Buffer.from(`${header}.${b64url(payload)}`), createPrivateKey(privatePem));
  return `${header}..${b64url(signature)}`;
}

/** The `kid` of a detached JWS with alg EdDSA, or null when it is not one. */
export function kidOf(jws: string): string | null {
  const m = /^([A-Za-z0-9_-]{1,500})\.\.([A-Za-z0-9_-]{1,200})$/.exec(jws.trim());
  if (!m) return null;
  try {
    const h: unknown = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
    if (!h || typeof h !== 'object' || !('alg' in h) || !('kid' in h)) return null;
    return h.alg === 'EdDSA' && typeof h.kid === 'string' && /^[0-9a-f]{64}$/.test(h.kid) ? h.kid : null;
  } catch {
    return null;
  }
}

/** Whether the detached JWS is the public key's signature of exactly these payload bytes. */
export function verifyDetached(publicPem: string, jws: string, payload: Buffer): boolean {
  const [header, , signature] = jws.trim().split('.');
  try {
    return verify(
      null,
      Buffer.from(`${header}.${b64url(payload)}`),
      createPublicKey(publicPem),
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}
