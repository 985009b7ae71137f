// Sentences built from a kind of record and its name, written once so the server and every screen say them alike
// (issue 28 item 7: 'a ethnicity', 'Box Box B1 created.').

/** 'a Panel', 'an Institution', 'an ethnicity', 'a Unit Of Measurement': the indefinite article a label takes. */
export const withArticle = (label: string) => `${/^([AEIO]|U(?!ni|s))/i.test(label) ? 'an' : 'a'} ${label}`;

/**
 * "Box 'B1' created.", and "Box B1 created." when the name already starts with its kind (a box titled
 * 'Box B1'), never "Box Box B1 created.".
 */
export function doneMessage(kind: string, name: string, done = 'created'): string {
  const named = name.toLowerCase().startsWith(`${kind.toLowerCase()} `) ? name : `${kind} '${name}'`;
  return `${named} ${done}.`;
}

/** The first letter upper case: a sentence that starts with a built phrase. */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
