/**
 * Whether a saved record's name already starts with its (English) kind, as contract/words.ts `doneMessage` checks:
 * then the notice is "Event 1 created." (`<key>_named`), never "Event 'Event 1' created.".
 */
export const namedByKind = (name: string, kind: string) => name.toLowerCase().startsWith(`${kind.toLowerCase()} `);
