import { defineErrors } from '../../platform/errors';

/** The query builder's errors: code `queries.<key>`, status, human title. */
export const queryErrors = defineErrors('queries', {
  not_owner: {
    status: 403,
    title: 'Only the account that saved this query can change or disable it.',
  },
  disabled: {
    status: 409,
    title: (name: string) => `The saved query ${name} is disabled: it cannot be changed.`,
    text: (name: string) => ({ values: { name } }),
  },
  no_protocol: {
    status: 400,
    title: 'The distribution protocol is not one of this institution’s: choose another.',
  },
});
