import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Values no route should answer with a 500: NUL, out-of-range ids, impossible dates, long text, wrong types,
 * invisible control (C0, C1, bidi overrides and isolates, line separators: refused with a field message,
 * issue 26 item 13) and formulas a spreadsheet would run (stored as text, defused in every CSV: item 4).
 */
export const hostile = fc.constantFrom<unknown>(
  'a\u0000b',
  '\u0000',
  2147483648,
  '2147483648',
  -1,
  0,
  1e308,
  -1e308,
  1.5,
  '0x1',
  '1e3',
  ' 1',
  '01',
  '2019-02-29',
  '0000-01-01',
  '9999-12-31',
  '31-02-2019',
  'x'.repeat(5000),
  '',
  ' ',
  null,
  true,
  [],
  {},
  '\uD800',
  '%',
  '_',
  "'",
  '${x}',
  'a\u202Eb',
  '\u2066x\u2069',
  'bell\u0007',
  'esc\u001B[2J',
  'c1\u0085',
  'a\tb\nc\rd',
  'a\u2028b',
  'rlm\u200F',
  "-2+3+cmd|' /C calc'!A0",
  '=1+1',
  ' @SUM(1)',
);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * An arbitrary of inputs shaped by a zod schema (the kinds the contract uses), mixed with hostile
 * values at every level, so both valid-looking and broken input reach each route.
 */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedOf(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: hostile, weight: 1 });
}

function shapedOf(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]));
      return fc.record(entries, { requiredKeys: [] });
    }
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('2020-02-28', '10:30', 'a@b.test', '192.168.0.1', 'ABC-1'),
      );
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -5, max: 2_200_000_000 }), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitraryOf(def.element as z.ZodType, depth + 1), { maxLength: 3 });
    case 'optional':
      return fc.oneof(fc.constant(undefined), shapedOf(def.innerType as z.ZodType, depth));
    case 'nullable':
      return fc.oneof(fc.constant(null), shapedOf(def.innerType as z.ZodType, depth));
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapedOf(def.innerType as z.ZodType, depth);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => shapedOf(o, depth)));
    case 'pipe': {
      const inner = defOf(def.in as z.ZodType).type === 'transform' ? (def.out as z.ZodType) : (def.in as z.ZodType);
      return shapedOf(inner, depth);
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryOf(def.valueType as z.ZodType, depth + 1), {
        maxKeys: 3,
      });
    case 'null':
      return fc.constant(null);
    case 'lazy':
      // A recursive schema (the query builder's criteria tree): a few levels, then anything.
      return depth > 3 ? fc.anything({ maxDepth: 1 }) : shapedOf((def.getter as () => z.ZodType)(), depth + 1);
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** encodeURIComponent that also takes lone surrogates (sent as U+FFFD). */
export const encode = (v: unknown) => encodeURIComponent(String(v).replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

/** A query string from a generated object: arrays and objects are sent as their JSON text. */
export function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'object' && v !== null ? JSON.stringify(v) : v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
