import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { partnerErrors } from './partners.errors';

// How a private signing key rests in the database (docs/operations.md "Signing keys"): sealed with AES-256-GCM
// under a key derived (SHA-256) from LIMS_KEY_ENCRYPTION_KEY when it is set (`aes256gcm:<iv>:<tag>:<data>`,
// base64), else stored as is behind the marker `plain:`. Opening a sealed key without the variable is 503.

const SEALED = 'aes256gcm:';
const PLAIN = 'plain:';

const kek = () => {
  const v = process.env.LIMS_KEY_ENCRYPTION_KEY;
  return v ? createHash('sha256').update(v, 'utf8').digest() : null;
};

export function sealPrivateKey(pem: string): string {
  const key = kek();
  if (!key) return `${PLAIN}${pem}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return `${SEALED}${[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join(':')}`;
}

export function openPrivateKey(stored: string): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  const key = kek();
  if (!stored.startsWith(SEALED) || !key) throw partnerErrors.key_locked();
  const [iv, tag, data] = stored
    .slice(SEALED.length)
    .split(':')
    .map((p) => Buffer.from(p, 'base64'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw partnerErrors.key_locked();
  }
}
