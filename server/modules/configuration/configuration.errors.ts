import { capitalise, withArticle } from '../../../contract/words';
import { defineErrors } from '../../platform/errors';

/** The configuration module's errors: code `configuration.<key>`, status, human title. */
export const configurationErrors = defineErrors('configuration', {
  /** A reference that depends on another field (a panel's test in another category) does not match it. */
  parent_mismatch: {
    status: 400,
    title: (field: string, parent: string) => `${field} does not belong to the chosen ${parent}`,
  },
  /** A list that references itself (department -> parent department) would loop. */
  cycle: {
    status: 400,
    title: (field: string, list: string) => `${field} cannot be the ${list} itself or one of its sub-${list}s`,
  },
  /** The list's unique fields (its title, or these values) are taken in this institution. */
  duplicate: {
    status: 409,
    title: (list: string, what: string) => `${capitalise(withArticle(list))} with ${what} already exists.`,
  },
});
