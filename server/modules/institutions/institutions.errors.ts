import { defineErrors } from '../../platform/errors';

/** The institutions module's errors: code `institutions.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const institutionErrors = defineErrors('institutions', {
  title_taken: {
    status: 409,
    title: (what: 'An institution' | 'A site') => `${what} with this title already exists.`,
    text: (what: 'An institution' | 'A site') => ({ variant: what === 'A site' ? 'site' : 'institution', values: {} }),
  },
});
