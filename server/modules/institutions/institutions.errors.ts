import { defineErrors } from '../../platform/errors';

/** The institutions module's errors: code `institutions.<key>`, status, human title. */
export const institutionErrors = defineErrors('institutions', {
  title_taken: { status: 409, title: (what: string) => `${what} with this title already exists.` },
});
