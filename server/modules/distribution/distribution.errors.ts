import { defineErrors } from '../../platform/errors';

/** The distribution module's errors: code `distribution.<key>`, status, human title. */
export const distributionErrors = defineErrors('distribution', {
  not_a_member: {
    status: 400,
    title: (what: string) => `${what}: choose an enabled account of this institution.`,
  },
  document_not_base64: {
    status: 400,
    title: (what: string) => `${what} is not base64 data: send the file’s bytes in base64.`,
  },
  document_too_large: {
    status: 400,
    title: (what: string, mb: number) => `${what} is larger than ${mb} MB.`,
  },
  document_empty: { status: 400, title: (what: string) => `${what} is empty.` },
  document_type: {
    status: 400,
    title: (declared: string) => `The file is not a ${declared} file: its content does not match its type.`,
  },
  no_document: { status: 404, title: 'This distribution protocol has no ethics document yet.' },
  disabled: {
    status: 409,
    title: (title: string) => `The distribution protocol ${title} is disabled: it cannot be changed.`,
  },
});
