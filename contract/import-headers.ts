import type { ImportColumn, ImportMapping } from './imports.contract';

// Matching a file's headers to the import's fields (issue 28 item 10): 'First Name', 'first_name', 'FIRST-NAME',
// 'firstName' and 'Given name' all land on firstName without anyone choosing it by hand.

/** A header reduced to what tells it apart: camelCase split, lower case, no spaces, underscores, hyphens or punctuation. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The names a column answers to, strongest first: its key, its label, then its synonyms. */
const namesOf = (c: ImportColumn) =>
  [[c.field], [c.label], c.synonyms ?? []].map((names) => names.map(normaliseHeader));

/**
 * The mapping of a file's headers: a header in `kept` keeps its choice (the corrected file chosen again); any
 * other header is matched by key, then label, then synonym, to a field no other header has; the rest are ignored
 * (''). A stronger match wins over a weaker one whatever the column order, so 'First name' beats 'Given name'.
 */
export function autoMapping(
  headers: readonly string[],
  columns: readonly ImportColumn[],
  kept: ImportMapping = {},
): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const h of headers) {
    if (Object.hasOwn(kept, h)) {
      mapping[h] = kept[h];
      if (kept[h]) taken.add(kept[h]);
    }
  }
  const names = columns.map((c) => ({ field: c.field, names: namesOf(c) }));
  for (let strength = 0; strength < 3; strength++) {
    for (const h of headers) {
      if (Object.hasOwn(mapping, h)) continue;
      const n = normaliseHeader(h);
      const hit = n ? names.find((c) => !taken.has(c.field) && c.names[strength].includes(n)) : undefined;
      if (hit) {
        mapping[h] = hit.field;
        taken.add(hit.field);
      }
    }
  }
  for (const h of headers) if (!Object.hasOwn(mapping, h)) mapping[h] = '';
  return mapping;
}

/**
 * A saved mapping applied to a file: each header the template names (matched as normalised text) takes the
 * template's field; a field the template gives one header is taken from any other; other headers keep theirs.
 * Answers the new mapping and how many headers the template named.
 */
export function applyTemplate(
  headers: readonly string[],
  current: ImportMapping,
  template: ImportMapping,
): { mapping: ImportMapping; applied: number } {
  const byName = new Map(Object.entries(template).map(([h, f]) => [normaliseHeader(h), f]));
  const mapping: ImportMapping = {};
  const fromTemplate = new Set<string>();
  let applied = 0;
  for (const h of headers) {
    const f = byName.get(normaliseHeader(h));
    if (f === undefined) continue;
    mapping[h] = f;
    applied++;
    if (f) fromTemplate.add(f);
  }
  for (const h of headers) {
    if (Object.hasOwn(mapping, h)) continue;
    const f = current[h] ?? '';
    mapping[h] = fromTemplate.has(f) ? '' : f;
  }
  return { mapping, applied };
}
