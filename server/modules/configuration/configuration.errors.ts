import { capitalise, withArticle } from '../../../contract/words';
import { defineErrors } from '../../platform/errors';

/**
 * The configuration module's errors: code `configuration.<key>`, status, human title (English; French in
 * contract/i18n/fr.ts). List and field names are the registry's English labels, said through `records`.
 */
export const configurationErrors = defineErrors('configuration', {
  /** A reference that depends on another field (a panel's test in another category) does not match it. */
  parent_mismatch: {
    status: 400,
    title: (field: string, parent: string) => `${field} does not belong to the chosen ${parent}`,
    text: (field: string, parent: string) => ({ values: { fieldRecord: field, parentRecord: parent } }),
  },
  /** A list that references itself (department -> parent department) would loop. */
  cycle: {
    status: 400,
    title: (field: string, list: string) =>
      `${field} cannot be the ${list.toLowerCase()} itself or one of its sub-${list.toLowerCase()}s`,
    text: (field: string, list: string) => ({ values: { fieldRecord: field, listRecord: list } }),
  },
  /** The list's unique fields (its title field, or several values) are taken in this institution. */
  duplicate: {
    status: 409,
    title: (list: string, field: string | null) =>
      `${capitalise(withArticle(list.toLowerCase()))} with ${field ? `this ${field.toLowerCase()}` : 'these values'} already exists.`,
    text: (list: string, field: string | null) =>
      field
        ? { variant: 'field', values: { listRecord: list, fieldRecord: field } }
        : { variant: 'values', values: { listRecord: list } },
  },
  // ---- issue 33, service messages: titles that were bare badRequest(...) in the services ----
  no_range: { status: 400, title: 'This test has no range: tick Has Range first.' },
  no_accepted_values: { status: 400, title: 'This test has no accepted values: tick Has Accepted Value first.' },
  // ---- end of issue 33, service messages ----
});
