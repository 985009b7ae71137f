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
  answer_not_shared: {
    status: 400,
    title:
      'A questionnaire answer can be asked about only for a list question shared with the research catalogue, by one of its options: choose it from the list.',
  },
  exact_staff_only: {
    status: 403,
    title: 'Only staff who may list the matching samples can ask for the exact count.',
  },
  no_protocol: {
    status: 400,
    title: 'The distribution protocol is not one of this institution’s: choose another.',
  },
});
