import { defineErrors } from '../../platform/errors';

/** The partners module's errors: code `partners.<key>`, status, human title. */
export const partnerErrors = defineErrors('partners', {
  key_file_invalid: {
    status: 400,
    title: (why: string) => `This is not a public key file this system can import: ${why}`,
  },
  own_key: {
    status: 409,
    title: 'This is your own institution’s public key: import the key file of the partner that sends to you.',
  },
  already_trusted: {
    status: 409,
    title: (title: string) => `Every key in this file is already trusted (${title}).`,
  },
  key_locked: {
    status: 503,
    title:
      'The signing key is encrypted and LIMS_KEY_ENCRYPTION_KEY is not set (or is not the key it was sealed with): ask the operator to set it.',
  },
  unsigned: {
    status: 400,
    title: (what: string) =>
      `This ${what} carries no Ed25519 signature (it is an unsigned file from an older version): ask the sender to export it again.`,
  },
  untrusted: {
    status: 403,
    title: (what: string, kid: string) =>
      `This ${what} is signed by a key your institution does not trust (fingerprint ${kid.slice(0, 16)}…). An administrator adds the sender’s public key under Configuration > Trusted Partners.`,
  },
  partner_disabled: {
    status: 403,
    title: (what: string, partner: string, kid: string) =>
      `This ${what} is signed by ${partner}’s key ${kid.slice(0, 16)}…, which an administrator disabled: it is not trusted.`,
  },
  bad_signature: {
    status: 400,
    title: (what: string, partner: string) =>
      `The ${what} does not match ${partner}’s signature: it was changed after it was signed (its SHA-256 is not what was signed). Ask the sender for the original file.`,
  },
});
