// i33fields (issue 33): a validation problem's title names its field ('Type de participant : ...') through the
// `fields` catalogue. This walks every schema of the endpoint table (params, query, body; nested objects, arrays,
// unions, pipes) and fails when a name the title can carry has no `fields` entry in a complete language, so a new
// route cannot bring an untranslated field name.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointDef } from '../endpoint';
import { allEndpoints } from '../endpoints';
import { CATALOGUES } from './catalogues';
import { LANGUAGES } from './languages';

/**
 * What server/platform/errors.ts validationProblem names: an issue's path joined by dots, its first letter
 * capitalised ('patientTypeId' -> 'PatientTypeId', ['items', 0, 'amount'] -> 'Items.0.amount'). A nested path is
 * said name by name (server/platform/i18n.ts fieldName: 'Items', 'Amount', positions as sent), so each object key at
 * any depth is a name, capitalised. A record's keys are the client's (a language code, a CSV header): not names.
 */
const capitalised = (key: string) => `${key.charAt(0).toUpperCase()}${key.slice(1)}`;
/** Names the server gives itself: the empty path ('body') and the guard's institution id (server/platform/guard.ts). */
const SERVER_NAMES = ['Body', 'InstId'];

const zod = (x: unknown): z.ZodType[] => (x instanceof z.ZodType ? [x] : []);

/** The schemas directly inside one (wrappers, options, an object's values, an array's element). */
function inner(s: z.ZodType): { keys: string[]; children: z.ZodType[] } {
  if (s instanceof z.ZodObject) {
    const shape: Record<string, unknown> = s.shape;
    return { keys: Object.keys(shape), children: Object.values(shape).flatMap(zod) };
  }
  if (s instanceof z.ZodArray) return { keys: [], children: zod(s.element) };
  if (s instanceof z.ZodTuple) return { keys: [], children: [...s.def.items, s.def.rest].flatMap(zod) };
  if (s instanceof z.ZodUnion) return { keys: [], children: s.options.flatMap(zod) };
  if (s instanceof z.ZodIntersection) return { keys: [], children: [s.def.left, s.def.right].flatMap(zod) };
  if (s instanceof z.ZodPipe) return { keys: [], children: [s.in, s.out].flatMap(zod) };
  if (s instanceof z.ZodLazy) return { keys: [], children: zod(s.unwrap()) };
  if (
    s instanceof z.ZodOptional ||
    s instanceof z.ZodNullable ||
    s instanceof z.ZodDefault ||
    s instanceof z.ZodPrefault ||
    s instanceof z.ZodNonOptional ||
    s instanceof z.ZodCatch ||
    s instanceof z.ZodReadonly
  )
    return { keys: [], children: zod(s.def.innerType) };
  return { keys: [], children: [] };
}

/** Every name a validation title can carry for these endpoints, capitalised as the server says it. */
export function fieldNamesOf(table: Record<string, Record<string, EndpointDef>>): Set<string> {
  const names = new Set<string>(SERVER_NAMES);
  const seen = new Set<z.ZodType>();
  const stack: z.ZodType[] = Object.values(table)
    .flatMap((rows) => Object.values(rows))
    .flatMap((e) => [e.params, e.query, e.body].flatMap(zod));
  while (stack.length) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    const { keys, children } = inner(s);
    for (const k of keys) names.add(capitalised(k));
    stack.push(...children);
  }
  return names;
}

/** The names a language's `fields` lacks. */
export function untranslatedFields(names: Iterable<string>, fields: Readonly<Record<string, string>>): string[] {
  return [...names].filter((n) => !Object.hasOwn(fields, n) || !fields[n].trim()).sort();
}

const table: Record<string, Record<string, EndpointDef>> = allEndpoints;
const names = fieldNamesOf(table);

describe('field names of validation titles', () => {
  it('walks the whole table, nested keys included', () => {
    // Top-level keys of a body, a query and params, and keys inside arrays of objects.
    for (const n of ['PatientTypeId', 'PageSize', 'InstId', 'Items', 'Amount', 'PhoneNumbers', 'PhoneNumberTypeId'])
      expect(names, n).toContain(n);
    expect(names.size).toBeGreaterThan(250);
  });

  for (const language of LANGUAGES.filter((l) => l.complete)) {
    it(`${language.code}: every field name a problem can name is in \`fields\``, () => {
      expect(untranslatedFields(names, CATALOGUES[language.code].fields)).toEqual([]);
    });
  }

  it('fails for a new route whose field has no name (planted)', () => {
    const planted = {
      planted: {
        create: {
          method: 'POST',
          path: '/planted/:plantedParamId',
          params: z.object({ plantedParamId: z.number() }),
          query: z.object({ plantedFilter: z.string().optional() }),
          body: z.object({ rows: z.array(z.object({ plantedNestedField: z.string() })).optional() }),
          response: { 204: z.null() },
          permission: 'public',
          tags: ['planted'],
        },
      },
    } satisfies Record<string, Record<string, EndpointDef>>;
    for (const language of LANGUAGES.filter((l) => l.complete))
      expect(untranslatedFields(fieldNamesOf(planted), CATALOGUES[language.code].fields)).toEqual([
        'PlantedFilter',
        'PlantedNestedField',
        'PlantedParamId',
      ]);
  });
});
