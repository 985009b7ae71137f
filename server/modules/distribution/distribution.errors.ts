import { defineErrors } from '../../platform/errors';

/**
 * Which document or field a title names ('The ethics document', 'The agreement', 'Approvers'): other languages
 * have one sentence per variant (`distribution.document_empty_ethics`), since the name is a phrase of the sentence.
 */
const VARIANTS: Record<string, string> = {
  'The ethics document': 'ethics',
  'The agreement': 'agreement',
  'Principal investigator': 'principal_investigator',
  Approvers: 'approvers',
};
const variantOf = (what: string) => VARIANTS[what] ?? 'other';

/** The distribution module's errors: code `distribution.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const distributionErrors = defineErrors('distribution', {
  not_a_member: {
    status: 400,
    title: (what: string) => `${what}: choose an enabled account of this institution.`,
    text: (what: string) => ({ variant: variantOf(what), values: {} }),
  },
  document_not_base64: {
    status: 400,
    title: (what: string) => `${what} is not base64 data: send the file’s bytes in base64.`,
    text: (what: string) => ({ variant: variantOf(what), values: {} }),
  },
  document_too_large: {
    status: 400,
    title: (what: string, mb: number) => `${what} is larger than ${mb} MB.`,
    text: (what: string, mb: number) => ({ variant: variantOf(what), values: { mb } }),
  },
  document_empty: {
    status: 400,
    title: (what: string) => `${what} is empty.`,
    text: (what: string) => ({ variant: variantOf(what), values: {} }),
  },
  document_type: {
    status: 400,
    title: (declared: string) => `The file is not a ${declared} file: its content does not match its type.`,
    text: (declared: string) => ({ values: { declared } }),
  },
  no_document: { status: 404, title: 'This distribution protocol has no ethics document yet.' },
  disabled: {
    status: 409,
    title: (title: string) => `The distribution protocol ${title} is disabled: it cannot be changed.`,
    text: (title: string) => ({ values: { title } }),
  },
});
