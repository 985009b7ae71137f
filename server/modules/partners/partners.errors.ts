import { defineErrors } from '../../platform/errors';

type Doc = 'manifest' | 'receipt';
/** Why a key file is refused, per key (its position in the file). */
type KeyProblem = 'not_ed25519' | 'fingerprint';
const KEY_PROBLEMS: Record<KeyProblem, (n: number) => string> = {
  not_ed25519: (n) => `key ${n} is not an Ed25519 public key.`,
  fingerprint: (n) => `key ${n}’s fingerprint is not the SHA-256 of its public key.`,
};

/** The partners module's errors: code `partners.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const partnerErrors = defineErrors('partners', {
  key_file_invalid: {
    status: 400,
    title: (problem: KeyProblem, n: number) =>
      `This is not a public key file this system can import: ${KEY_PROBLEMS[problem](n)}`,
    text: (problem: KeyProblem, n: number) => ({ variant: problem, values: { n } }),
  },
  own_key: {
    status: 409,
    title: 'This is your own institution’s public key: import the key file of the partner that sends to you.',
  },
  already_trusted: {
    status: 409,
    title: (title: string) => `Every key in this file is already trusted (${title}).`,
    text: (title: string) => ({ values: { title } }),
  },
  key_locked: {
    status: 503,
    title:
      'The signing key is encrypted and LIMS_KEY_ENCRYPTION_KEY is not set (or is not the key it was sealed with): ask the operator to set it.',
  },
  unsigned: {
    status: 400,
    title: (what: Doc) =>
      `This ${what} carries no Ed25519 signature (it is an unsigned file from an older version): ask the sender to export it again.`,
    text: (what: Doc) => ({ variant: what, values: {} }),
  },
  untrusted: {
    status: 403,
    title: (what: Doc, kid: string) =>
      `This ${what} is signed by a key your institution does not trust (fingerprint ${kid.slice(0, 16)}…). An administrator adds the sender’s public key under Configuration > Trusted Partners.`,
    text: (what: Doc, kid: string) => ({ variant: what, values: { kid: kid.slice(0, 16) } }),
  },
  partner_disabled: {
    status: 403,
    title: (what: Doc, partner: string, kid: string) =>
      `This ${what} is signed by ${partner}’s key ${kid.slice(0, 16)}…, which an administrator disabled: it is not trusted.`,
    text: (what: Doc, partner: string, kid: string) => ({ variant: what, values: { partner, kid: kid.slice(0, 16) } }),
  },
  bad_signature: {
    status: 400,
    title: (what: Doc, partner: string) =>
      `The ${what} does not match ${partner}’s signature: it was changed after it was signed (its SHA-256 is not what was signed). Ask the sender for the original file.`,
    text: (what: Doc, partner: string) => ({ variant: what, values: { partner } }),
  },
});
